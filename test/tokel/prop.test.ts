// Round-trip properties of the Tokel codecs: mixed-mode fulfillments over random trees, the Tokel blob, the assets
// order payloads.
import { describe, expect, test } from 'vitest'
import fc from 'fast-check'
import { bytesToHex } from '../../src/bytes/hex.js'
import {
  encodeCondition,
  evalCondition,
  secp256k1Condition,
  secp256k1HashCondition,
  thresholdCondition,
} from '../../src/cc/condition.js'
import { anonymiseFirstThreshold, decodeMixedFulfillment, encodeMixedFulfillment } from '../../src/cc/mixed.js'
import { ccV2Script, parseCcV2Script } from '../../src/script/ccv2.js'
import { decodeTokelData, encodeTokelData } from '../../src/modules/tokensv2/tokeldata.js'
import { decodeAssetsV2Opret, encodeAssetsV2Opret } from '../../src/modules/assetsv2/opret.js'
import type { CcCondition } from '../../src/cc/types.js'

const RUNS = { numRuns: Number(process.env.FC_NUM_RUNS ?? 200) }
const KEYS = [
  '0279be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798',
  '02c6047f9441ed7d6d3045406e95c07cd85c778e4b8cef3ca7abac09b95c709ee5',
  '032fd27f72591b02f13a7f9701246eb0296b2be7cfdad32c520e594844ec3d4801',
]
const leaf: fc.Arbitrary<CcCondition> = fc.oneof(
  fc.integer({ min: 0, max: 255 }).map((e) => evalCondition(e)),
  fc.constantFrom(...KEYS).map((k) => secp256k1Condition(k)),
  fc.constantFrom(...KEYS).map((k) => secp256k1HashCondition(k)),
)
const tree: fc.Arbitrary<CcCondition> = fc.letrec<{ node: CcCondition }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    leaf,
    fc
      .array(tie('node'), { minLength: 1, maxLength: 4 })
      .chain((subs) => fc.integer({ min: 1, max: subs.length }).map((t) => thresholdCondition(t, subs))),
  ),
})).node

describe('mixed-mode fulfillment round trip', () => {
  test('encode → decode keeps the condition (both sub-versions), and the script parses back', () => {
    fc.assert(
      fc.property(
        tree.filter((t) => t.type === 'threshold-sha-256'),
        fc.constantFrom(0 as const, 1 as const),
        (t, sv) => {
          const shown = sv === 0 ? anonymiseFirstThreshold(t) : t
          const f = encodeMixedFulfillment(shown)
          const back = decodeMixedFulfillment(f)
          expect(bytesToHex(encodeCondition(back))).toBe(bytesToHex(encodeCondition(t)))
          expect(bytesToHex(encodeMixedFulfillment(back))).toBe(bytesToHex(f))
          const p = parseCcV2Script(ccV2Script(t, { subver: sv }))
          expect(p === null ? null : bytesToHex(p.condition)).toBe(bytesToHex(encodeCondition(t)))
        },
      ),
      RUNS,
    )
  })
})

describe('Tokel blob and assets payload round trips', () => {
  test('Tokel data: any subset in any key order decodes to the same values', () => {
    fc.assert(
      fc.property(
        fc.record(
          {
            id: fc.integer({ min: 0, max: 0x02000000 }),
            url: fc.string({ maxLength: 80 }),
            royalty: fc.integer({ min: 0, max: 999 }),
            arbitrary: fc.uint8Array({ maxLength: 40 }).map(bytesToHex),
          },
          { requiredKeys: [] },
        ),
        (d) => {
          expect(decodeTokelData(encodeTokelData(d))).toEqual(d)
        },
      ),
      RUNS,
    )
  })
  test('orders', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('s' as const, 'b' as const, 'S' as const, 'B' as const),
        fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }),
        fc.integer({ min: -0x80000000, max: 0x7fffffff }),
        fc.uint8Array({ minLength: 32, maxLength: 32 }).map(bytesToHex),
        (funcid, unitPrice, expiryHeight, tokenid) => {
          const p = { funcid, tokenid, unitPrice, origpubkey: KEYS[0]!, expiryHeight }
          expect(decodeAssetsV2Opret(encodeAssetsV2Opret(p))).toEqual({ ...p, evalCode: 0xf6, version: 1 })
        },
      ),
      RUNS,
    )
  })
})

describe('hostile bytes', () => {
  test('parseCcV2Script, decodeMixedFulfillment and the inspector never crash on random or mutated v2 scripts', async () => {
    const { classifyOutput } = await import('../../src/modules/inspection.js')
    const { KMD } = await import('../../src/address/chain.js')
    const { KomodoCcError } = await import('../../src/errors.js')
    const base = ccV2Script(
      thresholdCondition(2, [evalCondition(0xf5), thresholdCondition(1, [secp256k1HashCondition(KEYS[0]!)])]),
      { subver: 1 },
    )
    fc.assert(
      fc.property(
        fc.oneof(
          fc.uint8Array({ maxLength: 120 }).map((b) => Uint8Array.of(b.length + 1, 0x4e, ...b, 0xcc)),
          fc.tuple(fc.integer({ min: 0, max: base.length - 1 }), fc.integer({ min: 0, max: 255 })).map(([i, v]) => {
            const m = base.slice()
            m[i] = v
            return m
          }),
        ),
        (script) => {
          parseCcV2Script(script)
          classifyOutput(script, 1n, 0, KMD)
          try {
            decodeMixedFulfillment(script.subarray(2, script.length - 1))
          } catch (e) {
            expect(e).toBeInstanceOf(KomodoCcError)
          }
        },
      ),
      RUNS,
    )
  })
})
