import { KomodoCcError } from '../../errors.js'
import { bytesToHex, hexToBytes } from '../../bytes/hex.js'
import { internalBytesToTxid } from '../../bytes/uint256.js'
import { equalBytes } from '../../bytes/utils.js'
import { txidAddress, txidPubkey } from '../../cc/address.js'
import { cc1of1 } from '../../cc/condition.js'
import { ccModule, EVAL } from '../../cc/eval.js'
import { p2pkhAddress } from '../../address/address.js'
import { daemonParseCoins, daemonParseDatafee } from '../../amount.js'
import { decodeOraclesPayload, type OraclesOpret, type OraclesRegisterOpret } from './opret.js'
import {
  resolveOraclesCreate,
  resolveOraclesData,
  resolveOraclesFund,
  resolveOraclesRegister,
  resolveOraclesSubscribe,
} from './resolve.js'
import { oraclesInfo, oraclesSamples } from './resolve-info.js'
import { ccScript } from '../../script/cc.js'
import { p2pkScript } from '../../script/script.js'
import type { Transaction } from '../../tx/types.js'
import type { BuildResult } from '../../cctx/complete.js'
import { StateReader } from '../../cctx/resolve.js'
import { scriptAddress, type DevChain } from '../../devnet/chain.js'
import { hexResult, numText, str, txidArg, type Method } from '../../devnet/node.js'
import { decodedLastOpret, lastOpret } from '../../devnet/opret.js'
import { moduleRejected } from '../../devnet/refusal.js'
import { devnetChainView, walletResolveContext } from '../../devnet/view.js'
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

/** `oracleslist`: the 'C' transactions in the confirmed history of the Oracles normal address (deduplicated). */
export function oraclesList(chain: DevChain): string[] {
  const seen = new Set<string>()
  for (const r of chain.addressHistory.get(p2pkhAddress(ORACLES.pubkey)) ?? []) {
    if (seen.has(r.txid)) continue
    if (oraclesOpret(chain.txs.get(r.txid)?.tx)?.funcid === 'C') seen.add(r.txid)
  }
  return [...seen]
}

/** The Oracles spend behind input `i`, or undefined when it is not an Oracles CC input. */
function oraclesInput(inputs: readonly SpentInput[], i: number): SpentInput | undefined {
  const inp = inputs[i]
  return inp !== undefined && inp.cc && inp.evalCodes.includes(EVAL.ORACLES) ? inp : undefined
}

const FUND_TEXT =
  'for oraclesregister, it must be CC vin or pubkey not same as vin pubkey, register and fund tx must be done from owner of pubkey that registers to oracle!!'

/**
 * `OraclesValidate` (spec 5.12) with the daemon's texts, and no more: where komodod is lax (a register's key against
 * its fund's, a data transaction's baton value, its record against the oracle's format) so is the devnet.
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

/**
 * komodod's `DecodeOraclesOpRet` (src/cc/oracles.cpp) on a register whose payload does not unmarshal exactly (a byte
 * too many or too few): it answers the funcid byte, 'R', all the same, with the fields read before the failure and
 * the rest as initialised (a zero oracletxid, an invalid pubkey). Null when the payload is not an Oracles 'R'.
 */
function daemonRegisterOpret(tx: Transaction): OraclesRegisterOpret | null {
  const p = lastOpret(tx)
  if (p === null || p.length <= 2 || p[0] !== EVAL.ORACLES || p[1] !== 0x52) return null
  const oracletxid = p.length >= 34 ? internalBytesToTxid(p.subarray(2, 34)) : '0'.repeat(64)
  const n = p[34]
  const pubkey = n !== undefined && n <= 65 && p.length >= 35 + n ? bytesToHex(p.subarray(35, 35 + n)) : ''
  return { funcid: 'R', oracletxid, pubkey, datafee: 0n }
}

function validateRegister(
  chain: DevChain,
  tx: Transaction,
  inputs: readonly SpentInput[],
  fail: (w: string) => never,
): void {
  const r = oraclesOpret(tx) ?? daemonRegisterOpret(tx)
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
  // the 'R' key is never compared with the 'F' key: OraclesValidate decodes the 'F' into the same variable
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
  // komodod checks no more: not the baton's value, not that the oracle exists, not the record against the oracle's
  // format (the builders and the inspector do; consensus does not, so neither does the devnet: docs/devnet.md)
}

function scriptIsCc(s: Uint8Array): boolean {
  return s.length > 2 && s[0]! >= 1 && s[0]! <= 75 && s[1 + s[0]!] === 0xcc
}

function isCcSpend(chain: DevChain, txid: string, vout: number): boolean {
  const o = chain.output(txid, vout)
  return o !== undefined && scriptIsCc(o.script)
}

/** A resolver's outcome shaped as the module RPCs answer: `{result:"success", hex}` or `{result:"error", error}`. */
async function resolvedHex(run: () => Promise<BuildResult>): Promise<Record<string, unknown>> {
  let built: BuildResult
  try {
    built = await run()
  } catch (e) {
    return hexResult(() => {
      throw e
    })
  }
  return hexResult(() => built)
}

/** A chain read's outcome, or the daemon's error object when it refuses with the daemon's text. */
async function readResult(run: () => Promise<object>): Promise<Record<string, unknown>> {
  try {
    return { ...(await run()) }
  } catch (e) {
    const d = e instanceof KomodoCcError ? e.details.daemonError : undefined
    if (typeof d === 'string') return { result: 'error', error: d }
    throw e
  }
}

/** The oracles RPCs of the devnet wallet: the state-changing ones through the module's resolvers. @internal */
export const ORACLES_METHODS: Record<string, Method> = {
  oracleslist: { min: 0, max: 0, usage: 'oracleslist\n', run: (n) => oraclesList(n.chain) },
  oraclesinfo: {
    min: 1,
    max: 1,
    usage: 'oraclesinfo oracletxid\n',
    run: (n, p) => {
      const id = txidArg(p[0])
      return readResult(async () => {
        const info = await oraclesInfo(new StateReader(devnetChainView(n)), id)
        return { ...info, registered: info.registered.map((r) => ({ ...r, baton: r.baton ?? '' })) }
      })
    },
  },
  oraclesregister: {
    min: 2,
    max: 2,
    usage: 'oraclesregister oracletxid datafee\n',
    run: (n, p) => {
      const id = txidArg(p[0])
      const datafee = daemonParseDatafee(numText(p[1]))
      return resolvedHex(() => resolveOraclesRegister({ oracletxid: id, datafee }, walletResolveContext(n)))
    },
  },
  oraclescreate: {
    min: 3,
    max: 3,
    usage: 'oraclescreate name description format\n',
    run: (n, p) => {
      const params = { name: str(p[0]), description: str(p[1]), format: str(p[2]) }
      return resolvedHex(() => resolveOraclesCreate(params, walletResolveContext(n)))
    },
  },
  oraclesfund: {
    min: 1,
    max: 1,
    usage: 'oraclesfund oracletxid\n',
    run: (n, p) => {
      const id = txidArg(p[0])
      return resolvedHex(() => resolveOraclesFund({ oracletxid: id }, walletResolveContext(n)))
    },
  },
  oraclessubscribe: {
    min: 3,
    max: 3,
    usage: 'oraclessubscribe oracletxid publisher amount\n',
    run: (n, p) => {
      const id = txidArg(p[0])
      const publisher = str(p[1])
      const amount = daemonParseCoins(numText(p[2]))
      return resolvedHex(() => resolveOraclesSubscribe({ oracletxid: id, publisher, amount }, walletResolveContext(n)))
    },
  },
  oraclesdata: {
    min: 2,
    max: 2,
    usage: 'oraclesdata oracletxid hexstr\n',
    run: (n, p) => {
      const id = txidArg(p[0])
      const hexstr = str(p[1])
      return resolvedHex(() => resolveOraclesData({ oracletxid: id, hexstr }, walletResolveContext(n)))
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
      return readResult(() =>
        oraclesSamples(new StateReader(devnetChainView(n)), id, baton, Number.isFinite(num) ? num : 0),
      )
    },
  },
}

/**
 * The oracles module's devnet part, listed in src/modules/registry/io.ts: its consensus validator and its RPCs.
 * @example oraclesDevnet.evalCodes // [EVAL.ORACLES]
 */
export const oraclesDevnet: ModuleDevnet = /* @__PURE__ */ Object.freeze({
  addressRpc: 'oraclesaddress',
  evalCodes: Object.freeze([EVAL.ORACLES]),
  validate: validateOracles,
  methods: ORACLES_METHODS,
})
