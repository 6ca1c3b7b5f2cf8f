// The Tokel data blob (eval 0xF7) a `tokenv2createtokel` puts first in its create opret: `f7 01 {propId value}*`
// (tokel src/cc/CCTokelData.cpp ParseTokelJson, UnmarshalTokelVData, ParseTokelVData, CheckTokelData; spec §4.3).
import { KomodoCcError } from '../../errors.js'
import { ByteReader } from '../../bytes/reader.js'
import { ByteWriter } from '../../bytes/writer.js'
import { bytesToHex, hexToBytes } from '../../bytes/hex.js'
import { utf8ToBytes } from '../../bytes/utils.js'

/** `EVAL_TOKELDATA`, the blob's first byte. @example EVAL_TOKELDATA // 0xf7 */
export const EVAL_TOKELDATA = 0xf7
/** `TKLDATA_VERSION`. @example TKLDATA_VERSION // 1 */
export const TKLDATA_VERSION = 1
/** `TKLROYALTY_DIVISOR`: a royalty r pays r/1000 of a DEX sale to the token's creator. @example TKLROYALTY_DIVISOR // 1000 */
export const TKLROYALTY_DIVISOR = 1000
/** Property ids (`tklPropId`). @example TKL_PROP.royalty // 3 */
export const TKL_PROP = /* @__PURE__ */ Object.freeze({ id: 1, url: 2, royalty: 3, arbitrary: 4 } as const)
/** The largest `id`/`royalty` value (`MAX_SIZE`: `tklWriteInt64` refuses more, `ReadCompactSize` too). @example TKL_MAX_INT // 33554432 */
export const TKL_MAX_INT = 0x02000000

/**
 * Tokel data as `tokenv2infotokel` prints `dataAsJson`: `id` and `royalty` integers, `url` text, `arbitrary` hex.
 * @example const d: TokelData = { id: 1, url: 'https://tokel.io/', royalty: 10 }
 */
export type TokelData = { id?: number; url?: string; royalty?: number; arbitrary?: string }

const NAMES = ['', 'id', 'url', 'royalty', 'arbitrary'] as const

/**
 * Encodes the Tokel blob from a JSON object as `ParseTokelJson` does: properties in the object's key order, `id` and
 * `royalty` as CompactSize (integers 0..0x02000000), `url` as a length-prefixed string, `arbitrary` as hex digits
 * (an odd count drops its last nibble, as `ParseHex`). Unknown keys are refused. Stricter than the daemon where it
 * would write a wrong byte: a non-integer or negative number is refused (the daemon writes 0 or an unreadable size).
 * @throws KomodoCcError TOKEL_DATA_INVALID
 * @example bytesToHex(encodeTokelData({ id: 1, url: 'https://tokel.io/', royalty: 10 })) // 'f7010101021168747470733a2f2f746f6b656c2e696f2f030a'
 */
export function encodeTokelData(json: Readonly<Record<string, unknown>>): Uint8Array {
  if (typeof json !== 'object' || json === null || Array.isArray(json))
    throw new KomodoCcError('TOKEL_DATA_INVALID', 'tokel data expected a JSON object', { path: 'data' })
  const w = new ByteWriter(64)
  w.u8(EVAL_TOKELDATA).u8(TKLDATA_VERSION)
  for (const key of Object.keys(json)) {
    const id = NAMES.indexOf(key as (typeof NAMES)[number])
    if (id <= 0) throw new KomodoCcError('TOKEL_DATA_INVALID', `invalid token data id: '${key}'`, { path: key })
    const v = json[key]
    w.u8(id)
    if (id === TKL_PROP.id || id === TKL_PROP.royalty) {
      if (typeof v !== 'number' || !Number.isInteger(v) || v < 0 || v > TKL_MAX_INT)
        throw new KomodoCcError(
          'TOKEL_DATA_INVALID',
          `tokel data invalid: '${key}' expected an integer 0..${TKL_MAX_INT}`,
          {
            path: key,
          },
        )
      w.compactSize(v)
    } else if (id === TKL_PROP.url) {
      // getValStr(): a string as is, a number or boolean as its JSON text
      if (typeof v !== 'string' && typeof v !== 'number' && typeof v !== 'boolean')
        throw new KomodoCcError('TOKEL_DATA_INVALID', `tokel data invalid: '${key}' expected a string`, { path: key })
      w.varBytes(utf8ToBytes(String(v)))
    } else {
      if (typeof v !== 'string' || !/^[0-9a-fA-F]*$/.test(v))
        throw new KomodoCcError('TOKEL_DATA_INVALID', `tokel data invalid: '${key}' not hex string`, { path: key })
      w.varBytes(hexToBytes(v.length % 2 === 1 ? v.slice(0, -1) : v, key))
    }
  }
  return w.finish()
}

/**
 * Decodes a Tokel blob strictly, as `UnmarshalTokelVData` reads it: at least 2 bytes, `f7`, version 1, then (id,
 * value) pairs to the end; an unknown id, a repeated id or a read past the end is refused. With `checkRoyalty`
 * (default true) the royalty must also be 0..999 (`CheckTokelData`). Properties come back in id order, as
 * `dataAsJson` prints them.
 * @throws KomodoCcError TOKEL_DATA_INVALID
 * @example decodeTokelData(hexToBytes('f7010101021168747470733a2f2f746f6b656c2e696f2f030a')) // { id: 1, url: 'https://tokel.io/', royalty: 10 }
 */
export function decodeTokelData(blob: Uint8Array | string, options: { checkRoyalty?: boolean } = {}): TokelData {
  const b = typeof blob === 'string' ? hexToBytes(blob, 'data') : blob
  if (!(b instanceof Uint8Array) || b.length < 2 || b[0] !== EVAL_TOKELDATA)
    throw new KomodoCcError('TOKEL_DATA_INVALID', 'invalid tkl data', { path: 'data' })
  if (b[1] !== TKLDATA_VERSION)
    throw new KomodoCcError('TOKEL_DATA_INVALID', 'invalid tkl data version', { path: 'data', got: b[1] })
  const r = new ByteReader(b, 2)
  const found = new Map<number, unknown>()
  try {
    while (r.remaining > 0) {
      const id = r.u8()
      if (id < 1 || id > 4)
        throw new KomodoCcError('TOKEL_DATA_INVALID', 'invalid tokel data property type', { path: 'data', id })
      if (found.has(id))
        throw new KomodoCcError('TOKEL_DATA_INVALID', 'duplicate tokel data property type', { path: 'data', id })
      if (id === TKL_PROP.id || id === TKL_PROP.royalty) found.set(id, r.compactSize(TKL_MAX_INT))
      else if (id === TKL_PROP.url) found.set(id, new TextDecoder().decode(r.varBytes()))
      else found.set(id, bytesToHex(r.varBytes()))
    }
  } catch (e) {
    if (e instanceof KomodoCcError && e.code === 'TOKEL_DATA_INVALID') throw e
    throw new KomodoCcError('TOKEL_DATA_INVALID', 'could not parse tokel token data', { path: 'data' }, { cause: e })
  }
  const out: TokelData = {}
  for (const id of [1, 2, 3, 4]) if (found.has(id)) (out as Record<string, unknown>)[NAMES[id]!] = found.get(id)
  if ((options.checkRoyalty ?? true) && out.royalty !== undefined && out.royalty >= TKLROYALTY_DIVISOR)
    throw new KomodoCcError('TOKEL_DATA_INVALID', 'invalid tokel royalty value (must be in 0...999)', {
      path: 'royalty',
      got: out.royalty,
    })
  return out
}

/**
 * The royalty the DEX applies for a token's data blob (`GetTokelDataAsInt64(…, TKLPROP_ROYALTY)`, clamped to 999 by
 * the assets code): 0 without a Tokel blob or a royalty, or when the blob does not parse.
 * @example tokelRoyalty(hexToBytes('f70103fdf401')) // 500
 */
export function tokelRoyalty(blob: Uint8Array | string | null | undefined): number {
  if (blob === null || blob === undefined) return 0
  try {
    const r = decodeTokelData(blob, { checkRoyalty: false }).royalty ?? 0
    return Math.min(r, TKLROYALTY_DIVISOR - 1)
  } catch {
    return 0
  }
}
