import { KomodoCcError } from '../errors.js'
import { assertBool, describe } from '../bytes/assert.js'
import { reversedHex32, typeName } from '../bytes/hex.js'
import { ORACLE_MAX_DATA_SIZE, ORACLE_MAX_PRINT_FIELD } from './limits.js'

/**
 * One decoded oracle field: `number` for c C t T i I, `bigint` for l L, `string` for s S and h (display hex),
 * `Uint8Array` for d D (a view into the record, not a copy).
 */
export type OracleValue = number | bigint | string | Uint8Array

/** The format characters komodod accepts in `oraclescreate`. */
export const ORACLE_FORMAT_CHARS = 'sSdDcCtTiIlLh'

// Fixed-width chars: [bytes, signed]. 8-byte widths decode to bigint, the rest to number.
const FIXED: Readonly<Record<string, readonly [number, boolean]>> = /* @__PURE__ */ Object.freeze({
  c: [1, true],
  C: [1, false],
  t: [2, true],
  T: [2, false],
  i: [4, true],
  I: [4, false],
  l: [8, true],
  L: [8, false],
  h: [32, false],
})

const HEX: readonly string[] = /* @__PURE__ */ Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'))
const NIB: Int8Array = /* @__PURE__ */ (() => {
  const t = new Int8Array(128).fill(-1)
  for (let i = 0; i < 16; i++) t['0123456789abcdef'.charCodeAt(i)] = i
  for (let i = 10; i < 16; i++) t['ABCDEF'.charCodeAt(i - 10)] = i
  return t
})()

// Two hex chars (codes < 128) → their byte, or -1: one lookup per byte when parsing 'h' values.
const PAIR: Int16Array = /* @__PURE__ */ (() => {
  const t = new Int16Array(128 * 128).fill(-1)
  for (let a = 0; a < 128; a++)
    for (let b = 0; b < 128; b++) if (NIB[a]! >= 0 && NIB[b]! >= 0) t[(a << 7) | b] = (NIB[a]! << 4) | NIB[b]!
  return t
})()

/** Options of {@link encodeOracleData} and {@link decodeOracleData}. */
export type OracleDataOptions = {
  /** Accept records over 8192 bytes (the daemon refuses them; for building chunks or reading hand-built records). */
  allowOversize?: boolean
}

function err(
  code:
    | 'ORACLE_FORMAT'
    | 'ORACLE_NOT_ASCII'
    | 'ORACLE_TOO_LONG'
    | 'ORACLE_VALUE'
    | 'INT_RANGE'
    | 'READ_PAST_END'
    | 'TRAILING_BYTES'
    | 'ORACLE_DATA_EMPTY'
    | 'ORACLE_DATA_TOO_BIG',
  message: string,
  details: Record<string, unknown>,
): KomodoCcError {
  const path = typeof details.index === 'number' ? `[${details.index}]` : undefined
  return new KomodoCcError(
    code,
    path === undefined ? message : `${message} (at ${path})`,
    path === undefined ? details : { ...details, path },
  )
}

/**
 * Checks a format string against the daemon's alphabet (`s S d D c C t T i I l L h`).
 * @throws KomodoCcError ORACLE_FORMAT with the offending index
 * @example assertOracleFormat('IhhL')
 */
export function assertOracleFormat(format: string): string {
  if (typeof format !== 'string')
    throw new KomodoCcError('ORACLE_FORMAT', `format expected a string, got ${typeName(format)}`)
  for (let i = 0; i < format.length; i++)
    if (ORACLE_FORMAT_CHARS.indexOf(format[i]!) < 0)
      throw err('ORACLE_FORMAT', `format char ${JSON.stringify(format[i])} is not one of ${ORACLE_FORMAT_CHARS}`, {
        index: i,
        format: format[i],
      })
  return format
}

function intRange(char: string): readonly [number | bigint, number | bigint] {
  switch (char) {
    case 'c':
      return [-0x80, 0x7f]
    case 'C':
      return [0, 0xff]
    case 't':
      return [-0x8000, 0x7fff]
    case 'T':
      return [0, 0xffff]
    case 'i':
      return [-0x80000000, 0x7fffffff]
    case 'I':
      return [0, 0xffffffff]
    case 'l':
      return [-0x8000000000000000n, 0x7fffffffffffffffn]
    default:
      return [0n, 0xffffffffffffffffn]
  }
}

/** Size of one value once encoded, after validating it; throws the value's error. */
function valueSize(char: string, v: unknown, i: number): number {
  switch (char) {
    case 's':
    case 'S': {
      if (typeof v !== 'string')
        throw err('ORACLE_VALUE', `'${char}' expects a string, got ${typeName(v)}`, { index: i, format: char })
      const max = char === 's' ? 0xff : 0xffff
      if (v.length > max)
        throw err('ORACLE_TOO_LONG', `'${char}' holds at most ${max} bytes, got ${v.length}`, {
          index: i,
          format: char,
          max,
          got: v.length,
        })
      for (let k = 0; k < v.length; k++) {
        const c = v.charCodeAt(k)
        if (c < 32 || c > 127)
          throw err(
            'ORACLE_NOT_ASCII',
            `'${char}' accepts bytes 32..127 only (komodod's format check), got code ${c} at character ${k}`,
            { index: i, format: char, offset: k, got: c },
          )
      }
      return (char === 's' ? 1 : 2) + v.length
    }
    case 'd':
    case 'D': {
      if (!(v instanceof Uint8Array))
        throw err('ORACLE_VALUE', `'${char}' expects a Uint8Array, got ${typeName(v)}`, { index: i, format: char })
      const max = char === 'd' ? 0xff : 0xffff
      if (v.length > max)
        throw err('ORACLE_TOO_LONG', `'${char}' holds at most ${max} bytes, got ${v.length}`, {
          index: i,
          format: char,
          max,
          got: v.length,
        })
      return (char === 'd' ? 1 : 2) + v.length
    }
    case 'h': {
      // the hex digits themselves are checked while writing (one pass over the string)
      if (typeof v !== 'string' || v.length !== 64)
        throw err('ORACLE_VALUE', `'h' expects a hash as 64 hex characters (display order), got ${describe(v)}`, {
          index: i,
          format: 'h',
        })
      return 32
    }
    case 'l':
    case 'L': {
      const [min, max] = intRange(char) as [bigint, bigint]
      const b = typeof v === 'bigint' ? v : typeof v === 'number' && Number.isSafeInteger(v) ? BigInt(v) : undefined
      if (b === undefined)
        throw err('ORACLE_VALUE', `'${char}' expects a bigint (or a safe integer number), got ${describe(v)}`, {
          index: i,
          format: char,
        })
      if (b < min || b > max)
        throw err('INT_RANGE', `'${char}' expects ${min}..${max}, got ${b}`, {
          index: i,
          format: char,
          min: String(min),
          max: String(max),
          got: String(b),
        })
      return 8
    }
    default: {
      const fixed = FIXED[char]
      if (fixed === undefined)
        throw err('ORACLE_FORMAT', `format char ${JSON.stringify(char)} is not one of ${ORACLE_FORMAT_CHARS}`, {
          index: i,
          format: char,
        })
      const [min, max] = intRange(char) as [number, number]
      if (typeof v !== 'number' || !Number.isInteger(v))
        throw err('ORACLE_VALUE', `'${char}' expects an integer number, got ${describe(v)}`, { index: i, format: char })
      if (v < min || v > max)
        throw err('INT_RANGE', `'${char}' expects ${min}..${max}, got ${v}`, {
          index: i,
          format: char,
          min,
          max,
          got: v,
        })
      return fixed[0]
    }
  }
}

/**
 * Encodes values for `oraclesdata` according to an oracle's format string (komodod src/cc/oracles.cpp).
 * The result, as hex, is exactly the RPC's `hexstr` argument.
 * - `s`/`S`: string of bytes 32..127, 1-byte / 2-byte little-endian length prefix;
 * - `d`/`D`: Uint8Array, same prefixes; `c C t T i I`: integer numbers; `l L`: bigint (safe-integer numbers accepted);
 * - `h`: a hash in display hex; stored reversed, so `oraclessamples` prints it back unchanged.
 * Refuses a record over 8192 bytes (the daemon's `datasize N is too big`) unless `allowOversize`, and an empty
 * record (the daemon never accepts one). The result may be a view into a shared 16 KB slab (like Node's Buffer pool):
 * use `.slice()` before handing its `.buffer` to anything that takes ownership of it.
 * @throws KomodoCcError ORACLE_FORMAT | ORACLE_VALUE | ORACLE_NOT_ASCII | ORACLE_TOO_LONG | INT_RANGE | ORACLE_DATA_TOO_BIG | ORACLE_DATA_EMPTY
 * @example bytesToHex(encodeOracleData('s', ['teststring'])) // '0a74657374737472696e67'
 */
export function encodeOracleData(
  format: string,
  values: readonly OracleValue[],
  options: OracleDataOptions = {},
): Uint8Array {
  if (typeof format !== 'string')
    throw new KomodoCcError('ORACLE_FORMAT', `format expected a string, got ${typeName(format)}`)
  if (!Array.isArray(values))
    throw new KomodoCcError('ORACLE_VALUE', `values expected an array, got ${typeName(values)}`)
  if (values.length !== format.length)
    throw new KomodoCcError(
      'ORACLE_VALUE',
      `format ${JSON.stringify(format.length > 40 ? format.slice(0, 40) + '…' : format)} needs ${format.length} value(s), got ${values.length}`,
      { expected: format.length, got: values.length },
    )
  const allowOversize = options.allowOversize === undefined ? false : assertBool(options.allowOversize, 'allowOversize')
  let size = 0
  for (let i = 0; i < format.length; i++) size += valueSize(format[i]!, values[i], i)
  if (size === 0) throw new KomodoCcError('ORACLE_DATA_EMPTY', 'an empty record is never accepted by oraclesdata')
  if (size > ORACLE_MAX_DATA_SIZE && !allowOversize)
    throw new KomodoCcError(
      'ORACLE_DATA_TOO_BIG',
      `record is ${size} bytes, oraclesdata accepts at most ${ORACLE_MAX_DATA_SIZE} (use chunkOracleData)`,
      { max: ORACLE_MAX_DATA_SIZE, got: size, daemonError: `datasize ${size} is too big` },
    )
  const out = new Uint8Array(size)
  let o = 0
  let view: DataView | undefined // made on the first 8-byte field: one per call, never kept
  for (let i = 0; i < format.length; i++) {
    const v = values[i]
    switch (format[i]) {
      case 's': {
        const s = v as string
        out[o++] = s.length
        for (let k = 0; k < s.length; k++) out[o++] = s.charCodeAt(k)
        break
      }
      case 'S': {
        const s = v as string
        out[o++] = s.length & 0xff
        out[o++] = s.length >>> 8
        for (let k = 0; k < s.length; k++) out[o++] = s.charCodeAt(k)
        break
      }
      case 'd': {
        const b = v as Uint8Array
        out[o++] = b.length
        out.set(b, o)
        o += b.length
        break
      }
      case 'D': {
        const b = v as Uint8Array
        out[o++] = b.length & 0xff
        out[o++] = b.length >>> 8
        out.set(b, o)
        o += b.length
        break
      }
      case 'c':
      case 'C':
        out[o++] = (v as number) & 0xff
        break
      case 't':
      case 'T':
        out[o++] = (v as number) & 0xff
        out[o++] = ((v as number) >> 8) & 0xff
        break
      case 'i':
      case 'I': {
        const n = v as number
        out[o++] = n & 0xff
        out[o++] = (n >>> 8) & 0xff
        out[o++] = (n >>> 16) & 0xff
        out[o++] = (n >>> 24) & 0xff
        break
      }
      case 'l':
      case 'L': {
        // range already checked; a DataView on the output's buffer writes the 64 bits without BigInt arithmetic
        ;(view ??= new DataView(out.buffer)).setBigUint64(
          out.byteOffset + o,
          BigInt.asUintN(64, typeof v === 'bigint' ? v : BigInt(v as number)),
          true,
        )
        o += 8
        break
      }
      default: {
        // 'h': display hex, stored reversed
        const s = v as string
        for (let k = 62; k >= 0; k -= 2) {
          const a = s.charCodeAt(k)
          const b = s.charCodeAt(k + 1)
          const byte = (a | b) < 128 ? PAIR[(a << 7) | b]! : -1
          if (byte < 0) {
            const at = a >= 128 || NIB[a]! < 0 ? k : k + 1
            throw err('ORACLE_VALUE', `'h' has a non-hex character at offset ${at}`, {
              index: i,
              format: 'h',
              offset: at,
            })
          }
          out[o++] = byte
        }
      }
    }
  }
  return out
}

function readPastEnd(i: number, char: string, offset: number, need: number, left: number): KomodoCcError {
  return err('READ_PAST_END', `'${char}' needs ${need} byte(s) at offset ${offset}, only ${left} left`, {
    index: i,
    format: char,
    offset,
    need,
    left,
  })
}

/**
 * Strict typed decode of an `oraclesdata` record: accepts exactly what the daemon's publish-time check
 * (`oracle_parse_data_format`) accepts — every field in bounds, s/S bytes within 32..127, every byte consumed,
 * record not empty and ≤ 8192 bytes (unless `allowOversize`). `d`/`D` values are views into `data` (no copy).
 * Zero-length s/S/d/D fields are accepted here, as the daemon accepts them; note that `oraclessamples` stops
 * printing at such a field (see {@link formatOracleSample}).
 * @throws KomodoCcError ORACLE_FORMAT | READ_PAST_END | ORACLE_NOT_ASCII | TRAILING_BYTES | ORACLE_DATA_EMPTY | ORACLE_DATA_TOO_BIG | BYTES_TYPE
 * @example decodeOracleData('s', hexToBytes('0a74657374737472696e67')) // ['teststring']
 */
export function decodeOracleData(format: string, data: Uint8Array, options: OracleDataOptions = {}): OracleValue[] {
  if (typeof format !== 'string')
    throw new KomodoCcError('ORACLE_FORMAT', `format expected a string, got ${typeName(format)}`)
  if (!(data instanceof Uint8Array))
    throw new KomodoCcError('BYTES_TYPE', `data expected a Uint8Array, got ${typeName(data)}`, { name: 'data' })
  const allowOversize = options.allowOversize === undefined ? false : assertBool(options.allowOversize, 'allowOversize')
  const n = data.length
  if (n === 0) throw new KomodoCcError('ORACLE_DATA_EMPTY', 'an empty record is never accepted by oraclesdata')
  if (n > ORACLE_MAX_DATA_SIZE && !allowOversize)
    throw new KomodoCcError(
      'ORACLE_DATA_TOO_BIG',
      `record is ${n} bytes, oraclesdata accepts at most ${ORACLE_MAX_DATA_SIZE}`,
      { max: ORACLE_MAX_DATA_SIZE, got: n, daemonError: `datasize ${n} is too big` },
    )
  const out: OracleValue[] = new Array(format.length)
  let o = 0
  let view: DataView | undefined // made on the first 8-byte field: one per call, never kept
  for (let i = 0; i < format.length; i++) {
    const char = format[i]!
    switch (char) {
      case 's':
      case 'S':
      case 'd':
      case 'D': {
        const wide = char === 'S' || char === 'D'
        const p = wide ? 2 : 1
        if (o + p > n) throw readPastEnd(i, char, o, p, n - o)
        const len = wide ? data[o]! | (data[o + 1]! << 8) : data[o]!
        o += p
        if (o + len > n) throw readPastEnd(i, char, o, len, n - o)
        if (char === 's' || char === 'S') {
          let s = ''
          for (let k = o; k < o + len; k++) {
            const c = data[k]!
            if (c < 32 || c > 127)
              throw err(
                'ORACLE_NOT_ASCII',
                `'${char}' accepts bytes 32..127 only (komodod's format check), got ${c} at offset ${k}`,
                { index: i, format: char, offset: k, got: c },
              )
            s += String.fromCharCode(c)
          }
          out[i] = s
        } else out[i] = data.subarray(o, o + len)
        o += len
        break
      }
      case 'c':
      case 'C':
        if (o + 1 > n) throw readPastEnd(i, char, o, 1, n - o)
        out[i] = char === 'c' ? (data[o]! << 24) >> 24 : data[o]!
        o += 1
        break
      case 't':
      case 'T': {
        if (o + 2 > n) throw readPastEnd(i, char, o, 2, n - o)
        const v = data[o]! | (data[o + 1]! << 8)
        out[i] = char === 't' ? (v << 16) >> 16 : v
        o += 2
        break
      }
      case 'i':
      case 'I': {
        if (o + 4 > n) throw readPastEnd(i, char, o, 4, n - o)
        const v = data[o]! | (data[o + 1]! << 8) | (data[o + 2]! << 16) | (data[o + 3]! << 24)
        out[i] = char === 'i' ? v : v >>> 0
        o += 4
        break
      }
      case 'l':
      case 'L': {
        if (o + 8 > n) throw readPastEnd(i, char, o, 8, n - o)
        const dv = (view ??= new DataView(data.buffer))
        out[i] = char === 'l' ? dv.getBigInt64(data.byteOffset + o, true) : dv.getBigUint64(data.byteOffset + o, true)
        o += 8
        break
      }
      case 'h': {
        if (o + 32 > n) throw readPastEnd(i, char, o, 32, n - o)
        out[i] = reversedHex32(data, o)
        o += 32
        break
      }
      default:
        throw err('ORACLE_FORMAT', `format char ${JSON.stringify(char)} is not one of ${ORACLE_FORMAT_CHARS}`, {
          index: i,
          format: char,
        })
    }
  }
  if (o !== n)
    throw new KomodoCcError('TRAILING_BYTES', `${n - o} byte(s) left after the last field, at offset ${o}`, {
      offset: o,
      left: n - o,
    })
  return out
}

/**
 * What komodod's `oraclessample`/`oraclessamples` print for a record (`OracleFormat`), including its behaviour on
 * malformed or hand-built records: fields are printed while bytes remain; a field that runs past the end, a
 * zero-length s/S/d/D, a string/hex field of 10001+ bytes or an unknown format char prints `""` and stops;
 * strings end at their first zero byte and are read as UTF-8 (as a JSON client of the daemon sees them); `h`
 * prints the 32 bytes reversed. Never throws for any bytes.
 * @throws KomodoCcError BYTES_TYPE | ORACLE_FORMAT only for arguments of the wrong type
 * @example formatOracleSample('Ihh', data) // ['4294967295', 'ffffffff0000…', 'ffffffff0000…']
 * @example formatOracleSample('s', hexToBytes('00')) // ['']
 */
export function formatOracleSample(format: string, data: Uint8Array): string[] {
  if (typeof format !== 'string')
    throw new KomodoCcError('ORACLE_FORMAT', `format expected a string, got ${typeName(format)}`)
  if (!(data instanceof Uint8Array))
    throw new KomodoCcError('BYTES_TYPE', `data expected a Uint8Array, got ${typeName(data)}`, { name: 'data' })
  const out: string[] = []
  const n = data.length
  let o = 0
  for (let i = 0; i < format.length && o < n; i++) {
    const char = format[i]!
    let field: string | undefined
    switch (char) {
      case 's':
      case 'S':
      case 'd':
      case 'D': {
        const wide = char === 'S' || char === 'D'
        if (o + (wide ? 2 : 1) > n) break
        const len = wide ? data[o]! | (data[o + 1]! << 8) : data[o]!
        const start = o + (wide ? 2 : 1)
        if (len === 0 || len >= ORACLE_MAX_PRINT_FIELD || start + len > n) break
        if (char === 's' || char === 'S') {
          let end = start
          while (end < start + len && data[end] !== 0) end++
          field = UTF8.decode(data.subarray(start, end))
        } else {
          let s = ''
          for (let k = start; k < start + len; k++) s += HEX[data[k]!]
          field = s
        }
        o = start + len
        break
      }
      case 'h': {
        if (o + 32 > n) break
        field = reversedHex32(data, o)
        o += 32
        break
      }
      default: {
        const fixed = FIXED[char]
        if (fixed === undefined || o + fixed[0] > n) break
        const [width, signed] = fixed
        let v = 0n
        for (let k = width - 1; k >= 0; k--) v = (v << 8n) | BigInt(data[o + k]!)
        field = (signed ? BigInt.asIntN(width * 8, v) : v).toString()
        o += width
      }
    }
    if (field === undefined) {
      out.push('')
      break
    }
    out.push(field)
  }
  return out
}

const UTF8 = /* @__PURE__ */ new TextDecoder('utf-8', { fatal: false })
