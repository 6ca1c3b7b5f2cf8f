// encodeCondition remembers module 1-of-1 encodings by content; these tests check the cache against the uncached
// path (the same tree with its children in the other order, which the cache does not recognise) and a komodod vector.
import { describe, expect, test } from 'vitest'
import fc from 'fast-check'
import {
  cc1of1,
  encodeCondition,
  evalCondition,
  secp256k1Condition,
  thresholdCondition,
} from '../../src/cc/condition.js'
import { bytesToHex, hexToBytes } from '../../src/bytes/hex.js'

const numRuns = Number(process.env.FC_NUM_RUNS ?? 200)
const PK = '03682b255c40d0cde8faee381a1a50bbb89980ff24539cb8518e294d3a63cefe12'
const uncached = (code: number, pk: Uint8Array) =>
  encodeCondition(thresholdCondition(2, [thresholdCondition(1, [secp256k1Condition(pk)]), evalCondition(code)]))

describe('encodeCondition 1-of-1 cache', () => {
  test('komodod vector, first and repeated calls', () => {
    const want = 'a22c8020e029c511da55523565835887e412e5a0c9b920801b007000df45e545f25028248103120c008203000401'
    expect(bytesToHex(encodeCondition(cc1of1(0xe4, PK)))).toBe(want)
    expect(bytesToHex(encodeCondition(cc1of1(0xe4, PK)))).toBe(want)
  })
  test('equals the uncached encoding for random eval codes and keys, repeatedly', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 255 }),
        fc.uint8Array({ minLength: 32, maxLength: 32 }),
        fc.constantFrom(2, 3),
        (code, body, prefix) => {
          const pk = Uint8Array.of(prefix, ...body)
          const want = bytesToHex(uncached(code, pk))
          expect(bytesToHex(encodeCondition(cc1of1(code, pk)))).toBe(want)
          expect(bytesToHex(encodeCondition(cc1of1(code, pk)))).toBe(want)
        },
      ),
      { numRuns },
    )
  })
  test('a public key changed in place inside the same tree gives the new encoding', () => {
    const cond = cc1of1(0xe4, PK)
    const first = bytesToHex(encodeCondition(cond))
    const leaf = (cond.subconditions[1] as { subconditions: readonly { publicKey: Uint8Array }[] }).subconditions[0]!
    leaf.publicKey[10] = leaf.publicKey[10]! ^ 0xff
    const second = bytesToHex(encodeCondition(cond))
    expect(second).not.toBe(first)
    expect(second).toBe(bytesToHex(uncached(0xe4, leaf.publicKey)))
  })
  test('an eval code changed in place gives the new encoding', () => {
    const cond = cc1of1(0xe4, PK)
    encodeCondition(cond)
    const ev = cond.subconditions[0] as { code: Uint8Array }
    ev.code[0] = 0xe5
    expect(bytesToHex(encodeCondition(cond))).toBe(bytesToHex(uncached(0xe5, hexToBytes(PK))))
  })
  test('writing into a returned encoding does not poison later calls', () => {
    const a = encodeCondition(cc1of1(0xf1, PK))
    const want = bytesToHex(a)
    a.fill(0)
    expect(bytesToHex(encodeCondition(cc1of1(0xf1, PK)))).toBe(want)
  })
  test('more distinct keys than the cache holds stay correct', () => {
    for (let i = 0; i < 600; i++) {
      const pk = new Uint8Array(33).fill(i & 0xff)
      pk[0] = 2
      pk[1] = i >> 8
      if (i % 50 === 0) expect(bytesToHex(encodeCondition(cc1of1(0xe4, pk)))).toBe(bytesToHex(uncached(0xe4, pk)))
      else encodeCondition(cc1of1(0xe4, pk))
    }
  })
})
