import { describe, expect, test } from 'vitest'
import { blake2b } from '@noble/hashes/blake2.js'
import fc from 'fast-check'
import zip243 from '../../vectors/tx/zip243.json' with { type: 'json' }
import zip143 from '../../vectors/tx/zip143.json' with { type: 'json' }
import ccSpend from '../../vectors/tx/cc-spend.json' with { type: 'json' }
import { parseTransaction, serializeTransaction } from '../../src/tx/codec.js'
import {
  createOverwinterSighasher,
  createSighasher,
  sighash,
  sighashParts,
  sighashPersonalization,
} from '../../src/tx/sighash.js'
import { Blake2b256, blake2b256Personal } from '../../src/hash/blake2b.js'
import { bytesToHex, hexToBytes } from '../../src/bytes/hex.js'
import { sha256 } from '../../src/hash/index.js'

const code = (c: string) => expect.objectContaining({ code: c })
const numRuns = Number(process.env.FC_NUM_RUNS ?? 200)

describe('BLAKE2b-256 (ours) equals @noble/hashes', () => {
  test('random data, personalization and split points', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ maxLength: 700 }),
        fc.uint8Array({ minLength: 16, maxLength: 16 }),
        fc.nat(),
        (d, p, cut) => {
          const k = d.length === 0 ? 0 : cut % (d.length + 1)
          const ref = bytesToHex(blake2b(d, { dkLen: 32, personalization: p }))
          expect(bytesToHex(new Blake2b256(p).update(d.subarray(0, k)).update(d.subarray(k)).digest())).toBe(ref)
          expect(bytesToHex(blake2b256Personal(d, p))).toBe(ref)
        },
      ),
      { numRuns },
    )
  })
  test('block boundaries', () => {
    const p = new TextEncoder().encode('ZcashPrevoutHash')
    for (const n of [0, 1, 127, 128, 129, 255, 256, 257, 1024]) {
      const d = new Uint8Array(n).map((_, i) => i * 31)
      expect(bytesToHex(blake2b256Personal(d, p))).toBe(bytesToHex(blake2b(d, { dkLen: 32, personalization: p })))
    }
  })
})

describe('ZIP-243 test vectors (zcash/zips)', () => {
  test.each(zip243.cases.map((c) => [c.description, c] as const))('%s', (_d, c) => {
    const tx = parseTransaction(c.tx)
    const got = sighash(tx, c.transparentInput, {
      scriptCode: hexToBytes(c.scriptCode),
      value: BigInt(c.amount),
      hashType: c.hashType,
      branchId: c.branchId,
    })
    expect(bytesToHex(got)).toBe(c.sighash)
    const parts = (c as { parts?: Record<string, string> }).parts
    if (parts) {
      const p = sighashParts(tx)
      expect(bytesToHex(p.hashPrevouts)).toBe(parts.hashPrevouts)
      expect(bytesToHex(p.hashSequence)).toBe(parts.hashSequence)
      expect(bytesToHex(p.hashOutputs)).toBe(parts.hashOutputs)
    }
  })
  test.each(zip243.invalid.map((c) => [c.description, c] as const))('%s', (_d, c) => {
    const tx = parseTransaction(c.tx)
    expect(() =>
      sighash(tx, c.transparentInput, {
        scriptCode: hexToBytes(c.scriptCode),
        value: BigInt(c.amount),
        hashType: c.hashType,
      }),
    ).toThrow(code(c.error))
  })
})

const examples = (ccSpend.cases as Record<string, any>[]).filter((c) => c.kind === 'tx_cc_spend_example')

describe('CC spend examples (cc-conditions.json): every intermediate of the v4 sighash', () => {
  test.each(examples.map((c) => [`key ${c.keyIndex}, eval ${c.evalcode}`, c] as const))('%s', (_n, c) => {
    const tx = parseTransaction(c.unsignedTx)
    const p = sighashParts(tx)
    for (const k of [
      'hashPrevouts',
      'hashSequence',
      'hashOutputs',
      'hashJoinSplits',
      'hashShieldedSpends',
      'hashShieldedOutputs',
    ] as const)
      expect(bytesToHex(p[k])).toBe(c.sighashParts[k])
    expect(bytesToHex(sighashPersonalization(parseInt(c.consensusBranchId, 16)))).toBe(c.sighashParts.personalization)
    const opts = { scriptCode: hexToBytes(c.scriptCode), value: BigInt(c.spentOutput.value), hashType: c.hashType }
    expect(bytesToHex(sighash(tx, 0, opts))).toBe(c.sighash)
    // default branch id is Sapling's
    expect(bytesToHex(sighash(tx, 0, { ...opts, branchId: 0x76b809bb }))).toBe(c.sighash)
    // the preimage, hashed independently, gives the same digest
    expect(
      bytesToHex(
        blake2b(hexToBytes(c.sighashParts.preimage), {
          dkLen: 32,
          personalization: hexToBytes(c.sighashParts.personalization),
        }),
      ),
    ).toBe(c.sighash)
    if (c.sighashIfFullScriptPubKeyWereUsed_WRONG) {
      // the spent output carries vData: signing the whole scriptPubKey would be wrong
      expect(bytesToHex(sighash(tx, 0, { ...opts, scriptCode: hexToBytes(c.spentOutput.scriptPubKey) }))).toBe(
        c.sighashIfFullScriptPubKeyWereUsed_WRONG,
      )
    }
  })
})

describe('hash types and errors', () => {
  const c = examples[0]!
  const tx = parseTransaction(c.unsignedTx)
  const base = { scriptCode: hexToBytes(c.scriptCode), value: 100000000n }
  test('each defined hash type gives a different digest; the cached hasher agrees with the one-shot', () => {
    const h = createSighasher(tx)
    const seen = new Set<string>()
    for (const t of [1, 2, 3, 0x81, 0x82, 0x83]) {
      const a = bytesToHex(h(0, { ...base, hashType: t }))
      expect(a).toBe(bytesToHex(sighash(tx, 0, { ...base, hashType: t })))
      seen.add(a)
    }
    expect(seen.size).toBe(6)
  })
  test('branch id and amount are committed to', () => {
    const a = bytesToHex(sighash(tx, 0, base))
    expect(bytesToHex(sighash(tx, 0, { ...base, branchId: 0x5ba81b19 }))).not.toBe(a)
    expect(bytesToHex(sighash(tx, 0, { ...base, value: 100000001n }))).not.toBe(a)
  })
  test('bad arguments are typed errors', () => {
    expect(() => sighash(tx, 1, base)).toThrow(code('SIGHASH_INVALID'))
    expect(() => sighash(tx, -1, base)).toThrow(code('SIGHASH_INVALID'))
    expect(() => sighash(tx, 0, { ...base, hashType: 0 })).toThrow(code('SIGHASH_INVALID'))
    expect(() => sighash(tx, 0, { ...base, hashType: 4 })).toThrow(code('SIGHASH_INVALID'))
    expect(() => sighash(tx, 0, { ...base, value: 1 as never })).toThrow(code('INT_RANGE'))
    expect(() => sighash(tx, 0, { ...base, branchId: -1 })).toThrow(code('INT_RANGE'))
    expect(() => sighash(tx, 0, { ...base, scriptCode: 'aa' as never })).toThrow(code('BYTES_TYPE'))
  })
  test('a malformed transaction field is a typed error, never a wrapped byte', () => {
    const withInput = (f: object) => ({ ...tx, vin: tx.vin.map((v, i) => (i === 0 ? { ...v, ...f } : v)) })
    const withOutput = (f: object) => ({ ...tx, vout: tx.vout.map((v, i) => (i === 0 ? { ...v, ...f } : v)) })
    for (const vout of [-1, 2 ** 32, 1.5, NaN])
      expect(() => sighash(withInput({ vout }), 0, base)).toThrow(code('INT_RANGE'))
    for (const sequence of [-1, 2 ** 32])
      expect(() => sighash(withInput({ sequence }), 0, base)).toThrow(code('INT_RANGE'))
    expect(() => sighash(withInput({ txid: 'zz'.repeat(32) }), 0, base)).toThrow(code('HEX_INVALID'))
    expect(() => sighash(withInput({ txid: 'ab' }), 0, base)).toThrow(code('BYTES_LENGTH'))
    for (const value of [2n ** 63n, 5 as never])
      expect(() => sighash(withOutput({ value }), 0, base)).toThrow(code('INT_RANGE'))
    expect(() => sighash(withOutput({ script: 'aa' }), 0, base)).toThrow(code('BYTES_TYPE'))
  })
})

describe('legacy (pre-Overwinter) signature hash', () => {
  // A v1 transaction from the docs vectors: the faucetfund input spends a P2PK output of the same key that
  // receives the change (vout 1), so its scriptCode is that P2PK script; the signature in the scriptSig must verify
  // over our digest (checked in sign.test.ts); here: structure and the SIGHASH_SINGLE "one" quirk.
  const hex =
    '01000000013c34d14c6a32219f4b633a1fe01f5826b3bd7b4cbe01c20cfc0c29138d9c99720100000049483045022100b265993f541d580f10e8820f9986bdd479859fdcb2e636dd1ee1b23506eebeac02202234a6e5141345459c4b4959e921aa85b9fa616f4c44ea15e53d08bf4885259501ffffffff0200e40b5402000000302ea22c8020e029c511da55523565835887e412e5a0c9b920801b007000df45e545f25028248103120c008203000401cce06d66fa15090000232103fe754763c176e1339a3f62ee6b9484720e17ee4646b65a119e9f6370c7004abcac00000000'
  const tx = parseTransaction(hex)
  const scriptCode = hexToBytes('2103fe754763c176e1339a3f62ee6b9484720e17ee4646b65a119e9f6370c7004abcac')
  test('SIGHASH_ALL is sha256d of the Bitcoin-style serialization', () => {
    // independent construction: the transaction with the input's scriptSig replaced by scriptCode, then hashType
    const pre = hexToBytes(
      '01000000013c34d14c6a32219f4b633a1fe01f5826b3bd7b4cbe01c20cfc0c29138d9c99720100000023' +
        bytesToHex(scriptCode) +
        'ffffffff0200e40b5402000000302ea22c8020e029c511da55523565835887e412e5a0c9b920801b007000df45e545f25028248103120c008203000401cce06d66fa15090000232103fe754763c176e1339a3f62ee6b9484720e17ee4646b65a119e9f6370c7004abcac00000000' +
        '01000000',
    )
    expect(bytesToHex(sighash(tx, 0, { scriptCode, value: 0n }))).toBe(bytesToHex(sha256(sha256(pre))))
  })
  test('SIGHASH_SINGLE without a matching output signs the number one', () => {
    const two = parseTransaction(hex)
    two.vout = []
    expect(bytesToHex(sighash(two, 0, { scriptCode, value: 0n, hashType: 3 }))).toBe('01' + '00'.repeat(31))
  })
  test('NOT_AN_INPUT has no legacy meaning', () => {
    expect(() => sighash(tx, null, { scriptCode, value: 0n })).toThrow(code('SIGHASH_INVALID'))
  })
  test('a transaction that is not an object: TX_INVALID, not a TypeError', () => {
    for (const bad of [null, undefined, 'tx', 4]) {
      expect(() => createSighasher(bad as never)).toThrow(code('TX_INVALID'))
      expect(() => sighash(bad as never, 0, { scriptCode, value: 0n })).toThrow(code('TX_INVALID'))
    }
  })
  test("a builder's sighasher (Overwinter v3 / Sapling v4 only) refuses it; on v4 it is createSighasher", () => {
    expect(() => createOverwinterSighasher(tx)).toThrow(code('TX_VERSION'))
    for (const c of zip243.cases) {
      const opts = { scriptCode: hexToBytes(c.scriptCode), value: BigInt(c.amount), hashType: c.hashType }
      const got = createOverwinterSighasher(parseTransaction(c.tx))(c.transparentInput, {
        ...opts,
        branchId: c.branchId,
      })
      expect(bytesToHex(got)).toBe(c.sighash)
    }
  })
})

describe('ZIP-143 test vector (Overwinter v3)', () => {
  test.each(zip143.cases.map((c) => [c.description, c] as const))('%s', (_d, c) => {
    const tx = parseTransaction(c.tx)
    expect(tx).toMatchObject({ overwintered: true, version: 3, versionGroupId: 0x03c48270 })
    expect(bytesToHex(serializeTransaction(tx))).toBe(c.tx) // v3 codec, PHGR JoinSplits included
    const p = sighashParts(tx) as unknown as Record<string, Uint8Array>
    for (const [k, v] of Object.entries(c.parts)) expect(bytesToHex(p[k]!)).toBe(v)
    expect(
      bytesToHex(
        sighash(tx, c.transparentInput, {
          scriptCode: hexToBytes(c.scriptCode),
          value: BigInt(c.amount),
          hashType: c.hashType,
          branchId: c.branchId,
        }),
      ),
    ).toBe(c.sighash)
  })
})
