// komodod's DecodeTokenOpRet (src/cc/CCtokenutils.cpp) reads a transfer's trailing (opretid, blob) pairs in a
// `while (!ss.eof())` loop that reads the id, and the blob only when bytes remain: a lone id byte at the end is read
// and dropped. The token consensus rules (tokensOpretOf, used by the devnet's validator and the resolvers) read as
// komodod; the library's decoder (decodeTokensOpret, used by the inspector) refuses the byte.
import { describe, expect, test } from 'vitest'
import { decodeTokensOpret, encodeTokensPayload } from '../../../src/modules/tokens/opret.js'
import { tokensOpretOf } from '../../../src/modules/tokens/validity.js'
import { opretScript } from '../../../src/modules/opret.js'
import { SAPLING_VERSION_GROUP_ID, type Transaction } from '../../../src/tx/types.js'

const PK = '02' + '79be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798'
const transfer = encodeTokensPayload({
  funcid: 't',
  evalCode: 0xf2,
  tokenid: '11'.repeat(32),
  pubkeys: [PK],
  blobs: [],
})
const withOpret = (payload: Uint8Array): Transaction => ({
  overwintered: true,
  version: 4,
  versionGroupId: SAPLING_VERSION_GROUP_ID,
  vin: [],
  vout: [{ value: 0n, script: opretScript(payload) }],
  lockTime: 0,
  expiryHeight: 0,
  valueBalance: 0n,
  shieldedSpends: [],
  shieldedOutputs: [],
  joinSplits: [],
})

describe('a token transfer opret ending in a lone blob-id byte', () => {
  const lone = Uint8Array.from([...transfer, 0x05])
  test('the strict decoder refuses it (TRAILING_BYTES)', () => {
    expect(() => decodeTokensOpret(lone)).toThrow(expect.objectContaining({ code: 'TRAILING_BYTES' }))
  })
  test('the consensus reading drops it, as komodod does', () => {
    expect(tokensOpretOf(withOpret(lone))).toEqual(tokensOpretOf(withOpret(transfer)))
    expect(tokensOpretOf(withOpret(lone))).toMatchObject({
      funcid: 't',
      tokenid: '11'.repeat(32),
      pubkeys: [PK],
      blobs: [],
    })
  })
  test('an id with a blob still counts as a blob; two bytes (id, empty blob) too', () => {
    const two = Uint8Array.from([...transfer, 0x05, 0x00])
    expect(tokensOpretOf(withOpret(two))).toMatchObject({ blobs: [{ id: 5, data: '' }] })
  })
})
