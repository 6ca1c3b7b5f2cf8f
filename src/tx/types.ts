/**
 * The plain-data transaction model (komodo src/primitives/transaction.h). Field order in every type is wire order.
 * Txids are display hex (what komodod prints); amounts are bigint satoshis; scripts and shielded blobs are bytes.
 */

/** A transparent input: the spent outpoint, the unlocking script and nSequence. */
export type TxInput = {
  /** Spent transaction id, display hex (the reverse of its 32 serialized bytes). */
  txid: string
  /** Spent output index. */
  vout: number
  scriptSig: Uint8Array
  sequence: number
}

/** A transparent output: value in satoshis (i64 on the wire) and the locking script. */
export type TxOutput = {
  value: bigint
  script: Uint8Array
}

/** A Sprout JoinSplit description (v2+), carried through unchanged. `proof` is 296 bytes (PHGR) below v4, 192 (Groth16) in v4. */
export type JoinSplit = {
  vpubOld: bigint
  vpubNew: bigint
  anchor: Uint8Array
  nullifiers: [Uint8Array, Uint8Array]
  commitments: [Uint8Array, Uint8Array]
  ephemeralKey: Uint8Array
  randomSeed: Uint8Array
  macs: [Uint8Array, Uint8Array]
  proof: Uint8Array
  ciphertexts: [Uint8Array, Uint8Array]
}

/** A Sapling spend description (384 bytes on the wire). */
export type ShieldedSpend = {
  cv: Uint8Array
  anchor: Uint8Array
  nullifier: Uint8Array
  rk: Uint8Array
  zkproof: Uint8Array
  spendAuthSig: Uint8Array
}

/** A Sapling output description (948 bytes on the wire). */
export type ShieldedOutput = {
  cv: Uint8Array
  cmu: Uint8Array
  ephemeralKey: Uint8Array
  encCiphertext: Uint8Array
  outCiphertext: Uint8Array
  zkproof: Uint8Array
}

/**
 * A Komodo transaction: Sapling v4 (overwintered, group id 0x892f2085), Overwinter v3 (0x03c48270) or legacy v1/v2.
 * `versionGroupId` and `expiryHeight` are 0 for legacy; `valueBalance`/shielded lists/`bindingSig` only for v4;
 * `joinSplitPubKey`/`joinSplitSig` only when there is at least one JoinSplit; `bindingSig` only when a v4
 * transaction has a shielded spend or output.
 */
export type Transaction = {
  overwintered: boolean
  version: number
  versionGroupId: number
  vin: TxInput[]
  vout: TxOutput[]
  lockTime: number
  expiryHeight: number
  valueBalance: bigint
  shieldedSpends: ShieldedSpend[]
  shieldedOutputs: ShieldedOutput[]
  joinSplits: JoinSplit[]
  joinSplitPubKey?: Uint8Array
  joinSplitSig?: Uint8Array
  bindingSig?: Uint8Array
}

/** Sapling version group id (`SAPLING_VERSION_GROUP_ID`). @example tx.versionGroupId === SAPLING_VERSION_GROUP_ID */
export const SAPLING_VERSION_GROUP_ID = 0x892f2085
/** Overwinter version group id (`OVERWINTER_VERSION_GROUP_ID`). @example OVERWINTER_VERSION_GROUP_ID // 0x03c48270 */
export const OVERWINTER_VERSION_GROUP_ID = 0x03c48270
/** Consensus branch id of Sapling: what KMD and every asset chain use today. @example sighash(tx, 0, { scriptCode, value, branchId: SAPLING_BRANCH_ID }) */
export const SAPLING_BRANCH_ID = 0x76b809bb
/** Consensus branch id of Overwinter. @example OVERWINTER_BRANCH_ID // 0x5ba81b19 */
export const OVERWINTER_BRANCH_ID = 0x5ba81b19
/** nExpiryHeight = next height + this (`DEFAULT_TX_EXPIRY_DELTA`). @example tx.expiryHeight = tipHeight + 1 + DEFAULT_TX_EXPIRY_DELTA */
export const DEFAULT_TX_EXPIRY_DELTA = 200
/** FinalizeCCTx refuses transactions with more inputs (`CC_MAXVINS`). @example tx.vin.length <= CC_MAXVINS */
export const CC_MAXVINS = 1024
/** The txfee every CC builder uses (sat). @example CC_TXFEE // 10000n */
export const CC_TXFEE = 10000n
/**
 * Largest transaction komodod relays/mines (`MAX_TX_SIZE_AFTER_SAPLING`, 2 MB); parse bounds element counts by input
 * length. @example transactionSize(tx) <= MAX_TX_SIZE_AFTER_SAPLING
 */
export const MAX_TX_SIZE_AFTER_SAPLING = 2_000_000

/** Wire size of a Sapling spend description. @example SHIELDED_SPEND_SIZE // 384 */
export const SHIELDED_SPEND_SIZE = 384
/** Wire size of a Sapling output description. @example SHIELDED_OUTPUT_SIZE // 948 */
export const SHIELDED_OUTPUT_SIZE = 948
/** Groth16 proof size (Sapling, and JoinSplits in v4). @example GROTH_PROOF_SIZE // 192 */
export const GROTH_PROOF_SIZE = 192
/** PHGR proof size (JoinSplits in v2/v3). @example PHGR_PROOF_SIZE // 296 */
export const PHGR_PROOF_SIZE = 296
/** Size of each of a JoinSplit's two ciphertexts. @example JOINSPLIT_CIPHERTEXT_SIZE // 601 */
export const JOINSPLIT_CIPHERTEXT_SIZE = 601

/** True for Sapling v4 (overwintered, version 4, Sapling group id). @example isSaplingV4(tx) */
export function isSaplingV4(tx: Pick<Transaction, 'overwintered' | 'version' | 'versionGroupId'>): boolean {
  return tx.overwintered && tx.version === 4 && tx.versionGroupId === SAPLING_VERSION_GROUP_ID
}

/** True for Overwinter v3. @example isOverwinterV3(tx) */
export function isOverwinterV3(tx: Pick<Transaction, 'overwintered' | 'version' | 'versionGroupId'>): boolean {
  return tx.overwintered && tx.version === 3 && tx.versionGroupId === OVERWINTER_VERSION_GROUP_ID
}
