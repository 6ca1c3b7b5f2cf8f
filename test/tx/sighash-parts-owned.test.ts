// STYLE rule 6: "every result is a fresh array the caller owns". sighashParts once handed out the module's shared
// zero table for the digests a transaction has nothing for; a caller writing into one corrupted every later sighash.
import { expect, test } from 'vitest'
import zip243 from '../../vectors/tx/zip243.json' with { type: 'json' }
import { parseTransaction } from '../../src/tx/codec.js'
import { sighash, sighashParts } from '../../src/tx/sighash.js'
import { bytesToHex, hexToBytes } from '../../src/bytes/hex.js'

test('the zero digests of sighashParts are fresh arrays: writing into them changes no later sighash', () => {
  const c = zip243.cases[1]! // ZIP-243 test vector 3: transparent, no JoinSplits, no shielded parts
  const tx = parseTransaction(c.tx)
  const opts = {
    scriptCode: hexToBytes(c.scriptCode),
    value: BigInt(c.amount),
    hashType: c.hashType,
    branchId: c.branchId,
  }
  const input = c.transparentInput
  expect(bytesToHex(sighash(tx, input, opts))).toBe(c.sighash)
  const before = bytesToHex(sighash(tx, input, opts))
  const a = sighashParts(parseTransaction(c.tx))
  const b = sighashParts(parseTransaction(c.tx))
  for (const k of ['hashJoinSplits', 'hashShieldedSpends', 'hashShieldedOutputs'] as const) {
    expect(a[k]).not.toBe(b[k])
    a[k].fill(0xff)
  }
  expect(bytesToHex(sighash(parseTransaction(c.tx), input, opts))).toBe(before)
})
