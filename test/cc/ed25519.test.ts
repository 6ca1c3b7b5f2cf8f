// Ed25519 verification cross-checked with node:crypto (OpenSSL), and the Komodo-specific acceptance rules.
import { expect, test } from 'vitest'
import { generateKeyPairSync, sign as nodeSign, verify as nodeVerify } from 'node:crypto'
import { ed25519Verify } from '../../src/cc/ed25519.js'
import {
  ed25519Condition,
  encodeCondition,
  encodeFulfillment,
  verifyFulfillment,
  thresholdCondition,
} from '../../src/cc/index.js'

function keypair() {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519')
  const raw = Buffer.from(publicKey.export({ format: 'jwk' }).x!, 'base64url')
  return { privateKey, publicKey, raw: new Uint8Array(raw) }
}
const L = 2n ** 252n + 27742317777372353535851937790883648493n

test('RFC 8032 test vector 1 (empty message)', () => {
  const pk = Buffer.from('d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a', 'hex')
  const sig = Buffer.from(
    'e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e065224901555fb8821590a33bacc61e39701cf9b46bd25bf5f0595bbe24655141438e7a100b',
    'hex',
  )
  expect(ed25519Verify(sig, new Uint8Array(0), pk)).toBe(true)
  expect(ed25519Verify(sig, new Uint8Array(1), pk)).toBe(false)
})

test('agrees with node:crypto on valid and tampered signatures', () => {
  for (let i = 0; i < 6; i++) {
    const k = keypair()
    const msg = new Uint8Array(32).map((_, j) => (i * 31 + j * 7) & 0xff)
    const sig = new Uint8Array(nodeSign(null, msg, k.privateKey))
    expect(ed25519Verify(sig, msg, k.raw)).toBe(true)
    for (const at of [0, 17, 40, 63]) {
      const bad = sig.slice()
      bad[at]! ^= 1 << (i % 5)
      expect(ed25519Verify(bad, msg, k.raw)).toBe(nodeVerify(null, msg, k.publicKey, bad))
    }
    const msg2 = msg.slice()
    msg2[0]! ^= 1
    expect(ed25519Verify(sig, msg2, k.raw)).toBe(false)
    // S + L has the same point but is refused (malleability rule), as OpenSSL does
    let s = 0n
    for (let j = 63; j >= 32; j--) s = (s << 8n) | BigInt(sig[j]!)
    let s2 = s + L
    const mall = sig.slice()
    for (let j = 32; j < 64; j++, s2 >>= 8n) mall[j] = Number(s2 & 0xffn)
    expect(ed25519Verify(mall, msg, k.raw)).toBe(false)
    expect(nodeVerify(null, msg, k.publicKey, mall)).toBe(false)
  }
})

test('verifyFulfillment checks signed ed25519 nodes', () => {
  const k = keypair()
  const msg = new Uint8Array(32).fill(9)
  const sig = new Uint8Array(nodeSign(null, msg, k.privateKey))
  const signed = thresholdCondition(1, [ed25519Condition(k.raw, sig)])
  const cond = encodeCondition(signed)
  expect(verifyFulfillment(encodeFulfillment(signed), cond, msg)).toBe(true)
  expect(verifyFulfillment(encodeFulfillment(signed), cond, new Uint8Array(32))).toBe(false)
})
