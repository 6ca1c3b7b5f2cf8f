// The hostile-input pass over every decoder (issue 16, "keep it found"): seeded fast-check runs that feed each public
// decoder random input and mutations of real vectors (flipped, inserted and deleted bytes, truncations, repeated
// segments, CompactSize and DER length bytes set to their extremes). Each call must return or throw a KomodoCcError:
// never a TypeError/RangeError, never a hang; where a decoder accepts, re-encoding gives back the input's bytes.
// Seed and size: FC_SEED (default 16) and FC_NUM_RUNS (default 1000 per property), so a failure replays exactly.
import { describe, expect, test } from 'vitest'
import fc from 'fast-check'
import rawTxs from '../../vectors/tx/docs-antara-raw.json' with { type: 'json' }
import oprets from '../../vectors/modules/spec-oprets.json' with { type: 'json' }
import conditions from '../../vectors/cc/cc-conditions.json' with { type: 'json' }
import { KomodoCcError } from '../../src/errors.js'
import { bytesToHex, hexToBytes } from '../../src/bytes/hex.js'
import { displayHexToBytes, txidToInternalBytes } from '../../src/bytes/uint256.js'
import { base58Decode, base58checkDecode } from '../../src/address/index.js'
import { decodeAddress, decodeWif, pubkeyBytes } from '../../src/address/address.js'
import { daemonAtof, daemonAtol, daemonParseCoins, daemonParseDatafee, toSatoshis } from '../../src/amount.js'
import { unsbits } from '../../src/sbits.js'
import { assertOracleFormat, decodeOracleData, joinOracleData } from '../../src/oracle-data/index.js'
import { parseTransaction, serializeTransaction } from '../../src/tx/codec.js'
import { decodeRawTransaction } from '../../src/tx/decode.js'
import { classifyScript } from '../../src/script/classify.js'
import { decompileScript, scriptToAsm } from '../../src/script/script.js'
import { parseCcScript } from '../../src/script/cc.js'
import { decodeCondition, encodeCondition } from '../../src/cc/condition.js'
import { decodeFulfillment, encodeFulfillment } from '../../src/cc/fulfillment.js'
import { conditionFromJson, fromBase64url } from '../../src/cc/json.js'
import { decodeTokensOpret } from '../../src/modules/tokens/index.js'
import { decodeTokensPayload, decodeTokensWrapper } from '../../src/modules/tokens/opret.js'
import { decodeFaucetOpret } from '../../src/modules/faucet/index.js'
import { decodeFaucetPayload } from '../../src/modules/faucet/opret.js'
import { decodeDiceOpret } from '../../src/modules/dice/index.js'
import { decodeDicePayload } from '../../src/modules/dice/opret.js'
import { decodeOraclesOpret } from '../../src/modules/oracles/index.js'
import { decodeOraclesPayload } from '../../src/modules/oracles/opret.js'
import { decodeGatewaysOpret } from '../../src/modules/gateways/index.js'
import { decodeGatewaysPayload } from '../../src/modules/gateways/opret.js'
import { decodeRewardsOpret } from '../../src/modules/rewards/index.js'
import { decodeRewardsPayload } from '../../src/modules/rewards/opret.js'
import { inspectTransaction, inspectionText } from '../../src/inspect/index.js'
import { tokeninfo } from '../../src/modules/tokens/info.js'
import { faucetinfo } from '../../src/modules/faucet/info.js'
import { diceinfo } from '../../src/modules/dice/info.js'
import { oraclesinfo } from '../../src/modules/oracles/info.js'
import { gatewaysinfo } from '../../src/modules/gateways/info.js'
import { rewardsinfo } from '../../src/modules/rewards/info.js'
import { parseMerkleProof } from '../../src/modules/gateways/proof.js'

const seed = Number(process.env.FC_SEED ?? 16)
const numRuns = Number(process.env.FC_NUM_RUNS ?? 1000)
const params = { seed, numRuns }

/** Runs `fn`; any outcome but a return or a KomodoCcError fails, with the input in the message. */
function typedOrOk<T>(fn: () => T, input: unknown): T | undefined {
  try {
    return fn()
  } catch (e) {
    if (e instanceof KomodoCcError) return undefined
    const shown = input instanceof Uint8Array ? bytesToHex(input).slice(0, 400) : String(input).slice(0, 400)
    throw new Error(`untyped ${(e as Error)?.name}: ${(e as Error)?.message} for input ${shown}`)
  }
}

// ---- inputs: real bytes, and the ways hostile bytes differ from them

const TX_CORPUS = rawTxs.cases.map((c) => hexToBytes(c.hex))
const OPRET_CORPUS = [...oprets.valid, ...oprets.invalid].map((c) => hexToBytes(c.script))
const COND_CORPUS = (conditions.cases as unknown as Record<string, unknown>[])
  .filter((c) => typeof c.condition === 'string')
  .slice(0, 40)
  .map((c) => hexToBytes(c.condition as string))
const FULFILL_CORPUS = (conditions.cases as unknown as Record<string, unknown>[])
  .filter((c) => typeof c.fulfillment === 'string')
  .slice(0, 40)
  .map((c) => hexToBytes(c.fulfillment as string))
const SCRIPT_CORPUS = TX_CORPUS.flatMap((b) => {
  const t = parseTransaction(b)
  return [...t.vout.map((o) => o.script), ...t.vin.map((i) => i.scriptSig)]
})

type Mutation = {
  kind: 'flip' | 'insert' | 'delete' | 'truncate' | 'repeat' | 'extreme'
  at: number
  len: number
  byte: number
}
const mutation: fc.Arbitrary<Mutation> = fc.record({
  kind: fc.constantFrom('flip', 'insert', 'delete', 'truncate', 'repeat', 'extreme'),
  at: fc.nat(),
  len: fc.integer({ min: 1, max: 64 }),
  byte: fc.integer({ min: 0, max: 255 }),
})
const EXTREMES = [0x00, 0x4c, 0x4d, 0x4e, 0x7f, 0x80, 0x81, 0x82, 0x84, 0xfc, 0xfd, 0xfe, 0xff]

function mutate(base: Uint8Array, ms: readonly Mutation[]): Uint8Array {
  let b = base
  for (const m of ms) {
    const at = b.length === 0 ? 0 : m.at % b.length
    switch (m.kind) {
      case 'flip':
        if (b.length > 0) {
          b = b.slice()
          b[at] = b[at]! ^ (m.byte | 1)
        }
        break
      case 'insert': {
        const c = new Uint8Array(b.length + m.len).fill(m.byte)
        c.set(b.subarray(0, at))
        c.set(b.subarray(at), at + m.len)
        b = c
        break
      }
      case 'delete':
        b = new Uint8Array([...b.subarray(0, at), ...b.subarray(at + m.len)])
        break
      case 'truncate':
        b = b.slice(0, at)
        break
      case 'repeat':
        b = new Uint8Array([...b.subarray(0, at + m.len), ...b.subarray(at, at + m.len), ...b.subarray(at + m.len)])
        break
      case 'extreme':
        if (b.length > 0) {
          b = b.slice()
          b[at] = EXTREMES[m.byte % EXTREMES.length]!
        }
        break
    }
  }
  return b
}

/** Random bytes, or a real input of the corpus with one to four mutations. */
const hostileBytes = (corpus: readonly Uint8Array[], maxLength = 600): fc.Arbitrary<Uint8Array> =>
  fc.oneof(
    { weight: 1, arbitrary: fc.uint8Array({ maxLength }) },
    {
      weight: 3,
      arbitrary: fc
        .tuple(fc.constantFrom(...corpus), fc.array(mutation, { minLength: 1, maxLength: 4 }))
        .map(([b, ms]) => mutate(b, ms)),
    },
  )
const hostileText = fc.oneof(
  fc.string({ maxLength: 120 }),
  fc.string({ unit: 'binary', maxLength: 60 }),
  fc.stringMatching(/^[0-9a-fA-F.\-+eE ]{0,40}$/),
  fc.constantFrom(
    '',
    ' ',
    '-0',
    '1e400',
    'NaN',
    'Infinity',
    '0x10',
    '00'.repeat(33),
    '\u0000',
    '9'.repeat(400),
    '.'.repeat(50),
  ),
)
const hexOf = (corpus: readonly Uint8Array[]) => hostileBytes(corpus).map(bytesToHex)

// ---- byte decoders

describe('every byte decoder returns or throws a KomodoCcError (seeded fast-check)', () => {
  test('parseTransaction: accepted bytes re-serialize to themselves', () => {
    fc.assert(
      fc.property(hostileBytes(TX_CORPUS, 2000), (b) => {
        const tx = typedOrOk(() => parseTransaction(b), b)
        if (tx !== undefined) expect(bytesToHex(serializeTransaction(tx))).toBe(bytesToHex(b))
      }),
      params,
    )
  })
  test('decodeRawTransaction, inspectTransaction and inspectionText', () => {
    fc.assert(
      fc.property(hostileBytes(TX_CORPUS, 2000), (b) => {
        typedOrOk(() => decodeRawTransaction(b), b)
        const ins = typedOrOk(() => inspectTransaction(b), b)
        if (ins !== undefined) typedOrOk(() => inspectionText(ins), b)
      }),
      params,
    )
  })
  test('the offline *info functions over hostile transactions', () => {
    fc.assert(
      fc.property(
        hostileBytes(TX_CORPUS, 2000),
        fc.array(hostileBytes(TX_CORPUS, 2000), { maxLength: 3 }),
        (b, more) => {
          const hex = bytesToHex(b)
          const others = more.map(bytesToHex)
          typedOrOk(() => tokeninfo(hex), b)
          typedOrOk(() => faucetinfo([hex, ...others]), b)
          typedOrOk(() => diceinfo(hex, others), b)
          typedOrOk(() => rewardsinfo(hex, others), b)
          typedOrOk(() => oraclesinfo(hex, others), b)
          typedOrOk(() => gatewaysinfo(hex, others), b)
        },
      ),
      { ...params, numRuns: Math.max(20, numRuns >> 1) },
    )
  })
  test('scripts: decompileScript, scriptToAsm, classifyScript, parseCcScript', () => {
    fc.assert(
      fc.property(hostileBytes([...SCRIPT_CORPUS, ...OPRET_CORPUS]), fc.boolean(), (s, sig) => {
        typedOrOk(() => decompileScript(s), s)
        typedOrOk(() => scriptToAsm(s, sig), s)
        typedOrOk(() => classifyScript(s), s)
        typedOrOk(() => parseCcScript(s), s)
      }),
      params,
    )
  })
  test('conditions: accepted bytes re-encode to themselves', () => {
    fc.assert(
      fc.property(hostileBytes(COND_CORPUS, 300), fc.boolean(), (b, lenient) => {
        const c = typedOrOk(() => decodeCondition(b, { lenient } as never), b)
        if (c !== undefined && !lenient) expect(bytesToHex(encodeCondition(c))).toBe(bytesToHex(b))
      }),
      params,
    )
  })
  test('fulfillments: accepted bytes re-encode to themselves', () => {
    fc.assert(
      fc.property(hostileBytes(FULFILL_CORPUS, 600), fc.boolean(), (b, lenient) => {
        const c = typedOrOk(() => decodeFulfillment(b, { lenient } as never), b)
        if (c !== undefined && !lenient) expect(bytesToHex(encodeFulfillment(c))).toBe(bytesToHex(b))
      }),
      params,
    )
  })
  test('module oprets and payloads, all six modules and the token wrapper', () => {
    const opret = [
      decodeTokensOpret,
      decodeFaucetOpret,
      decodeDiceOpret,
      decodeOraclesOpret,
      decodeGatewaysOpret,
      decodeRewardsOpret,
    ]
    const payload = [
      decodeTokensPayload,
      decodeFaucetPayload,
      decodeDicePayload,
      decodeOraclesPayload,
      decodeGatewaysPayload,
      decodeRewardsPayload,
      decodeTokensWrapper,
    ]
    fc.assert(
      fc.property(hostileBytes(OPRET_CORPUS), (s) => {
        for (const d of opret) {
          typedOrOk(() => d(s), s)
          typedOrOk(() => d(bytesToHex(s)), s)
        }
        for (const d of payload) typedOrOk(() => d(s.subarray(Math.min(2, s.length))), s)
      }),
      params,
    )
  })
  test('oracle data under any format string', () => {
    const format = fc.stringMatching(/^[sSdDcCtTiIlLhx?]{0,6}$/)
    fc.assert(
      fc.property(format, fc.uint8Array({ maxLength: 300 }), (f, data) => {
        typedOrOk(() => assertOracleFormat(f), f)
        typedOrOk(() => decodeOracleData(f, data), data)
      }),
      params,
    )
    fc.assert(
      fc.property(
        fc.constantFrom('S', 'D'),
        fc.array(fc.uint8Array({ maxLength: 40 }), { maxLength: 4 }),
        (f, recs) => {
          typedOrOk(() => joinOracleData(f as 'S', recs), recs)
        },
      ),
      params,
    )
  })
  test('gateways merkle proofs', () => {
    const proof = fc.uint8Array({ maxLength: 400 })
    fc.assert(
      fc.property(proof, (b) => {
        typedOrOk(() => parseMerkleProof(b), b)
      }),
      params,
    )
  })
})

// ---- text decoders

describe('every text decoder returns or throws a KomodoCcError (seeded fast-check)', () => {
  test('hex, txids, pubkeys', () => {
    fc.assert(
      fc.property(fc.oneof(hostileText, hexOf(TX_CORPUS.slice(0, 3))), (s) => {
        typedOrOk(() => hexToBytes(s), s)
        typedOrOk(() => txidToInternalBytes(s), s)
        typedOrOk(() => displayHexToBytes(s), s)
        typedOrOk(() => pubkeyBytes(s), s)
      }),
      params,
    )
  })
  test('base58, base58check, addresses and WIF', () => {
    const b58 = fc.stringMatching(/^[1-9A-HJ-NP-Za-km-z]{0,60}$/)
    const mutatedAddress = fc
      .tuple(
        fc.constantFrom('RCCahKiyBWPEcj9RhqDirfFrgu9eLeUPnd', 'UvrDdfV6QQYoZ6AJkqk1k7UZmbwsrWHRDnmLWpbX52Ux2UxTzCC5'),
        fc.nat(),
        fc.constantFrom(...'1aZz9Q0OIl'),
      )
      .map(([s, at, ch]) => s.slice(0, at % s.length) + ch + s.slice((at % s.length) + 1))
    fc.assert(
      fc.property(fc.oneof(hostileText, b58, mutatedAddress), (s) => {
        typedOrOk(() => base58Decode(s), s)
        typedOrOk(() => base58checkDecode(s), s)
        typedOrOk(() => decodeAddress(s), s)
        typedOrOk(() => decodeWif(s), s)
      }),
      params,
    )
  })
  test('amounts: toSatoshis and the daemon parsers', () => {
    fc.assert(
      fc.property(fc.oneof(hostileText, fc.double().map(String), fc.bigInt().map(String)), (s) => {
        typedOrOk(() => toSatoshis(s), s)
        typedOrOk(() => daemonAtof(s), s)
        typedOrOk(() => daemonAtol(s), s)
        typedOrOk(() => daemonParseCoins(s), s)
        typedOrOk(() => daemonParseDatafee(s), s)
      }),
      params,
    )
  })
  test('amounts of any JS type', () => {
    fc.assert(
      fc.property(fc.oneof(fc.anything(), fc.double(), fc.bigInt()), (v) => {
        typedOrOk(() => toSatoshis(v as never), v)
      }),
      params,
    )
  })
  test('sbits names', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }), (v) => {
        typedOrOk(() => unsbits(v), v)
      }),
      params,
    )
  })
  test('condition JSON and base64url', () => {
    fc.assert(
      fc.property(fc.oneof(fc.anything(), fc.jsonValue()), (j) => {
        typedOrOk(() => conditionFromJson(j), JSON.stringify(j))
      }),
      params,
    )
    fc.assert(
      fc.property(hostileText, (s) => {
        typedOrOk(() => fromBase64url(s), s)
      }),
      params,
    )
  })
})
