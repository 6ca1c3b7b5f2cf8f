/**
 * komodo-cc on Node: what `import … from 'komodo-cc'` resolves to under Node (the root's "node" export condition),
 * and `komodo-cc/node` (alias `komodo-cc/devnet`). Everything the browser-safe root exports, plus the embedded devnet
 * and its demo, the file journal of the oracle publisher and the komodod conf-file reader.
 * @module komodo-cc/node
 */
export * from './index.js'
export { startDevnet, devnetJson, type Devnet, type DevnetOptions } from './devnet/server.js'
export type { DevnetAccount } from './devnet/accounts.js'
export { devnetTxOutProof } from './devnet/txoutproof.js'
export {
  runDevnetDemo,
  runDemoFlows,
  runRemoteDemo,
  waitForConfirmations,
  type DemoIo,
  type DevnetDemoOptions,
  type DemoTarget,
  type RemoteDemoOptions,
} from './devnet/demo.js'
export { DevnetRefusal } from './devnet/refusal.js'
export {
  DevChain,
  type Coin,
  type Block,
  type TxEntry,
  type AddressDelta as DevnetAddressDelta,
  type AddressReceipt,
  type ChainSnapshot,
} from './devnet/chain.js'
export {
  acceptTransaction,
  type AcceptOptions,
  type ModuleValidator,
  type ModuleCheck,
  type SpentInput,
} from './devnet/validate.js'
export type { ElectrumEndpoint, ElectrumServerOptions } from './devnet/electrum.js'
export { callDevnet } from './devnet/rpc.js'
export type { DevnetNode } from './devnet/node.js'
export type { DevnetLogEntry, DevnetLogger } from './devnet/log.js'
export type { ModuleDemoOptions } from './modules/registry/io.js'
export * from './modules/registry/node.js'
export { fileJournal, writeJournalFile } from './publisher/file-journal.js'
export { readKomodoConf, komodoDataDir, komodoConfPath, parseKomodoConf, type KomodoConfSource } from './rpc/conf.js'
