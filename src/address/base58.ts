import { KomodoCcError } from '../errors.js'
import { assertBytes } from '../bytes/assert.js'

const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'
const CODES: Uint8Array = /* @__PURE__ */ Uint8Array.from(ALPHABET, (c) => c.charCodeAt(0))
const LATIN1 = /* @__PURE__ */ new TextDecoder('latin1')
const INDEX: Int8Array = /* @__PURE__ */ (() => {
  const t = new Int8Array(128).fill(-1)
  for (let i = 0; i < 58; i++) t[ALPHABET.charCodeAt(i)] = i
  return t
})()
// 58^5 fits a float-exact product with 2^16 (< 2^53), so we move 2 bytes or 5 digits per step.
const B58_5 = 656356768

/**
 * Base58 (Bitcoin alphabet) encoding. Works in limbs of 58^5 fed 16 bits at a time (float-exact, no BigInt),
 * writing digit codes into a scratch buffer decoded once.
 * @example base58Encode(new Uint8Array([0, 0, 1])) // '112'
 */
export function base58Encode(bytes: Uint8Array): string {
  assertBytes(bytes, undefined, 'bytes')
  const n = bytes.length
  let zeros = 0
  while (zeros < n && bytes[zeros] === 0) zeros++
  // little-endian limbs in base 58^5; each 16-bit step multiplies by 65536
  const limbs = new Float64Array(Math.ceil(((n - zeros) * 8) / 29) + 1)
  let used = 0
  let i = zeros
  if ((n - zeros) & 1) {
    used = feed(limbs, used, bytes[i]!, 256)
    i++
  }
  for (; i < n; i += 2) used = feed(limbs, used, (bytes[i]! << 8) | bytes[i + 1]!, 65536)
  const codes = new Uint8Array(zeros + used * 5)
  let w = codes.length
  for (let k = 0; k < used; k++) {
    let v = limbs[k]!
    const last = k === used - 1
    for (let d = 0; d < 5; d++) {
      if (last && v === 0) break
      const q = Math.floor(v / 58)
      codes[--w] = CODES[v - q * 58]!
      v = q
    }
  }
  for (let z = 0; z < zeros; z++) codes[--w] = 49 // '1'
  return LATIN1.decode(codes.subarray(w))
}

function feed(limbs: Float64Array, used: number, value: number, base: number): number {
  let carry = value
  for (let k = 0; k < used; k++) {
    const x = limbs[k]! * base + carry
    carry = Math.floor(x / B58_5)
    limbs[k] = x - carry * B58_5
  }
  while (carry > 0) {
    const q = Math.floor(carry / B58_5)
    limbs[used++] = carry - q * B58_5
    carry = q
  }
  return used
}

/**
 * Base58 decoding; rejects characters outside the alphabet (with their offset) and overly long input.
 * @throws KomodoCcError ADDRESS_INVALID
 * @example base58Decode('112') // Uint8Array [0, 0, 1]
 */
export function base58Decode(s: string, maxLength = 256): Uint8Array {
  if (typeof s !== 'string') throw new KomodoCcError('ADDRESS_INVALID', `base58 expected a string, got ${typeof s}`)
  if (s.length > maxLength)
    throw new KomodoCcError('ADDRESS_INVALID', `base58 string longer than ${maxLength} characters`, {
      length: s.length,
    })
  const n = s.length
  let zeros = 0
  while (zeros < n && s.charCodeAt(zeros) === 49) zeros++
  // little-endian limbs in base 2^16, fed with up to 5 digits (one 58^k multiplier) at a time
  const limbs: number[] = []
  let i = zeros
  while (i < n) {
    let chunk = 0
    let mul = 1
    const stop = Math.min(n, i + 5)
    for (; i < stop; i++) {
      const c = s.charCodeAt(i)
      const d = c < 128 ? INDEX[c]! : -1
      if (d < 0)
        throw new KomodoCcError(
          'ADDRESS_INVALID',
          `base58 has an invalid character ${JSON.stringify(s[i])} at offset ${i}`,
          { offset: i },
        )
      chunk = chunk * 58 + d
      mul *= 58
    }
    let carry = chunk
    for (let k = 0; k < limbs.length; k++) {
      const x = limbs[k]! * mul + carry
      carry = Math.floor(x / 65536)
      limbs[k] = x - carry * 65536
    }
    while (carry > 0) {
      limbs.push(carry % 65536)
      carry = Math.floor(carry / 65536)
    }
  }
  // limbs -> big-endian bytes without leading zeros
  const body: number[] = []
  for (let k = limbs.length - 1; k >= 0; k--) body.push(limbs[k]! >>> 8, limbs[k]! & 0xff)
  let lead = 0
  while (lead < body.length && body[lead] === 0) lead++
  const out = new Uint8Array(zeros + body.length - lead)
  for (let k = lead; k < body.length; k++) out[zeros + k - lead] = body[k]!
  return out
}
