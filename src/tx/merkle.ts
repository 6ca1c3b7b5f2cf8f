import { KomodoCcError } from '../errors.js'
import { ByteReader, ByteWriter } from '../bytes/index.js'
import { equalBytes } from '../bytes/utils.js'
import { assertBytes } from '../bytes/assert.js'
import { sha256d } from '../hash/index.js'

// Block merkle trees as komodod builds and proves them (bitcoin's rules, komodod src/consensus/merkle.cpp and
// src/merkleblock.cpp): sha256d of each pair of 32-byte hashes in internal byte order, the last hash of an odd level
// paired with itself; a partial tree (BIP 37) proves some leaves against the root. No module knowledge here: the
// gateways deposit check and the devnet's gettxoutproof both use it.

/** Bytes of a Komodo/Zcash block header before its Equihash solution: version, prev, merkle root, final Sapling root, time, bits, nonce. */
const HEADER_FIXED = 4 + 32 + 32 + 32 + 4 + 4 + 32

/**
 * A BIP 37 partial merkle tree (`CPartialMerkleTree`): the number of transactions in the block, the hashes the walk
 * reads (internal byte order) and the flag bits (one per visited node, least significant bit first).
 * @example const tree: PartialMerkleTree = buildPartialMerkleTree(leaves, leaves.map((_, i) => i === 0))
 */
export type PartialMerkleTree = { transactions: number; hashes: Uint8Array[]; flags: Uint8Array }

/**
 * What a partial merkle tree proves: the root it computes and the matched leaves, in tree order (internal byte order).
 * @example extractMatches(tree).matches.length
 */
export type MerkleMatches = { root: Uint8Array; matches: Uint8Array[] }

/**
 * A `CMerkleBlock` (what `gettxoutproof` returns on Komodo): the block header (with its Equihash solution) and a
 * partial merkle tree. `merkleRoot` is the header's, internal byte order.
 * @example parseMerkleBlock(proof).merkleRoot
 */
export type MerkleBlock = { header: Uint8Array; merkleRoot: Uint8Array; tree: PartialMerkleTree }

function hashPair(left: Uint8Array, right: Uint8Array): Uint8Array {
  const both = new Uint8Array(64)
  both.set(left)
  both.set(right, 32)
  return sha256d(both)
}

function checkLeaves(leaves: readonly Uint8Array[]): void {
  if (!Array.isArray(leaves)) throw new KomodoCcError('ARG_INVALID', 'leaves expected an array of 32-byte hashes')
  leaves.forEach((l, i) => {
    if (!(l instanceof Uint8Array) || l.length !== 32)
      throw new KomodoCcError('BYTES_LENGTH', `leaves[${i}] expected 32 bytes`, { index: i })
  })
}

/**
 * The merkle root of 32-byte leaves (txids in internal byte order): sha256d of each pair, an odd level's last hash
 * paired with itself; 32 zero bytes for no leaves (`uint256()`), the leaf itself for one.
 * @throws KomodoCcError ARG_INVALID | BYTES_LENGTH
 * @example internalBytesToTxid(merkleRoot(block.txids.map((t) => txidToInternalBytes(t))))
 */
export function merkleRoot(leaves: readonly Uint8Array[]): Uint8Array {
  checkLeaves(leaves)
  if (leaves.length === 0) return new Uint8Array(32)
  let level = leaves.slice()
  while (level.length > 1) {
    const next: Uint8Array[] = []
    for (let i = 0; i < level.length; i += 2) next.push(hashPair(level[i]!, level[i + 1] ?? level[i]!))
    level = next
  }
  return level[0]!.slice()
}

/** Width of level `h` (0 = leaves) of a tree over `n` leaves. */
const widthOf = (n: number, h: number): number => (n + (1 << h) - 1) >> h

/**
 * `CPartialMerkleTree(vTxid, vMatch)`: the partial tree proving the leaves whose `match` is true (depth first: a
 * node's flag is set when a matched leaf lies below it; its hash is stored when it is a leaf or nothing below matches).
 * @throws KomodoCcError ARG_INVALID | BYTES_LENGTH
 * @example buildPartialMerkleTree(leaves, leaves.map((l) => equalBytes(l, wanted)))
 */
export function buildPartialMerkleTree(leaves: readonly Uint8Array[], match: readonly boolean[]): PartialMerkleTree {
  checkLeaves(leaves)
  const n = leaves.length
  if (n === 0) throw new KomodoCcError('ARG_INVALID', 'a partial merkle tree needs at least one leaf')
  if (!Array.isArray(match) || match.length !== n)
    throw new KomodoCcError('ARG_INVALID', `match expected one boolean per leaf (${n})`)
  const hashAt = (h: number, pos: number): Uint8Array => {
    if (h === 0) return leaves[pos]!
    const left = hashAt(h - 1, pos * 2)
    return hashPair(left, pos * 2 + 1 < widthOf(n, h - 1) ? hashAt(h - 1, pos * 2 + 1) : left)
  }
  const bits: boolean[] = []
  const hashes: Uint8Array[] = []
  const visit = (h: number, pos: number): void => {
    let parentOfMatch = false
    for (let p = pos << h; p < (pos + 1) << h && p < n; p++) parentOfMatch ||= match[p] === true
    bits.push(parentOfMatch)
    if (h === 0 || !parentOfMatch) hashes.push(hashAt(h, pos).slice())
    else {
      visit(h - 1, pos * 2)
      if (pos * 2 + 1 < widthOf(n, h - 1)) visit(h - 1, pos * 2 + 1)
    }
  }
  let height = 0
  while (widthOf(n, height) > 1) height++
  visit(height, 0)
  const flags = new Uint8Array((bits.length + 7) >> 3)
  bits.forEach((b, i) => {
    if (b) flags[i >> 3]! |= 1 << (i & 7)
  })
  return { transactions: n, hashes, flags }
}

/**
 * `CPartialMerkleTree::ExtractMatches`: walks the tree and returns the root it computes and the matched leaves.
 * Refuses (`MERKLE_INVALID`, `details.reason`) what the daemon refuses: no transactions, more hashes than
 * transactions, fewer flag bits than hashes, running out of bits or hashes, two equal sibling hashes (the duplicated
 * subtree trick, CVE-2012-2459), unused flag bytes or hashes.
 * @throws KomodoCcError MERKLE_INVALID
 * @example extractMatches(parseMerkleBlock(proof).tree).matches
 */
export function extractMatches(tree: PartialMerkleTree): MerkleMatches {
  const { transactions: n, hashes, flags } = tree
  const bad = (why: string) => new KomodoCcError('MERKLE_INVALID', `partial merkle tree: ${why}`, { reason: why })
  if (n === 0) throw bad('no transactions')
  if (hashes.length > n) throw bad('more hashes than transactions')
  if (flags.length * 8 < hashes.length) throw bad('fewer flag bits than hashes')
  let height = 0
  while (widthOf(n, height) > 1) height++
  let bitsUsed = 0
  let hashUsed = 0
  const matches: Uint8Array[] = []
  const walk = (h: number, pos: number): Uint8Array => {
    if (bitsUsed >= flags.length * 8) throw bad('ran out of flag bits')
    const bit = (flags[bitsUsed >> 3]! >> (bitsUsed & 7)) & 1
    bitsUsed++
    if (h === 0 || bit === 0) {
      if (hashUsed >= hashes.length) throw bad('ran out of hashes')
      const hash = hashes[hashUsed++]!
      if (h === 0 && bit === 1) matches.push(hash.slice())
      return hash
    }
    const left = walk(h - 1, pos * 2)
    let right = left
    if (pos * 2 + 1 < widthOf(n, h - 1)) {
      right = walk(h - 1, pos * 2 + 1)
      if (equalBytes(left, right)) throw bad('duplicated subtree hash (CVE-2012-2459)')
    }
    return hashPair(left, right)
  }
  const root = walk(height, 0).slice()
  if ((bitsUsed + 7) >> 3 !== flags.length) throw bad('unused flag bytes')
  if (hashUsed !== hashes.length) throw bad('unused hashes')
  return { root, matches }
}

/**
 * Reads a Komodo/Zcash `CMerkleBlock` exactly: the header (version, prev, merkle root, final Sapling root, time,
 * bits, 32-byte nonce, Equihash solution), then the partial tree (u32 transaction count, hashes, flag bytes); nothing
 * may follow. Bitcoin-style 80-byte headers do not parse. The tree is not walked here ({@link parseMerkleProof} parses and walks it).
 * @throws KomodoCcError READ_PAST_END | TRAILING_BYTES | COMPACTSIZE_NON_MINIMAL | BYTES_TYPE
 * @example parseMerkleBlock(hexToBytes(proofHex)).tree.transactions // the block's transaction count
 */
export function parseMerkleBlock(bytes: Uint8Array): MerkleBlock {
  const r = new ByteReader(assertBytes(bytes, undefined, 'merkle block'))
  r.u32le() // version
  r.bytes(32) // prev block
  const merkleRoot = r.bytes(32).slice()
  r.bytes(32) // final sapling root
  r.u32le() // time
  r.u32le() // bits
  r.bytes(32) // nonce
  r.varBytes() // equihash solution
  const header = bytes.slice(0, r.pos)
  const transactions = r.u32le()
  const count = Number(r.compactSize())
  if (count > r.remaining / 32)
    throw new KomodoCcError('READ_PAST_END', `proof lists ${count} hashes but only ${r.remaining} bytes remain`)
  const hashes: Uint8Array[] = []
  for (let i = 0; i < count; i++) hashes.push(r.bytes(32).slice())
  const flags = r.varBytes().slice()
  r.end()
  return { header, merkleRoot, tree: { transactions, hashes, flags } }
}

/**
 * Writes a `CMerkleBlock`: the serialized header (with its solution) as given, then the partial tree.
 * @throws KomodoCcError BYTES_LENGTH (a header shorter than the fixed fields and an empty solution)
 * @example bytesToHex(encodeMerkleBlock(header, buildPartialMerkleTree(leaves, match)))
 */
export function encodeMerkleBlock(header: Uint8Array, tree: PartialMerkleTree): Uint8Array {
  if (!(header instanceof Uint8Array) || header.length < HEADER_FIXED + 1)
    throw new KomodoCcError('BYTES_LENGTH', `a Komodo block header is at least ${HEADER_FIXED + 1} bytes`, {
      got: header instanceof Uint8Array ? header.length : typeof header,
    })
  const w = new ByteWriter()
  w.bytes(header)
  w.u32le(tree.transactions)
  w.compactSize(tree.hashes.length)
  for (const h of tree.hashes) w.bytes(h)
  w.varBytes(tree.flags)
  return w.finish()
}
