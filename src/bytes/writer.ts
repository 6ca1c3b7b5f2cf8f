import { KomodoCcError } from '../errors.js'

/**
 * Growable little-endian writer. Give `capacity` when the final size is known to avoid growth;
 * `finish()` returns the written bytes (the buffer itself when it is exactly full, else a copy): always an array of
 * its own, with a `.buffer` no other result shares.
 * Integer methods take values already checked by the caller (public functions validate at the boundary);
 * they still refuse out-of-range values rather than wrap.
 * @example
 * const w = new ByteWriter(3)
 * w.u8(0xfd); w.u16le(256)
 * bytesToHex(w.finish()) // 'fd0001'
 */
export class ByteWriter {
  private buf: Uint8Array
  pos = 0

  constructor(capacity = 64) {
    this.buf = new Uint8Array(capacity)
  }

  private room(n: number): number {
    const p = this.pos
    if (p + n > this.buf.length) {
      let size = this.buf.length * 2 || 64
      while (size < p + n) size *= 2
      const next = new Uint8Array(size)
      next.set(this.buf.subarray(0, p))
      this.buf = next
    }
    this.pos = p + n
    return p
  }

  /** Appends one unsigned byte. Throws `INT_RANGE` unless `v` is an integer in 0..255. */
  u8(v: number): this {
    if (!(v >= 0 && v <= 0xff && Number.isInteger(v))) throw range('u8', v)
    const p = this.room(1)
    this.buf[p] = v
    return this
  }
  /** Appends one signed byte (two's complement). Throws `INT_RANGE` unless `v` is an integer in -128..127. */
  i8(v: number): this {
    if (!(v >= -0x80 && v <= 0x7f && Number.isInteger(v))) throw range('i8', v)
    const p = this.room(1)
    this.buf[p] = v & 0xff
    return this
  }
  /** Appends an unsigned 16-bit integer, little-endian. Throws `INT_RANGE` unless `v` is an integer in 0..65535. */
  u16le(v: number): this {
    if (!(v >= 0 && v <= 0xffff && Number.isInteger(v))) throw range('u16', v)
    const p = this.room(2),
      b = this.buf
    b[p] = v & 0xff
    b[p + 1] = v >>> 8
    return this
  }
  /**
   * Appends a signed 16-bit integer (two's complement), little-endian. Throws `INT_RANGE` unless `v` is an integer in
   * -32768..32767.
   */
  i16le(v: number): this {
    if (!(v >= -0x8000 && v <= 0x7fff && Number.isInteger(v))) throw range('i16', v)
    const p = this.room(2),
      b = this.buf
    b[p] = v & 0xff
    b[p + 1] = (v >> 8) & 0xff
    return this
  }
  /** Appends an unsigned 32-bit integer, little-endian. Throws `INT_RANGE` unless `v` is an integer in 0..2^32 − 1. */
  u32le(v: number): this {
    if (!(v >= 0 && v <= 0xffffffff && Number.isInteger(v))) throw range('u32', v)
    this.put32(v)
    return this
  }
  /**
   * Appends a signed 32-bit integer (two's complement), little-endian. Throws `INT_RANGE` unless `v` is an integer in
   * -2^31..2^31 − 1.
   */
  i32le(v: number): this {
    if (!(v >= -0x80000000 && v <= 0x7fffffff && Number.isInteger(v))) throw range('i32', v)
    this.put32(v)
    return this
  }
  private put32(v: number): void {
    const p = this.room(4),
      b = this.buf
    b[p] = v & 0xff
    b[p + 1] = (v >>> 8) & 0xff
    b[p + 2] = (v >>> 16) & 0xff
    b[p + 3] = (v >>> 24) & 0xff
  }
  /**
   * Appends an unsigned 64-bit integer, little-endian (e.g. an output value in satoshis). Throws `INT_RANGE` unless `v`
   * is a bigint in 0..2^64 − 1.
   */
  u64le(v: bigint): this {
    if (typeof v !== 'bigint' || v < 0n || v > 0xffffffffffffffffn) throw range('u64', v)
    this.put64(v)
    return this
  }
  /**
   * Appends a signed 64-bit integer (two's complement), little-endian. Throws `INT_RANGE` unless `v` is a bigint in
   * -2^63..2^63 − 1.
   */
  i64le(v: bigint): this {
    if (typeof v !== 'bigint' || v < -0x8000000000000000n || v > 0x7fffffffffffffffn) throw range('i64', v)
    this.put64(BigInt.asUintN(64, v))
    return this
  }
  private put64(v: bigint): void {
    if (v <= 0xffffffffn) {
      // amounts below 2^32 sat: no BigInt arithmetic
      this.put32(Number(v))
      this.put32(0)
      return
    }
    this.put32(Number(v & 0xffffffffn))
    this.put32(Number(v >> 32n))
  }

  /** Bitcoin CompactSize, always minimal. */
  compactSize(n: number | bigint): this {
    if (typeof n === 'number') {
      // lengths: no BigInt below 2^32 (and checked before BigInt(), which throws on fractions)
      if (!Number.isInteger(n) || n < 0) throw range('CompactSize', n)
      if (n < 0xfd) return this.u8(n)
      if (n <= 0xffff) return this.u8(0xfd).u16le(n)
      if (n <= 0xffffffff) return this.u8(0xfe).u32le(n)
    } else if (typeof n !== 'bigint') throw range('CompactSize', n)
    const v = typeof n === 'bigint' ? n : BigInt(n)
    if (v < 0n || v > 0xffffffffffffffffn) throw range('CompactSize', n)
    if (v < 0xfdn) return this.u8(Number(v))
    if (v <= 0xffffn) return this.u8(0xfd).u16le(Number(v))
    if (v <= 0xffffffffn) return this.u8(0xfe).u32le(Number(v))
    return this.u8(0xff).u64le(v)
  }

  /** Appends the bytes as they are (copied; no length prefix). */
  bytes(b: Uint8Array): this {
    const p = this.room(b.length)
    this.buf.set(b, p)
    return this
  }

  /** CompactSize length then the bytes. */
  varBytes(b: Uint8Array): this {
    return this.compactSize(b.length).bytes(b)
  }

  /** The written bytes. */
  finish(): Uint8Array {
    return this.pos === this.buf.length ? this.buf : this.buf.slice(0, this.pos)
  }
}

/** Byte length of a CompactSize for `n`. @example compactSizeLength(300) // 3 */
export function compactSizeLength(n: number): number {
  return n < 0xfd ? 1 : n <= 0xffff ? 3 : n <= 0xffffffff ? 5 : 9
}

function range(kind: string, v: unknown): KomodoCcError {
  return new KomodoCcError('INT_RANGE', `${kind} out of range: ${typeof v === 'bigint' ? `${v}n` : String(v)}`, {
    kind,
    got: String(v),
  })
}
