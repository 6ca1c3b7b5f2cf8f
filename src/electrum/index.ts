/**
 * The Electrum protocol as a chain source (issue 19). The view works in browsers over ws:// and wss:// (the global
 * WebSocket); tcp:// and ssl:// need Node.
 * @module komodo-cc/electrum
 */
export { createElectrumView } from './view.js'
export type { ElectrumView, ElectrumViewOptions, ElectrumViewServer } from './view.js'
export { ElectrumClient, ElectrumError } from './client.js'
export type { ElectrumClientOptions, ElectrumCallOptions, ElectrumCall, ElectrumOutcome } from './client.js'
export { parseElectrumUrl } from './transport.js'
export type { ElectrumServerAddress, ElectrumConnector, ElectrumSocket, ElectrumSocketEvents } from './transport.js'
export { scripthash, electrumStatus, sortElectrumMempool } from './scripthash.js'
export type { ElectrumHistoryItem } from './scripthash.js'
export { ScriptBook, ELECTRUM_DEFAULT_EVALS } from './scripts.js'
export { merkleRootFromBranch, parseKomodoHeader, parseKomodoHeaders } from './merkle.js'
export type { KomodoHeader } from './merkle.js'
