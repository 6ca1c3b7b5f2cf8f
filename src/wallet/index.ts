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
