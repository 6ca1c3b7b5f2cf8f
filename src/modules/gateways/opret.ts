import { KomodoCcError } from '../../errors.js'
import { decodeTokenWrapper } from '../tokens/opret.js'
import {
  EVAL_GATEWAYS, EVAL_TOKENS, FieldReader, FieldWriter, assertPayloadObject, badFuncid, decodeFields, encodeFuncid,
  opretPayload, opretScript, type OpretDecodeOptions,
} from '../opret.js'

/** Blob id of a gateways payload inside a token opret (`OPRETID_GATEWAYSDATA`). @example GATEWAYS_BLOB_ID // 0x13 */
export const GATEWAYS_BLOB_ID = 0x13

/** Fields of the token opret that wraps 'B', 'C' and 'W' (`f2 74 tokenid(display) nPubkeys pubkey* 13 blob`). @example const w: GatewaysTokenWrapper = { tokenid, voutPubkeys: [gatewaysPubkey] } */
export type GatewaysTokenWrapper = { tokenid: string; voutPubkeys: string[] }

/**
 * `gatewaysbind` ('B', token-wrapped, voutPubkeys = [gateways pk]): blob
 * `f1 42 coin:str totalsupply:i64le oracletxid:u256 M:u8 N:u8 pubkeys:vec<pk> taddr:u8 prefix:u8 prefix2:u8 wiftype:u8`.
 * @example (decodeGatewaysOpret(script) as GatewaysBindOpret).pubkeys
 */
export type GatewaysBindOpret = GatewaysTokenWrapper & {
  funcid: 'B'
  coin: string
  totalsupply: bigint
  oracletxid: string
  M: number
  N: number
  pubkeys: string[]
  taddr: number
  prefix: number
  prefix2: number
  wiftype: number
}

/**
 * The 2019 bind found in the developer docs (not token-wrapped, no wiftype):
 * `f1 42 coin:str prefix:u8 prefix2:u8 taddr:u8 tokenid:u256 totalsupply:i64le M:u8 N:u8 pubkeys:vec<pk> oracletxid:u256`.
 * Current daemons cannot decode it.
 * @example (decodeGatewaysOpret(script) as GatewaysLegacyBindOpret).layout // 'legacy'
 */
export type GatewaysLegacyBindOpret = {
  funcid: 'B'
  layout: 'legacy'
  coin: string
  prefix: number
  prefix2: number
  taddr: number
  tokenid: string
  totalsupply: bigint
  M: number
  N: number
  pubkeys: string[]
  oracletxid: string
}

/** `gatewaysclaim` ('C', token-wrapped, voutPubkeys = [destpub]): blob `f1 43 bindtxid refcoin:str deposittxid destpub:pk amount:i64le`. @example (decodeGatewaysOpret(script) as GatewaysClaimOpret).destpub */
export type GatewaysClaimOpret = GatewaysTokenWrapper & {
  funcid: 'C'
  bindtxid: string
  refcoin: string
  deposittxid: string
  destpub: string
  amount: bigint
}

/** `gatewayswithdraw` ('W', token-wrapped, voutPubkeys = [gateways pk]): blob `f1 57 bindtxid refcoin:str withdrawpub:pk amount:i64le`. @example (decodeGatewaysOpret(script) as GatewaysWithdrawOpret).withdrawpub */
export type GatewaysWithdrawOpret = GatewaysTokenWrapper & {
  funcid: 'W'
  bindtxid: string
  refcoin: string
  withdrawpub: string
  amount: bigint
}

/**
 * `gatewaysdeposit` ('D', plain): `f1 44 refcoin:str bindtxid publishers:vec<pk> txids:vec<u256> height:i32le
 * cointxid claimvout:i32le deposithex:str proof:bytes destpub:pk amount:i64le`. `deposithex` is the external
 * transaction as ASCII hex text (stored as text); `proof` is the binary merkle proof (hex here).
 * @example (decodeGatewaysOpret(script) as GatewaysDepositOpret).cointxid
 */
export type GatewaysDepositOpret = {
  funcid: 'D'
  refcoin: string
  bindtxid: string
  publishers: string[]
  txids: string[]
  height: number
  cointxid: string
  claimvout: number
  deposithex: string
  proof: string
  destpub: string
  amount: bigint
}

/** `gatewayspartialsign` ('P'): `f1 50 withdrawtxid refcoin:str K:u8 signerpk:pk hex:str`. @example (decodeGatewaysOpret(script) as GatewaysPartialSignOpret).K */
export type GatewaysPartialSignOpret = { funcid: 'P'; withdrawtxid: string; refcoin: string; K: number; signerpk: string; hex: string }
/** 2018 partial sign: `f1 50 K:u8 signerpk:pk refcoin:str hex:str`. @example (decodeGatewaysOpret(script) as GatewaysLegacyPartialSignOpret).signerpk */
export type GatewaysLegacyPartialSignOpret = { funcid: 'P'; layout: 'legacy'; K: number; signerpk: string; refcoin: string; hex: string }
/** `gatewayscompletesigning` ('S'): `f1 53 withdrawtxid refcoin:str K:u8 hex:str`. @example (decodeGatewaysOpret(script) as GatewaysCompleteSigningOpret).hex */
export type GatewaysCompleteSigningOpret = { funcid: 'S'; withdrawtxid: string; refcoin: string; K: number; hex: string }
/** 2018 complete signing: `f1 53 refcoin:str withdrawtxid hex:str`. @example (decodeGatewaysOpret(script) as GatewaysLegacyCompleteSigningOpret).withdrawtxid */
export type GatewaysLegacyCompleteSigningOpret = { funcid: 'S'; layout: 'legacy'; refcoin: string; withdrawtxid: string; hex: string }
/** `gatewaysmarkdone` ('M'): `f1 4d withdrawtxid refcoin:str completetxid`. @example (decodeGatewaysOpret(script) as GatewaysMarkDoneOpret).completetxid */
export type GatewaysMarkDoneOpret = { funcid: 'M'; withdrawtxid: string; refcoin: string; completetxid: string }
/** 2018 mark done: `f1 4d refcoin:str withdrawtxid`. @example (decodeGatewaysOpret(script) as GatewaysLegacyMarkDoneOpret).refcoin */
export type GatewaysLegacyMarkDoneOpret = { funcid: 'M'; layout: 'legacy'; refcoin: string; withdrawtxid: string }

/** Every gateways opret payload (txids are display hex; all are internal order on the wire). @example const p: GatewaysOpret = decodeGatewaysOpret(script) */
export type GatewaysOpret =
  | GatewaysBindOpret | GatewaysLegacyBindOpret | GatewaysClaimOpret | GatewaysWithdrawOpret | GatewaysDepositOpret
  | GatewaysPartialSignOpret | GatewaysLegacyPartialSignOpret | GatewaysCompleteSigningOpret
  | GatewaysLegacyCompleteSigningOpret | GatewaysMarkDoneOpret | GatewaysLegacyMarkDoneOpret

/**
 * Encodes a gateways payload as an opret script ('B', 'C', 'W' inside a token opret; the others plain).
 * @throws KomodoCcError ARG_INVALID | OPRET_FUNCID | PUBKEY_INVALID | INT_RANGE | BYTES_LENGTH | HEX_INVALID | SCRIPT_TOO_LARGE
 * @example encodeGatewaysOpret({ funcid: 'M', withdrawtxid, refcoin: 'KMD', completetxid })[0] // 0x6a
 */
export function encodeGatewaysOpret(payload: GatewaysOpret): Uint8Array {
  return opretScript(encodeGatewaysPayload(payload))
}

/** The bare payload of {@link encodeGatewaysOpret}. @example encodeGatewaysPayload(p)[0] // 0xf1 or 0xf2 */
export function encodeGatewaysPayload(payload: GatewaysOpret): Uint8Array {
  const p = assertPayloadObject(payload, 'gateways')
  const legacy = p.layout === 'legacy'
  if (p.layout !== undefined && !legacy) throw new KomodoCcError('ARG_INVALID', `gateways layout must be 'legacy' or absent`, { path: 'layout' })
  const w = new FieldWriter(256)
  const f = encodeFuncid(w, EVAL_GATEWAYS, p.funcid, 'gateways', legacy ? 'BPSM' : 'BCWDPSM')
  if (legacy) {
    if (f === 'B') {
      w.text(p.coin, 'coin').u8f(p.prefix, 'prefix').u8f(p.prefix2, 'prefix2').u8f(p.taddr, 'taddr').txid(p.tokenid, 'tokenid')
        .i64f(p.totalsupply, 'totalsupply').u8f(p.M, 'M').u8f(p.N, 'N')
      writePubkeys(w, p.pubkeys, 'pubkeys')
      w.txid(p.oracletxid, 'oracletxid')
    } else if (f === 'P') w.u8f(p.K, 'K').pubkey(p.signerpk, 'signerpk').text(p.refcoin, 'refcoin').text(p.hex, 'hex')
    else if (f === 'S') w.text(p.refcoin, 'refcoin').txid(p.withdrawtxid, 'withdrawtxid').text(p.hex, 'hex')
    else w.text(p.refcoin, 'refcoin').txid(p.withdrawtxid, 'withdrawtxid')
    return w.finish()
  }
  switch (f) {
    case 'B':
      w.text(p.coin, 'coin').i64f(p.totalsupply, 'totalsupply').txid(p.oracletxid, 'oracletxid').u8f(p.M, 'M').u8f(p.N, 'N')
      writePubkeys(w, p.pubkeys, 'pubkeys')
      w.u8f(p.taddr, 'taddr').u8f(p.prefix, 'prefix').u8f(p.prefix2, 'prefix2').u8f(p.wiftype, 'wiftype')
      return wrap(p, w.finish())
    case 'C':
      w.txid(p.bindtxid, 'bindtxid').text(p.refcoin, 'refcoin').txid(p.deposittxid, 'deposittxid').pubkey(p.destpub, 'destpub').i64f(p.amount, 'amount')
      return wrap(p, w.finish())
    case 'W':
      w.txid(p.bindtxid, 'bindtxid').text(p.refcoin, 'refcoin').pubkey(p.withdrawpub, 'withdrawpub').i64f(p.amount, 'amount')
      return wrap(p, w.finish())
    case 'D': {
      w.text(p.refcoin, 'refcoin').txid(p.bindtxid, 'bindtxid')
      writePubkeys(w, p.publishers, 'publishers')
      const txids = p.txids
      if (!Array.isArray(txids)) throw new KomodoCcError('ARG_INVALID', 'txids expected an array', { path: 'txids' })
      w.compactSize(txids.length)
      txids.forEach((t, i) => w.txid(t, `txids[${i}]`))
      w.i32f(p.height, 'height').txid(p.cointxid, 'cointxid').i32f(p.claimvout, 'claimvout').text(p.deposithex, 'deposithex')
        .hexBytes(p.proof, 'proof').pubkey(p.destpub, 'destpub').i64f(p.amount, 'amount')
      return w.finish()
    }
    case 'P':
      w.txid(p.withdrawtxid, 'withdrawtxid').text(p.refcoin, 'refcoin').u8f(p.K, 'K').pubkey(p.signerpk, 'signerpk').text(p.hex, 'hex')
      return w.finish()
    case 'S':
      w.txid(p.withdrawtxid, 'withdrawtxid').text(p.refcoin, 'refcoin').u8f(p.K, 'K').text(p.hex, 'hex')
      return w.finish()
    default:
      w.txid(p.withdrawtxid, 'withdrawtxid').text(p.refcoin, 'refcoin').txid(p.completetxid, 'completetxid')
      return w.finish()
  }
}

function writePubkeys(w: FieldWriter, pks: unknown, name: string): void {
  if (!Array.isArray(pks)) throw new KomodoCcError('ARG_INVALID', `${name} expected an array of pubkeys`, { path: name })
  w.compactSize(pks.length)
  pks.forEach((k, i) => w.pubkey(k, `${name}[${i}]`))
}

function wrap(p: Record<string, unknown>, blob: Uint8Array): Uint8Array {
  const pks = p.voutPubkeys
  if (!Array.isArray(pks) || pks.length > 2) throw new KomodoCcError('ARG_INVALID', 'voutPubkeys expected an array of 0..2 pubkeys', { path: 'voutPubkeys' })
  const w = new FieldWriter(blob.length + 110)
  w.u8(EVAL_TOKENS).u8(0x74).displayTxid(p.tokenid, 'tokenid').u8(pks.length)
  pks.forEach((k, i) => w.pubkey(k, `voutPubkeys[${i}]`))
  w.u8(GATEWAYS_BLOB_ID).varBytes(blob)
  return w.finish()
}

/**
 * Decodes a gateways opret script or payload strictly. A payload starting 0xf2 is a token opret that must carry
 * a 0x13 blob holding 'B', 'C' or 'W'; a payload starting 0xf1 is 'D', 'P', 'S', 'M' or one of the documented
 * older layouts (`layout: 'legacy'`, tried when the current one does not parse exactly).
 * The daemon's `DecodeGatewaysOpRet` only checks the eval byte and funcid letter before the per-funcid parse,
 * and its validator accepts a spend whose last output is not a gateways opret at all.
 * @throws KomodoCcError OPRET_EVAL | OPRET_FUNCID | OPRET_INVALID | READ_PAST_END | TRAILING_BYTES | PUBKEY_INVALID
 * @example decodeGatewaysOpret(claimScript).funcid // 'C'
 */
export function decodeGatewaysOpret(scriptOrBytes: Uint8Array | string, options: OpretDecodeOptions = {}): GatewaysOpret {
  return decodeGatewaysPayload(opretPayload(scriptOrBytes, options))
}

/** Decodes bare gateways payload bytes. @internal */
export function decodeGatewaysPayload(payload: Uint8Array): GatewaysOpret {
  if (payload.length > 0 && payload[0] === EVAL_TOKENS) {
    const t = decodeTokenWrapper(payload)
    if (t.funcid !== 't' || t.tokenid === null)
      throw new KomodoCcError('OPRET_FUNCID', `a token-wrapped gateways payload must be a token 't' opret, got '${t.funcid}'`, { path: 'tokens.funcid' })
    const blob = t.blobs.find((b) => b.id === GATEWAYS_BLOB_ID)
    if (blob === undefined) throw new KomodoCcError('OPRET_INVALID', 'token opret carries no gateways (0x13) blob', { path: 'tokens.blobs' })
    const wrapper = { tokenid: t.tokenid, voutPubkeys: t.pubkeys }
    return decodeFields(blob.data, 'gateways', (r): GatewaysOpret => {
      r.evalCode(EVAL_GATEWAYS)
      const f = r.funcid()
      if (f === 'B') {
        const coin = r.varText('coin')
        const totalsupply = r.i64f('totalsupply')
        const oracletxid = r.txid('oracletxid')
        const M = r.u8f('M')
        const N = r.u8f('N')
        const pubkeys = readPubkeys(r, 'pubkeys')
        const taddr = r.u8f('taddr')
        const prefix = r.u8f('prefix')
        const prefix2 = r.u8f('prefix2')
        const wiftype = r.u8f('wiftype')
        r.done()
        return { funcid: 'B', ...wrapper, coin, totalsupply, oracletxid, M, N, pubkeys, taddr, prefix, prefix2, wiftype }
      }
      if (f === 'C') {
        const bindtxid = r.txid('bindtxid')
        const refcoin = r.varText('refcoin')
        const deposittxid = r.txid('deposittxid')
        const destpub = r.pubkey('destpub')
        const amount = r.i64f('amount')
        r.done()
        return { funcid: 'C', ...wrapper, bindtxid, refcoin, deposittxid, destpub, amount }
      }
      if (f === 'W') {
        const bindtxid = r.txid('bindtxid')
        const refcoin = r.varText('refcoin')
        const withdrawpub = r.pubkey('withdrawpub')
        const amount = r.i64f('amount')
        r.done()
        return { funcid: 'W', ...wrapper, bindtxid, refcoin, withdrawpub, amount }
      }
      return badFuncid('gateways (token-wrapped)', f, 'B C W')
    })
  }
  let first: unknown
  try {
    return decodeFields(payload, 'gateways', decodePlain)
  } catch (e) {
    first = e
  }
  const f = payload.length > 1 ? String.fromCharCode(payload[1]!) : ''
  if (payload[0] === EVAL_GATEWAYS && 'BPSM'.includes(f) && f !== '') {
    try {
      return decodeFields(payload, 'gateways', decodeLegacy)
    } catch {
      // report the current layout's failure
    }
  }
  throw first
}

function decodePlain(r: FieldReader): GatewaysOpret {
  r.evalCode(EVAL_GATEWAYS)
  const f = r.funcid()
  switch (f) {
    case 'D': {
      const refcoin = r.varText('refcoin')
      const bindtxid = r.txid('bindtxid')
      const publishers = readPubkeys(r, 'publishers')
      r.field = 'txids'
      const n = r.compactSize()
      if (n * 32 > r.remaining) throw new KomodoCcError('READ_PAST_END', `txids count ${n} needs ${n * 32} bytes, only ${r.remaining} left`, { need: n * 32, left: r.remaining })
      const txids: string[] = []
      for (let i = 0; i < n; i++) txids.push(r.txid(`txids[${i}]`))
      const height = r.i32f('height')
      const cointxid = r.txid('cointxid')
      const claimvout = r.i32f('claimvout')
      const deposithex = r.varText('deposithex')
      const proof = r.varHex('proof')
      const destpub = r.pubkey('destpub')
      const amount = r.i64f('amount')
      r.done()
      return { funcid: 'D', refcoin, bindtxid, publishers, txids, height, cointxid, claimvout, deposithex, proof, destpub, amount }
    }
    case 'P': {
      const withdrawtxid = r.txid('withdrawtxid')
      const refcoin = r.varText('refcoin')
      const K = r.u8f('K')
      const signerpk = r.pubkey('signerpk')
      const hex = r.varText('hex')
      r.done()
      return { funcid: 'P', withdrawtxid, refcoin, K, signerpk, hex }
    }
    case 'S': {
      const withdrawtxid = r.txid('withdrawtxid')
      const refcoin = r.varText('refcoin')
      const K = r.u8f('K')
      const hex = r.varText('hex')
      r.done()
      return { funcid: 'S', withdrawtxid, refcoin, K, hex }
    }
    case 'M': {
      const withdrawtxid = r.txid('withdrawtxid')
      const refcoin = r.varText('refcoin')
      const completetxid = r.txid('completetxid')
      r.done()
      return { funcid: 'M', withdrawtxid, refcoin, completetxid }
    }
    case 'B':
      return decodeLegacy(r)
    case 'C':
    case 'W':
      throw new KomodoCcError('OPRET_INVALID', `gateways '${f}' must be wrapped in a token opret`, { got: f })
    default:
      return badFuncid('gateways', f, 'B C W D P S M')
  }
}

function decodeLegacy(r: FieldReader): GatewaysOpret {
  r.pos = 0
  r.evalCode(EVAL_GATEWAYS)
  const f = r.funcid()
  if (f === 'B') {
    const coin = r.varText('coin')
    const prefix = r.u8f('prefix')
    const prefix2 = r.u8f('prefix2')
    const taddr = r.u8f('taddr')
    const tokenid = r.txid('tokenid')
    const totalsupply = r.i64f('totalsupply')
    const M = r.u8f('M')
    const N = r.u8f('N')
    const pubkeys = readPubkeys(r, 'pubkeys')
    const oracletxid = r.txid('oracletxid')
    r.done()
    return { funcid: 'B', layout: 'legacy', coin, prefix, prefix2, taddr, tokenid, totalsupply, M, N, pubkeys, oracletxid }
  }
  if (f === 'P') {
    const K = r.u8f('K')
    const signerpk = r.pubkey('signerpk')
    const refcoin = r.varText('refcoin')
    const hex = r.varText('hex')
    r.done()
    return { funcid: 'P', layout: 'legacy', K, signerpk, refcoin, hex }
  }
  if (f === 'S') {
    const refcoin = r.varText('refcoin')
    const withdrawtxid = r.txid('withdrawtxid')
    const hex = r.varText('hex')
    r.done()
    return { funcid: 'S', layout: 'legacy', refcoin, withdrawtxid, hex }
  }
  if (f === 'M') {
    const refcoin = r.varText('refcoin')
    const withdrawtxid = r.txid('withdrawtxid')
    r.done()
    return { funcid: 'M', layout: 'legacy', refcoin, withdrawtxid }
  }
  return badFuncid('gateways (legacy)', f, 'B P S M')
}

function readPubkeys(r: FieldReader, name: string): string[] {
  r.field = name
  const n = r.compactSize()
  if (n * 34 > r.remaining) throw new KomodoCcError('READ_PAST_END', `${name} count ${n} needs at least ${n * 34} bytes, only ${r.remaining} left`, { need: n * 34, left: r.remaining })
  const out: string[] = []
  for (let i = 0; i < n; i++) out.push(r.pubkey(`${name}[${i}]`))
  return out
}
