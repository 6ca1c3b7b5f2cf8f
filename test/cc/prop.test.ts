// Property tests: round trips over random condition trees, and no decoder ever throws anything but KomodoCcError.
import { describe, expect, test } from 'vitest'
import fc from 'fast-check'
import { tlvGroups } from '../../src/cc/der.js'
import {
  anonCondition,
  cc1of1,
  ccAddress,
  ccAddressOf,
  conditionCost,
  conditionFromJson,
  conditionToJson,
  decodeCondition,
  decodeFulfillment,
  encodeCondition,
  encodeFulfillment,
  ed25519Condition,
  evalCondition,
  preimageCondition,
  prefixCondition,
  secp256k1Condition,
  thresholdCondition,
  verifyFulfillment,
  type CcCondition,
} from '../../src/cc/index.js'
import { ccScript, parseCcScript } from '../../src/script/cc.js'
import { addSignature, fulfill1of1, writeFulfill1of1 } from '../../src/cc/fulfillment.js'
import { oneOfOneParts } from '../../src/cc/condition.js'
import { KomodoCcError } from '../../src/errors.js'
import { bytesToHex, hexToBytes } from '../../src/bytes/hex.js'

const numRuns = Number(process.env.FC_NUM_RUNS ?? 200)

// Real curve points (the fulfillment reader requires them); conditions accept any 33 bytes.
const POINTS = [
  '03fdf4907810a9f5d9462a1ae09feee5ab205d32798b0ffcc379442021f84c5bbf',
  '039ebd374eea3befddf46bbb182e291fb719ee1b705b0b7802161038eb7da8a036',
  '02b0915b333926d5338cadba614164c99be83592a13d8bdecb6f679593c11b79d8',
  '0279be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798',
].map((x) => hexToBytes(x))

const bytes = (min: number, max: number) => fc.uint8Array({ minLength: min, maxLength: max })
const leaf = (signed: boolean): fc.Arbitrary<CcCondition> =>
  fc.oneof(
    bytes(0, 40).map(preimageCondition),
    bytes(1, 4).map(evalCondition),
    fc
      .tuple(fc.constantFrom(...POINTS), bytes(64, 64))
      .map(([pk, sig]) => secp256k1Condition(pk, signed ? sig : undefined)),
    fc.tuple(bytes(32, 32), bytes(64, 64)).map(([pk, sig]) => ed25519Condition(pk, signed ? sig : undefined)),
  )
// anon costs stay small so sums stay below 2^32 (the strict reader enforces the ASN.1 bound; the encoder, like the C one, does not)
const anon: fc.Arbitrary<CcCondition> = fc
  .tuple(
    fc.constantFrom(0, 2, 4, 5, 15),
    bytes(32, 32),
    fc.integer({ min: 0, max: 2 ** 20 }),
    fc.integer({ min: 0, max: 0xffff }),
  )
  .map(([t, fp, cost, sub]) => anonCondition(t, fp, cost, t === 2 ? sub & ~4 : 0))

/** Random trees of depth ≤ 4 with thresholds, prefixes and every leaf kind. */
function tree(signed: boolean, withAnon: boolean): fc.Arbitrary<CcCondition> {
  const { node } = fc.letrec<{ node: CcCondition }>((tie) => ({
    node: fc.oneof(
      { depthSize: 'small', withCrossShrink: true, maxDepth: 4 },
      leaf(signed),
      ...(withAnon ? [anon] : []),
      fc
        .array(tie('node'), { minLength: 0, maxLength: 4 })
        .chain((subs) => fc.integer({ min: 0, max: subs.length }).map((t) => thresholdCondition(t, subs))),
      fc
        .tuple(bytes(0, 8), fc.integer({ min: 0, max: 100000 }), tie('node'))
        .map(([p, m, s]) => prefixCondition(p, m, s)),
    ),
  }))
  return node
}

const isOurError = (e: unknown): boolean => e instanceof KomodoCcError

describe('round trips', () => {
  test('condition: decode(encode(tree)) re-encodes identically, strict', () => {
    fc.assert(
      fc.property(tree(false, true), (t) => {
        const bin = encodeCondition(t)
        const anonNode = decodeCondition(bin)
        expect(bytesToHex(encodeCondition(anonNode))).toBe(bytesToHex(bin))
        expect(anonNode.cost).toBe(conditionCost(t))
        expect(bytesToHex(encodeCondition(decodeCondition(bin, { lenient: true })))).toBe(bytesToHex(bin))
      }),
      { numRuns },
    )
  })

  test('fulfillment: decoding preserves the condition, re-encoding is byte-identical', () => {
    fc.assert(
      fc.property(tree(true, true), (t) => {
        let f: Uint8Array
        try {
          f = encodeFulfillment(t)
        } catch (e) {
          expect((e as KomodoCcError).code).toBe('FULFILLMENT_INVALID') // e.g. too many anon children
          return
        }
        const back = decodeFulfillment(f)
        expect(bytesToHex(encodeCondition(back))).toBe(bytesToHex(encodeCondition(t)))
        expect(bytesToHex(encodeFulfillment(back))).toBe(bytesToHex(f))
        expect(bytesToHex(encodeFulfillment(decodeFulfillment(f, { lenient: true })))).toBe(bytesToHex(f))
      }),
      { numRuns },
    )
  })

  test('JSON: fromJson(toJson(tree)) is the same tree', () => {
    fc.assert(
      fc.property(tree(true, false), (t) => {
        const json = JSON.parse(JSON.stringify(conditionToJson(t)))
        const back = conditionFromJson(json)
        expect(bytesToHex(encodeCondition(back))).toBe(bytesToHex(encodeCondition(t)))
        expect(conditionToJson(back)).toEqual(json)
      }),
      { numRuns },
    )
  })

  test('fast 1-of-1 address equals the generic tree → DER → hash path', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 255 }), bytes(33, 33)), { minLength: 1, maxLength: 4 }),
        (pairs) => {
          for (const [ev, pk] of pairs) expect(ccAddress(ev, pk)).toBe(ccAddressOf(cc1of1(ev, pk)))
        },
      ),
      { numRuns },
    )
  })

  test('ccScript / parseCcScript round trip with vData', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 255 }),
        bytes(33, 33),
        fc.option(fc.array(bytes(1, 120), { maxLength: 3 }), { nil: undefined }),
        (ev, pk, data) => {
          const cond = cc1of1(ev, pk)
          const total = (data ?? []).reduce((n, d) => n + d.length + 3, 5)
          if (total > 520) return
          const script = ccScript(cond, data === undefined ? undefined : { evalCode: ev, data })
          const p = parseCcScript(script)!
          expect(bytesToHex(p.condition)).toBe(bytesToHex(encodeCondition(cond)))
          expect(ccAddressOf(p.condition)).toBe(ccAddress(ev, pk))
          if (data === undefined) expect(p.tail).toEqual([])
          else {
            expect(p.params).toEqual({ version: 1, evalCode: ev, n: 1, m: 1 })
            expect(p.vData!.map(bytesToHex)).toEqual(data.map(bytesToHex))
          }
        },
      ),
      { numRuns },
    )
  })
})

describe('decoders never throw anything but KomodoCcError', () => {
  const anyBytes = fc.uint8Array({ maxLength: 300 })
  test('random bytes', () => {
    fc.assert(
      fc.property(anyBytes, fc.boolean(), (b, lenient) => {
        for (const fn of [
          () => decodeCondition(b, { lenient }),
          () => decodeFulfillment(b, { lenient }),
          () => verifyFulfillment(b, b, new Uint8Array(32), { lenient }),
          () => parseCcScript(b),
        ]) {
          try {
            fn()
          } catch (e) {
            expect(isOurError(e), String(e)).toBe(true)
          }
        }
      }),
      { numRuns: numRuns * 5 },
    )
  })

  test('mutated valid encodings (bit flips, truncation, insertion)', () => {
    const valid = fc.tuple(tree(true, true), fc.boolean()).map(([t, asFulfillment]) => {
      try {
        return asFulfillment ? encodeFulfillment(t) : encodeCondition(t)
      } catch {
        return encodeCondition(t)
      }
    })
    fc.assert(
      fc.property(
        valid,
        fc.nat(),
        fc.nat(255),
        fc.constantFrom('flip', 'cut', 'insert'),
        fc.boolean(),
        (v, at, byte, how, lenient) => {
          const i = v.length === 0 ? 0 : at % v.length
          let m: Uint8Array
          if (how === 'flip') {
            m = v.slice()
            m[i] = byte
          } else if (how === 'cut') m = v.slice(0, i)
          else m = Uint8Array.from([...v.slice(0, i), byte, ...v.slice(i)])
          for (const fn of [
            () => decodeCondition(m, { lenient }),
            () => decodeFulfillment(m, { lenient }),
            () => verifyFulfillment(m, v, new Uint8Array(32)),
          ]) {
            try {
              const r = fn()
              // whatever a strict decoder accepts must be canonical
              if (!lenient && fn !== undefined && typeof r === 'object') {
                const enc = 'typeId' in r && r.type === 'anon' ? encodeCondition(r) : undefined
                if (enc) expect(bytesToHex(enc)).toBe(bytesToHex(m))
              }
            } catch (e) {
              expect(isOurError(e), String(e)).toBe(true)
            }
          }
        },
      ),
      { numRuns: numRuns * 5 },
    )
  })

  test('strictly decoded fulfillments re-encode to the same bytes', () => {
    fc.assert(
      fc.property(tree(true, true), fc.nat(), fc.nat(255), (t, at, byte) => {
        let f: Uint8Array
        try {
          f = encodeFulfillment(t)
        } catch {
          return
        }
        const m = f.slice()
        m[at % m.length] = byte
        let back: CcCondition
        try {
          back = decodeFulfillment(m)
        } catch (e) {
          expect(isOurError(e)).toBe(true)
          return
        }
        expect(bytesToHex(encodeFulfillment(back))).toBe(bytesToHex(m))
      }),
      { numRuns: numRuns * 2 },
    )
  })

  test('random JSON into conditionFromJson', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 4 }), (j) => {
        try {
          conditionFromJson(j)
        } catch (e) {
          expect(isOurError(e), String(e)).toBe(true)
        }
      }),
      { numRuns },
    )
  })
})

describe('tlvGroups (the one-allocation DER writer behind encodeFulfillment)', () => {
  // An independent DER writer: tag, X.690 definite length (short form < 128, else 0x80|k and k big-endian bytes), content.
  const derTlv = (tag: number, content: number[]): number[] => {
    const n = content.length
    const len: number[] = []
    if (n < 128) len.push(n)
    else {
      for (let x = n; x > 0; x = Math.floor(x / 256)) len.unshift(x % 256)
      len.unshift(0x80 | len.length)
    }
    return [tag, ...len, ...content]
  }
  const part = fc.oneof(fc.uint8Array({ maxLength: 8 }), fc.uint8Array({ minLength: 120, maxLength: 300 }))
  test('equals nested definite-length TLVs for random groups, including long-form lengths', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 255 }),
        fc.array(fc.tuple(fc.integer({ min: 0, max: 255 }), fc.array(part, { maxLength: 4 })), { maxLength: 3 }),
        (tag, groups) => {
          const want = derTlv(
            tag,
            groups.flatMap(([t, parts]) =>
              derTlv(
                t,
                parts.flatMap((p) => [...p]),
              ),
            ),
          )
          expect([...tlvGroups(tag, groups)]).toEqual(want)
        },
      ),
      { numRuns: 200 },
    )
  })
})

describe('the direct 1-of-1 fulfillment writer (signing fast path)', () => {
  /** writeFulfill1of1 into a fresh array with a guard byte on each side. */
  const direct = (code: Uint8Array, pk: Uint8Array, sig: Uint8Array): Uint8Array => {
    const buf = new Uint8Array(121 + code.length).fill(0xee)
    writeFulfill1of1(buf, 1, code, pk, sig)
    expect([buf[0], buf[buf.length - 1]]).toEqual([0xee, 0xee])
    return buf.subarray(1, buf.length - 1)
  }
  test('writeFulfill1of1 gives the general encoder’s bytes for any eval code of 1..8 bytes, key and signature', () => {
    fc.assert(
      fc.property(bytes(1, 8), fc.constantFrom(...POINTS), bytes(64, 64), (code, pk, sig) => {
        const cond = thresholdCondition(2, [evalCondition(code), thresholdCondition(1, [secp256k1Condition(pk)])])
        const general = encodeFulfillment(addSignature(cond, pk, sig))
        const parts = oneOfOneParts(cond)!
        expect(bytesToHex(direct(parts.code, parts.pk, sig))).toBe(bytesToHex(general))
        if (code.length === 1) expect(bytesToHex(fulfill1of1(code[0]!, pk, sig))).toBe(bytesToHex(general))
      }),
      { numRuns },
    )
  })
  test('the module 1-of-1 vector: 120 bytes, inner threshold first', () => {
    const out = fulfill1of1(0xe4, POINTS[0]!, new Uint8Array(64).fill(0x11))
    expect(out.length).toBe(120)
    expect(bytesToHex(out.subarray(0, 12))).toBe('a276a072a26ba067a5658021')
    expect(bytesToHex(out.subarray(111))).toBe('a100af038001e4a100')
    expect(decodeFulfillment(out).type).toBe('threshold-sha-256')
  })
  test('refuses a code over 8 bytes, a key other than 33 bytes or a signature other than 64', () => {
    const sig = new Uint8Array(64),
      out = new Uint8Array(200)
    expect(() => writeFulfill1of1(out, 0, new Uint8Array(9), POINTS[0]!, sig)).toThrow(
      expect.objectContaining({ code: 'ARG_INVALID' }),
    )
    expect(() => writeFulfill1of1(out, 0, Uint8Array.of(1), new Uint8Array(32), sig)).toThrow(
      expect.objectContaining({ code: 'ARG_INVALID' }),
    )
    expect(() => writeFulfill1of1(out, 0, Uint8Array.of(1), POINTS[0]!, new Uint8Array(63))).toThrow(
      expect.objectContaining({ code: 'ARG_INVALID' }),
    )
    expect(() => fulfill1of1(0xe4, POINTS[0]!, new Uint8Array(63))).toThrow(
      expect.objectContaining({ code: 'BYTES_LENGTH' }),
    )
  })
  test('oneOfOneParts recognises only the cc1of1 shape', () => {
    const pk = POINTS[1]!
    expect(oneOfOneParts(cc1of1(0xe4, pk))).not.toBeNull()
    expect(
      oneOfOneParts(
        thresholdCondition(1, [evalCondition(Uint8Array.of(0xe4)), thresholdCondition(1, [secp256k1Condition(pk)])]),
      ),
    ).toBeNull()
    expect(
      oneOfOneParts(thresholdCondition(2, [evalCondition(Uint8Array.of(0xe4)), secp256k1Condition(pk)])),
    ).toBeNull()
    expect(
      oneOfOneParts(
        thresholdCondition(2, [evalCondition(new Uint8Array(9)), thresholdCondition(1, [secp256k1Condition(pk)])]),
      ),
    ).toBeNull()
  })
})
