/**
 * Node only: the devnet's parts and the aids this project's own tests and demos use — the in-memory chain and its
 * validator, the devnet's JSON, tx-out proofs, the demo flows, the gateways validator, the oracle data state of a
 * demo, and the journal file writer. Not needed to run a devnet (`startDevnet` is on the Node root).
 * @module komodo-cc/testing
 */
export { devnetJson } from '../devnet/server.js'
export { devnetTxOutProof } from '../devnet/txoutproof.js'
export {
  runDemoFlows,
  runRemoteDemo,
  waitForConfirmations,
  type DemoTarget,
  type RemoteDemoOptions,
} from '../devnet/demo.js'
export {
  DevChain,
  type Coin,
  type Block,
  type TxEntry,
  type AddressDelta as DevnetAddressDelta,
  type AddressReceipt,
  type ChainSnapshot,
} from '../devnet/chain.js'
export {
  acceptTransaction,
  type AcceptOptions,
  type ModuleValidator,
  type ModuleCheck,
  type SpentInput,
} from '../devnet/validate.js'
export type { ModuleDemoOptions } from '../modules/registry/io.js'
export * from '../modules/registry/node.js'
export { writeJournalFile } from '../publisher/file-journal.js'
