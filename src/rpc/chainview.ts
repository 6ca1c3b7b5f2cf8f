import type { ChainView, ChainUtxo } from '../cctx/types.js'

/**
 * The resolvers' read-only chain access (defined with the builders in src/cctx/types.ts). `createKomodoRpc` keeps
 * its first three reads (`getTransaction`, `listUnspent`, `getMempool`); the whole contract over a node is
 * `createRpcView(rpc)` (src/rpc/view.ts; the client's own `listUnspent` asks the normal index only: it misses CC outputs).
 */
export type { ChainView, ChainUtxo }
