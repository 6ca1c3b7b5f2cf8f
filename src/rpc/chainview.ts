import type { ChainView, ChainUtxo } from '../cctx/types.js'

/**
 * The resolvers' read-only chain access (defined with the builders in src/cctx/types.ts). `createKomodoRpc` keeps
 * three of its reads (`getTransaction`, `listUnspent`, `getMempool`, answered by the JSON-RPC view); the whole
 * contract over a node is `createRpcView(rpc)` (src/rpc/view.ts).
 */
export type { ChainView, ChainUtxo }
