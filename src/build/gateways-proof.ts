import { KomodoCcError } from '../errors.js'
import { ByteReader } from '../bytes/index.js'
import { bytesToHex } from '../bytes/hex.js'
import { equalBytes, reverseBytes } from '../bytes/utils.js'
import { hash160, sha256d } from '../hash/index.js'
import { base58checkEncode } from '../address/base58check.js'
import { classifyScript } from '../script/classify.js'
import { parseTransaction, txid as txidOf } from '../tx/codec.js'

/** The address parameters a gateways bind carries for its foreign chain (each a byte; `taddr` 0 = none). @example const kmd: GatewaysPrefixes = { taddr: 0, prefix: 60, prefix2: 85 } */
export type GatewaysPrefixes = { taddr: number; prefix: number; prefix2: number }

function b58(version: number[], hash: Uint8Array): string {
  const p = new Uint8Array(version.length + hash.length)
  p.set(version)
  p.set(hash, version.length)
  return base58checkEncode(p)
}

/**
 * `GetCustomscriptaddress`: the foreign-chain address of an output script. Key-hash destinations (P2PK, P2PKH, CC)
 * → `[taddr,] prefix ‖ hash160`; P2SH → `prefix2 ‖ scripthash` (taddr is never prepended for P2SH, as the daemon).
 * Null for scripts without an address.
 * @example gatewaysCustomAddress(p2pkScript(pk), { taddr: 0, prefix: 0, prefix2: 5 }) // '1…'
 */
export function gatewaysCustomAddress(script: Uint8Array, p: GatewaysPrefixes): string | null {
  const c = classifyScript(script)
  const h = c.type === 'multisig' ? undefined : c.hashes[0]
  if (h === undefined) return null
  if (h.kind === 'p2sh') return b58([p.prefix2 & 0xff], h.hash)
  return b58(p.taddr !== 0 ? [p.taddr & 0xff, p.prefix & 0xff] : [p.prefix & 0xff], h.hash)
}

/** `OP_M <pk1>…<pkN> OP_N OP_CHECKMULTISIG`, keys in bind order (not sorted). @internal */
export function gatewaysMultisigScript(M: number, pubkeys: readonly Uint8Array[]): Uint8Array {
  const op = (n: number) => (n === 0 ? 0x00 : 0x50 + n)
  const out: number[] = [op(M)]
  for (const k of pubkeys) out.push(k.length, ...k)
  out.push(op(pubkeys.length), 0xae)
  return Uint8Array.from(out)
}

/**
 * The deposit address a bind decodes to: KMD-style prefixes (60/85) → N > 1: P2SH (version 85) of the M-of-N
 * script, N = 1: the first key's address (version 60); other prefixes → N > 1: `prefix2 ‖ hash160(multisig)`,
 * N = 1: the custom address of P2PK(first key).
 * @example gatewaysDepositAddress(1, [pk], { taddr: 0, prefix: 60, prefix2: 85 }) // 'R…'
 */
export function gatewaysDepositAddress(M: number, pubkeys: readonly Uint8Array[], p: GatewaysPrefixes): string {
  if (pubkeys.length === 0) throw new KomodoCcError('BUILD_STATE', 'a bind without pubkeys has no deposit address')
  const kmdStyle = p.prefix === 60 && p.prefix2 === 85
  if (pubkeys.length > 1) return b58([kmdStyle ? 85 : p.prefix2 & 0xff], hash160(gatewaysMultisigScript(M, pubkeys)))
  if (kmdStyle) return b58([60], hash160(pubkeys[0]!))
  return b58(p.taddr !== 0 ? [p.taddr & 0xff, p.prefix & 0xff] : [p.prefix & 0xff], hash160(pubkeys[0]!))
}

/** A parsed Komodo/Zcash-format `CMerkleBlock` (`gettxoutproof`). Hashes are internal byte order. @example parseMerkleProof(proof).matches // ['907812ee…0d98'] */
export type MerkleProof = {
  /** The block header's merkle root. */
  headerRoot: Uint8Array
  /** The root the partial merkle tree computes. */
  root: Uint8Array
  /** Matched transaction ids (display hex). */
  matches: string[]
}

/**
 * Parses a Komodo/Zcash `CMerkleBlock` exactly (header with final Sapling root, 32-byte nonce and Equihash solution,
 * then the partial merkle tree) and walks the tree as `CPartialMerkleTree::ExtractMatches` does (BIP 37, rejecting
 * the duplicated-hash trick, unused hashes and unused flag bytes). Bitcoin-style 80-byte headers do not parse.
 * @throws KomodoCcError READ_PAST_END | TRAILING_BYTES | BUILD_PARAMS
 * @example parseMerkleProof(proofBytes).matches.includes(cointxid)
 */
export function parseMerkleProof(proof: Uint8Array): MerkleProof {
  const r = new ByteReader(proof)
  r.u32le() // version
  r.bytes(32) // prev block
  const headerRoot = r.bytes(32).slice()
  r.bytes(32) // final sapling root
  r.u32le() // time
  r.u32le() // bits
  r.bytes(32) // nonce
  r.varBytes() // equihash solution
  const n = r.u32le()
  const count = Number(r.compactSize())
  if (count > r.remaining / 32) throw new KomodoCcError('READ_PAST_END', `proof lists ${count} hashes but only ${r.remaining} bytes remain`)
  const hashes: Uint8Array[] = []
  for (let i = 0; i < count; i++) hashes.push(r.bytes(32).slice())
  const flagBytes = r.varBytes()
  r.end()
  const bad = (why: string) => new KomodoCcError('BUILD_PARAMS', `merkle proof: ${why}`, { reason: why })
  if (n === 0) throw bad('no transactions')
  if (hashes.length > n) throw bad('more hashes than transactions')
  if (flagBytes.length * 8 < hashes.length) throw bad('fewer flag bits than hashes')
  const width = (h: number) => (n + (1 << h) - 1) >> h
  let height = 0
  while (width(height) > 1) height++
  let bitsUsed = 0
  let hashUsed = 0
  const matches: string[] = []
  const walk = (h: number, pos: number): Uint8Array => {
    if (bitsUsed >= flagBytes.length * 8) throw bad('ran out of flag bits')
    const bit = (flagBytes[bitsUsed >> 3]! >> (bitsUsed & 7)) & 1
    bitsUsed++
    if (h === 0 || bit === 0) {
      if (hashUsed >= hashes.length) throw bad('ran out of hashes')
      const hash = hashes[hashUsed++]!
      if (h === 0 && bit === 1) matches.push(bytesToHex(reverseBytes(hash)))
      return hash
    }
    const left = walk(h - 1, pos * 2)
    let right = left
    if (pos * 2 + 1 < width(h - 1)) {
      right = walk(h - 1, pos * 2 + 1)
      if (equalBytes(left, right)) throw bad('duplicated subtree hash (CVE-2012-2459)')
    }
    const both = new Uint8Array(64)
    both.set(left)
    both.set(right, 32)
    return sha256d(both)
  }
  const root = walk(height, 0)
  if (((bitsUsed + 7) >> 3) !== flagBytes.length) throw bad('unused flag bytes')
  if (hashUsed !== hashes.length) throw bad('unused hashes')
  return { headerRoot, root, matches }
}

/** Inputs of {@link gatewaysVerifyDeposit}. @example gatewaysVerifyDeposit({ depositAddress, prefixes, oracleVoutCount: 3, claimvout: 0, cointxid, deposithex, proof, merkleroot, destpub }) */
export type GatewaysVerifyInput = {
  depositAddress: string
  prefixes: GatewaysPrefixes
  /** Output count of the oracle's create transaction (the daemon's scan length, a reference quirk). */
  oracleVoutCount: number
  claimvout: number
  cointxid: string
  deposithex: string
  proof: Uint8Array
  /** The merkle root the oracle publishers agree on (internal byte order). */
  merkleroot: Uint8Array
  destpub: Uint8Array
}

/**
 * `GatewaysVerify`: the proof's partial tree must give `merkleroot` and match `cointxid`; `deposithex` must parse
 * and hash to `cointxid`; its output `claimvout` must pay the custom address of P2PK(destpub); the amount is the
 * first output paying the deposit address among the first `oracleVoutCount` outputs (the daemon's scan length).
 * @returns the verified amount and, when 0, why
 * @example gatewaysVerifyDeposit(input).amount
 */
export function gatewaysVerifyDeposit(v: GatewaysVerifyInput): { amount: bigint; reason?: string } {
  let proof: MerkleProof
  try {
    proof = parseMerkleProof(v.proof)
  } catch (e) {
    return { amount: 0n, reason: `proof does not parse as a Komodo merkle block (${e instanceof KomodoCcError ? e.code : 'error'})` }
  }
  if (!equalBytes(proof.root, v.merkleroot)) return { amount: 0n, reason: 'the proof\'s merkle root is not the oracle\'s' }
  if (!proof.matches.includes(v.cointxid)) return { amount: 0n, reason: 'cointxid is not among the proof\'s matched transactions' }
  let tx
  try {
    tx = parseTransaction(v.deposithex)
  } catch (e) {
    return { amount: 0n, reason: `deposithex does not parse (${e instanceof KomodoCcError ? e.code : 'error'})` }
  }
  const claim = tx.vout[v.claimvout]
  const want = gatewaysCustomAddress(Uint8Array.from([0x21, ...v.destpub, 0xac]), v.prefixes)
  if (claim === undefined || gatewaysCustomAddress(claim.script, v.prefixes) !== want) return { amount: 0n, reason: `deposit output ${v.claimvout} does not pay destpub's address ${want}` }
  let amount = 0n
  for (let i = 0; i < Math.min(v.oracleVoutCount, tx.vout.length); i++) {
    if (gatewaysCustomAddress(tx.vout[i]!.script, v.prefixes) === v.depositAddress) {
      amount = tx.vout[i]!.value
      break
    }
  }
  if (txidOf(tx) !== v.cointxid) return { amount: 0n, reason: 'deposithex does not hash to cointxid' }
  if (amount === 0n) return { amount: 0n, reason: `none of the first ${v.oracleVoutCount} outputs pays the deposit address ${v.depositAddress}` }
  return { amount }
}
