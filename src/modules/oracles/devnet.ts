import { bytesToHex, hexToBytes } from '../../bytes/hex.js'
import { equalBytes } from '../../bytes/utils.js'
import { batonPubkey, ccAddress, txidAddress, txidPubkey } from '../../cc/address.js'
import { cc1of1 } from '../../cc/condition.js'
import { ccModule, EVAL } from '../../cc/eval.js'
import { p2pkhAddress } from '../../address/address.js'
import { daemonParseCoins, daemonParseDatafee, formatCoins } from '../../amount.js'
import { decodeOraclesPayload, type OraclesOpret } from './opret.js'
import {
  buildOraclesCreate,
  buildOraclesData,
  buildOraclesFund,
  buildOraclesRegister,
  buildOraclesSubscribe,
} from './build.js'
import { decodeOracleData, formatOracleSample } from '../../oracle-data/format.js'
import { ccScript } from '../../script/cc.js'
import { p2pkScript } from '../../script/script.js'
import type { Transaction } from '../../tx/types.js'
import type { Utxo } from '../../cctx/types.js'
import { scriptAddress, type DevChain, type Coin } from '../../devnet/chain.js'
import { hexResult, numText, str, txHex, txidArg, walletContext, type Method } from '../../devnet/node.js'
import { decodedLastOpret, lastOpret } from '../../devnet/opret.js'
import { moduleRejected } from '../../devnet/refusal.js'
import type { ModuleDevnet } from '../../devnet/module.js'
import type { ModuleCheck, SpentInput } from '../../devnet/validate.js'

const MARKER = 10000n
const ORACLES = /* @__PURE__ */ ccModule('Oracles')

/** The strictly decoded Oracles opret of a transaction, or null. */
export function oraclesOpret(tx: Transaction | undefined): OraclesOpret | null {
  return decodedLastOpret(tx, decodeOraclesPayload, (p) => p.length >= 2 && p[0] === EVAL.ORACLES)
}

const myCcScript = (pubkeyHex: string): string => bytesToHex(ccScript(cc1of1(EVAL.ORACLES, pubkeyHex)))

/**
 * The current datafee of (oracle, publisher) as consensus sees it (`OracleDatafee`): among the confirmed unspent
 * outputs on the oracle's marker address, the 'R' of that publisher with the greatest height; on a tie the lower fee.
 * 0 when there is none.
 * @example currentDatafee(chain, oracletxid, publisherHex) // 10000n
 */
export function currentDatafee(chain: DevChain, oracletxid: string, publisher: string): bigint {
  let best: { height: number; fee: bigint } | undefined
  for (const c of chain.addressCoins(txidAddress(oracletxid))) {
    const p = oraclesOpret(chain.txs.get(c.txid)?.tx)
    if (p?.funcid !== 'R' || p.oracletxid !== oracletxid || p.pubkey !== publisher) continue
    if (best === undefined || c.height > best.height || (c.height === best.height && p.datafee < best.fee))
      best = { height: c.height, fee: p.datafee }
  }
  return best?.fee ?? 0n
}

/**
 * The publisher's current baton txid (`OracleBatonUtxo`): the confirmed 10000-sat output on the baton address from a
 * 'D' or 'R' of this oracle and publisher with the greatest height, then followed through the mempool while its vout 1
 * is spent by a 'D' (a spend by anything else stops the walk — the daemon loops forever there). Null when none.
 * @example batonTxid(chain, oracletxid, publisherHex, batonAddr)
 */
export function batonTxid(chain: DevChain, oracletxid: string, publisher: string, batonAddr: string): string | null {
  let best: Coin | undefined
  for (const c of chain.addressCoins(batonAddr)) {
    if (c.value !== MARKER) continue
    const p = oraclesOpret(chain.txs.get(c.txid)?.tx)
    if ((p?.funcid !== 'D' && p?.funcid !== 'R') || p.oracletxid !== oracletxid || p.pubkey !== publisher) continue
    if (best === undefined || c.height > best.height) best = c
  }
  if (best === undefined) return null
  let id = best.txid
  for (let guard = 0; guard < 100_000; guard++) {
    const by = chain.mempoolSpends.get(`${id}:1`)
    if (by === undefined) break
    const t = chain.txs.get(by)?.tx
    if (oraclesOpret(t)?.funcid !== 'D' || t!.vin[1]?.txid !== id || t!.vin[1]?.vout !== 1) break
    id = by
  }
  return id
}

/** The address of a register's baton output (vout 1), or null. */
function registerBatonAddress(tx: Transaction): string | null {
  const o = tx.vout[1]
  return o === undefined ? null : scriptAddress(o.script)
}

/** Subscription inputs `oraclesdata` may use: confirmed UTXOs on CC1(0xEC, publisher) from 'S'/'D' of this oracle, ≥ 10000, not spent in the mempool. */
export function subscriptionUtxos(chain: DevChain, oracletxid: string, publisher: string): Utxo[] {
  const out: Utxo[] = []
  for (const c of chain.addressCoins(ccAddress(EVAL.ORACLES, publisher))) {
    if (c.value < MARKER || chain.spentInMempool(c.txid, c.vout)) continue
    const p = oraclesOpret(chain.txs.get(c.txid)?.tx)
    if ((p?.funcid !== 'S' && p?.funcid !== 'D') || p.oracletxid !== oracletxid) continue
    out.push({ txid: c.txid, vout: c.vout, satoshis: c.value, script: c.script, height: c.height })
  }
  return out
}

/** The caller's fund output for `oraclesregister`: confirmed first, then mempool; its tx an 'F' of (oracle, caller, value). */
export function fundUtxo(chain: DevChain, oracletxid: string, publisher: string): Utxo | undefined {
  const addr = ccAddress(EVAL.ORACLES, publisher)
  const coins = [
    ...chain.addressCoins(addr).filter((c) => !chain.spentInMempool(c.txid, c.vout)),
    ...chain.mempoolAddressCoins(addr),
  ]
  for (const c of coins) {
    const p = oraclesOpret(chain.txs.get(c.txid)?.tx)
    if (p?.funcid === 'F' && p.oracletxid === oracletxid && p.pubkey === publisher && p.amount === c.value)
      return { txid: c.txid, vout: c.vout, satoshis: c.value, script: c.script, height: Math.max(0, c.height) }
  }
  return undefined
}

/** `oracleslist`: the 'C' transactions in the confirmed history of the Oracles normal address (deduplicated). */
export function oraclesList(chain: DevChain): string[] {
  const seen = new Set<string>()
  for (const r of chain.addressHistory.get(p2pkhAddress(ORACLES.pubkey)) ?? []) {
    if (seen.has(r.txid)) continue
    if (oraclesOpret(chain.txs.get(r.txid)?.tx)?.funcid === 'C') seen.add(r.txid)
  }
  return [...seen]
}

/** `oraclesinfo` (daemon key order), or the daemon's error object. */
export function oraclesInfo(chain: DevChain, oracletxid: string): Record<string, unknown> {
  const e = chain.txs.get(oracletxid)
  if (e === undefined) return { result: 'error', error: 'cant find oracleid' }
  const c = oraclesOpret(e.tx)
  if (c?.funcid !== 'C') return { result: 'error', error: `invalid oracletxid ${oracletxid}` }
  const regs = new Map<string, { height: number; tx: Transaction; fee: bigint }>()
  for (const coin of chain.addressCoins(txidAddress(oracletxid))) {
    const t = chain.txs.get(coin.txid)!.tx
    const p = oraclesOpret(t)
    if (p?.funcid !== 'R' || p.oracletxid !== oracletxid) continue
    const had = regs.get(p.pubkey)
    if (had === undefined || coin.height > had.height)
      regs.set(p.pubkey, { height: coin.height, tx: t, fee: p.datafee })
  }
  const registered = [...regs.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([publisher, r]) => {
      const baton = registerBatonAddress(r.tx) ?? ''
      let lifetime = 0n
      for (const h of chain.addressHistory.get(ccAddress(EVAL.ORACLES, publisher)) ?? []) {
        const t = chain.txs.get(h.txid)!.tx
        const p = oraclesOpret(t)
        if (p?.funcid === 'S' && p.oracletxid === oracletxid && p.pubkey === publisher && h.vout === 0)
          lifetime += t.vout[0]!.value
      }
      const funds = subscriptionUtxos(chain, oracletxid, publisher).reduce((s, u) => s + u.satoshis, 0n)
      return {
        publisher,
        baton,
        batontxid: batonTxid(chain, oracletxid, publisher, baton) ?? '0'.repeat(64),
        lifetime: formatCoins(lifetime),
        funds: formatCoins(funds),
        datafee: formatCoins(r.fee),
      }
    })
  return {
    result: 'success',
    txid: oracletxid,
    name: c.name,
    description: c.description,
    format: c.format,
    marker: txidAddress(oracletxid),
    registered,
  }
}

/** `oraclessamples oracletxid batonaddress num`: mempool first, then the baton address's confirmed history newest first. */
export function oraclesSamples(
  chain: DevChain,
  oracletxid: string,
  batonAddr: string,
  num: number,
): Record<string, unknown> {
  const e = chain.txs.get(oracletxid)
  if (e === undefined) return { result: 'error', error: `cant find oracletxid ${oracletxid}` }
  const c = oraclesOpret(e.tx)
  if (c?.funcid !== 'C') return { result: 'error', error: `invalid oracletxid ${oracletxid}` }
  const samples: { txid: string; data: string[] }[] = []
  const take = (id: string): boolean => {
    const t = chain.txs.get(id)!.tx
    if (t.vout.length < 2 || t.vout[1]!.value !== MARKER) return false
    const p = oraclesOpret(t)
    if (p?.funcid !== 'D' || p.oracletxid !== oracletxid) return false
    if (scriptAddress(t.vout[1]!.script) !== batonAddr) return false
    samples.push({ txid: id, data: formatOracleSample(c.format, hexToBytes(p.data)) })
    return num > 0 && samples.length >= num
  }
  for (const id of chain.mempool) if (take(id)) return { result: 'success', samples }
  const hist = chain.addressHistory.get(batonAddr) ?? []
  const seen = new Set<string>()
  for (let i = hist.length - 1; i >= 0; i--) {
    const id = hist[i]!.txid
    if (seen.has(id)) continue
    seen.add(id)
    if (take(id)) break
  }
  return { result: 'success', samples }
}

/** The Oracles spend behind input `i`, or undefined when it is not an Oracles CC input. */
function oraclesInput(inputs: readonly SpentInput[], i: number): SpentInput | undefined {
  const inp = inputs[i]
  return inp !== undefined && inp.cc && inp.evalCodes.includes(EVAL.ORACLES) ? inp : undefined
}

const FUND_TEXT =
  'for oraclesregister, it must be CC vin or pubkey not same as vin pubkey, register and fund tx must be done from owner of pubkey that registers to oracle!!'

/**
 * `OraclesValidate` (spec 5.12) with the daemon's texts, plus the devnet's closures of its gaps: a register's 'F' key
 * must be the register's key; a data transaction's baton (vout 1) must be exactly 10000; its record must match the
 * oracle's format.
 * @throws DevnetRefusal `16: mandatory-script-verify-flag-failed (…); Oracles: <text>`
 * @example validators.set(0xec, validateOracles)
 */
export function validateOracles(check: ModuleCheck): void {
  const { chain, tx, inputs } = check
  const fail = (why: string): never => {
    throw moduleRejected('Oracles', why)
  }
  if (tx.vout.length === 0) fail('no vouts')
  const payload = lastOpret(tx) ?? new Uint8Array(0)
  if (payload.length <= 2) fail('unexpected oracles missing funcid')
  const funcid = String.fromCharCode(payload[1]!)
  if (funcid === 'C' || funcid === 'F') fail('unexpected OraclesValidate for create')
  if (funcid === 'S') fail('unexpected OraclesValidate for subscribe')
  if (funcid === 'R') return validateRegister(chain, tx, inputs, fail)
  if (funcid === 'D') return validateData(chain, tx, inputs, fail)
  fail('unexpected OraclesValidate funcid')
}

function validateRegister(
  chain: DevChain,
  tx: Transaction,
  inputs: readonly SpentInput[],
  fail: (w: string) => never,
): void {
  const r = oraclesOpret(tx)
  if (r?.funcid !== 'R') return fail('invalid oraclesregister OP_RETURN data!')
  const oracle = chain.txs.get(r.oracletxid)?.tx
  if (oracle === undefined) return fail('invalid oraclescreate txid!')
  if (oraclesOpret(oracle)?.funcid !== 'C') return fail('invalid oraclescreate OP_RETURN data!')
  const oracleVin0 = oracle.vin[0]
  if (oracleVin0 === undefined || isCcSpend(chain, oracleVin0.txid, oracleVin0.vout))
    return fail('vin.0 is normal for oraclescreate!')
  const o0 = oracle.vout[0]
  if (o0 === undefined || o0.value !== MARKER || !equalBytes(o0.script, p2pkScript(hexToBytes(ORACLES.pubkey))))
    return fail('invalid marker for oraclescreate!')
  if (inputs[0]?.cc !== false) return fail('vin.0 is normal for oraclesregister!')
  const last = inputs.length - 1
  const v1 = oraclesInput(inputs, 1)
  const vl = last !== 1 ? oraclesInput(inputs, last) : undefined
  if (v1 === undefined && vl === undefined) return fail('there is no CC vin from oraclesfund tx')
  let fundPk: string | undefined
  for (const [n, inp] of [
    [1, v1],
    [last, vl],
  ] as const) {
    if (inp === undefined) continue
    const f = oraclesOpret(chain.txs.get(inp.coin.txid)?.tx)
    if (
      f?.funcid !== 'F' ||
      inp.coin.value !== MARKER ||
      bytesToHex(inp.coin.script) !== myCcScript(f.pubkey) ||
      f.oracletxid !== r.oracletxid
    )
      return fail(`invalid vin.${n} ${FUND_TEXT}`)
    fundPk ??= f.pubkey
  }
  const out0 = tx.vout[0]
  if (out0 === undefined || out0.value !== MARKER || !equalBytes(out0.script, p2pkScript(txidPubkey(r.oracletxid))))
    return fail('invalid marker for oraclesregister!')
  const out2 = tx.vout[2]
  const okVout2 = out2 !== undefined && out2.value === MARKER && scriptAddress(out2.script) === p2pkhAddress(fundPk!)
  if (!okVout2)
    return fail(
      'pubkey in OP_RETURN and in vout.2 not matching, register must be done from owner of pubkey that registers to oracle!',
    )
  // devnet: the daemon never compares the 'R' key with the 'F' key
  if (r.pubkey !== fundPk) return fail('register pubkey differs from the oraclesfund pubkey (devnet rule)')
}

function validateData(
  chain: DevChain,
  tx: Transaction,
  inputs: readonly SpentInput[],
  fail: (w: string) => never,
): void {
  const d = oraclesOpret(tx)
  if (tx.vin.length < 2 || tx.vout.length < 3 || d?.funcid !== 'D')
    return fail("unexpected OraclesValidate 'D' tx invalid")
  const fee = tx.vout[2]!.value
  if (fee !== currentDatafee(chain, d.oracletxid, d.pubkey)) return fail('mismatched datafee')
  const mine = myCcScript(d.pubkey)
  let inputTotal = 0n
  for (const [i, inp] of inputs.entries()) {
    if (!inp.cc || !inp.evalCodes.includes(EVAL.ORACLES)) continue
    if (i === 0) return fail('unexpected vin.0 is CC')
    const src = chain.txs.get(inp.coin.txid)?.tx
    if (src === undefined) return fail('cant find vinTx')
    if (i === 1) {
      const s1 = src.vout[1]
      if (s1 === undefined || !equalBytes(s1.script, tx.vout[1]!.script)) return fail('baton violation')
    } else if (bytesToHex(inp.coin.script) === mine) inputTotal += inp.coin.value
  }
  let outputTotal = 0n
  const out0 = tx.vout[0]!
  if (scriptIsCc(out0.script)) {
    if (bytesToHex(out0.script) !== mine) return fail('invalid CC vout CC destination')
    outputTotal += out0.value
  }
  if (inputTotal !== outputTotal + fee) return fail('mismatched inputs != outputs + datafee')
  // devnet closures of the daemon's gaps
  if (tx.vout[1]!.value !== MARKER) return fail('baton output must be 10000 (devnet rule)')
  const c = oraclesOpret(chain.txs.get(d.oracletxid)?.tx)
  if (c?.funcid !== 'C') return fail('invalid oracle txid (devnet rule)')
  try {
    decodeOracleData(c.format, hexToBytes(d.data))
    if (d.data.length === 0) throw new Error('empty')
  } catch {
    return fail('data does not match length or content format specification (devnet rule)')
  }
}

function scriptIsCc(s: Uint8Array): boolean {
  return s.length > 2 && s[0]! >= 1 && s[0]! <= 75 && s[1 + s[0]!] === 0xcc
}

function isCcSpend(chain: DevChain, txid: string, vout: number): boolean {
  const o = chain.output(txid, vout)
  return o !== undefined && scriptIsCc(o.script)
}

/** The oracles RPCs of the devnet wallet. @internal */
export const ORACLES_METHODS: Record<string, Method> = {
  oracleslist: { min: 0, max: 0, usage: 'oracleslist\n', run: (n) => oraclesList(n.chain) },
  oraclesinfo: {
    min: 1,
    max: 1,
    usage: 'oraclesinfo oracletxid\n',
    run: (n, p) => oraclesInfo(n.chain, txidArg(p[0])),
  },
  oraclesregister: {
    min: 2,
    max: 2,
    usage: 'oraclesregister oracletxid datafee\n',
    run: (n, p) => {
      const id = txidArg(p[0])
      const fee = daemonParseDatafee(numText(p[1]))
      const me = bytesToHex(n.wallet.pubkey)
      const fund = fundUtxo(n.chain, id, me)
      return hexResult(() =>
        buildOraclesRegister({ oracletxid: id, datafee: fee }, walletContext(n), {
          oracle: txHex(n, id) as string,
          fund: fund as Utxo,
        }),
      )
    },
  },
  oraclescreate: {
    min: 3,
    max: 3,
    usage: 'oraclescreate name description format\n',
    run: (n, p) =>
      hexResult(() =>
        buildOraclesCreate({ name: str(p[0]), description: str(p[1]), format: str(p[2]) }, walletContext(n)),
      ),
  },
  oraclesfund: {
    min: 1,
    max: 1,
    usage: 'oraclesfund oracletxid\n',
    run: (n, p) => {
      const id = txidArg(p[0])
      return hexResult(() => buildOraclesFund({ oracletxid: id }, walletContext(n), { oracle: txHex(n, id) as string }))
    },
  },
  oraclessubscribe: {
    min: 3,
    max: 3,
    usage: 'oraclessubscribe oracletxid publisher amount\n',
    run: (n, p) => {
      const id = txidArg(p[0])
      const publisher = str(p[1])
      const sats = daemonParseCoins(numText(p[2]))
      return hexResult(() =>
        buildOraclesSubscribe({ oracletxid: id, publisher, amount: sats }, walletContext(n), {
          oracle: txHex(n, id) as string,
        }),
      )
    },
  },
  oraclesdata: {
    min: 2,
    max: 2,
    usage: 'oraclesdata oracletxid hexstr\n',
    run: (n, p) => {
      const id = txidArg(p[0])
      const hexstr = str(p[1])
      const me = bytesToHex(n.wallet.pubkey)
      const batonAddr = ccAddress(EVAL.ORACLES, batonPubkey(n.wallet.privateKey))
      const bt = batonTxid(n.chain, id, me, batonAddr)
      const batonOut = bt === null ? undefined : n.chain.output(bt, 1)
      return hexResult(() =>
        buildOraclesData({ oracletxid: id, hexstr }, walletContext(n), {
          oracle: txHex(n, id) as string,
          datafee: currentDatafee(n.chain, id, me),
          ...(bt !== null && batonOut !== undefined
            ? { baton: { txid: bt, vout: 1, satoshis: batonOut.value, script: batonOut.script } }
            : {}),
          subscriptions: subscriptionUtxos(n.chain, id, me),
        }),
      )
    },
  },
  oraclessamples: {
    min: 3,
    max: 3,
    usage: 'oraclessamples oracletxid batonaddress num\n',
    run: (n, p) => {
      const id = txidArg(p[0])
      const baton = str(p[1])
      const num = Number.parseInt(numText(p[2]), 10)
      return oraclesSamples(n.chain, id, baton, Number.isFinite(num) && num > 0 ? num : 0)
    },
  },
}

/**
 * The oracles module's devnet part, listed in src/modules/io-registry.ts: its consensus validator and its RPCs.
 * @example oraclesDevnet.evalCodes // [EVAL.ORACLES]
 */
export const oraclesDevnet: ModuleDevnet = /* @__PURE__ */ Object.freeze({
  addressRpc: 'oraclesaddress',
  evalCodes: Object.freeze([EVAL.ORACLES]),
  validate: validateOracles,
  methods: ORACLES_METHODS,
})
