/**
 * The resolve kit: the parts for people who build their own flows over a chain source — the state reader (checked
 * look-ups over a `ChainView`), komodod's own input orders, normal-coin selection, the wallet's method and read tables
 * with their parameter units, its pending set, and a call-counting view.
 * @module komodo-cc/resolve
 */
export {
  StateReader,
  normalCoins,
  daemonUtxoOrder,
  daemonMapOrder,
  type ResolveContext,
  type MethodResolver,
  type TypedMethodResolver,
  type VerifiedTx,
} from '../cctx/resolve.js'
export { selectNormalInputs } from '../cctx/select.js'
export { curvePubkey } from '../cctx/pubkey.js'
export { countingView, type CountingView, type ChainViewMethod } from '../cctx/counting-view.js'
export type {
  Utxo,
  ChainView,
  ChainUtxo,
  AddressMempool,
  MempoolSpend,
  HistoryEntry,
  InputPlan,
  KeyRole,
} from '../cctx/types.js'
export { PendingSet, type PendingTx } from '../wallet/pending.js'
export {
  WALLET_METHODS,
  type WalletMethodName,
  type WalletResolver,
  type WalletMethodResolver,
} from '../modules/registry/resolvers.js'
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
} from '../modules/registry/reads.js'
export { PARAM_UNITS } from '../modules/registry/units.js'
