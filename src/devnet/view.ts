// The devnet's own chain as a ChainView (issue 18): the daemon-style RPCs run the modules' resolvers over it, so that
// each look-up has one implementation. In-process, no round trip leaves the process.
import { KomodoCcError } from '../errors.js'
import type { AddressMempool, ChainUtxo, ChainView, HistoryEntry, MempoolSpend } from '../cctx/types.js'
import { scriptAddress } from './chain.js'
import type { DevnetNode } from './node.js'
import type { ResolveContext } from '../cctx/resolve.js'
import { acceptTransaction } from './validate.js'
import { ASSET_CHAIN_POLICY } from '../tx/policy.js'

/**
 * A {@link ChainView} over the devnet node's in-memory chain: `listUnspent` is the address index (confirmed, chain
 * order, including outputs the mempool spends), `getAddressMempool` the mempool's outputs to and spends from the
 * address, `broadcast` the node's mempool acceptance (its consensus validators).
 * @example const view = devnetChainView(node); await resolveTokenTransfer(params, { view, pubkey, privateKey })
 */
export function devnetChainView(node: DevnetNode): ChainView {
  const chain = node.chain
  const found = (txid: string): string => {
    const e = chain.txs.get(String(txid).toLowerCase())
    if (e === undefined)
      throw new KomodoCcError('TX_NOT_FOUND', `No information available about transaction ${String(txid)}`, {
        txid: String(txid),
      })
    return e.hex
  }
  return Object.freeze({
    getTransaction: async (txid: string) => found(txid),
    getTransactions: async (txids: readonly string[]) => txids.map(found),
    listUnspent: async (address: string): Promise<ChainUtxo[]> =>
      chain.addressCoins(address).map((c) => ({
        txid: c.txid,
        vout: c.vout,
        satoshis: c.value,
        script: c.script,
        height: c.height,
      })),
    getAddressMempool: async (address: string): Promise<AddressMempool> => {
      const outputs: ChainUtxo[] = []
      const spends: MempoolSpend[] = []
      for (const id of chain.mempool) {
        const e = chain.txs.get(id)!
        e.tx.vin.forEach((i, vin) => {
          const o = chain.output(i.txid, i.vout)
          if (o !== undefined && scriptAddress(o.script, chain.params) === address)
            spends.push({ txid: i.txid, vout: i.vout, spender: id, vin })
        })
        e.tx.vout.forEach((o, vout) => {
          if (o.script[0] !== 0x6a && scriptAddress(o.script, chain.params) === address)
            outputs.push({ txid: id, vout, satoshis: o.value, script: o.script, height: 0 })
        })
      }
      return { outputs, spends }
    },
    getAddressHistory: async (address: string): Promise<HistoryEntry[]> => {
      const out: HistoryEntry[] = []
      for (const b of chain.blocks)
        for (const id of b.txids) {
          const { tx } = chain.txs.get(id)!
          const touches =
            tx.vout.some((o) => o.script[0] !== 0x6a && scriptAddress(o.script, chain.params) === address) ||
            tx.vin.some((i) => {
              const o = chain.output(i.txid, i.vout)
              return o !== undefined && scriptAddress(o.script, chain.params) === address
            })
          if (touches) out.push({ txid: id, height: b.height })
        }
      return out
    },
    getMempool: async () => [...chain.mempool],
    getHeight: async () => chain.height,
    getBlockTimes: async (heights: readonly number[]) =>
      heights.map((h) => {
        const b = Number.isInteger(h) ? chain.blocks[h] : undefined
        if (b === undefined)
          throw new KomodoCcError('ARG_INVALID', `Block height out of range: ${String(h)}`, { height: String(h) })
        return b.time
      }),
    relayPolicy: node.policy ?? ASSET_CHAIN_POLICY,
    // a refusal is a DevnetRefusal (a KomodoCcError with the daemon's code and message)
    broadcast: async (hex: string) =>
      acceptTransaction(chain, hex, { validators: node.validators, ...(node.policy ? { policy: node.policy } : {}) })
        .txid,
  })
}

/**
 * The devnet wallet's resolve context: its key (the devnet's `-pubkey`) over the node's own chain, so that the
 * daemon-style RPCs run the modules' resolvers as a key-local wallet would.
 * @example await resolveTokenTransfer(params, walletResolveContext(node))
 */
export function walletResolveContext(n: DevnetNode): ResolveContext {
  return {
    view: devnetChainView(n),
    pubkey: n.wallet.pubkey,
    privateKey: n.wallet.privateKey,
    // the devnet's own wallet waits as a library wallet with default chain parameters does (DevChain.walletCoinbaseMaturity);
    // its address versions are the chain's (KMD's, or TOKEL/TKLTEST in the Tokel mode)
    chain: { ...n.chain.params, coinbaseMaturity: n.chain.walletCoinbaseMaturity },
  }
}
