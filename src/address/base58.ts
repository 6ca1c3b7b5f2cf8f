import { KomodoCcError } from '../errors.js'
import { assertBytes } from '../bytes/assert.js'

const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'
const DIGITS: readonly string[] = /* @__PURE__ */ Object.freeze([...ALPHABET])
const INDEX: Int8Array = /* @__PURE__ */ (() => {
  const t = new Int8Array(128).fill(-1)
  for (let i = 0; i < 58; i++) t[ALPHABET.charCodeAt(i)] = i
  return t
})()
// 58^5 fits a float-exact product with 2^16 (< 2^53), so we move 2 bytes or 5 digits per step.
const B58_5 = 656356768

/**
 * Base58 (Bitcoin alphabet) encoding. Works in limbs of 58^5 fed 16 bits at a time: no BigInt, no per-digit loop
 * over the whole number.
 * @example base58Encode(new Uint8Array([0, 0, 1])) // '112'
 */
export function base58Encode(bytes: Uint8Array): string {
  assertBytes(bytes, undefined, 'bytes')
  const n = bytes.length
  let zeros = 0
  while (zeros < n && bytes[zeros] === 0) zeros++
  // little-endian limbs in base 58^5
  const limbs: number[] = []
  let i = zeros
  if ((n - zeros) & 1) {
    pushValue(limbs, bytes[i]!, 256)
    i++
  }
  for (; i < n; i += 2) pushValue(limbs, (bytes[i]! << 8) | bytes[i + 1]!, 65536)
  let out = ''
  for (let k = 0; k < limbs.length; k++) {
    let v = limbs[k]!
    const last = k === limbs.length - 1
    for (let d = 0; d < 5; d++) {
      if (last && v === 0) break
      out = DIGITS[v % 58]! + out
      v = Math.floor(v / 58)
    }
  }
  return '1'.repeat(zeros) + out
}

function pushValue(limbs: number[], value: number, base: number): void {
  let carry = value
  for (let k = 0; k < limbs.length; k++) {
    const x = limbs[k]! * base + carry
    carry = Math.floor(x / B58_5)
    limbs[k] = x - carry * B58_5
  }
  while (carry > 0) {
    const q = Math.floor(carry / B58_5)
    limbs.push(carry - q * B58_5)
    carry = q
  }
}

/**
 * Base58 decoding; rejects characters outside the alphabet (with their offset) and overly long input.
 * @throws KomodoCcError ADDRESS_INVALID
 * @example base58Decode('112') // Uint8Array [0, 0, 1]
 */
export function base58Decode(s: string, maxLength = 256): Uint8Array {
  if (typeof s !== 'string') throw new KomodoCcError('ADDRESS_INVALID', `base58 expected a string, got ${typeof s}`)
  if (s.length > maxLength) throw new KomodoCcError('ADDRESS_INVALID', `base58 string longer than ${maxLength} characters`, { length: s.length })
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
      if (d < 0) throw new KomodoCcError('ADDRESS_INVALID', `base58 has an invalid character ${JSON.stringify(s[i])} at offset ${i}`, { offset: i })
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
