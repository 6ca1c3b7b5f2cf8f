/**
 * komodo-cc on Node: what `import … from 'komodo-cc'` resolves to under Node (the root's "node" export condition),
 * and `komodo-cc/node` (alias `komodo-cc/devnet`). Everything the browser-safe root exports, plus the embedded devnet
 * and its demo, the file journal of the oracle publisher and the komodod conf-file reader. The devnet's parts and
 * test aids are in `komodo-cc/testing`.
 * @module komodo-cc/node
 */
export * from './index.js'
export { startDevnet, type Devnet, type DevnetOptions } from './devnet/server.js'
export { runDevnetDemo, type DemoIo, type DevnetDemoOptions } from './devnet/demo.js'
export type { DevnetAccount } from './devnet/accounts.js'
export { DevnetRefusal } from './devnet/refusal.js'
export { callDevnet } from './devnet/rpc.js'
export type { ElectrumEndpoint, ElectrumServerOptions } from './devnet/electrum.js'
export type { DevnetNode } from './devnet/node.js'
export type { DevnetLogEntry, DevnetLogger } from './devnet/log.js'
export { fileJournal } from './publisher/file-journal.js'
export { readKomodoConf, type KomodoConfSource } from './rpc/conf.js'
// the komodod client over node:http with a keep-alive agent (the browser root's posts through fetch)
export { createKomodoRpc } from './rpc/node-client.js'
