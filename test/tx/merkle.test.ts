// src/tx/merkle.ts: one merkle tree / partial merkle tree implementation for the gateways deposit check and the
// devnet's gettxoutproof. Roots against the tree computed level by level; proofs round-trip; the daemon's refusals.
import { describe, expect, test } from 'vitest'
import fc from 'fast-check'
import {
  buildPartialMerkleTree,
  encodeMerkleBlock,
  extractMatches,
  merkleRoot,
  parseMerkleBlock,
} from '../../src/tx/merkle.js'
import { sha256, sha256d } from '../../src/hash/index.js'
import { bytesToHex } from '../../src/bytes/hex.js'

const leaf = (i: number) => sha256(new Uint8Array([i & 0xff, i >> 8]))
const pair = (a: Uint8Array, b: Uint8Array) => sha256d(Uint8Array.from([...a, ...b]))
const header = new Uint8Array(4 + 32 * 3 + 8 + 32 + 1) // zero fields, empty solution

describe('tx/merkle', () => {
  test('merkleRoot: none, one, two, three (the odd hash paired with itself)', () => {
    expect(merkleRoot([])).toEqual(new Uint8Array(32))
    expect(merkleRoot([leaf(1)])).toEqual(leaf(1))
    expect(merkleRoot([leaf(1), leaf(2)])).toEqual(pair(leaf(1), leaf(2)))
    expect(merkleRoot([leaf(1), leaf(2), leaf(3)])).toEqual(pair(pair(leaf(1), leaf(2)), pair(leaf(3), leaf(3))))
    expect(() => merkleRoot([new Uint8Array(31)])).toThrow(expect.objectContaining({ code: 'BYTES_LENGTH' }))
  })
  test('a partial tree proves exactly the matched leaves against the root; the block round-trips', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 40 }),
        fc.array(fc.boolean(), { minLength: 40, maxLength: 40 }),
        (n, bits) => {
          const leaves = Array.from({ length: n }, (_, i) => leaf(i))
          const match = leaves.map((_, i) => bits[i]!)
          const tree = buildPartialMerkleTree(leaves, match)
          const m = extractMatches(tree)
          expect(bytesToHex(m.root)).toBe(bytesToHex(merkleRoot(leaves)))
          expect(m.matches.map(bytesToHex)).toEqual(leaves.filter((_, i) => match[i]).map(bytesToHex))
          const block = parseMerkleBlock(encodeMerkleBlock(header, tree))
          expect(block.header).toEqual(header)
          expect(block.tree).toEqual(tree)
        },
      ),
      { numRuns: Number(process.env.FC_NUM_RUNS ?? 200) },
    )
  })
  test("the daemon's refusals: MERKLE_INVALID with the reason", () => {
    const leaves = [leaf(1), leaf(2), leaf(3)]
    const tree = buildPartialMerkleTree(leaves, [true, false, false])
    const refused = (t: Parameters<typeof extractMatches>[0], reason: RegExp) =>
      expect(() => extractMatches(t)).toThrow(
        expect.objectContaining({ code: 'MERKLE_INVALID', details: { reason: expect.stringMatching(reason) } }),
      )
    refused({ ...tree, transactions: 0 }, /no transactions/)
    refused({ ...tree, transactions: 1, hashes: [leaf(1), leaf(2)] }, /more hashes/)
    refused({ ...tree, flags: new Uint8Array(0) }, /fewer flag bits/)
    const wide = buildPartialMerkleTree(
      Array.from({ length: 8 }, (_, i) => leaf(i)),
      [true, false, false, false, false, false, false, false],
    )
    refused({ ...wide, hashes: [...wide.hashes, leaf(9)] }, /unused hashes/)
    refused({ ...tree, flags: Uint8Array.from([...tree.flags, 0]) }, /unused flag bytes/)
    // two leaves with the same hash below one parent: the duplicated-subtree trick
    const dup = buildPartialMerkleTree([leaf(1), leaf(1)], [true, true])
    refused(dup, /CVE-2012-2459/)
    expect(() => parseMerkleBlock(Uint8Array.from([...encodeMerkleBlock(header, tree), 0]))).toThrow(
      expect.objectContaining({ code: 'TRAILING_BYTES' }),
    )
  })
})
