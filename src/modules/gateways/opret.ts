import { EVAL } from '../../cc/eval.js'
import { KomodoCcError } from '../../errors.js'
import { decodeTokensWrapper } from '../tokens/opret.js'
import {
  FieldReader,
  FieldWriter,
  assertPayloadObject,
  badFuncid,
  decodeFields,
  encodeFuncid,
  opretPayload,
  opretScript,
  type OpretDecodeOptions,
} from '../opret.js'

/** Blob id of a gateways payload inside a token opret (`OPRETID_GATEWAYSDATA`). @example GATEWAYS_BLOB_ID // 0x13 */
export const GATEWAYS_BLOB_ID = 0x13

/**
 * Fields of the token opret that wraps 'B', 'C' and 'W' (`f2 74 tokenid(display) nPubkeys pubkey* 13 blob`). @example
 * const w: GatewaysTokenWrapper = { tokenid, voutPubkeys: [gatewaysPubkey] }
 */
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

/**
 * `gatewaysclaim` ('C', token-wrapped, voutPubkeys = [destpub]): blob `f1 43 bindtxid refcoin:str deposittxid
 * destpub:pk amount:i64le`. @example (decodeGatewaysOpret(script) as GatewaysClaimOpret).destpub
 */
export type GatewaysClaimOpret = GatewaysTokenWrapper & {
  funcid: 'C'
  bindtxid: string
  refcoin: string
  deposittxid: string
  destpub: string
  amount: bigint
}

/**
 * `gatewayswithdraw` ('W', token-wrapped, voutPubkeys = [gateways pk]): blob `f1 57 bindtxid refcoin:str withdrawpub:pk
 * amount:i64le`. @example (decodeGatewaysOpret(script) as GatewaysWithdrawOpret).withdrawpub
 */
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

/**
 * `gatewayspartialsign` ('P'): `f1 50 withdrawtxid refcoin:str K:u8 signerpk:pk hex:str`. @example
 * (decodeGatewaysOpret(script) as GatewaysPartialSignOpret).K
 */
export type GatewaysPartialSignOpret = {
  funcid: 'P'
  withdrawtxid: string
  refcoin: string
  K: number
  signerpk: string
  hex: string
}
/**
 * 2018 partial sign (GW-C from 2018-10-31, GW-D): `f1 50 K:i32le signerpk:pk refcoin:str hex:str` (K = signatures so
 * far; the withdraw txid is not in the record). legacy-2018-layouts.md §3.2.
 * @example (decodeGatewaysOpret(script) as GatewaysLegacyPartialSignOpret).signerpk
 */
export type GatewaysLegacyPartialSignOpret = {
  funcid: 'P'
  layout: 'legacy'
  K: number
  signerpk: string
  refcoin: string
  hex: string
}
/**
 * `gatewayscompletesigning` ('S'): `f1 53 withdrawtxid refcoin:str K:u8 hex:str`. @example (decodeGatewaysOpret(script)
 * as GatewaysCompleteSigningOpret).hex
 */
export type GatewaysCompleteSigningOpret = {
  funcid: 'S'
  withdrawtxid: string
  refcoin: string
  K: number
  hex: string
}
/**
 * 2018 complete signing (GW-D only, 2018-11-26 on): raw `f1 43 refcoin:str withdrawtxid hex:str` — funcid 'C', which
 * today is the token-wrapped claim. Decoded by {@link decodeGateways2018Opret}. legacy-2018-layouts.md §3.2, §9.
 * @example (decodeGateways2018Opret(script)[0] as GatewaysLegacyCompleteSigningOpret).withdrawtxid
 */
export type GatewaysLegacyCompleteSigningOpret = {
  funcid: 'C'
  layout: 'legacy'
  refcoin: string
  withdrawtxid: string
  hex: string
}
/** `gatewaysmarkdone` ('M'): `f1 4d withdrawtxid refcoin:str completetxid`. @example (decodeGatewaysOpret(script) as GatewaysMarkDoneOpret).completetxid */
export type GatewaysMarkDoneOpret = { funcid: 'M'; withdrawtxid: string; refcoin: string; completetxid: string }
/**
 * GW-D mark done (2018-11-26 … 2019): `f1 4d refcoin:str completetxid` — the txid of the complete-signing
 * transaction it spends (the daemon's field name is withdrawtxid). legacy-2018-layouts.md §3.2, §9.
 * @example (decodeGatewaysOpret(script) as GatewaysLegacyMarkDoneOpret).completetxid
 */
export type GatewaysLegacyMarkDoneOpret = { funcid: 'M'; layout: 'legacy'; refcoin: string; completetxid: string }
/**
 * GW-A/B/C mark done (2018-09 … 2018-11-26): `f1 4d cointxid refcoin:str` — the external payout txid. Same length
 * as the GW-D form for a given coin; only the transaction's shape tells them apart (legacy-2018-layouts.md §8 rule 20).
 * @example (decodeGateways2018Opret(script).find((p) => 'cointxid' in p) as GatewaysEarlyMarkDoneOpret).cointxid
 */
export type GatewaysEarlyMarkDoneOpret = { funcid: 'M'; layout: 'legacy'; cointxid: string; refcoin: string }
/**
 * GW-A/B/C deposit (2018-09-11 … 2018-11-26): the 'D' record without `claimvout`:
 * `f1 44 refcoin:str bindtxid publishers:vec<pk> txids:vec<u256> height:i32le cointxid deposithex:str proof:bytes destpub:pk amount:i64le`.
 * @example (decodeGateways2018Opret(script)[0] as GatewaysLegacyDepositOpret).cointxid
 */
export type GatewaysLegacyDepositOpret = Omit<GatewaysDepositOpret, 'claimvout'> & { layout: 'legacy' }
/**
 * GW-C/D withdraw (2018-10-31 … 2019): raw `f1 57 tokenid:u256 refcoin:str withdrawpub:pk amount:i64le`; the token id
 * is stored in internal order (unlike token oprets), shown as display hex.
 * @example (decodeGateways2018Opret(script)[0] as GatewaysLegacyWithdrawOpret).withdrawpub
 */
export type GatewaysLegacyWithdrawOpret = {
  funcid: 'W'
  layout: 'legacy'
  tokenid: string
  refcoin: string
  withdrawpub: string
  amount: bigint
}
/**
 * GW-D claim (2018-11-26 … 2019-06): an Assets-era opret with eval byte 0xe3 and funcid 't' carrying a gateways
 * record: `e3 74 tokenid:u256 refcoin:str bindtxid deposittxid destpub:pk amount:i64le` (144 bytes for a 3-letter
 * coin; the token id in internal order, shown as display hex). The GW-A/B/C claims carry only the 34-byte Assets
 * `'t'` opret (a tokens payload). legacy-2018-layouts.md §3.2.
 * @example (decodeGateways2018Opret(script)[0] as GatewaysLegacyClaimOpret).deposittxid
 */
export type GatewaysLegacyClaimOpret = {
  funcid: 't'
  evalCode: 0xe3
  layout: 'legacy'
  tokenid: string
  refcoin: string
  bindtxid: string
  deposittxid: string
  destpub: string
  amount: bigint
}

/**
 * Every gateways opret payload {@link decodeGatewaysOpret} returns: the current layouts and the 2018 bind, partial
 * sign and GW-D mark done (`layout: 'legacy'`, tried when the current layout does not parse). Txids are display
 * hex (all are internal order on the wire; token ids inside token oprets are display order).
 * @example const p: GatewaysOpret = decodeGatewaysOpret(script)
 */
export type GatewaysOpret =
  | GatewaysBindOpret
  | GatewaysLegacyBindOpret
  | GatewaysClaimOpret
  | GatewaysWithdrawOpret
  | GatewaysDepositOpret
  | GatewaysPartialSignOpret
  | GatewaysLegacyPartialSignOpret
  | GatewaysCompleteSigningOpret
  | GatewaysMarkDoneOpret
  | GatewaysLegacyMarkDoneOpret

/**
 * Every 2018 gateways record (legacy-2018-layouts.md §3.2), all `layout: 'legacy'`: bind, deposit without claimvout,
 * the GW-D claim (eval 0xe3), the raw GW-C/D withdraw, partial sign, complete signing ('C') and both mark-done forms.
 * @example const all: Gateways2018Opret[] = decodeGateways2018Opret(script)
 */
export type Gateways2018Opret =
  | GatewaysLegacyBindOpret
  | GatewaysLegacyDepositOpret
  | GatewaysLegacyClaimOpret
  | GatewaysLegacyWithdrawOpret
  | GatewaysLegacyPartialSignOpret
  | GatewaysLegacyCompleteSigningOpret
  | GatewaysLegacyMarkDoneOpret
  | GatewaysEarlyMarkDoneOpret

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
  if (p.layout !== undefined && !legacy)
    throw new KomodoCcError('ARG_INVALID', `gateways layout must be 'legacy' or absent`, { path: 'layout' })
  const w = new FieldWriter(256)
  const f = encodeFuncid(w, EVAL.GATEWAYS, p.funcid, 'gateways', legacy ? 'BPM' : 'BCWDPSM')
  if (legacy) {
    writeLegacy(w, f, p)
    return w.finish()
  }
  switch (f) {
    case 'B':
      w.text(p.coin, 'coin')
        .i64f(p.totalsupply, 'totalsupply')
        .txid(p.oracletxid, 'oracletxid')
        .u8f(p.M, 'M')
        .u8f(p.N, 'N')
      writePubkeys(w, p.pubkeys, 'pubkeys')
      w.u8f(p.taddr, 'taddr').u8f(p.prefix, 'prefix').u8f(p.prefix2, 'prefix2').u8f(p.wiftype, 'wiftype')
      return wrap(p, w.finish())
    case 'C':
      w.txid(p.bindtxid, 'bindtxid')
        .text(p.refcoin, 'refcoin')
        .txid(p.deposittxid, 'deposittxid')
        .pubkey(p.destpub, 'destpub')
        .i64f(p.amount, 'amount')
      return wrap(p, w.finish())
    case 'W':
      w.txid(p.bindtxid, 'bindtxid')
        .text(p.refcoin, 'refcoin')
        .pubkey(p.withdrawpub, 'withdrawpub')
        .i64f(p.amount, 'amount')
      return wrap(p, w.finish())
    case 'D':
      writeDeposit(w, p, true)
      return w.finish()
    case 'P':
      w.txid(p.withdrawtxid, 'withdrawtxid')
        .text(p.refcoin, 'refcoin')
        .u8f(p.K, 'K')
        .pubkey(p.signerpk, 'signerpk')
        .text(p.hex, 'hex')
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
  if (!Array.isArray(pks))
    throw new KomodoCcError('ARG_INVALID', `${name} expected an array of pubkeys`, { path: name })
  w.compactSize(pks.length)
  pks.forEach((k, i) => w.pubkey(k, `${name}[${i}]`))
}

function writeDeposit(w: FieldWriter, p: Record<string, unknown>, claimvout: boolean): void {
  w.text(p.refcoin, 'refcoin').txid(p.bindtxid, 'bindtxid')
  writePubkeys(w, p.publishers, 'publishers')
  const txids = p.txids
  if (!Array.isArray(txids)) throw new KomodoCcError('ARG_INVALID', 'txids expected an array', { path: 'txids' })
  w.compactSize(txids.length)
  txids.forEach((t, i) => w.txid(t, `txids[${i}]`))
  w.i32f(p.height, 'height').txid(p.cointxid, 'cointxid')
  if (claimvout) w.i32f(p.claimvout, 'claimvout')
  w.text(p.deposithex, 'deposithex').hexBytes(p.proof, 'proof').pubkey(p.destpub, 'destpub').i64f(p.amount, 'amount')
}

/** The fields after eval code and funcid of a 2018 record (legacy-2018-layouts.md §3.2). */
function writeLegacy(w: FieldWriter, f: string, p: Record<string, unknown>): void {
  switch (f) {
    case 'B':
      w.text(p.coin, 'coin')
        .u8f(p.prefix, 'prefix')
        .u8f(p.prefix2, 'prefix2')
        .u8f(p.taddr, 'taddr')
        .txid(p.tokenid, 'tokenid')
        .i64f(p.totalsupply, 'totalsupply')
        .u8f(p.M, 'M')
        .u8f(p.N, 'N')
      writePubkeys(w, p.pubkeys, 'pubkeys')
      w.txid(p.oracletxid, 'oracletxid')
      return
    case 'D':
      return writeDeposit(w, p, false)
    case 't':
      w.txid(p.tokenid, 'tokenid')
        .text(p.refcoin, 'refcoin')
        .txid(p.bindtxid, 'bindtxid')
        .txid(p.deposittxid, 'deposittxid')
        .pubkey(p.destpub, 'destpub')
        .i64f(p.amount, 'amount')
      return
    case 'W':
      w.txid(p.tokenid, 'tokenid')
        .text(p.refcoin, 'refcoin')
        .pubkey(p.withdrawpub, 'withdrawpub')
        .i64f(p.amount, 'amount')
      return
    case 'P':
      w.i32f(p.K, 'K').pubkey(p.signerpk, 'signerpk').text(p.refcoin, 'refcoin').text(p.hex, 'hex')
      return
    case 'C':
      w.text(p.refcoin, 'refcoin').txid(p.withdrawtxid, 'withdrawtxid').text(p.hex, 'hex')
      return
    default:
      if ('cointxid' in p) w.txid(p.cointxid, 'cointxid').text(p.refcoin, 'refcoin')
      else w.text(p.refcoin, 'refcoin').txid(p.completetxid, 'completetxid')
  }
}

/**
 * Encodes a 2018 gateways record ({@link Gateways2018Opret}) as an opret script: raw `f1 …` records, the GW-D claim
 * as `e3 74 …`. A mark done with `cointxid` is the GW-A/B/C form, with `completetxid` the GW-D form.
 * @throws KomodoCcError ARG_INVALID | OPRET_FUNCID | PUBKEY_INVALID | INT_RANGE | BYTES_LENGTH | HEX_INVALID | SCRIPT_TOO_LARGE
 * @example bytesToHex(encodeGateways2018Opret({ funcid: 'M', layout: 'legacy', cointxid, refcoin: 'KMD' })).slice(0, 8) // '6a26f14d'
 */
export function encodeGateways2018Opret(payload: Gateways2018Opret): Uint8Array {
  return opretScript(encodeGateways2018Payload(payload))
}

/** The bare payload of {@link encodeGateways2018Opret}. @example encodeGateways2018Payload(p)[0] // 0xf1, or 0xe3 for the GW-D claim */
export function encodeGateways2018Payload(payload: Gateways2018Opret): Uint8Array {
  const p = assertPayloadObject(payload, 'gateways')
  if (p.layout !== 'legacy')
    throw new KomodoCcError('ARG_INVALID', `a 2018 gateways record has layout 'legacy'`, { path: 'layout' })
  const w = new FieldWriter(256)
  const claim = p.funcid === 't'
  if (claim && p.evalCode !== EVAL.ASSETS)
    throw new KomodoCcError('OPRET_EVAL', `the GW-D claim record has evalCode 0xe3`, { path: 'evalCode' })
  const f = encodeFuncid(w, claim ? EVAL.ASSETS : EVAL.GATEWAYS, p.funcid, 'gateways (2018)', 'BDtWPCM')
  writeLegacy(w, f, p)
  return w.finish()
}

function wrap(p: Record<string, unknown>, blob: Uint8Array): Uint8Array {
  const pks = p.voutPubkeys
  if (!Array.isArray(pks) || pks.length > 2)
    throw new KomodoCcError('ARG_INVALID', 'voutPubkeys expected an array of 0..2 pubkeys', { path: 'voutPubkeys' })
  const w = new FieldWriter(blob.length + 110)
  w.u8(EVAL.TOKENS).u8(0x74).displayTxid(p.tokenid, 'tokenid').u8(pks.length)
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
export function decodeGatewaysOpret(
  scriptOrBytes: Uint8Array | string,
  options: OpretDecodeOptions = {},
): GatewaysOpret {
  return decodeGatewaysPayload(opretPayload(scriptOrBytes, options))
}

/**
 * Decodes bare gateways payload bytes. `daemon`: the token wrapper read as komodod's `DecodeTokenOpRet` reads it (a
 * lone blob-id byte at its end dropped). @internal
 */
export function decodeGatewaysPayload(payload: Uint8Array, daemon = false): GatewaysOpret {
  if (payload.length > 0 && payload[0] === EVAL.TOKENS) {
    const t = decodeTokensWrapper(payload, daemon)
    if (t.funcid !== 't' || t.tokenid === null)
      throw new KomodoCcError(
        'OPRET_FUNCID',
        `a token-wrapped gateways payload must be a token 't' opret, got '${t.funcid}'`,
        { path: 'tokens.funcid' },
      )
    const blob = t.blobs.find((b) => b.id === GATEWAYS_BLOB_ID)
    if (blob === undefined)
      throw new KomodoCcError('OPRET_INVALID', 'token opret carries no gateways (0x13) blob', { path: 'tokens.blobs' })
    const wrapper = { tokenid: t.tokenid, voutPubkeys: t.pubkeys }
    return decodeFields(blob.data, 'gateways', (r): GatewaysOpret => {
      r.evalCode(EVAL.GATEWAYS)
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
        return {
          funcid: 'B',
          ...wrapper,
          coin,
          totalsupply,
          oracletxid,
          M,
          N,
          pubkeys,
          taddr,
          prefix,
          prefix2,
          wiftype,
        }
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
  if (payload[0] === EVAL.GATEWAYS && 'BPM'.includes(f) && f !== '') {
    try {
      return decodeFields(payload, 'gateways', decodeLegacy)
    } catch {
      // report the current layout's failure
    }
  }
  throw first
}

function decodePlain(r: FieldReader): GatewaysOpret {
  r.evalCode(EVAL.GATEWAYS)
  const f = r.funcid()
  switch (f) {
    case 'D':
      return readDeposit(r, true) as GatewaysDepositOpret
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
  r.evalCode(EVAL.GATEWAYS)
  const f = r.funcid()
  if (f === 'B') return readLegacyBind(r)
  if (f === 'P') return readLegacyPartial(r)
  if (f === 'M') return readMarkDoneD(r)
  return badFuncid('gateways (legacy)', f, 'B P M')
}

function readDeposit(r: FieldReader, claimvout: boolean): GatewaysDepositOpret | GatewaysLegacyDepositOpret {
  const refcoin = r.varText('refcoin')
  const bindtxid = r.txid('bindtxid')
  const publishers = readPubkeys(r, 'publishers')
  r.field = 'txids'
  const n = r.compactSize()
  if (n * 32 > r.remaining)
    throw new KomodoCcError('READ_PAST_END', `txids count ${n} needs ${n * 32} bytes, only ${r.remaining} left`, {
      need: n * 32,
      left: r.remaining,
    })
  const txids: string[] = []
  for (let i = 0; i < n; i++) txids.push(r.txid(`txids[${i}]`))
  const height = r.i32f('height')
  const cointxid = r.txid('cointxid')
  const vout = claimvout ? r.i32f('claimvout') : 0
  const deposithex = r.varText('deposithex')
  const proof = r.varHex('proof')
  const destpub = r.pubkey('destpub')
  const amount = r.i64f('amount')
  r.done()
  const head = { funcid: 'D' as const, refcoin, bindtxid, publishers, txids, height, cointxid }
  const tail = { deposithex, proof, destpub, amount }
  return claimvout ? { ...head, claimvout: vout, ...tail } : { ...head, layout: 'legacy', ...tail }
}

function readLegacyBind(r: FieldReader): GatewaysLegacyBindOpret {
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
  return {
    funcid: 'B',
    layout: 'legacy',
    coin,
    prefix,
    prefix2,
    taddr,
    tokenid,
    totalsupply,
    M,
    N,
    pubkeys,
    oracletxid,
  }
}

function readLegacyPartial(r: FieldReader): GatewaysLegacyPartialSignOpret {
  const K = r.i32f('K')
  const signerpk = r.pubkey('signerpk')
  const refcoin = r.varText('refcoin')
  const hex = r.varText('hex')
  r.done()
  return { funcid: 'P', layout: 'legacy', K, signerpk, refcoin, hex }
}

function readMarkDoneD(r: FieldReader): GatewaysLegacyMarkDoneOpret {
  const refcoin = r.varText('refcoin')
  const completetxid = r.txid('completetxid')
  r.done()
  return { funcid: 'M', layout: 'legacy', refcoin, completetxid }
}

/** The 2018 readers of each funcid, in the order they are tried (after eval code and funcid). */
const READERS_2018: Readonly<Record<string, readonly ((r: FieldReader) => Gateways2018Opret)[]>> =
  /* @__PURE__ */ Object.freeze({
    B: [readLegacyBind],
    D: [(r: FieldReader) => readDeposit(r, false) as GatewaysLegacyDepositOpret],
    W: [
      (r: FieldReader): GatewaysLegacyWithdrawOpret => {
        const tokenid = r.txid('tokenid')
        const refcoin = r.varText('refcoin')
        const withdrawpub = r.pubkey('withdrawpub')
        const amount = r.i64f('amount')
        r.done()
        return { funcid: 'W', layout: 'legacy', tokenid, refcoin, withdrawpub, amount }
      },
    ],
    P: [readLegacyPartial],
    C: [
      (r: FieldReader): GatewaysLegacyCompleteSigningOpret => {
        const refcoin = r.varText('refcoin')
        const withdrawtxid = r.txid('withdrawtxid')
        const hex = r.varText('hex')
        r.done()
        return { funcid: 'C', layout: 'legacy', refcoin, withdrawtxid, hex }
      },
    ],
    M: [
      readMarkDoneD,
      (r: FieldReader): GatewaysEarlyMarkDoneOpret => {
        const cointxid = r.txid('cointxid')
        const refcoin = r.varText('refcoin')
        r.done()
        return { funcid: 'M', layout: 'legacy', cointxid, refcoin }
      },
    ],
    t: [
      (r: FieldReader): GatewaysLegacyClaimOpret => {
        const tokenid = r.txid('tokenid')
        const refcoin = r.varText('refcoin')
        const bindtxid = r.txid('bindtxid')
        const deposittxid = r.txid('deposittxid')
        const destpub = r.pubkey('destpub')
        const amount = r.i64f('amount')
        r.done()
        return {
          funcid: 't',
          evalCode: EVAL.ASSETS,
          layout: 'legacy',
          tokenid,
          refcoin,
          bindtxid,
          deposittxid,
          destpub,
          amount,
        }
      },
    ],
  })

/**
 * Decodes an opret script or payload as the 2018 gateways records (legacy-2018-layouts.md §3.2): every layout whose
 * eval code and funcid match and that consumes the payload exactly, in this order: bind 'B'; deposit 'D' without
 * claimvout; GW-D claim `e3 74`; raw withdraw 'W'; partial sign 'P'; complete signing 'C'; mark done 'M' (GW-D form,
 * then GW-A/B/C form). Two mark-done forms can both fit the same bytes; the transaction decides (§8 rule 20), so all
 * fits are returned. The GW-A/B/C claims and withdraws carry a 34-byte Assets `'t'` opret: use `decodeTokensOpret`.
 * @throws KomodoCcError OPRET_EVAL | OPRET_FUNCID | OPRET_INVALID | READ_PAST_END | TRAILING_BYTES | PUBKEY_INVALID (when none fits)
 * @example decodeGateways2018Opret(script).map((p) => p.funcid) // ['M', 'M'] for an ambiguous mark done
 */
export function decodeGateways2018Opret(
  scriptOrBytes: Uint8Array | string,
  options: OpretDecodeOptions = {},
): Gateways2018Opret[] {
  return decodeGateways2018Payload(opretPayload(scriptOrBytes, options))
}

/** Decodes bare payload bytes as {@link decodeGateways2018Opret} does. @internal */
export function decodeGateways2018Payload(payload: Uint8Array): Gateways2018Opret[] {
  const claim = payload.length > 0 && payload[0] === EVAL.ASSETS
  const f = payload.length > 1 ? String.fromCharCode(payload[1]!) : ''
  const readers = (claim ? f === 't' : f !== 't') ? READERS_2018[f] : undefined
  const head = (r: FieldReader) => {
    r.evalCode(claim ? EVAL.ASSETS : EVAL.GATEWAYS)
    const got = r.funcid()
    if (readers === undefined) badFuncid('gateways (2018)', got, claim ? 't' : 'B D W P C M')
  }
  if (readers === undefined)
    return [
      decodeFields(payload, 'gateways', (r) => {
        head(r)
        return undefined as never
      }),
    ]
  const out: Gateways2018Opret[] = []
  let first: unknown
  for (const read of readers) {
    try {
      out.push(
        decodeFields(payload, 'gateways', (r) => {
          head(r)
          return read(r)
        }),
      )
    } catch (e) {
      first ??= e
    }
  }
  if (out.length === 0) throw first
  return out
}

function readPubkeys(r: FieldReader, name: string): string[] {
  r.field = name
  const n = r.compactSize()
  if (n * 34 > r.remaining)
    throw new KomodoCcError(
      'READ_PAST_END',
      `${name} count ${n} needs at least ${n * 34} bytes, only ${r.remaining} left`,
      { need: n * 34, left: r.remaining },
    )
  const out: string[] = []
  for (let i = 0; i < n; i++) out.push(r.pubkey(`${name}[${i}]`))
  return out
}
