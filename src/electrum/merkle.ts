// Electrum's merkle branches (electrum.md section 7) and Komodo block headers (section 8). Pure: no I/O.
import { KomodoCcError } from '../errors.js'
import { ByteReader } from '../bytes/reader.js'
import { assertBytes } from '../bytes/assert.js'
import { concatBytes } from '../bytes/utils.js'
import { internalBytesToTxid, txidToInternalBytes } from '../bytes/uint256.js'
import { sha256d } from '../hash/index.js'

/**
 * The merkle branch of leaf `index` (sibling hashes from the leaves up, a lone node paired with itself) and the root,
 * all in internal byte order.
 * @throws KomodoCcError ARG_INVALID (no leaves, index out of range)
 * @internal
 * @example const { branch, root } = merkleBranch(txids.map((t) => txidToInternalBytes(t)), 1)
 */
export function merkleBranch(leaves: readonly Uint8Array[], index: number): { branch: Uint8Array[]; root: Uint8Array } {
  if (!Array.isArray(leaves) || leaves.length === 0 || !Number.isInteger(index) || index < 0 || index >= leaves.length)
    throw new KomodoCcError('ARG_INVALID', `merkle branch of leaf ${String(index)} of ${String(leaves?.length)}`)
  const branch: Uint8Array[] = []
  let level = leaves.slice()
  let i = index
  while (level.length > 1) {
    branch.push((level[i ^ 1] ?? level[i])!)
    const next: Uint8Array[] = []
    for (let k = 0; k < level.length; k += 2) next.push(sha256d(concatBytes(level[k]!, level[k + 1] ?? level[k]!)))
    level = next
    i >>= 1
  }
  return { branch, root: level[0]! }
}

/**
 * The root a merkle branch leads to (electrum.md 7): start from `txid` (display hex), at level i pair with the i-th
 * branch hash (display hex), the current hash on the left when bit i of `pos` is 0; returns the root as display hex.
 * @throws KomodoCcError ARG_INVALID | HEX_INVALID
 * @example merkleRootFromBranch(txid, ['9b977e4c…7309', 'e7a2891b…3562'], 1) // the block's merkle root
 */
export function merkleRootFromBranch(txid: string, branch: readonly string[], pos: number): string {
  if (!Array.isArray(branch) || branch.length > 64)
    throw new KomodoCcError('ARG_INVALID', 'merkle branch expected a list of at most 64 hashes')
  if (!Number.isSafeInteger(pos) || pos < 0 || (branch.length < 53 && pos >= 2 ** branch.length))
    throw new KomodoCcError('ARG_INVALID', `merkle position ${String(pos)} does not fit a branch of ${branch.length}`)
  let h = txidToInternalBytes(txid)
  branch.forEach((b, i) => {
    const s = txidToInternalBytes(b, `merkle[${i}]`)
    h = Math.floor(pos / 2 ** i) % 2 === 0 ? sha256d(concatBytes(h, s)) : sha256d(concatBytes(s, h))
  })
  return internalBytesToTxid(h)
}

/** Bytes of a Komodo header before the solution (electrum.md 8.1; ElectrumX's `BASIC_HEADER_SIZE`). */
export const KOMODO_BASIC_HEADER_SIZE = 140
/** Largest solution accepted (Equihash (200,9) is 1344; the bound keeps a hostile length from allocating). */
export const MAX_SOLUTION_SIZE = 4096

/** A parsed Komodo (Zcash-style) block header; hashes display hex. */
export type KomodoHeader = Readonly<{
  version: number
  prevHash: string
  merkleRoot: string
  finalSaplingRoot: string
  time: number
  bits: number
  /** 32 bytes, internal order, hex */
  nonce: string
  solution: Uint8Array
  /** sha256d of the whole header, display hex */
  hash: string
  /** bytes the header took */
  size: number
}>

/**
 * Parses one Komodo header exactly (electrum.md 8.1): version, prev hash, merkle root, final Sapling root, time, bits,
 * 32-byte nonce, CompactSize solution length (at most 4096) and solution; with `exact` (default)
 * no byte may follow. The Equihash solution itself is not checked.
 * @throws KomodoCcError READ_PAST_END | TRAILING_BYTES | COMPACTSIZE_NON_MINIMAL | INT_RANGE
 * @example parseKomodoHeader(hexToBytes(headerHex)).prevHash
 */
export function parseKomodoHeader(bytes: Uint8Array, exact = true): KomodoHeader {
  assertBytes(bytes, undefined, 'header')
  const r = new ByteReader(bytes)
  const version = r.i32le()
  const prev = r.bytes(32)
  const root = r.bytes(32)
  const sapling = r.bytes(32)
  const time = r.u32le()
  const bits = r.u32le()
  const nonce = r.bytes(32)
  const n = r.compactSize()
  if (n > MAX_SOLUTION_SIZE)
    throw new KomodoCcError('INT_RANGE', `header solution of ${n} bytes is over ${MAX_SOLUTION_SIZE}`, { got: n })
  const solution = r.bytes(Number(n))
  const size = bytes.length - r.remaining
  if (exact) r.end()
  return Object.freeze({
    version,
    prevHash: internalBytesToTxid(prev),
    merkleRoot: internalBytesToTxid(root),
    finalSaplingRoot: internalBytesToTxid(sapling),
    time,
    bits,
    nonce: Array.from(nonce, (b) => b.toString(16).padStart(2, '0')).join(''),
    solution: solution.slice(),
    hash: internalBytesToTxid(sha256d(bytes.subarray(0, size))),
    size,
  })
}

/**
 * Splits concatenated headers (a `blockchain.block.headers` `hex`) into parsed headers, reading each CompactSize.
 * @throws KomodoCcError as {@link parseKomodoHeader}, with the header's index in `details.path`
 * @example parseKomodoHeaders(hexToBytes(reply.hex)).length // reply.count
 */
export function parseKomodoHeaders(bytes: Uint8Array): KomodoHeader[] {
  assertBytes(bytes, undefined, 'headers')
  const out: KomodoHeader[] = []
  let at = 0
  while (at < bytes.length) {
    const h = parseKomodoHeader(bytes.subarray(at), false)
    out.push(h)
    at += h.size
  }
  return out
}

/**
 * komodod's proof-of-work limit, `consensus.powLimit` (src/chainparams.cpp: the same on KMD main, testnet and regtest,
 * and on asset chains): `0f0f…0f`, as a number.
 * @example compactTarget(0x200f0f0f) <= KOMODO_POW_LIMIT // true
 */
export const KOMODO_POW_LIMIT = /* @__PURE__ */ BigInt('0x' + '0f'.repeat(32))

/**
 * The target of `KOMODO_MINDIFF_NBITS` (0x200f0f0f, src/komodo_defs.h): the easiest komodod's powLimit allows, the
 * target a KMD notary's block and every block of a staked chain is held to (`CheckProofOfWork`, src/pow.cpp).
 * @example MINDIFF_TARGET === 0x0f0f0fn << 232n // true
 */
export const MINDIFF_TARGET = /* @__PURE__ */ BigInt(0x0f0f0f) << 232n

/**
 * The target a header's `nBits` encodes (`arith_uint256::SetCompact`, src/arith_uint256.cpp), or null where komodod's
 * `CheckProofOfWork` (src/pow.cpp) refuses it before any hash: negative (sign bit with a non-zero mantissa), zero, or
 * overflowing 256 bits.
 * @example compactTarget(0x200f0f0f) // 0x0f0f0f000000…n
 */
export function compactTarget(bits: number): bigint | null {
  const size = bits >>> 24
  const word = bits & 0x007fffff
  if (word !== 0 && (bits & 0x00800000) !== 0) return null // negative
  const target = size <= 3 ? BigInt(word >>> (8 * (3 - size))) : BigInt(word) << BigInt(8 * (size - 3))
  if (target === 0n || target >> 256n !== 0n) return null // zero, or overflow
  return target
}
