import { describe, expect, test } from 'vitest'
import fc from 'fast-check'
import { createPrivateKey, createPublicKey, diffieHellman } from 'node:crypto'
import v from '../../../vectors/build/dice-x25519.json' with { type: 'json' }
import { x25519, x25519Base, x25519Clamp } from '../../../src/modules/dice/x25519.js'
import { feMul, feSqr } from '../../../src/modules/dice/fe25519-mul.js'
import { spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { diceHashEntropy } from '../../../src/modules/dice/entropy.js'
import { bytesToHex, hexToBytes } from '../../../src/bytes/hex.js'
import { sha256 } from '../../../src/hash/index.js'

const numRuns = Number(process.env.FC_NUM_RUNS ?? 200)
const b64u = (b: Uint8Array) => Buffer.from(b).toString('base64url')
/**
 * node:crypto's X25519 (OpenSSL), an independent implementation: the private scalar alone, as PKCS#8 DER (RFC 8410),
 * so OpenSSL derives the public key itself.
 */
const nodeKey = (scalar: Uint8Array) =>
  createPrivateKey({
    key: Buffer.concat([Buffer.from('302e020100300506032b656e04220420', 'hex'), scalar]),
    format: 'der',
    type: 'pkcs8',
  })
const nodePublic = (scalar: Uint8Array) =>
  new Uint8Array((createPublicKey(nodeKey(scalar)).export({ format: 'der', type: 'spki' }) as Buffer).subarray(-32))
const nodeShared = (scalar: Uint8Array, u: Uint8Array) =>
  new Uint8Array(
    diffieHellman({
      privateKey: nodeKey(scalar),
      publicKey: createPublicKey({ key: { kty: 'OKP', crv: 'X25519', x: b64u(u) }, format: 'jwk' }),
    }),
  )

describe('X25519 (RFC 7748)', () => {
  test.each(v.mul)('section 5.2 vector $#', ({ scalar, u, out }) => {
    expect(bytesToHex(x25519(scalar, u))).toBe(out)
  })
  test('section 5.2 iterated: after 1 and 1000 rounds', () => {
    let k = hexToBytes(v.iterated.start)
    let u = hexToBytes(v.iterated.start)
    for (let i = 1; i <= 1000; i++) {
      const next = x25519(k, u)
      u = k
      k = next
      if (i === 1) expect(bytesToHex(k)).toBe(v.iterated.after1)
    }
    expect(bytesToHex(k)).toBe(v.iterated.after1000)
  }, 60_000)
  test('section 6.1 Diffie-Hellman', () => {
    expect(bytesToHex(x25519Base(v.dh.alicePrivate))).toBe(v.dh.alicePublic)
    expect(bytesToHex(x25519Base(v.dh.bobPrivate))).toBe(v.dh.bobPublic)
    expect(bytesToHex(x25519(v.dh.alicePrivate, v.dh.bobPublic))).toBe(v.dh.shared)
    expect(bytesToHex(x25519(v.dh.bobPrivate, v.dh.alicePublic))).toBe(v.dh.shared)
  })
  test('clamping and the ignored top bit of u', () => {
    const c = x25519Clamp('ff'.repeat(32))
    expect(c[0]).toBe(0xf8)
    expect(c[31]).toBe(0x7f)
    const u = hexToBytes(v.mul[0]!.u)
    const high = u.slice()
    high[31] = high[31]! | 0x80
    expect(bytesToHex(x25519(v.mul[0]!.scalar, high))).toBe(bytesToHex(x25519(v.mul[0]!.scalar, u)))
  })
  test('bad input throws KomodoCcError', () => {
    expect(() => x25519(new Uint8Array(31), new Uint8Array(32))).toThrow(
      expect.objectContaining({ code: 'BYTES_LENGTH' }),
    )
    expect(() => x25519('zz'.repeat(32), new Uint8Array(32))).toThrow(expect.objectContaining({ code: 'HEX_INVALID' }))
    expect(() => x25519(null as never, new Uint8Array(32))).toThrow(expect.objectContaining({ code: 'BYTES_TYPE' }))
  })
  test('agrees with node:crypto (OpenSSL) on random keys: public keys and shared secrets', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: 32, maxLength: 32 }),
        fc.uint8Array({ minLength: 32, maxLength: 32 }),
        (a, b) => {
          expect(bytesToHex(x25519Base(a))).toBe(bytesToHex(nodePublic(a)))
          expect(bytesToHex(x25519(b, x25519Base(a)))).toBe(bytesToHex(nodeShared(b, x25519Base(a))))
        },
      ),
      { numRuns: Math.min(numRuns, 50) },
    )
  })
})

describe('GF(2^255 − 19) products on 16-bit limbs (generated feMul / feSqr)', () => {
  const P = (1n << 255n) - 19n
  const value = (limbs: ArrayLike<number>) => Array.from(limbs).reduceRight((acc, l) => acc * 65536n + BigInt(l), 0n)
  const mod = (x: bigint) => ((x % P) + P) % P
  // limbs as the ladder feeds them: signed, up to about 2^17 in magnitude (sums and differences of carried values)
  const limb = fc.integer({ min: -(1 << 17) - 152, max: (1 << 17) + 152 })
  const fe = fc.array(limb, { minLength: 16, maxLength: 16 }).map((a) => Float64Array.from(a))
  test('exact: a·b and a² equal BigInt arithmetic mod p, outputs carried (limbs 1..15 in [0, 2^16))', () => {
    fc.assert(
      fc.property(fe, fe, (a, b) => {
        const o = new Float64Array(16),
          q = new Float64Array(16)
        feMul(o, a, b)
        feSqr(q, a)
        expect(mod(value(o))).toBe(mod(value(a) * value(b)))
        expect(mod(value(q))).toBe(mod(value(a) * value(a)))
        for (const r of [o, q]) {
          expect(r.every((x) => Number.isInteger(x))).toBe(true)
          expect(r.slice(1).every((x) => x >= 0 && x < 65536)).toBe(true)
          expect(Math.abs(r[0]!)).toBeLessThan(65536 + 38 * 2)
        }
      }),
      { numRuns: Math.max(numRuns, 500) },
    )
  })
  test('extreme limbs: every limb at ±(2^17 + 152)', () => {
    for (const sa of [1, -1])
      for (const sb of [1, -1]) {
        const a = new Float64Array(16).fill(sa * ((1 << 17) + 152)),
          b = new Float64Array(16).fill(sb * ((1 << 17) + 152))
        const o = new Float64Array(16)
        feMul(o, a, b)
        expect(mod(value(o))).toBe(mod(value(a) * value(b)))
        feSqr(o, a)
        expect(mod(value(o))).toBe(mod(value(a) * value(a)))
      }
  })
  test('in place: o may be a (and b)', () => {
    const a = Float64Array.from({ length: 16 }, (_, i) => 1000 * i + 7),
      b = Float64Array.from({ length: 16 }, (_, i) => 65535 - i)
    const want = mod(value(a) * value(b)),
      want2 = mod(value(a) * value(a))
    const c = Float64Array.from(a)
    feMul(c, c, b)
    expect(mod(value(c))).toBe(want)
    const d = Float64Array.from(a)
    feSqr(d, d)
    expect(mod(value(d))).toBe(want2)
  })
  test('src/modules/dice/fe25519-mul.ts is what scripts/gen-fe25519-mul.mjs writes', () => {
    const r = spawnSync(
      process.execPath,
      [fileURLToPath(new URL('../../../scripts/gen-fe25519-mul.mjs', import.meta.url)), '--check'],
      { encoding: 'utf8' },
    )
    expect(r.status, r.stderr).toBe(0)
  })
})

describe('X25519 at the edges of u, against OpenSSL', () => {
  const P = (1n << 255n) - 19n
  const le = (x: bigint) => Uint8Array.from({ length: 32 }, (_, i) => Number((x >> BigInt(8 * i)) & 0xffn))
  test.each([
    ['0', 0n],
    ['1', 1n],
    ['9', 9n],
    ['p − 1', P - 1n],
    ['p (non-canonical 0)', P],
    ['p + 1', P + 1n],
    ['2^255 − 1', (1n << 255n) - 1n],
    ['2^254', 1n << 254n],
  ] as const)('u = %s', (_, u) => {
    const k = sha256(le(u))
    const ours = x25519(k, le(u))
    // OpenSSL refuses the all-zero shared secret of small-order points; compare where it answers
    let theirs: Uint8Array | null = null
    try {
      theirs = nodeShared(k, le(u))
    } catch {
      theirs = null
    }
    if (theirs !== null) expect(bytesToHex(ours)).toBe(bytesToHex(theirs))
    else expect(bytesToHex(ours)).toBe('00'.repeat(32))
  })
})

describe('diceHashEntropy (DiceHashEntropy)', () => {
  const priv = sha256(new TextEncoder().encode('1'))
  const txid = 'ebfcff20fa5ab7bebf14b778e74bd6b34b02f100ff75e4cb611190f160ae4cf7'

  /** The spec's recipe, step by step, with node:crypto's X25519. */
  function reference(t: string, vout: number, usevout: boolean, key: Uint8Array) {
    const a = hexToBytes(t).reverse()
    if (usevout) {
      a[1] = a[1]! ^ (vout & 0xff)
      a[2] = a[2]! ^ ((vout >> 8) & 0xff)
    }
    const shared = nodeShared(sha256(key), nodePublic(a))
    const entropy = sha256(shared)
    return { entropy: bytesToHex(entropy), hentropy: bytesToHex(sha256(entropy)) }
  }

  test.each([
    [0, false],
    [0, true],
    [1, true],
    [0x1234, true],
    [0x1234, false],
  ] as const)('vout %i usevout %s matches the recipe over OpenSSL X25519', (vout, usevout) => {
    const e = diceHashEntropy({ txid, vout }, usevout, priv)
    expect({ entropy: bytesToHex(e.entropy), hentropy: bytesToHex(e.hentropy) }).toEqual(
      reference(txid, vout, usevout, priv),
    )
  })
  test('usevout with vout 0 changes nothing; vout 1 does', () => {
    expect(bytesToHex(diceHashEntropy({ txid, vout: 0 }, true, priv).entropy)).toBe(
      bytesToHex(diceHashEntropy({ txid, vout: 0 }, false, priv).entropy),
    )
    expect(bytesToHex(diceHashEntropy({ txid, vout: 1 }, true, priv).entropy)).not.toBe(
      bytesToHex(diceHashEntropy({ txid, vout: 1 }, false, priv).entropy),
    )
  })
  test('property: hentropy = sha256(entropy), and only the key holder gets it', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 32, maxLength: 32 }), fc.nat({ max: 0xffff }), (t, vout) => {
        const id = bytesToHex(t)
        const e = diceHashEntropy({ txid: id, vout }, true, priv)
        expect(bytesToHex(e.hentropy)).toBe(bytesToHex(sha256(e.entropy)))
        expect(bytesToHex(diceHashEntropy({ txid: id, vout }, true, sha256(priv)).entropy)).not.toBe(
          bytesToHex(e.entropy),
        )
      }),
      { numRuns: Math.min(numRuns, 30) },
    )
  })
  test('bad input', () => {
    expect(() => diceHashEntropy({ txid: 'zz', vout: 0 }, true, priv)).toThrow(
      expect.objectContaining({ code: expect.stringMatching(/HEX_INVALID|BYTES_LENGTH/) }),
    )
    expect(() => diceHashEntropy({ txid, vout: -1 }, true, priv)).toThrow(
      expect.objectContaining({ code: 'INT_RANGE' }),
    )
    expect(() => diceHashEntropy({ txid, vout: 0 }, 1 as never, priv)).toThrow(
      expect.objectContaining({ code: 'ARG_INVALID' }),
    )
    expect(() => diceHashEntropy({ txid, vout: 0 }, true, new Uint8Array(31))).toThrow(
      expect.objectContaining({ code: 'BYTES_LENGTH' }),
    )
    expect(() => diceHashEntropy(null as never, true, priv)).toThrow(expect.objectContaining({ code: 'ARG_INVALID' }))
  })
})
