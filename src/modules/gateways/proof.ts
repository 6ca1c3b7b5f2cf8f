import { KomodoCcError } from '../../errors.js'
import { internalBytesToTxid } from '../../bytes/uint256.js'
import { equalBytes } from '../../bytes/utils.js'
import { hash160 } from '../../hash/index.js'
import { base58checkEncode } from '../../address/base58check.js'
import { classifyScript } from '../../script/classify.js'
import { parseTransaction, txid as txidOf } from '../../tx/codec.js'
import { extractMatches, parseMerkleBlock, type MerkleMatches } from '../../tx/merkle.js'

/**
 * The address parameters a gateways bind carries for its foreign chain (each a byte; `taddr` 0 = none). @example const
 * kmd: GatewaysPrefixes = { taddr: 0, prefix: 60, prefix2: 85 }
 */
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

/**
 * A parsed Komodo/Zcash-format `CMerkleBlock` (`gettxoutproof`). Hashes are internal byte order. @example
 * parseMerkleProof(proof).matches // ['907812ee…0d98']
 */
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
 * the duplicated-hash trick, unused hashes and unused flag bytes): src/tx/merkle.ts, with a refused tree reported
 * as the gateways deposit's bad parameter. Bitcoin-style 80-byte headers do not parse.
 * @throws KomodoCcError READ_PAST_END | TRAILING_BYTES | BUILD_PARAMS
 * @example parseMerkleProof(proofBytes).matches.includes(cointxid)
 */
export function parseMerkleProof(proof: Uint8Array): MerkleProof {
  const block = parseMerkleBlock(proof)
  let m: MerkleMatches
  try {
    m = extractMatches(block.tree)
  } catch (e) {
    if (e instanceof KomodoCcError && e.code === 'MERKLE_INVALID')
      throw new KomodoCcError('BUILD_PARAMS', `merkle proof: ${String(e.details.reason)}`, { reason: e.details.reason })
    throw e
  }
  return { headerRoot: block.merkleRoot, root: m.root, matches: m.matches.map((h) => internalBytesToTxid(h)) }
}

/**
 * Inputs of {@link gatewaysVerifyDeposit}. @example gatewaysVerifyDeposit({ depositAddress, prefixes, oracleVoutCount:
 * 3, claimvout: 0, cointxid, deposithex, proof, merkleroot, destpub })
 */
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
    return {
      amount: 0n,
      reason: `proof does not parse as a Komodo merkle block (${e instanceof KomodoCcError ? e.code : 'error'})`,
    }
  }
  if (!equalBytes(proof.root, v.merkleroot))
    return { amount: 0n, reason: "the proof's merkle root is not the oracle's" }
  if (!proof.matches.includes(v.cointxid))
    return { amount: 0n, reason: "cointxid is not among the proof's matched transactions" }
  let tx
  try {
    tx = parseTransaction(v.deposithex)
  } catch (e) {
    return { amount: 0n, reason: `deposithex does not parse (${e instanceof KomodoCcError ? e.code : 'error'})` }
  }
  const claim = tx.vout[v.claimvout]
  const want = gatewaysCustomAddress(Uint8Array.from([0x21, ...v.destpub, 0xac]), v.prefixes)
  if (claim === undefined || gatewaysCustomAddress(claim.script, v.prefixes) !== want)
    return { amount: 0n, reason: `deposit output ${v.claimvout} does not pay destpub's address ${want}` }
  let amount = 0n
  for (let i = 0; i < Math.min(v.oracleVoutCount, tx.vout.length); i++) {
    if (gatewaysCustomAddress(tx.vout[i]!.script, v.prefixes) === v.depositAddress) {
      amount = tx.vout[i]!.value
      break
    }
  }
  if (txidOf(tx) !== v.cointxid) return { amount: 0n, reason: 'deposithex does not hash to cointxid' }
  if (amount === 0n)
    return {
      amount: 0n,
      reason: `none of the first ${v.oracleVoutCount} outputs pays the deposit address ${v.depositAddress}`,
    }
  return { amount }
}
