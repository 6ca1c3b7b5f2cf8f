/**
 * The package root: everything that runs in browsers and Node alike. Named exports only (tree-shakeable); each area
 * is also a subpath of its own (`komodo-cc/tx`, `komodo-cc/oracles`, …). On Node the root resolves to
 * `komodo-cc/node`, which adds the embedded devnet.
 * @module komodo-cc
 */

// errors
export { KomodoCcError, isKomodoCcError, type ErrorCode } from './errors.js'

// bytes
export {
  bytesToHex,
  hexToBytes,
  isHex,
  ByteReader,
  ByteWriter,
  MAX_COMPACTSIZE,
  compactSizeLength,
  txidToInternalBytes,
  internalBytesToTxid,
  displayHexToBytes,
  ZERO_TXID,
  concatBytes,
  equalBytes,
  reverseBytes,
  compareBytes,
  utf8ToBytes,
  bytesToUtf8,
} from './bytes/index.js'

// hashes
export { sha256, sha256d, hash160, blake2b256 } from './hash/index.js'

// addresses and keys
export {
  base58Encode,
  base58Decode,
  base58checkEncode,
  base58checkDecode,
  KMD,
  BTC,
  LTC,
  ZEC,
  CHAINS,
  chainParams,
  pubkeyBytes,
  hash160ToAddress,
  p2pkhAddress,
  p2shAddress,
  decodeAddress,
  isAddress,
  encodeWif,
  decodeWif,
  type ChainParams,
  type DecodedAddress,
} from './address/index.js'

// keys: random, Komodo passphrase, BIP39 seed phrases along BIP44 coin 141 (the rest in komodo-cc/keys)
export {
  randomPrivateKey,
  describeKey,
  keyFromPassphrase,
  keyFromMnemonic,
  generateMnemonic,
  validateMnemonic,
  mnemonicToSeed,
  type KeyDescription,
} from './keys/index.js'

// amounts
export {
  COIN,
  MAX_SATOSHIS,
  MAX_MONEY,
  toSatoshis,
  amountArg,
  formatCoins,
  coinsText,
  coinsValue,
  daemonFormatDouble,
  daemonParseCoins,
  daemonParseDatafee,
  checkDaemonAmount,
  type AmountInput,
  type AmountArg,
  type AmountUnit,
  type MethodUnits,
  type BNLike,
  type ToSatoshisOptions,
  type AmountParseCheck,
} from './amount.js'

// plan names
export { sbits, unsbits, assertPlanName, PLAN_NAME_ERROR } from './sbits.js'

// oracle data
export {
  encodeOracleData,
  decodeOracleData,
  formatOracleSample,
  assertOracleFormat,
  ORACLE_FORMAT_CHARS,
  chunkOracleData,
  joinOracleData,
  checkOracleTxSize,
  ORACLE_MAX_DATA_SIZE,
  ORACLE_MAX_TX_SIZE,
  ORACLE_MAX_FORMAT_LENGTH,
  ORACLE_MAX_NAME_LENGTH,
  ORACLE_MAX_PRINT_FIELD,
  oracleRecordFit,
  oracleRecordLimit,
  type OracleValue,
  type OracleDataOptions,
  type OracleRecordFit,
} from './oracle-data/index.js'

// transactions: codec, txid, signature hashes, signing and verifying, the daemon's decoderawtransaction
export * from './tx/index.js'
export * from './script/index.js'

// crypto-conditions, CC scripts and CC addresses
export * from './cc/index.js'
export {
  OP_CHECKCRYPTOCONDITION,
  MAX_CC_PARAMS_SIZE,
  MAX_CC_SCRIPTSIG_PUSH,
  ccScript,
  parseCcScript,
  isCcScript,
  ccSubScript,
  ccScriptSig,
  type CcVData,
  type CcParamsHeader,
  type ParsedCcScript,
} from './script/cc.js'

// each module's public part (its subpath's surface: payload codec, builders, offline `*info`, reading types), as
// the registry lists them
export * from './modules/registry/public.js'
export { opretScript, opretPayload, MAX_OPRET_SCRIPT_SIZE, type OpretDecodeOptions } from './modules/opret.js'

// what does this transaction do? and the offline info RPCs
// (each module's offline `*info` and its reading types are exported with its public part above)
export {
  inspectTransaction,
  inspectionText,
  MODULE_GLOBAL_PUBKEYS,
  type Inspection,
  type InspectionReading,
  type InspectedOutput,
  type InspectOptions,
  type ModuleName,
  type ModuleReading,
  type InspectionPayload,
  type OutputKind,
  type ReadingBase,
  type NoReading,
} from './inspect/index.js'
export type { InfoTxInput, InfoForm, InfoAmount, InfoCount, InfoMaybe } from './modules/offline-info.js'
export { inspectBuild } from './inspect-build.js'

// offline builders
export { type BuildContext } from './cctx/context.js'
export { type BuildResult, type BuiltInput } from './cctx/complete.js'
export { selectNormalInputs } from './cctx/select.js'
export type { TxLike } from './cctx/common.js'
export type { StateTx, TxOutputsView } from './cctx/state-tx.js'
export {
  type Utxo,
  type ChainView,
  type ChainUtxo,
  type AddressMempool,
  type MempoolSpend,
  type HistoryEntry,
  type InputPlan,
  type KeyRole,
} from './cctx/types.js'
export { countingView, type CountingView, type ChainViewMethod } from './cctx/counting-view.js'
export {
  StateReader,
  normalCoins,
  daemonUtxoOrder,
  daemonMapOrder,
  type ResolveContext,
  type MethodResolver,
  type TypedMethodResolver,
  type VerifiedTx,
} from './cctx/resolve.js'
export { TxCache } from './cctx/tx-cache.js'

// the key-local wallet: every state-changing RPC of the six modules with a local key, over any ChainView
export {
  createWallet,
  PendingSet,
  type Wallet,
  type WalletOptions,
  type WalletCallOptions,
  type WalletResult,
  type WalletMethod,
  type WalletReadMethod,
  type WalletMethodOf,
  type WalletReadMethodOf,
  type WalletArgs,
  type WalletParams,
  type WalletCallOptionsOf,
  type WalletCallAny,
  type WalletMethodTypes,
  type IsOptionalParam,
  type WalletPositionalArgs,
  type WalletReadArgs,
  type WalletReadAny,
  type PendingTx,
  createHdWallet,
  discoverAccount,
  nextUnusedKey,
  type HdWallet,
  type HdWalletOptions,
  type HdAccountSource,
  type DiscoverOptions,
  type DiscoveredAddress,
  type AccountDiscovery,
  type PendingStorage,
  waitForTransaction,
  watchBlocks,
  watchAddress,
  type TxProgress,
  type WaitForTransactionOptions,
  type Watcher,
  type WatchOptions,
  type BlockEvent,
  type AddressEvent,
} from './wallet/index.js'
export {
  WALLET_METHODS,
  type WalletMethodName,
  type WalletResolver,
  type WalletMethodResolver,
} from './modules/registry/resolvers.js'
export { PARAM_UNITS } from './modules/registry/units.js'
export { curvePubkey } from './cctx/pubkey.js'
export {
  WALLET_READS,
  type WalletRead,
  type WalletReadName,
  type ReadContext,
  type TypedWalletRead,
  type WalletReadEntry,
  type WalletReadParams,
  type WalletReadResult,
  type WalletReadNames,
  type WalletReadTypes,
} from './modules/registry/reads.js'
// the oracle publisher: a stream of samples into one oracle, journaled, chained through the mempool (issue 20)
export {
  createOraclePublisher,
  createPublisherPool,
  memoryJournalStorage,
  webStorageJournal,
  samplesPaid,
  type OraclePublisher,
  type OraclePublisherOptions,
  type PublisherStatus,
  type PublisherEvent,
  type PublishOptions,
  type PublishResult,
  type SampleInput,
  type PublisherFit,
  type JournalStorage,
  type JournalData,
  type JournalEntry,
  type JournalState,
  type WebStorageLike,
  type PublisherPool,
  type PublisherPoolOptions,
  type PublisherPoolMember,
  type PoolEvent,
} from './publisher/index.js'
// (each module's builders are exported with its public part above)

// komodod JSON-RPC client, the safe two-step flow (src/rpc: fetch-based; the conf-file reader is loaded only when a
// chain name or conf path is given)
export * from './rpc/index.js'

// Komodo DeFi Framework: enable_eth_with_tokens
export * from './kdf/index.js'

// Electrum as a chain source: createElectrumView (ws/wss in browsers; tcp/ssl in Node), script and status hashes
export * from './electrum/index.js'
