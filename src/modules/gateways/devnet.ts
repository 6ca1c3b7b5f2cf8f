import { bytesToHex, hexToBytes } from '../../bytes/hex.js'
import { base58checkEncode } from '../../address/base58check.js'
import { p2pkhAddress } from '../../address/address.js'
import { ccAddress, txidAddress, txidPubkey } from '../../cc/address.js'
import { cc1of1, tokensCc1of1 } from '../../cc/condition.js'
import { ccModule, EVAL } from '../../cc/eval.js'
import { daemonFormatDouble, daemonParseCoins, formatCoins } from '../../amount.js'
import { ccScript } from '../../script/cc.js'
import { p2pkScript } from '../../script/script.js'
import { decodeGatewaysPayload, GATEWAYS_BLOB_ID, type GatewaysOpret, type GatewaysBindOpret } from './opret.js'
import { decodeTokensWrapper } from '../tokens/opret.js'
import {
  gatewaysInfo,
  resolveGatewaysBind,
  resolveGatewaysClaim,
  resolveGatewaysCompleteSigning,
  resolveGatewaysDeposit,
  resolveGatewaysMarkDone,
  resolveGatewaysPartialSign,
  resolveGatewaysWithdraw,
} from './resolve.js'
import { GATEWAYS_MIN_CONFIRMATIONS } from './resolve-lookups.js'
import { daemonUtxoOrder, StateReader } from '../../cctx/resolve.js'
import { devnetChainView, walletResolveContext } from '../../devnet/view.js'
import { gatewaysCustomAddress, gatewaysDepositAddress } from './proof.js'
import type { Transaction } from '../../tx/types.js'
import type { DevChain } from '../../devnet/chain.js'
import { coins, hexResultAsync, numText, str, txidArg, type DevnetNode, type Method } from '../../devnet/node.js'
import { decodedLastOpret, lastOpret } from '../../devnet/opret.js'
import { oraclesOpret } from '../oracles/devnet.js'
import { DevnetRefusal, RPC_CODES, moduleRejected } from '../../devnet/refusal.js'
import type { ModuleDevnet } from '../../devnet/module.js'
import type { ModuleCheck } from '../../devnet/validate.js'

/**
 * Confirmations after which the devnet treats a gateways transaction as "confirmed/notarized"
 * (`komodo_txnotarizedconfirmed` in a TESTMODE build: 2; the devnet has no notarizations): the resolvers' default.
 * @example await dev.mine(GATEWAYS_CONFIRMATIONS)
 */
export const GATEWAYS_CONFIRMATIONS = GATEWAYS_MIN_CONFIRMATIONS
const MARKER = 10000n
const GATEWAYS = /* @__PURE__ */ ccModule('Gateways')
const ZERO = '0'.repeat(64)

const markerHex = (): string => bytesToHex(ccScript(cc1of1(EVAL.GATEWAYS, GATEWAYS.pubkey)))
const gatewayTokensHex = (): string => bytesToHex(ccScript(tokensCc1of1(EVAL.GATEWAYS, GATEWAYS.pubkey)))
const isCc = (s: Uint8Array): boolean => s.length > 2 && s[0]! >= 1 && s[0]! <= 75 && s[1 + s[0]!] === 0xcc

/** A gateways opret in the current (2019+) layout. @example const p: CurrentGatewaysOpret | null = gatewaysOpret(tx) */
export type CurrentGatewaysOpret = Exclude<GatewaysOpret, { layout: 'legacy' }>

/**
 * The gateways opret of a transaction (token-wrapped 'B'/'C'/'W' or plain 'D'/'P'/'S'/'M'), or null — current layout
 * only; a token wrapper is read as the daemon reads it (a lone blob-id byte at its end dropped).
 * @example gatewaysOpret(chain.txs.get(bindtxid)!.tx)?.funcid // 'B'
 */
export function gatewaysOpret(tx: Transaction | undefined): CurrentGatewaysOpret | null {
  const g = decodedLastOpret(tx, (p) => decodeGatewaysPayload(p, true))
  return g === null || 'layout' in g ? null : (g as CurrentGatewaysOpret)
}

/**
 * komodod's `DecodeGatewaysOpRet` (src/cc/gateways.cpp): the gateways payload is the token opret's 0x13 blob when the
 * last output is a token opret carrying a non-empty one, else the opret's data; its funcid byte when its eval byte is
 * 0xf1, it is longer than 2 bytes and the funcid is one of B D C W P S M; else null (nothing else is parsed).
 */
function daemonGatewaysFuncid(tx: Transaction): string | null {
  let p = lastOpret(tx)
  if (p === null) return null
  if (p[0] === EVAL.TOKENS) {
    try {
      const blob = decodeTokensWrapper(p, true).blobs.find((b) => b.id === GATEWAYS_BLOB_ID)
      if (blob !== undefined && blob.data.length > 0) p = blob.data
    } catch {
      // not a token opret: the opret's data itself
    }
  }
  if (p.length <= 2 || p[0] !== EVAL.GATEWAYS) return null
  const f = String.fromCharCode(p[1]!)
  return 'BDCWPSM'.includes(f) ? f : null
}

/** True when a transaction is in a block at least {@link GATEWAYS_CONFIRMATIONS} deep. @internal */
function confirmed(chain: DevChain, txid: string): boolean {
  return (chain.confirmations(txid) ?? 0) >= GATEWAYS_CONFIRMATIONS
}

/** Transactions touching the gateways global CC address (confirmed history, then the mempool), unique, in order. */
function globalTxids(chain: DevChain): string[] {
  const addr = GATEWAYS.ccAddress
  const out: string[] = []
  for (const r of chain.addressHistory.get(addr) ?? []) if (!out.includes(r.txid)) out.push(r.txid)
  for (const c of chain.mempoolAddressCoins(addr)) if (!out.includes(c.txid)) out.push(c.txid)
  return out
}

/** Bind txids (`gatewayslist`): confirmed transactions at the gateways global CC address that decode as a bind. @example gatewaysList(chain) */
export function gatewaysList(chain: DevChain): string[] {
  const out: string[] = []
  for (const r of chain.addressHistory.get(GATEWAYS.ccAddress) ?? [])
    if (!out.includes(r.txid) && gatewaysOpret(chain.txs.get(r.txid)?.tx)?.funcid === 'B') out.push(r.txid)
  return out
}

function bindOf(chain: DevChain, bindtxid: string): GatewaysBindOpret | null {
  const b = gatewaysOpret(chain.txs.get(bindtxid)?.tx)
  return b !== null && b.funcid === 'B' ? b : null
}

/** `cant find bindtxid …` / `invalid bindtxid … coin.…`: the daemon's error object for a bind it cannot use. */
const bindError = (n: DevnetNode, id: string, coin: string): Record<string, unknown> => ({
  result: 'error',
  error: n.chain.txs.has(id) ? `invalid bindtxid ${id} coin.${coin}` : `cant find bindtxid ${id}`,
})

const prefixesOf = (b: GatewaysBindOpret) => ({ taddr: b.taddr, prefix: b.prefix, prefix2: b.prefix2 })

// ---------------------------------------------------------------------------------------------------------------
// consensus

/**
 * `GatewaysValidate` (spec 5.9) with the daemon's texts, gaps closed: a transaction spending a gateways output must
 * carry a gateways opret (the daemon accepts anything else, which lets anyone move the gateway's tokens with the
 * public gateways key); the claim checks the daemon codes but never reaches (marker input, payout, amount, destpub)
 * run. Deposit merkle proofs are checked when the deposit is built (the devnet's `gatewaysdeposit`), as the daemon.
 * @throws DevnetRefusal `…; Gateways: <text>`
 * @example validators.set(0xf1, validateGateways)
 */
export function validateGateways(check: ModuleCheck): void {
  const { chain, tx } = check
  const fail = (why: string): never => {
    throw moduleRejected('Gateways', why)
  }
  if (tx.vout.length === 0) fail('no vouts')
  // GatewaysValidate: no gateways funcid in the last output, no check (the switch is skipped, PreventCC(-1) passes)
  const funcid = daemonGatewaysFuncid(tx)
  if (funcid === null) return
  const p = gatewaysOpret(tx)
  const vinNormal = (t: Transaction): boolean => {
    const v = t.vin[0]
    const o = v === undefined ? undefined : chain.output(v.txid, v.vout)
    return o !== undefined && !isCc(o.script)
  }
  const lastIsMarker = (): boolean => {
    const v = tx.vin[tx.vin.length - 1]!
    const o = chain.output(v.txid, v.vout)
    const inp = check.inputs[tx.vin.length - 1]
    return o !== undefined && o.value === MARKER && inp !== undefined && inp.evalCodes.includes(EVAL.GATEWAYS)
  }
  const bindChecks = (bindtxid: string, coin: string, tokenid: string | undefined): GatewaysBindOpret => {
    const e = chain.txs.get(bindtxid)
    if (e === undefined) return fail('invalid gatewaysbind txid!')
    const b = bindOf(chain, bindtxid)
    if (b === null) return fail('invalid gatewaysbind OP_RETURN data!')
    if (!vinNormal(e.tx)) return fail('vin.0 is normal for gatewaysbind!')
    const v0 = e.tx.vout[0]
    if (v0 === undefined || bytesToHex(v0.script) !== gatewayTokensHex() || v0.value !== b.totalsupply)
      return fail('invalid tokens to gateways vout for gatewaysbind!')
    const v1 = e.tx.vout[1]
    if (v1 === undefined || bytesToHex(v1.script) !== markerHex() || v1.value !== MARKER)
      return fail('invalid marker vout for gatewaysbind!')
    if (b.coin !== coin) return fail('refcoin different than in bind tx')
    if (tokenid !== undefined && b.tokenid !== tokenid) return fail('tokenid does not match tokenid from gatewaysbind')
    if (b.N === 0 || b.N > 15 || b.M > b.N) return fail('invalid MofN in gatewaysbind')
    if (b.pubkeys.length !== b.N) return fail(`not enough pubkeys(${b.pubkeys.length}) for N.${b.N} gatewaysbind `)
    const full = chain.txs.get(b.tokenid)?.tx.vout[1]?.value ?? 0n
    if (full !== b.totalsupply)
      return fail(
        `Gateway bind.${b.coin} (${b.tokenid}) globaladdr.${GATEWAYS.ccAddress} totalsupply ${daemonFormatDouble(Number(b.totalsupply) / 1e8)} != fullsupply ${daemonFormatDouble(Number(full) / 1e8)}\n`,
      )
    const oracle = chain.txs.get(b.oracletxid)
    if (oracle === undefined) return fail(`cant find oracletxid ${b.oracletxid}\n`)
    const c = oraclesOpret(oracle.tx)
    if (c === null || c.funcid !== 'C') return fail('invalid oraclescreate OP_RETURN data')
    if (c.name !== b.coin) return fail(`mismatched oracle name ${c.name} != ${b.coin}\n`)
    if (c.format !== 'Ihh') return fail(`illegal format ${c.format} != Ihh\n`)
    if (!confirmed(chain, bindtxid)) return fail('gatewaysbind tx is not yet confirmed(notarised)!')
    return b
  }
  const withdrawChecks = (
    withdrawtxid: string,
    coin: string,
    which: string,
  ): { w: Extract<GatewaysOpret, { funcid: 'W' }>; b: GatewaysBindOpret; wtx: Transaction } => {
    const e = chain.txs.get(withdrawtxid)
    if (e === undefined) return fail('invalid withdraw txid!')
    const w = gatewaysOpret(e.tx)
    if (w === null || w.funcid !== 'W') return fail('invalid gatewayswithdraw OP_RETURN data!')
    if (w.refcoin !== coin) return fail('refcoin different than in bind tx')
    if (!vinNormal(e.tx)) return fail('vin.0 is normal for gatewaysWithdraw!')
    const v0 = e.tx.vout[0]
    if (v0 === undefined || bytesToHex(v0.script) !== markerHex() || v0.value !== MARKER)
      return fail('invalid marker vout for gatewaysWithdraw!')
    const v1 = e.tx.vout[1]
    if (v1 === undefined || bytesToHex(v1.script) !== gatewayTokensHex())
      return fail('invalid tokens to gateways vout for gatewaysWithdraw!')
    if (which === 'S' && v1.value !== w.amount) return fail('amount in opret not matching tx tokens amount!')
    if (!confirmed(chain, withdrawtxid)) return fail('gatewayswithdraw tx is not yet confirmed(notarised)!')
    const b = bindChecks(w.bindtxid, coin, w.tokenid)
    return { w, b, wtx: e.tx }
  }
  // each case's own decoder (Decode<Funcid>OpRet, E_UNMARSHAL: every byte read) must give the same funcid
  const invalidOpret: Record<string, string> = {
    C: 'invalid gatewaysclaim OP_RETURN data!',
    P: 'invalid gatewaysPartialSign OP_RETURN data!',
    S: 'invalid gatewayscompletesigning OP_RETURN data!',
    M: 'invalid gatewaysmarkdone OP_RETURN data!',
  }
  if (funcid === 'B') return fail('unexpected GatewaysValidate for gatewaysbind!')
  if (funcid === 'D') return fail('unexpected GatewaysValidate for gatewaysdeposit!')
  if (funcid === 'W') return fail('unexpected GatewaysValidate for gatewaysWithdraw!')
  if (p === null || p.funcid !== funcid) return fail(invalidOpret[funcid]!)
  switch (p.funcid) {
    case 'C': {
      const b = bindChecks(p.bindtxid, p.refcoin, p.tokenid)
      const de = chain.txs.get(p.deposittxid)
      if (de === undefined) return fail('invalid gatewaysdeposittxid!')
      const d = gatewaysOpret(de.tx)
      if (d === null || d.funcid !== 'D') return fail('invalid gatewaysdeposit OP_RETURN data!')
      if (!vinNormal(de.tx)) return fail('vin.0 is normal for gatewaysdeposit!')
      const dv0 = de.tx.vout[0]
      if (
        dv0 === undefined ||
        dv0.value !== MARKER ||
        bytesToHex(dv0.script) !== bytesToHex(ccScript(cc1of1(EVAL.GATEWAYS, d.destpub)))
      )
        return fail('invalid CC marker vout for gatewaysdeposit!')
      const dv1 = de.tx.vout[1]
      if (
        dv1 === undefined ||
        dv1.value !== MARKER ||
        bytesToHex(dv1.script) !== bytesToHex(p2pkScript(txidPubkey(d.cointxid)))
      )
        return fail('invalid normal marker vout for gatewaysdeposit!')
      if (d.refcoin !== p.refcoin) return fail('refcoin different than in deposit tx')
      if (d.bindtxid !== p.bindtxid) return fail('bindtxid does not match to bindtxid from gatewaysdeposit')
      if (d.amount > b.totalsupply) return fail('deposit amount greater then bind total supply')
      if (!confirmed(chain, p.deposittxid)) return fail('gatewaysdeposit tx is not yet confirmed(notarised)!')
      for (let i = 0; i < tx.vin.length - 1; i++)
        if (!check.inputs[i]!.cc) return fail(`vin.${i} is CC for gatewaysclaim!`)
      // komodod codes more checks after this one (the deposit marker input, the destination's tokens and their
      // amount, the oracle's merkle root, GatewaysVerify) but never reaches them: they are `else if`s after
      // `else if (tx.vin.size()>0) {…}`, which every transaction takes. The devnet is as lax (docs/devnet.md).
      return
    }
    case 'P':
    case 'S': {
      const name = p.funcid === 'P' ? 'gatewayspartialsign' : 'gatewayscompletesigning'
      const { b } = withdrawChecks(p.withdrawtxid, p.refcoin, p.funcid)
      if (!vinNormal(tx)) return fail(`vin.0 is normal for ${name}!`)
      if (!lastIsMarker()) return fail(`vin.${tx.vin.length - 1} is CC marker for ${name} or invalid marker amount!`)
      const v0 = tx.vout[0]
      if (v0 === undefined || v0.value !== MARKER || bytesToHex(v0.script) !== markerHex())
        return fail(`vout.0 invalid marker for ${name}!`)
      if (p.funcid === 'P' ? p.K > b.M : p.K < b.M) return fail('invalid number of signs!')
      return
    }
    case 'M': {
      const ce = chain.txs.get(p.completetxid)
      if (ce === undefined) return fail('invalid gatewayscompletesigning txid!')
      const s = gatewaysOpret(ce.tx)
      if (s === null || s.funcid !== 'S' || !('withdrawtxid' in s))
        return fail('invalid gatewayscompletesigning OP_RETURN data!')
      if (!confirmed(chain, p.completetxid)) return fail('gatewayscompletesigning tx is not yet confirmed(notarised)!')
      const { b } = withdrawChecks(s.withdrawtxid, p.refcoin, 'M')
      if (!vinNormal(tx)) return fail('vin.0 is normal for gatewaysmarkdone!')
      if (!lastIsMarker())
        return fail(`vin.${tx.vin.length - 1} is CC marker for gatewaysmarkdone or invalid marker amount!`)
      if (s.K < b.M) return fail('invalid number of signs!')
      return
    }
  }
}

// ---------------------------------------------------------------------------------------------------------------
// RPCs

/** Transactions whose unspent vout 0 is a 10000 marker at the gateways global CC address (mempool included). */
function openMarkers(chain: DevChain): string[] {
  return globalTxids(chain).filter((id) => {
    const c = chain.coin(id, 0)
    return c !== undefined && c.value === MARKER && bytesToHex(c.script) === markerHex()
  })
}

const atoi = (v: unknown): number => {
  const m = /^\s*([+-]?\d+)/.exec(numText(v))
  return m === null ? 0 : Number.parseInt(m[1]!, 10)
}

/** The gateways RPCs of the devnet wallet. @internal @example Object.keys(GATEWAYS_METHODS) */
export const GATEWAYS_METHODS: Record<string, Method> = {
  gatewayslist: { min: 0, max: 0, usage: 'gatewayslist\n', run: (n) => gatewaysList(n.chain) },
  gatewaysinfo: {
    min: 1,
    max: 1,
    usage: 'gatewaysinfo bindtxid\n',
    run: (n, p) => gatewaysInfo(new StateReader(devnetChainView(n)), txidArg(p[0])),
  },
  gatewaysexternaladdress: {
    min: 2,
    max: 2,
    usage: 'gatewaysexternaladdress bindtxid pubkey\n',
    run: (n, p) => {
      const id = txidArg(p[0])
      const pk = str(p[1])
      const b = bindOf(n.chain, id)
      if (b === null) return bindError(n, id, '')
      const bytes = /^([0-9a-fA-F]{2})*$/.test(pk) ? hexToBytes(pk) : new Uint8Array(0)
      const script = Uint8Array.from([bytes.length, ...bytes, 0xac])
      return { result: 'success', address: gatewaysCustomAddress(script, prefixesOf(b)) ?? '' }
    },
  },
  gatewaysdumpprivkey: {
    min: 2,
    max: 2,
    usage: 'gatewaysdumpprivkey bindtxid address\n',
    run: (n, p) => {
      const id = txidArg(p[0])
      const address = str(p[1])
      const b = bindOf(n.chain, id)
      if (b === null) return bindError(n, id, '')
      if (address !== p2pkhAddress(n.wallet.pubkey))
        throw new DevnetRefusal(RPC_CODES.MISC_ERROR, `Private key for address ${address} is not known`)
      return { result: 'success', privkey: base58checkEncode(Uint8Array.from([b.wiftype, ...n.wallet.privateKey, 1])) }
    },
  },
  gatewaysbind: {
    min: 10,
    max: 26,
    usage: 'gatewaysbind tokenid oracletxid coin tokensupply M N pubkey(s) pubtype p2shtype wiftype [taddr]\n',
    run: (n, p) => {
      const tokenid = txidArg(p[0])
      const oracletxid = txidArg(p[1])
      const coin = str(p[2])
      const supplyText = numText(p[3])
      const supply = /^\s*\d+/.test(supplyText) ? BigInt(/\d+/.exec(supplyText)![0]) : 0n // atol
      const M = atoi(p[4])
      const N = atoi(p[5])
      if (M > N || N === 0 || N > 15 || supply < 1_000_000n || tokenid === ZERO)
        throw new DevnetRefusal(RPC_CODES.MISC_ERROR, 'illegal M or N > 15 or tokensupply or invalid tokenid\n')
      if (p.length < 6 + N + 3) throw new DevnetRefusal(RPC_CODES.MISC_ERROR, 'not enough parameters for N pubkeys\n')
      const pubkeys = p.slice(6, 6 + N).map((k) => str(k))
      for (const k of pubkeys)
        if (!/^0[23][0-9a-fA-F]{64}$/.test(k))
          throw new DevnetRefusal(RPC_CODES.MISC_ERROR, 'invalid destination pubkey')
      const [pubtype, p2shtype, wiftype] = [atoi(p[6 + N]), atoi(p[7 + N]), atoi(p[8 + N])]
      const taddr = p.length === 10 + N ? atoi(p[9 + N]) : undefined
      return hexResultAsync(() =>
        resolveGatewaysBind(
          {
            tokenid,
            oracletxid,
            coin,
            tokensupply: supply,
            M: M & 0xff,
            N,
            pubkeys,
            pubtype: pubtype & 0xff,
            p2shtype: p2shtype & 0xff,
            wiftype: wiftype & 0xff,
            taddr: taddr === undefined ? undefined : taddr & 0xff,
          },
          walletResolveContext(n),
        ),
      )
    },
  },
  gatewaysdeposit: {
    min: 9,
    max: 9,
    usage: 'gatewaysdeposit bindtxid height coin cointxid claimvout deposithex proof destpub amount\n',
    run: (n, p) => {
      const bindtxid = txidArg(p[0])
      const height = atoi(p[1])
      const coin = str(p[2])
      const cointxid = txidArg(p[3])
      const claimvout = atoi(p[4])
      const deposithex = str(p[5])
      const proof = str(p[6])
      const destpub = str(p[7])
      const amount = daemonParseCoins(numText(p[8]))
      if (amount <= 0n || claimvout < 0)
        throw new DevnetRefusal(RPC_CODES.MISC_ERROR, 'invalid param: amount, numpks or claimvout\n')
      if (!/^0[23][0-9a-fA-F]{64}$/.test(destpub))
        throw new DevnetRefusal(RPC_CODES.MISC_ERROR, 'invalid destination pubkey')
      if (!/^([0-9a-fA-F]{2})+$/.test(proof)) return { result: 'error', error: 'deposittxid didnt validate' }
      return hexResultAsync(() =>
        resolveGatewaysDeposit(
          { bindtxid, height, coin, cointxid, claimvout, deposithex, proof, destpub, amount },
          walletResolveContext(n),
        ),
      )
    },
  },
  gatewaysclaim: {
    min: 5,
    max: 5,
    usage: 'gatewaysclaim bindtxid coin deposittxid destpub amount\n',
    run: (n, p) => {
      const bindtxid = txidArg(p[0])
      const coin = str(p[1])
      const deposittxid = txidArg(p[2])
      const destpub = str(p[3])
      const amount = daemonParseCoins(numText(p[4]))
      if (!/^0[23][0-9a-fA-F]{64}$/.test(destpub))
        throw new DevnetRefusal(RPC_CODES.MISC_ERROR, 'invalid destination pubkey')
      return hexResultAsync(() =>
        resolveGatewaysClaim({ bindtxid, coin, deposittxid, destpub, amount }, walletResolveContext(n)),
      )
    },
  },
  gatewayswithdraw: {
    min: 4,
    max: 4,
    usage: 'gatewayswithdraw bindtxid coin withdrawpub amount\n',
    run: (n, p) => {
      const bindtxid = txidArg(p[0])
      const coin = str(p[1])
      const withdrawpub = str(p[2])
      const amount = daemonParseCoins(numText(p[3]))
      if (!/^0[23][0-9a-fA-F]{64}$/.test(withdrawpub))
        throw new DevnetRefusal(RPC_CODES.MISC_ERROR, 'invalid destination pubkey')
      return hexResultAsync(() =>
        resolveGatewaysWithdraw({ bindtxid, coin, withdrawpub, amount }, walletResolveContext(n)),
      )
    },
  },
  gatewayspartialsign: {
    min: 3,
    max: 3,
    usage: 'gatewayspartialsign txidaddr refcoin hex\n',
    run: (n, p) =>
      hexResultAsync(() =>
        resolveGatewaysPartialSign(
          { txidaddr: txidArg(p[0]), refcoin: str(p[1]), hex: str(p[2]) },
          walletResolveContext(n),
        ),
      ),
  },
  gatewayscompletesigning: {
    min: 3,
    max: 3,
    usage: 'gatewayscompletesigning withdrawtxid coin hex\n',
    run: (n, p) =>
      hexResultAsync(() =>
        resolveGatewaysCompleteSigning(
          { withdrawtxid: txidArg(p[0]), coin: str(p[1]), hex: str(p[2]) },
          walletResolveContext(n),
        ),
      ),
  },
  gatewaysmarkdone: {
    min: 2,
    max: 2,
    usage: 'gatewaysmarkdone completesigningtx coin\n',
    run: (n, p) =>
      hexResultAsync(() =>
        resolveGatewaysMarkDone({ completesigningtx: txidArg(p[0]), coin: str(p[1]) }, walletResolveContext(n)),
      ),
  },
  gatewayspendingdeposits: {
    min: 2,
    max: 2,
    usage: 'gatewayspendingdeposits bindtxid coin\n',
    run: (n, p) => {
      const id = txidArg(p[0])
      const coin = str(p[1])
      const b = bindOf(n.chain, id)
      if (b === null || b.coin !== coin) return bindError(n, id, coin)
      const pending: Record<string, unknown>[] = []
      const me = n.wallet.pubkey
      const deposit = gatewaysDepositAddress(
        b.M,
        b.pubkeys.map((k) => hexToBytes(k)),
        prefixesOf(b),
      )
      // as SetCCunspents walks the caller's gateways CC address (by txid, then index)
      for (const c of n.chain.addressCoins(ccAddress(EVAL.GATEWAYS, me)).sort(daemonUtxoOrder)) {
        if (c.vout !== 0 || c.value !== MARKER || n.chain.spentInMempool(c.txid, 0)) continue
        const d = gatewaysOpret(n.chain.txs.get(c.txid)?.tx)
        if (d === null || d.funcid !== 'D' || d.bindtxid !== id || d.refcoin !== coin) continue
        pending.push({
          cointxid: d.cointxid,
          deposittxid: c.txid,
          deposittxidaddr: txidAddress(c.txid),
          depositaddr: deposit,
          tokens_destination_address: ccAddress(EVAL.TOKENS, d.destpub),
          claim_pubkey: d.destpub,
          amount: coins(d.amount),
          confirmed_or_notarized: confirmed(n.chain, c.txid),
        })
      }
      return { coin, pending }
    },
  },
  gatewayspendingwithdraws: {
    min: 2,
    max: 2,
    usage: 'gatewayspendingwithdraws bindtxid coin\n',
    run: (n, p) => pendingOrProcessed(n, p, 'pending'),
  },
  gatewaysprocessed: {
    min: 2,
    max: 2,
    usage: 'gatewaysprocessed bindtxid coin\n',
    run: (n, p) => pendingOrProcessed(n, p, 'processed'),
  },
}

/** `gatewayspendingwithdraws` / `gatewaysprocessed` (spec 5.10), over the unspent markers at the gateways global address. */
function pendingOrProcessed(n: DevnetNode, p: unknown[], kind: 'pending' | 'processed'): Record<string, unknown> {
  const id = txidArg(p[0])
  const coin = str(p[1])
  const b = bindOf(n.chain, id)
  if (b === null || b.coin !== coin) return bindError(n, id, coin)
  const me = bytesToHex(n.wallet.pubkey)
  const queueflag = b.pubkeys.includes(me) ? 1 : 0
  const pre = prefixesOf(b)
  const addrOf = (pk: Uint8Array | string): string =>
    gatewaysCustomAddress(p2pkScript(typeof pk === 'string' ? hexToBytes(pk) : pk), pre) ?? ''
  const list: Record<string, unknown>[] = []
  for (const mid of openMarkers(n.chain)) {
    const q = gatewaysOpret(n.chain.txs.get(mid)?.tx)
    if (q === null) continue
    const wid = q.funcid === 'W' ? mid : q.funcid === 'P' || q.funcid === 'S' ? q.withdrawtxid : undefined
    if (wid === undefined || (kind === 'pending') === (q.funcid === 'S')) continue
    const w = gatewaysOpret(n.chain.txs.get(wid)?.tx)
    if (w === null || w.funcid !== 'W' || w.bindtxid !== id || w.refcoin !== coin || w.tokenid !== b.tokenid) continue
    const wtx = n.chain.txs.get(wid)!.tx
    if (wtx.vout[1] === undefined || bytesToHex(wtx.vout[1].script) !== gatewayTokensHex()) continue
    const base = { withdrawtxid: wid, withdrawtxidaddr: addrOf(txidPubkey(wid)), withdrawaddr: addrOf(w.withdrawpub) }
    if (kind === 'processed' && q.funcid === 'S') {
      list.push({
        completesigningtxid: mid,
        ...base,
        confirmed_or_notarized: confirmed(n.chain, mid),
        amount: formatCoins(wtx.vout[1].value),
        hex: q.hex,
      })
      continue
    }
    const e: Record<string, unknown> = {
      ...base,
      amount: formatCoins(w.amount),
      confirmed_or_notarized: confirmed(n.chain, wid),
    }
    if (queueflag === 1)
      Object.assign(e, {
        depositaddr: gatewaysDepositAddress(
          b.M,
          b.pubkeys.map((k) => hexToBytes(k)),
          pre,
        ),
        signeraddr: addrOf(me),
      })
    if (b.N > 1) {
      const K = q.funcid === 'P' ? q.K : 0
      Object.assign(e, { number_of_signs: K, last_txid: mid, ...(K > 0 && q.funcid === 'P' ? { hex: q.hex } : {}) })
    }
    list.push(e)
  }
  return kind === 'pending' ? { coin, pending: list, queueflag } : { coin, processed: list, queueflag }
}

/**
 * The gateways module's devnet part, listed in src/modules/registry/io.ts: its consensus validator and its RPCs.
 * @example gatewaysDevnet.evalCodes // [EVAL.GATEWAYS]
 */
export const gatewaysDevnet: ModuleDevnet = /* @__PURE__ */ Object.freeze({
  addressRpc: 'gatewaysaddress',
  evalCodes: Object.freeze([EVAL.GATEWAYS]),
  validate: validateGateways,
  methods: GATEWAYS_METHODS,
})
