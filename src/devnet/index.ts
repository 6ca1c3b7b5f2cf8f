export { startDevnet, devnetJson, DEVNET_FLUSH_MS, type Devnet, type DevnetOptions } from './server.js'
export { MAX_JSON_DEPTH, scanRequestIds, type RequestIds, type ScanRefusal } from './jsonscan.js'
export {
  DevChain,
  scriptAddress,
  coinbaseTx,
  DEVNET_BLOCK_REWARD,
  DEVNET_PREMINE_OUTPUTS,
  DEVNET_PREMINE_VALUE,
  type Coin,
  type Block,
  type TxEntry,
  type ChainSnapshot,
} from './chain.js'
export {
  acceptTransaction,
  fulfillmentEvalCodes,
  MAX_MONEY,
  isAbsurdFee,
  DEFAULT_MIN_RELAY_TX_FEE,
  type ModuleValidator,
  type ModuleCheck,
  type SpentInput,
  type AcceptOptions,
} from './validate.js'
export { DevnetRefusal, RPC_CODES, REJECT, EVAL_FALSE_TEXT, rejected, moduleRejected } from './refusal.js'
export { callDevnet, defaultValidators, devnetMethods, devnetAddressOf } from './rpc.js'
export { devnetSnapshot, devnetRevert, MAX_DEVNET_SNAPSHOTS } from './snapshot.js'
export { redactParams, formatLogEntry, type DevnetLogEntry, type DevnetLogger } from './log.js'
export { IO_MODULES, type IoModule, type ModuleDevnet, type ModuleDemo } from '../modules/registry/io.js'
export { oracleDataState } from '../modules/registry/node.js'
export { moduleAddressMethod } from './address.js'
export { lastOpret, decodedLastOpret } from './opret.js'
export type { DevnetNode } from './node.js'
export {
  runDevnetDemo,
  runDemoFlows,
  runRemoteDemo,
  waitForConfirmations,
  type DemoIo,
  type DevnetDemoOptions,
  type DemoTarget,
  type RemoteDemoOptions,
} from './demo.js'
