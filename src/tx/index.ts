/**
 * Transactions: the Overwinter/Sapling codec, txids, signature hashes, signing and verifying, the daemon's
 * `decoderawtransaction`, and merkle blocks.
 * @module komodo-cc/tx
 */
export * from './types.js'
export {
  parseTransaction,
  serializeTransaction,
  serializeTransactionInto,
  transactionSize,
  txid,
  txidOfBytes,
} from './codec.js'
export {
  sighash,
  createSighasher,
  sighashParts,
  SIGHASH_ALL,
  SIGHASH_NONE,
  SIGHASH_SINGLE,
  SIGHASH_ANYONECANPAY,
  type SighashOptions,
  type SighashParts,
} from './sighash.js'
export { Blake2b256, blake2b256Personal, blake2bBackend, type Blake2bMode } from '../hash/blake2b.js' // also in komodo-cc/hash
export { compactToDer, derToCompact, isLowS } from './der.js'
export {
  nobleSecp256k1,
  tinySecp256k1Backend,
  keySigner,
  signTransaction,
  signTransactionAsync,
  verifyInput,
  type Secp256k1Backend,
  type TinySecp256k1Like,
  type Signer,
  type AsyncSigner,
  type Prevout,
  type SignOptions,
  type VerifyOptions,
  type VerifyResult,
} from './sign.js'
export {
  decodeRawTransaction,
  decodeScriptPubKey,
  type DecodeOptions,
  type DecodedTransaction,
  type DecodedScriptPubKey,
  type Zat,
} from './decode.js'
export { merkleRoot, parseMerkleBlock, type PartialMerkleTree, type MerkleMatches, type MerkleBlock } from './merkle.js'
export {
  relayPolicy,
  relayPolicyViolations,
  checkRelayPolicy,
  dustThreshold,
  maxOpReturnPayload,
  ASSET_CHAIN_POLICY,
  KMD_POLICY,
  type RelayPolicy,
  type RelayPolicyOptions,
  type PolicyViolation,
  type StandardType,
} from './policy.js'
