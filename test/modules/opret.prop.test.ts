import { describe, expect, test } from 'vitest'
import fc from 'fast-check'
import spec from '../../vectors/modules/spec-oprets.json' with { type: 'json' }
import docs from '../../vectors/modules/docs-antara-tx.json' with { type: 'json' }
import { KomodoCcError } from '../../src/errors.js'
import { hexToBytes } from '../../src/bytes/hex.js'
import { decodeTokensOpret, encodeTokensOpret } from '../../src/modules/tokens/opret.js'
import { decodeFaucetOpret, encodeFaucetOpret } from '../../src/modules/faucet/opret.js'
import { decodeDiceOpret, encodeDiceOpret } from '../../src/modules/dice/opret.js'
import { decodeOraclesOpret, encodeOraclesOpret } from '../../src/modules/oracles/opret.js'
import {
  decodeGateways2018Opret,
  decodeGatewaysOpret,
  encodeGateways2018Opret,
  encodeGatewaysOpret,
} from '../../src/modules/gateways/opret.js'
import { decodeRewardsOpret, encodeRewardsOpret } from '../../src/modules/rewards/opret.js'
import { diceArb, faucetArb, gateways2018Arb, gatewaysArb, oraclesArb, rewardsArb, tokensArb } from './_arb.js'

const numRuns = Number(process.env.FC_NUM_RUNS ?? 200)
const eq = (a: Uint8Array, b: Uint8Array) => a.length === b.length && a.every((x, i) => x === b[i])

const CASES = [
  ['tokens', tokensArb, encodeTokensOpret, decodeTokensOpret],
  ['faucet', faucetArb, encodeFaucetOpret, decodeFaucetOpret],
  ['dice', diceArb, encodeDiceOpret, decodeDiceOpret],
  ['oracles', oraclesArb, encodeOraclesOpret, decodeOraclesOpret],
  ['gateways', gatewaysArb, encodeGatewaysOpret, decodeGatewaysOpret],
  ['rewards', rewardsArb, encodeRewardsOpret, decodeRewardsOpret],
] as const

describe('decode ∘ encode is the identity', () => {
  for (const [name, arb, enc, dec] of CASES) {
    test(name, () => {
      fc.assert(
        fc.property(arb as fc.Arbitrary<never>, (p) => {
          const script = (enc as (x: never) => Uint8Array)(p)
          const back = (dec as (s: Uint8Array) => Record<string, unknown>)(script)
          // The token transfer format is ambiguous in the daemon too: a current-format blob list whose bytes read
          // as one old Rogue/Assets varbytes blob decodes as that legacy blob. Bytes still round-trip.
          if (name === 'tokens' && back.legacyBlob === true && (p as { legacyBlob?: boolean }).legacyBlob !== true) {
            expect(eq((enc as (x: never) => Uint8Array)(back as never), script)).toBe(true)
            return
          }
          // Gateways' 2018 P/S/M layouts are tried only when the current layout does not parse; a legacy payload
          // whose bytes also parse as the current layout decodes as current (same bytes).
          if (name === 'gateways' && back.layout !== (p as { layout?: string }).layout) {
            expect(eq((enc as (x: never) => Uint8Array)(back as never), script)).toBe(true)
            return
          }
          expect(back).toEqual(p)
        }),
        { numRuns },
      )
    })
  }
})

describe('2018 gateways records: every encoded record is among the decoded candidates', () => {
  test('decodeGateways2018Opret ∘ encodeGateways2018Opret ∋ p', () => {
    fc.assert(
      fc.property(gateways2018Arb, (p) => {
        const script = encodeGateways2018Opret(p)
        const all = decodeGateways2018Opret(script)
        expect(all).toContainEqual(p)
        for (const q of all) expect(eq(encodeGateways2018Opret(q), script)).toBe(true)
      }),
      { numRuns },
    )
  })
})

const ALL_DECODERS = [
  ...CASES.map(([, , , dec]) => dec as (s: Uint8Array) => unknown),
  decodeGateways2018Opret as (s: Uint8Array) => unknown,
]
const onlyKomodoErrors = (bytes: Uint8Array) => {
  for (const dec of ALL_DECODERS) {
    try {
      dec(bytes)
    } catch (e) {
      if (!(e instanceof KomodoCcError)) throw e
    }
  }
}

describe('malformed input only ever throws KomodoCcError', () => {
  test('random bytes, as scripts and as payloads', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ maxLength: 300 }),
        fc.constantFrom(0x6a, 0xe3, 0xe4, 0xe5, 0xe6, 0xec, 0xf1, 0xf2),
        fc.constantFrom(...'cCtGFEBWLTRALUDSPMz'),
        (b, ev, f) => {
          onlyKomodoErrors(b)
          const p = new Uint8Array(b.length + 2)
          p[0] = ev
          p[1] = f.charCodeAt(0)
          p.set(b, 2)
          onlyKomodoErrors(p)
        },
      ),
      { numRuns },
    )
  })
  const scripts = [
    ...spec.valid.map((v) => v.script),
    ...docs.cases.flatMap((c) => (c.opret === undefined ? [] : [c.opret])),
  ].map((h) => hexToBytes(h))
  test('valid scripts with one byte flipped, truncated or extended', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...scripts),
        fc.nat(),
        fc.integer({ min: 1, max: 255 }),
        fc.nat({ max: 3 }),
        (s, at, x, mode) => {
          const c = s.slice()
          const i = at % c.length
          if (mode === 0) c[i] = c[i]! ^ x
          onlyKomodoErrors(mode === 1 ? c.subarray(0, i) : mode === 2 ? new Uint8Array([...c, x]) : c)
        },
      ),
      { numRuns },
    )
  })
})
