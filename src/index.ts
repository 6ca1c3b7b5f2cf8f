/**
 * The package root: what a wallet or an oracle publisher uses every day, in browsers and Node alike — the wallet,
 * chain sources, the publisher, each module's builders, offline `*info` and opret decoder, the inspector, the oracle
 * data codec, addresses and keys, amounts and errors. Named exports only (tree-shakeable). Everything else lives on
 * a named subpath (docs/api.md has the table): each area's full kit (`komodo-cc/tx`, `komodo-cc/cc`,
 * `komodo-cc/script`, `komodo-cc/tokens`, …), the resolve kit (`komodo-cc/resolve`), the daemon's parsing and
 * envelope helpers (`komodo-cc/advanced`). On Node the root resolves to `komodo-cc/node`, which adds the devnet.
 * @module komodo-cc
 */

// errors
export { KomodoCcError, isKomodoCcError, type ErrorCode } from './errors.js'

// bytes (the rest in komodo-cc/bytes)
export { bytesToHex, hexToBytes } from './bytes/index.js'

// addresses and keys (the rest in komodo-cc/address and komodo-cc/keys)
export {
  KMD,
  CHAINS,
  chainParams,
  pubkeyBytes,
  p2pkhAddress,
  decodeAddress,
  isAddress,
  encodeWif,
  decodeWif,
  type ChainParams,
  type DecodedAddress,
} from './address/index.js'
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

// amounts (the daemon's own parsers in komodo-cc/advanced)
export {
  COIN,
  toSatoshis,
  formatCoins,
  coinsText,
  type AmountInput,
  type AmountArg,
  type AmountUnit,
  type MethodUnits,
  type BNLike,
  type ToSatoshisOptions,
  type AmountParseCheck,
} from './amount.js'

// plan names
export { sbits, unsbits } from './sbits.js'

// oracle data (limits and the rest in komodo-cc/oracles)
export {
  encodeOracleData,
  decodeOracleData,
  formatOracleSample,
  assertOracleFormat,
  chunkOracleData,
  joinOracleData,
  oracleRecordFit,
  oracleRecordLimit,
  type OracleValue,
  type OracleDataOptions,
  type OracleRecordFit,
} from './oracle-data/index.js'

// transactions: codec, txid, signing and verifying, the daemon's decoderawtransaction, relay policy, the P2PK script
// of a coin (sighash parts,
// DER, merkle blocks and the rest in komodo-cc/tx; scripts in komodo-cc/script; crypto-conditions in komodo-cc/cc)
export {
  parseTransaction,
  serializeTransaction,
  txid,
  transactionSize,
  decodeRawTransaction,
  keySigner,
  signTransaction,
  signTransactionAsync,
  verifyInput,
  relayPolicy,
  checkRelayPolicy,
} from './tx/index.js'
export type * from './tx/index.js'
export { p2pkScript } from './script/index.js'
export type * from './script/index.js'
export { EVAL, ccAddress, moduleGlobalAddresses, moduleAddressInfo } from './cc/index.js'
export type * from './cc/index.js'

// each module's builders, offline `*info` and opret decoder (its encoders, resolvers and the rest on its subpath,
// `komodo-cc/tokens` …), and the types of every module's part
export {
  buildTokenCreate,
  buildTokenTransfer,
  decodeTokensOpret,
  tokeninfo,
  buildFaucetFund,
  buildFaucetGet,
  buildFaucetGetAsync,
  decodeFaucetOpret,
  faucetinfo,
  buildDiceFund,
  buildDiceAddFunds,
  buildDiceBet,
  buildDiceFinish,
  decodeDiceOpret,
  diceinfo,
  buildOraclesCreate,
  buildOraclesFund,
  buildOraclesRegister,
  buildOraclesSubscribe,
  buildOraclesData,
  decodeOraclesOpret,
  oraclesinfo,
  buildGatewaysBind,
  buildGatewaysDeposit,
  buildGatewaysClaim,
  buildGatewaysWithdraw,
  buildGatewaysPartialSign,
  buildGatewaysCompleteSigning,
  buildGatewaysMarkDone,
  decodeGatewaysOpret,
  gatewaysinfo,
  buildRewardsCreateFunding,
  buildRewardsAddFunding,
  buildRewardsLock,
  buildRewardsUnlock,
  decodeRewardsOpret,
  rewardsinfo,
} from './modules/registry/public.js'
export type * from './modules/registry/public.js'

// what does this transaction do?
export {
  inspectTransaction,
  inspectionText,
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

// what builders take and return (the resolve kit in komodo-cc/resolve)
export { type BuildContext } from './cctx/context.js'
export { type BuildResult, type BuiltInput } from './cctx/complete.js'
export type { TxLike } from './cctx/common.js'
export type { StateTx, TxOutputsView } from './cctx/state-tx.js'
export type {
  Utxo,
  ChainView,
  ChainUtxo,
  AddressMempool,
  MempoolSpend,
  HistoryEntry,
  InputPlan,
  KeyRole,
} from './cctx/types.js'
export type { ResolveContext, MethodResolver, TypedMethodResolver, VerifiedTx } from './cctx/resolve.js'
export { TxCache } from './cctx/tx-cache.js'

// the key-local wallet: every state-changing RPC of the six modules with a local key, over any ChainView
export {
  createWallet,
  createModuleWallet,
  createHdWallet,
  discoverAccount,
  nextUnusedKey,
  waitForTransaction,
  watchBlocks,
  watchAddress,
} from './wallet/index.js'
export type * from './wallet/index.js'
// a wallet made for some modules only bundles only those: createModuleWallet([tokensWallet], options)
export {
  tokensWallet,
  faucetWallet,
  diceWallet,
  oraclesWallet,
  gatewaysWallet,
  rewardsWallet,
  tokelWallet,
  type WalletModule,
  type WalletModuleDescriptor,
} from './modules/registry/wallets.js'
export type {
  WalletMethodName,
  WalletResolver,
  WalletMethodResolver,
  WalletRead,
  WalletReadName,
  ReadContext,
  TypedWalletRead,
  WalletReadEntry,
  WalletReadParams,
  WalletReadResult,
  WalletReadNames,
  WalletReadTypes,
} from './resolve/index.js'

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

// chain sources: komodod JSON-RPC (fetch-based) with the safe two-step flow, and Electrum (ws/wss in browsers;
// tcp/ssl in Node); their clients' full kits in komodo-cc/rpc and komodo-cc/electrum
export { createKomodoRpc, createRpcView, submit, RpcError } from './rpc/index.js'
export type * from './rpc/index.js'
export { createElectrumView, ElectrumError } from './electrum/index.js'
export type * from './electrum/index.js'

// Komodo DeFi Framework: enable_eth_with_tokens (the rest in komodo-cc/kdf)
export { createKdfClient, buildEnableEthWithTokensRequest, KdfError } from './kdf/index.js'
export type * from './kdf/index.js'
