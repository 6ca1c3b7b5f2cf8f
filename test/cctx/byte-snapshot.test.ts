// ByteSnapshot.matches (the content check behind the dice opret cache) must always equal equalBytes against its copy,
// including after the compared array is changed in place once its view has been remembered; bytesToHex's decoder
// path must equal the plain per-byte hex.
import { describe, expect, test } from 'vitest'
import { ByteSnapshot } from '../../src/bytes/snapshot.js'
import { bytesToHex } from '../../src/bytes/hex.js'
import { equalBytes } from '../../src/bytes/utils.js'

const rand = (n: number, seed: number) => {
  const b = new Uint8Array(n)
  let x = (seed * 2654435761) >>> 0
  for (let i = 0; i < n; i++) b[i] = (x = (x * 1103515245 + 12345) >>> 0) >>> 24
  return b
}

describe('ByteSnapshot', () => {
  test('equals equalBytes for every length 0..140 and every offset of a shared buffer', () => {
    for (let n = 0; n <= 140; n++) {
      const src = rand(n, n)
      const s = new ByteSnapshot(src)
      expect(s.bytes).toEqual(src)
      expect(s.bytes).not.toBe(src)
      for (let off = 0; off < 5; off++) {
        const buf = new Uint8Array(n + 8)
        const live = buf.subarray(off, off + n)
        live.set(src)
        expect(s.matches(live)).toBe(true)
        for (let i = 0; i < n; i += Math.max(1, n >> 3)) {
          live[i]! ^= 0x80 // in place, after the view was remembered
          expect(s.matches(live)).toBe(equalBytes(s.bytes, live))
          expect(s.matches(live)).toBe(false)
          live[i]! ^= 0x80
          expect(s.matches(live)).toBe(true)
        }
        buf.fill(0xff) // bytes around the view do not matter
        live.set(src)
        expect(s.matches(live)).toBe(true)
      }
      if (n > 0) {
        expect(s.matches(src.subarray(1))).toBe(false)
        expect(s.matches(new Uint8Array(n + 1))).toBe(false)
      }
    }
  })

  test('the source changed after the snapshot: the snapshot keeps the old bytes', () => {
    const src = rand(108, 1)
    const s = new ByteSnapshot(src)
    src[50]! ^= 1
    expect(s.matches(src)).toBe(false)
    src[50]! ^= 1
    expect(s.matches(src)).toBe(true)
  })

  test('a detached buffer reads as empty', () => {
    const src = rand(40, 2)
    const s = new ByteSnapshot(src)
    const live = src.slice()
    expect(s.matches(live)).toBe(true)
    structuredClone(live.buffer, { transfer: [live.buffer] })
    expect(live.length).toBe(0)
    expect(s.matches(live)).toBe(false)
    expect(new ByteSnapshot(new Uint8Array(0)).matches(live)).toBe(true)
  })

  test('a resizable buffer is compared byte by byte, also after it shrinks or grows', () => {
    const Resizable = ArrayBuffer as unknown as new (
      n: number,
      o: { maxByteLength: number },
    ) => ArrayBuffer & { resize(n: number): void }
    const buf = new Resizable(64, { maxByteLength: 128 })
    const fixed = new Uint8Array(buf, 8, 40)
    const tracking = new Uint8Array(buf, 8)
    fixed.set(rand(40, 3))
    const s = new ByteSnapshot(fixed)
    expect(s.matches(fixed)).toBe(true)
    expect(s.matches(tracking)).toBe(false) // 56 bytes
    buf.resize(48)
    expect(s.matches(tracking)).toBe(true) // now exactly the 40 bytes
    expect(s.matches(fixed)).toBe(true)
    buf.resize(20) // the fixed view is out of bounds: length 0
    expect(s.matches(fixed)).toBe(false)
    expect(s.matches(tracking)).toBe(false)
  })

  test('non-Uint8Array values compare element-wise like equalBytes', () => {
    const s = new ByteSnapshot(new Uint8Array([1, 2, 3, 4, 5]))
    for (const v of [
      [1, 2, 3, 4, 5],
      [1, 2, 3, 4],
      '12345',
      new Uint16Array([1, 2, 3, 4, 5]),
      new Int8Array([1, 2, 3, 4, 5]),
    ])
      expect(s.matches(v as unknown as Uint8Array)).toBe(equalBytes(s.bytes, v as unknown as Uint8Array))
  })
})

describe('bytesToHex', () => {
  const ref = (b: Uint8Array) => Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('')
  test('equals per-byte hex for every length up to 300 and on views at odd offsets', () => {
    for (let n = 0; n <= 300; n++) {
      const b = rand(n, n + 7)
      expect(bytesToHex(b)).toBe(ref(b))
      const view = new Uint8Array(n + 3).subarray(1, 1 + n)
      view.set(b)
      expect(bytesToHex(view)).toBe(ref(b))
    }
    const all = Uint8Array.from({ length: 256 }, (_, i) => i)
    expect(bytesToHex(all)).toBe(ref(all))
    expect(bytesToHex(rand(100_000, 9))).toBe(ref(rand(100_000, 9)))
  })
})
