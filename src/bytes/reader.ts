import { KomodoCcError, withPath } from '../errors.js'
import { assertBytes } from './assert.js'

/** Bitcoin's `MAX_SIZE`: the daemon refuses CompactSize lengths above 0x02000000. */
export const MAX_COMPACTSIZE = 0x02000000

/**
 * Bounds-checked little-endian reader over a byte array. Every read checks its length first and throws
 * `READ_PAST_END` with the offset; `bytes(n)` returns a view (no copy). Nothing here allocates from a length
 * read out of the input before that length has been checked against what is left.
 * @example
 * const r = new ByteReader(hexToBytes('fd0001'))
 * r.compactSize() // 256
 * r.end()
 */
export class ByteReader {
  readonly data: Uint8Array
  pos: number
  readonly limit: number

  constructor(data: Uint8Array, start = 0, end: number = data.length) {
    this.data = assertBytes(data, undefined, 'data')
    this.pos = start
    this.limit = end
  }

  /** Bytes left to read. */
  get remaining(): number {
    return this.limit - this.pos
  }

  private need(n: number, what: string): number {
    const p = this.pos
    if (n > this.limit - p)
      throw new KomodoCcError(
        'READ_PAST_END',
        `${what} needs ${n} byte${n === 1 ? '' : 's'} at offset ${p}, only ${this.limit - p} left`,
        { offset: p, need: n, left: this.limit - p },
      )
    this.pos = p + n
    return p
  }

  /** One unsigned byte (0..255). Throws `READ_PAST_END` if none is left. */
  u8(): number {
    return this.data[this.need(1, 'u8')]!
  }
  /** One signed byte (-128..127, two's complement). Throws `READ_PAST_END` if none is left. */
  i8(): number {
    return (this.data[this.need(1, 'i8')]! << 24) >> 24
  }
  /** Unsigned 16-bit integer, little-endian. Throws `READ_PAST_END` if fewer than 2 bytes are left. */
  u16le(): number {
    const p = this.need(2, 'u16'),
      d = this.data
    return d[p]! | (d[p + 1]! << 8)
  }
  /** Signed 16-bit integer (two's complement), little-endian. Throws `READ_PAST_END` if fewer than 2 bytes are left. */
  i16le(): number {
    return (this.u16le() << 16) >> 16
  }
  /** Unsigned 32-bit integer, little-endian (0..2^32 − 1). Throws `READ_PAST_END` if fewer than 4 bytes are left. */
  u32le(): number {
    const p = this.need(4, 'u32'),
      d = this.data
    return (d[p]! | (d[p + 1]! << 8) | (d[p + 2]! << 16) | (d[p + 3]! << 24)) >>> 0
  }
  /** Signed 32-bit integer (two's complement), little-endian. Throws `READ_PAST_END` if fewer than 4 bytes are left. */
  i32le(): number {
    const p = this.need(4, 'i32'),
      d = this.data
    return d[p]! | (d[p + 1]! << 8) | (d[p + 2]! << 16) | (d[p + 3]! << 24)
  }
  /**
   * Unsigned 64-bit integer, little-endian, as a bigint (e.g. an output value in satoshis). Throws `READ_PAST_END` if
   * fewer than 8 bytes are left.
   */
  u64le(): bigint {
    const p = this.need(8, 'u64'),
      d = this.data
    const lo = (d[p]! | (d[p + 1]! << 8) | (d[p + 2]! << 16) | (d[p + 3]! << 24)) >>> 0
    const hi = (d[p + 4]! | (d[p + 5]! << 8) | (d[p + 6]! << 16) | (d[p + 7]! << 24)) >>> 0
    return hi === 0 ? BigInt(lo) : (BigInt(hi) << 32n) | BigInt(lo)
  }
  /**
   * Signed 64-bit integer (two's complement), little-endian, as a bigint. Throws `READ_PAST_END` if fewer than 8 bytes
   * are left.
   */
  i64le(): bigint {
    return BigInt.asIntN(64, this.u64le())
  }

  /**
   * Bitcoin CompactSize. Non-minimal encodings throw `COMPACTSIZE_NON_MINIMAL`; values above `max`
   * (default {@link MAX_COMPACTSIZE}) throw `COMPACTSIZE_RANGE`.
   */
  compactSize(max: number = MAX_COMPACTSIZE): number {
    const at = this.pos
    const first = this.u8()
    let v: number
    if (first < 0xfd) return checkMax(first, max, at)
    if (first === 0xfd) {
      v = this.u16le()
      if (v < 0xfd) throw nonMinimal(v, at)
    } else if (first === 0xfe) {
      v = this.u32le()
      if (v <= 0xffff) throw nonMinimal(v, at)
    } else {
      const big = this.u64le()
      if (big <= 0xffffffffn) throw nonMinimal(Number(big), at)
      throw new KomodoCcError('COMPACTSIZE_RANGE', `CompactSize ${big} at offset ${at} exceeds ${max}`, {
        offset: at,
        max,
      })
    }
    return checkMax(v, max, at)
  }

  /** `n` bytes as a view into the input (no copy). */
  bytes(n: number): Uint8Array {
    const p = this.need(n, `${n}-byte field`)
    return this.data.subarray(p, p + n)
  }

  /** CompactSize length, then that many bytes (a view). */
  varBytes(max: number = MAX_COMPACTSIZE): Uint8Array {
    const n = this.compactSize(max)
    return this.bytes(n)
  }

  /** 32 bytes as stored (a uint256's internal order), as a view. */
  hash32(): Uint8Array {
    return this.bytes(32)
  }

  /** Runs `fn`, prefixing `path` to any error thrown inside (micro-packed habit). */
  at<T>(path: string, fn: () => T): T {
    return withPath(path, fn)
  }

  /** Throws `TRAILING_BYTES` unless everything was read. */
  end(): void {
    if (this.pos !== this.limit)
      throw new KomodoCcError('TRAILING_BYTES', `${this.limit - this.pos} unread byte(s) at offset ${this.pos}`, {
        offset: this.pos,
        left: this.limit - this.pos,
      })
  }
}

function nonMinimal(v: number, at: number): KomodoCcError {
  return new KomodoCcError('COMPACTSIZE_NON_MINIMAL', `CompactSize at offset ${at} encodes ${v} non-minimally`, {
    offset: at,
    value: v,
  })
}

function checkMax(v: number, max: number, at: number): number {
  if (v > max)
    throw new KomodoCcError('COMPACTSIZE_RANGE', `CompactSize ${v} at offset ${at} exceeds ${max}`, {
      offset: at,
      value: v,
      max,
    })
  return v
}
