// A chain source whose mempool reads lag: a node that accepted transactions but does not show them yet.
import type { ChainView } from '../../src/cctx/types.js'
import type { DevChain } from '../../src/devnet/chain.js'
import { KomodoCcError } from '../../src/errors.js'
import { lyingView } from './lie.js'

/**
 * `base`, but its mempool reads never show anything, and a mempool transaction of `chain` is not found (a checked lie:
 * the test fails if the lag never changed an answer, test/_util/lie.ts).
 */
export function laggingView(base: ChainView, chain: DevChain): ChainView {
  return lyingView(base, {
    getMempool: async () => [],
    getAddressMempool: async () => ({ outputs: [], spends: [] }),
    getTransaction: async (txid) => {
      if (chain.txs.get(txid)?.height === -1) throw new KomodoCcError('TX_NOT_FOUND', 'not yet')
      return base.getTransaction(txid)
    },
  }).view
}
