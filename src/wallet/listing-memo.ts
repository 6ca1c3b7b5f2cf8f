// What a wallet read under one tip state (issue 34): a second call on an unchanged chain does not ask the listings
// again. Held by the wallet (one memo per wallet object, never module state), keyed by the source's `getTipState`
// (the tip's block hash and the mempool's txids), dropped by anything the wallet sends and by any failed call.
import type { AddressMempool, ChainView, HistoryEntry, ChainUtxo } from '../cctx/types.js'

/**
 * A view over `view` that asks each listing (`listUnspent`, `getAddressMempool`, `getAddressHistory` per address,
 * `getMempool`, `getHeight`) once and answers it again from memory (a fresh array each time: callers may sort
 * theirs); a failed look-up is not kept. Transactions, block times and broadcasts go to `view`. Sound only while
 * the source's tip state is the one it was made under: the wallet makes a new one when it changes.
 * @internal
 * @example const v = memoListings(view); await v.listUnspent(a); await v.listUnspent(a) // one call to view
 */
export function memoListings(view: ChainView): ChainView {
  const memo = new Map<string, Promise<unknown>>()
  const once = <T>(key: string, ask: () => Promise<T>): Promise<T> => {
    let p = memo.get(key) as Promise<T> | undefined
    if (p === undefined) {
      p = ask()
      memo.set(key, p)
      p.catch(() => memo.delete(key))
    }
    return p
  }
  const v = view as ChainView & {
    addPubkeys?: (k: readonly (string | Uint8Array)[]) => void
    addScripts?: (s: readonly Uint8Array[]) => void
  }
  const out: ChainView = {
    getTransaction: (txid) => view.getTransaction(txid),
    ...(typeof view.getTransactions === 'function'
      ? { getTransactions: (txids: readonly string[]) => view.getTransactions!(txids) }
      : {}),
    listUnspent: (a) => once(`u:${a}`, () => view.listUnspent(a)).then((l: ChainUtxo[]) => [...l]),
    getAddressMempool: (a) =>
      once(`m:${a}`, () => view.getAddressMempool(a)).then((m: AddressMempool) => ({
        outputs: [...m.outputs],
        spends: [...m.spends],
      })),
    getAddressHistory: (a) => once(`h:${a}`, () => view.getAddressHistory(a)).then((l: HistoryEntry[]) => [...l]),
    getMempool: () => once('mempool', () => view.getMempool()).then((l: string[]) => [...l]),
    getHeight: () => once('height', () => view.getHeight()),
    ...(typeof view.getBlockTimes === 'function'
      ? { getBlockTimes: (h: readonly number[]) => view.getBlockTimes!(h) }
      : {}),
    broadcast: (hex) => view.broadcast(hex),
    ...(view.relayPolicy !== undefined ? { relayPolicy: view.relayPolicy } : {}),
    ...(typeof v.addPubkeys === 'function' ? { addPubkeys: v.addPubkeys.bind(v) } : {}),
    ...(typeof v.addScripts === 'function' ? { addScripts: v.addScripts.bind(v) } : {}),
  }
  return Object.freeze(out)
}
