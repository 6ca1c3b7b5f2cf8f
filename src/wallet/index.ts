// The key-local wallet (issue 18): layer 7.
export { createWallet } from './wallet.js'
export type {
  Wallet,
  WalletOptions,
  WalletCallOptions,
  WalletResult,
  WalletMethod,
  WalletMethodOf,
  WalletArgs,
  WalletParams,
  WalletCallOptionsOf,
  WalletCallAny,
  WalletMethodTypes,
  IsOptionalParam,
  WalletPositionalArgs,
  WalletReadArgs,
  WalletReadAny,
  WalletReadMethod,
  WalletReadMethodOf,
} from './wallet.js'
export { PendingSet, type PendingTx } from './pending.js'
export { createHdWallet, type HdWallet, type HdWalletOptions } from './hd.js'
export {
  discoverAccount,
  nextUnusedKey,
  DEFAULT_GAP_LIMIT,
  type HdAccountSource,
  type DiscoverOptions,
  type DiscoveredAddress,
  type AccountDiscovery,
} from './discover.js'
export {
  waitForTransaction,
  transactionProgress,
  watchBlocks,
  watchAddress,
  DEFAULT_WATCH_POLL_MS,
  type TxProgress,
  type WaitForTransactionOptions,
  type Watcher,
  type WatchOptions,
  type BlockEvent,
  type AddressEvent,
} from './watch.js'
export { encodePendingSet, decodePendingSet, type PendingStorage } from './pending-store.js'
export {
  createModuleWallet,
  type ModuleWallet,
  type ModuleWalletMethods,
  type ModuleWalletReads,
} from './module-wallet.js'
