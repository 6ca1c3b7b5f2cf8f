import type { ChainView, ChainUtxo } from '../cctx/types.js'

/**
 * The resolvers' read-only chain access (defined with the builders in src/cctx/types.ts). `createKomodoRpc` keeps
 * its first three reads (`getTransaction`, `listUnspent`, `getMempool`); the whole contract over a node is
 * `createRpcView(rpc)` (src/chain/).
 */
export type { ChainView, ChainUtxo }
