import { EVAL } from '../../cc/eval.js'
import { KomodoCcError } from '../../errors.js'
import {
  FieldReader,
  FieldWriter,
  assertPayloadObject,
  badFuncid,
  decodeFields,
  encodeFuncid,
  hexOf,
  opretPayload,
  opretScript,
  type OpretDecodeOptions,
} from '../opret.js'

/** Blob ids of the token opret's (id, blob) pairs (`enum opretid`, komodo CCinclude.h). @example TOKENS_BLOB_ID.nonfungible // 0x11 */
export const TOKENS_BLOB_ID = /* @__PURE__ */ Object.freeze({
  nonfungible: 0x11,
  assets: 0x12,
  gateways: 0x13,
  channels: 0x14,
  heir: 0x15,
  rogue: 0x16,
  burn: 0x80,
  import: 0x81,
} as const)

/** One (id, blob) pair of a token opret; `data` is hex. @example const nft: TokensBlob = { id: 0x11, data: 'f70101' } */
export type TokensBlob = { id: number; data: string }

/**
 * `tokencreate` ('c'): `f2 63 origpubkey:varbytes name:varstr description:varstr {id:u8 blob:varbytes}*`.
 * `evalCode` 0xe3 is the January-2019 Assets-era create (same fields), still on chain. komodod keeps the name and
 * the description as bytes: each decodes to its text when it is UTF-8, else to the hex of its bytes with
 * `encoding.name` / `encoding.description` = `'hex'` (so the token is never dropped, and re-encodes to its bytes).
 * @example const p = decodeTokensOpret(script) as TokensCreateOpret; p.name
 */
export type TokensCreateOpret = {
  funcid: 'c'
  evalCode: 0xf2 | 0xe3
  origpubkey: string
  name: string
  description: string
  blobs: TokensBlob[]
  /** Present when a field is not UTF-8: that field holds the hex of its bytes. */
  encoding?: { name?: 'hex'; description?: 'hex' }
}

/**
 * `tokentransfer` ('t'): `f2 74 tokenid:hash32(display) nPubkeys:u8 pubkey* {id:u8 blob:varbytes}*`.
 * `legacyBlob: true` marks the pre-2020 form whose single trailing blob is written as bare varbytes (old Rogue
 * `11 R|H|Q|K|G…` or old Assets `e3 s|b|S|B|x|o…` data); it decodes to id 0x16 or 0x12 as the daemon reports it.
 * @example (decodeTokensOpret(script) as TokensTransferOpret).pubkeys
 */
export type TokensTransferOpret = {
  funcid: 't'
  evalCode: 0xf2
  tokenid: string
  pubkeys: string[]
  blobs: TokensBlob[]
  legacyBlob?: boolean
}

/**
 * The 2018 Assets-era transfer: `e3 74 tokenid:hash32(display)` and nothing else. @example decodeTokensOpret('6a22e374'
 * + tokenid) // { funcid: 't', evalCode: 0xe3, tokenid }
 */
export type TokensLegacyTransferOpret = {
  funcid: 't'
  evalCode: 0xe3
  tokenid: string
}

/** Every tokens opret payload. @example const p: TokensOpret = decodeTokensOpret(script) */
export type TokensOpret = TokensCreateOpret | TokensTransferOpret | TokensLegacyTransferOpret

/**
 * Encodes a tokens payload as an opret script (`6a` + push).
 * @throws KomodoCcError ARG_INVALID | OPRET_FUNCID | PUBKEY_INVALID | INT_RANGE | HEX_INVALID | BYTES_LENGTH | SCRIPT_TOO_LARGE
 * @example
 * bytesToHex(encodeTokensOpret({ funcid: 't', evalCode: 0xf2, tokenid: '00'.repeat(32), pubkeys: [pk], blobs: [] }))
 */
export function encodeTokensOpret(payload: TokensOpret): Uint8Array {
  return opretScript(encodeTokensPayload(payload))
}

/** The bare payload bytes of {@link encodeTokensOpret} (no `6a` push). @example encodeTokensPayload(p).length */
export function encodeTokensPayload(payload: TokensOpret): Uint8Array {
  const p = assertPayloadObject(payload, 'tokens')
  const ev = p.evalCode === undefined ? EVAL.TOKENS : p.evalCode
  if (ev !== EVAL.TOKENS && ev !== EVAL.ASSETS)
    throw new KomodoCcError(
      'OPRET_EVAL',
      `tokens evalCode must be 0xf2 (or 0xe3 for the 2018 layouts), got ${String(ev)}`,
      { path: 'evalCode' },
    )
  const w = new FieldWriter(128)
  const f = encodeFuncid(w, ev, p.funcid, 'tokens', 'ct')
  if (f === 'c') {
    const enc = (p as { encoding?: { name?: unknown; description?: unknown } }).encoding
    w.pubkey(p.origpubkey, 'origpubkey')
      .textOrHex(p.name, enc?.name === 'hex', 'name')
      .textOrHex(p.description, enc?.description === 'hex', 'description')
    writeBlobs(w, p.blobs)
  } else if (ev === EVAL.ASSETS) {
    w.displayTxid(p.tokenid, 'tokenid')
  } else {
    w.displayTxid(p.tokenid, 'tokenid')
    const pks = p.pubkeys
    if (!Array.isArray(pks) || pks.length > 2)
      throw new KomodoCcError('ARG_INVALID', `tokens pubkeys expected an array of 0..2 pubkeys`, { path: 'pubkeys' })
    w.u8(pks.length)
    pks.forEach((k, i) => w.pubkey(k, `pubkeys[${i}]`))
    if (p.legacyBlob === true) {
      const blobs = p.blobs as TokensBlob[]
      if (!Array.isArray(blobs) || blobs.length !== 1)
        throw new KomodoCcError('ARG_INVALID', 'a legacyBlob transfer carries exactly one blob', { path: 'blobs' })
      const b = assertPayloadObject(blobs[0], 'blobs[0]')
      const data = typeof b.data === 'string' ? b.data : ''
      const ok =
        (b.id === 0x16 && /^11(52|48|51|4b|47)/i.test(data)) || (b.id === 0x12 && /^e3(73|62|53|42|78|6f)/i.test(data))
      if (!ok)
        throw new KomodoCcError(
          'ARG_INVALID',
          'a legacyBlob is id 0x16 with old Rogue data (11 R|H|Q|K|G…) or id 0x12 with old Assets data (e3 s|b|S|B|x|o…)',
          { path: 'blobs[0]' },
        )
      w.hexBytes(data, 'blobs[0].data')
    } else writeBlobs(w, p.blobs)
  }
  return w.finish()
}

function writeBlobs(w: FieldWriter, blobs: unknown): void {
  if (!Array.isArray(blobs)) throw new KomodoCcError('ARG_INVALID', 'tokens blobs expected an array', { path: 'blobs' })
  blobs.forEach((b: unknown, i) => {
    const o = assertPayloadObject(b, `blobs[${i}]`)
    if (o.id === 0)
      throw new KomodoCcError('ARG_INVALID', `blobs[${i}].id 0 is never written by the daemon`, {
        path: `blobs[${i}].id`,
      })
    w.u8f(o.id, `blobs[${i}].id`).hexBytes(o.data, `blobs[${i}].data`)
  })
}

/**
 * Decodes a tokens opret script or payload (hex or bytes), strictly: eval 0xf2 (or the 2018 0xe3 forms), funcid
 * 'c' or 't', valid pubkeys, nPubkeys ≤ 2, every byte consumed.
 * The daemon is laxer in three places, each refused here: a lone trailing blob-id byte is silently dropped,
 * a create's origpubkey may have any length, and transfer pubkeys that are not valid keys are skipped.
 * @throws KomodoCcError OPRET_EVAL | OPRET_FUNCID | READ_PAST_END | TRAILING_BYTES | PUBKEY_INVALID | OPRET_INVALID
 * @example decodeTokensOpret('6a22e374' + tokenid).funcid // 't'
 */
export function decodeTokensOpret(scriptOrBytes: Uint8Array | string, options: OpretDecodeOptions = {}): TokensOpret {
  return decodeTokensPayload(opretPayload(scriptOrBytes, options))
}

/**
 * Decodes bare tokens payload bytes. `daemon`: as komodod's `DecodeTokenOpRet` (src/cc/CCtokenutils.cpp) reads a
 * transfer for consensus, a lone blob-id byte at the end is dropped instead of refused (its `while (!ss.eof())` loop
 * reads the id, finds the end and stops). @internal
 */
export function decodeTokensPayload(payload: Uint8Array, daemon = false): TokensOpret {
  return decodeFields(payload, 'tokens', (r) => {
    const ev = r.evalCode([EVAL.TOKENS, EVAL.ASSETS])
    const f = r.funcid()
    if (f === 'c') {
      const origpubkey = r.pubkey('origpubkey')
      // komodod reads both as bytes (std::vector<uint8_t>): text when UTF-8, else hex, never refused
      const name = r.varTextOrHex('name')
      const description = r.varTextOrHex('description')
      const blobs = readBlobs(r)
      const out: TokensCreateOpret = {
        funcid: 'c',
        evalCode: ev as 0xf2 | 0xe3,
        origpubkey,
        name: name.value,
        description: description.value,
        blobs,
      }
      if (name.hex || description.hex)
        out.encoding = { ...(name.hex ? { name: 'hex' } : {}), ...(description.hex ? { description: 'hex' } : {}) }
      return out
    }
    if (f !== 't') badFuncid('tokens', f, 'c t')
    const tokenid = r.displayTxid('tokenid')
    if (ev === EVAL.ASSETS) {
      r.done()
      return { funcid: 't', evalCode: EVAL.ASSETS, tokenid }
    }
    r.field = 'nPubkeys'
    const n = r.u8()
    if (n > 2) throw new KomodoCcError('OPRET_INVALID', `nPubkeys ${n} is above 2`, { got: n })
    const pubkeys: string[] = []
    for (let i = 0; i < n; i++) pubkeys.push(r.pubkey(`pubkeys[${i}]`))
    const legacy = readLegacyBlob(r)
    if (legacy !== null)
      return { funcid: 't', evalCode: EVAL.TOKENS, tokenid, pubkeys, blobs: [legacy], legacyBlob: true }
    const blobs = readBlobs(r, daemon)
    return { funcid: 't', evalCode: EVAL.TOKENS, tokenid, pubkeys, blobs }
  })
}

/** The daemon's first attempt: one varbytes blob that consumes the rest and has an old Rogue/Assets prefix. */
function readLegacyBlob(r: FieldReader): TokensBlob | null {
  if (r.remaining === 0) return null
  const save = r.pos
  try {
    const b = r.varBytes()
    if (r.remaining === 0 && b.length >= 2) {
      const a = b[0]!,
        c = String.fromCharCode(b[1]!)
      if (a === 0x11 && 'RHQKG'.includes(c)) return { id: 0x16, data: hexOf(b) }
      if (a === 0xe3 && 'sbSBxo'.includes(c)) return { id: 0x12, data: hexOf(b) }
    }
  } catch {
    // not the legacy form
  }
  r.pos = save
  return null
}

function readBlobs(r: FieldReader, dropLoneId = false): TokensBlob[] {
  const blobs: TokensBlob[] = []
  while (r.remaining > 0) {
    const i = blobs.length
    r.field = `blobs[${i}].id`
    const id = r.u8()
    if (r.remaining === 0 && dropLoneId) break
    if (r.remaining === 0)
      throw new KomodoCcError(
        'TRAILING_BYTES',
        `a lone blob id byte 0x${id.toString(16)} ends the payload (the daemon drops it silently)`,
        { offset: r.pos - 1 },
      )
    blobs.push({ id, data: r.varHex(`blobs[${i}].data`) })
  }
  return blobs
}

/**
 * Reads the token wrapper and returns its blobs as views, for modules whose payload sits inside (gateways).
 * `daemon`: a lone blob-id byte at the end is dropped, as `DecodeTokenOpRet` drops it. @internal
 */
export function decodeTokensWrapper(
  payload: Uint8Array,
  daemon = false,
): {
  funcid: 'c' | 't'
  tokenid: string | null
  pubkeys: string[]
  blobs: { id: number; data: Uint8Array }[]
} {
  return decodeFields(payload, 'tokens', (r) => {
    r.evalCode(EVAL.TOKENS)
    const f = r.funcid()
    let tokenid: string | null = null
    const pubkeys: string[] = []
    if (f === 'c') {
      r.pubkey('origpubkey')
      r.varView('name')
      r.varView('description')
    } else if (f === 't') {
      tokenid = r.displayTxid('tokenid')
      r.field = 'nPubkeys'
      const n = r.u8()
      if (n > 2) throw new KomodoCcError('OPRET_INVALID', `nPubkeys ${n} is above 2`, { got: n })
      for (let i = 0; i < n; i++) pubkeys.push(r.pubkey(`pubkeys[${i}]`))
    } else badFuncid('tokens', f, 'c t')
    const blobs: { id: number; data: Uint8Array }[] = []
    while (r.remaining > 0) {
      r.field = `blobs[${blobs.length}].id`
      const id = r.u8()
      if (r.remaining === 0 && daemon) break
      if (r.remaining === 0)
        throw new KomodoCcError('TRAILING_BYTES', `a lone blob id byte ends the payload`, { offset: r.pos - 1 })
      blobs.push({ id, data: r.varView(`blobs[${blobs.length}].data`) })
    }
    return { funcid: f, tokenid, pubkeys, blobs }
  })
}

/** The NFT data blob (id 0x11) of a create payload, or null. @example nftData(decoded) // 'f70101' */
export function nftData(payload: TokensOpret): string | null {
  if (payload.funcid !== 'c') return null
  const b = payload.blobs.find((x) => x.id === TOKENS_BLOB_ID.nonfungible)
  return b === undefined ? null : b.data
}
