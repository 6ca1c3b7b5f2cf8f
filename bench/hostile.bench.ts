// Hostile-input bounds: how long the decoders take on the worst inputs they accept or refuse, at the size limits a
// network or a file can hand them. Each fixture is checked first (it must be refused with the expected code, or
// accepted), so a row measures the path it names. Figures only: nothing here is a timed assertion.
import { describe } from 'vitest'
import * as utxolib from '@bitgo/utxo-lib'
import { KomodoCcError } from '../src/errors.js'
import { parseTransaction, serializeTransaction } from '../src/tx/codec.js'
import { inspectTransaction } from '../src/inspect/index.js'
import { decodeFulfillment } from '../src/cc/fulfillment.js'
import { decodeOracleData } from '../src/oracle-data/format.js'
import { base58checkDecode } from '../src/address/index.js'
import { p2pkhScript } from '../src/script/script.js'
import type { Transaction } from '../src/tx/types.js'
import { OURS, bench } from './_opts.js'

function refused(code: string, fn: () => unknown): () => void {
  try {
    fn()
  } catch (e) {
    if (e instanceof KomodoCcError && e.code === code)
      return () => {
        try {
          fn()
        } catch {
          /* the measured refusal */
        }
      }
    throw new Error(`fixture refused with ${(e as Error).message}, expected ${code}`)
  }
  throw new Error(`fixture accepted, expected ${code}`)
}

// 1 MB: a Sapling v4 header that claims 33,554,431 inputs (the largest CompactSize the parser accepts), then junk.
// The parser must refuse at the first missing byte without allocating for the claimed count.
const claim = new Uint8Array(1 << 20).fill(0x5a)
claim.set([0x04, 0x00, 0x00, 0x80, 0x85, 0x20, 0x2f, 0x89, 0xfe, 0xff, 0xff, 0xff, 0x01])
const bigClaim = refused('READ_PAST_END', () => parseTransaction(claim))

// A 100 kB-class valid transaction: 2,900 P2PKH outputs (the size of the biggest standard transaction).
const many: Transaction = {
  overwintered: true,
  version: 4,
  versionGroupId: 0x892f2085,
  lockTime: 0,
  expiryHeight: 0,
  vin: [{ txid: 'ab'.repeat(32), vout: 0, scriptSig: new Uint8Array(0), sequence: 0xffffffff }],
  vout: Array.from({ length: 2900 }, (_, i) => ({
    value: BigInt(1000 + i),
    script: p2pkhScript(new Uint8Array(20).fill(i & 0xff)),
  })),
  valueBalance: 0n,
  shieldedSpends: [],
  shieldedOutputs: [],
  joinSplits: [],
}
const MANY = serializeTransaction(many)
if (MANY.length < 95_000 || MANY.length > 100_000) throw new Error(`fixture is ${MANY.length} bytes`)
const MANY_BUF = Buffer.from(MANY)

// A fulfillment nested one level past the decoder's depth limit (threshold in threshold …), 65 levels deep.
function nestedThreshold(depth: number): Uint8Array {
  // threshold fulfillment: a2 L { a0 L' {sub} a1 00 }; innermost: a preimage fulfillment a0 02 80 00
  let inner = Uint8Array.from([0xa0, 0x02, 0x80, 0x00])
  for (let i = 0; i < depth; i++) {
    const subs = Uint8Array.from([0xa0, ...derLen(inner.length), ...inner, 0xa1, 0x00])
    inner = Uint8Array.from([0xa2, ...derLen(subs.length), ...subs])
  }
  return inner
}
function derLen(n: number): number[] {
  return n < 0x80 ? [n] : n < 0x100 ? [0x81, n] : [0x82, n >> 8, n & 0xff]
}
const deep = refused('FULFILLMENT_INVALID', () => decodeFulfillment(nestedThreshold(65)))

// 8192 bytes of oracle data read as 2,048 'h' fields' worth of input that runs out (the most work per byte).
const oracleJunk = new Uint8Array(8192).fill(0x01)
const oracleRefusal = refused('TRAILING_BYTES', () => decodeOracleData('h'.repeat(200), oracleJunk))

// base58check of a 256-character string whose checksum fails (the longest base58check the decoder reads).
const b58 = '2'.repeat(128)
const b58Refusal = refused('ADDRESS_CHECKSUM', () => base58checkDecode(b58))

describe('hostile: 1 MB transaction claiming 33,554,431 inputs (refused)', () => {
  bench(OURS, bigClaim)
})
describe('hostile: 100 kB transaction, 2,900 outputs (parse)', () => {
  bench(OURS, () => {
    parseTransaction(MANY)
  })
  bench('@bitgo/utxo-lib ZcashTransaction.fromBuffer', () => {
    utxolib.bitgo.ZcashTransaction.fromBuffer(MANY_BUF, false, 'bigint', utxolib.networks.zcash)
  })
})
describe('hostile: 100 kB transaction, 2,900 outputs (inspect)', () => {
  bench(OURS, () => {
    inspectTransaction(MANY)
  })
})
describe('hostile: fulfillment nested 65 deep (refused)', () => {
  bench(OURS, deep)
})
describe('hostile: 8192-byte oracle record under a 200-field format (refused)', () => {
  bench(OURS, oracleRefusal)
})
describe('hostile: 128-character base58check with a bad checksum (refused)', () => {
  bench(OURS, b58Refusal)
})
