import type { ChainView, Utxo } from '../cctx/types.js'

/**
 * The builders' read-only chain access (defined with the builders in src/cctx/types.ts); `createKomodoRpc`
 * implements it against a node with `-addressindex`.
 */
export type { ChainView }

/** An unspent output as a node reports it: a builder `Utxo` whose `height` is known (0 for a mempool output). */
export type ChainUtxo = Utxo & { height: number }
