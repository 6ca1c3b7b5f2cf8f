// A ChainView that counts the calls made to another (issue 18's round-trip figures, benches). Names no source.
import { KomodoCcError } from '../errors.js'
import type { ChainView } from './types.js'

/** The methods of {@link ChainView}, in the contract's order. */
export const CHAIN_VIEW_METHODS = /* @__PURE__ */ Object.freeze([
  'getTransaction',
  'getTransactions',
  'listUnspent',
  'getAddressMempool',
  'getAddressHistory',
  'getMempool',
  'getHeight',
  'getBlockTimes',
  'getTipState',
  'broadcast',
] as const)

/** One method of {@link ChainView}. @useDeclaredType */
export type ChainViewMethod = (typeof CHAIN_VIEW_METHODS)[number]

/** What {@link countingView} returns: the wrapping view and its counters (the caller holds both). */
export type CountingView = {
  /** Passes every call to the wrapped view, counting it first (failed calls count too). */
  readonly view: ChainView
  /** Calls made so far, per method (every method present, 0 when never called). */
  readonly counts: Readonly<Record<ChainViewMethod, number>>
  /** All calls made so far. */
  total(): number
  /** Sets every counter back to 0. */
  reset(): void
}

type Learning = {
  addPubkeys?: (pubkeys: readonly (string | Uint8Array)[]) => void
  addScripts?: (scripts: readonly Uint8Array[]) => void
}
/** The wrapped view's address-learning methods, bound to it (those it has). */
function learning(view: ChainView): Learning {
  const v = view as ChainView & Learning
  return {
    ...(typeof v.addPubkeys === 'function' ? { addPubkeys: v.addPubkeys.bind(v) } : {}),
    ...(typeof v.addScripts === 'function' ? { addScripts: v.addScripts.bind(v) } : {}),
  }
}

/**
 * Wraps a view to count the calls made to it, per method: the figures of a resolver's look-ups (each call is one
 * round trip of a batching source; see docs/wallet/chain-sources.md for the HTTP requests behind each method of
 * the JSON-RPC view). The optional `getTransactions`, `getBlockTimes` and `getTipState` are present only when the
 * wrapped view has them. A source that learns which scripts an address stands for (the Electrum view's `addPubkeys`, `addScripts`)
 * keeps learning through the wrapper: those are passed through, uncounted (no round trip), so a wallet over a counted
 * Electrum view still tells it its key and finds its P2PK coins. The counters live in the returned object, nowhere
 * else.
 * @throws KomodoCcError ARG_INVALID when `view` is not a ChainView
 * @example
 * const c = countingView(createRpcView(rpc))
 * await resolveTokenTransfer(params, { ...ctx, view: c.view })
 * console.log(c.counts.listUnspent, c.total())
 */
export function countingView(view: ChainView): CountingView {
  if (typeof view !== 'object' || view === null || typeof view.getTransaction !== 'function')
    throw new KomodoCcError('ARG_INVALID', 'view expected a ChainView', { name: 'view' })
  const counts = Object.fromEntries(CHAIN_VIEW_METHODS.map((m) => [m, 0])) as Record<ChainViewMethod, number>
  const wrap =
    <A extends unknown[], R>(m: ChainViewMethod, f: (...a: A) => Promise<R>) =>
    (...a: A): Promise<R> => {
      counts[m]++
      try {
        return f.apply(view, a)
      } catch (e) {
        return Promise.reject(e)
      }
    }
  const counted: ChainView = {
    getTransaction: wrap('getTransaction', view.getTransaction),
    ...(typeof view.getTransactions === 'function'
      ? { getTransactions: wrap('getTransactions', view.getTransactions) }
      : {}),
    listUnspent: wrap('listUnspent', view.listUnspent),
    getAddressMempool: wrap('getAddressMempool', view.getAddressMempool),
    getAddressHistory: wrap('getAddressHistory', view.getAddressHistory),
    getMempool: wrap('getMempool', view.getMempool),
    getHeight: wrap('getHeight', view.getHeight),
    ...(typeof view.getBlockTimes === 'function' ? { getBlockTimes: wrap('getBlockTimes', view.getBlockTimes) } : {}),
    ...(typeof view.getTipState === 'function' ? { getTipState: wrap('getTipState', view.getTipState) } : {}),
    broadcast: wrap('broadcast', view.broadcast),
    ...(view.relayPolicy !== undefined ? { relayPolicy: view.relayPolicy } : {}),
    ...learning(view),
  }
  return Object.freeze({
    view: Object.freeze(counted),
    counts,
    total: () => CHAIN_VIEW_METHODS.reduce((s, m) => s + counts[m], 0),
    reset: () => {
      for (const m of CHAIN_VIEW_METHODS) counts[m] = 0
    },
  })
}
