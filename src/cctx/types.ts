import type { CcCondition } from '../cc/types.js'
import type { RelayPolicy } from '../tx/policy.js'

/**
 * An unspent output as the builders take it. `txid` is display hex (as komodod prints it), `satoshis` exact, `script`
 * the raw scriptPubKey, `height` the block height (0 or absent for a mempool output).
 */
export type Utxo = { txid: string; vout: number; satoshis: bigint; script: Uint8Array; height?: number }

/** An unspent output as a chain source reports it: a builder `Utxo` whose `height` is known (0 for a mempool output). */
export type ChainUtxo = Utxo & { height: number }

/** A confirmed output that a mempool transaction spends: `txid:vout` is spent by input `vin` of `spender`. */
export type MempoolSpend = { txid: string; vout: number; spender: string; vin: number }

/**
 * What the mempool does to one address (komodod's `getaddressmempool`): the outputs mempool transactions pay to it
 * (height 0) and the outputs of it that mempool transactions spend, in the source's order.
 */
export type AddressMempool = { outputs: ChainUtxo[]; spends: MempoolSpend[] }

/** A confirmed transaction in an address's history. */
export type HistoryEntry = { txid: string; height: number }

/**
 * The read-only chain access of the resolvers (issue 18), free of anything JSON-RPC-specific so that komodod's
 * JSON-RPC, the devnet and Electrum implement it alike (`src/chain/`). Every implementation honours the same
 * contract, checked by one shared test (test/chain/contract.ts):
 * - txids are display hex; a transaction unknown to the chain and the mempool rejects with `TX_NOT_FOUND`;
 * - `listUnspent` lists **confirmed** unspent outputs of an address in the address index's order (height, then
 *   position in the block, then output index), including those a mempool transaction spends (komodod's
 *   `getaddressutxos`); a P2PK output is listed under its key's P2PKH address, a CC output under its CC address;
 * - `getAddressMempool` gives the mempool's outputs to and spends from that address;
 * - failures of the source reject with a `KomodoCcError` (never a plain `TypeError`, never a hang).
 * The resolvers never trust what a view says: `StateReader` (src/cctx/resolve.ts) checks each transaction against
 * its txid and each output against its transaction. Nor do they take a view's order: the reader owns it, and
 * re-sorts each list into the order komodod's own look-ups walk (`daemonUtxoOrder`: an address's unspent outputs by
 * txid then index, not by height; `daemonMapOrder`: the mempool's and the wallet's by txid then index; history by
 * height, then the source's order within a block), so a source may answer in height order as `getaddressutxos` does
 * (docs/wallet/chain-sources.md, "Order").
 * @example
 * async function balance(view: ChainView, address: string): Promise<bigint> {
 *   return (await view.listUnspent(address)).reduce((s, u) => s + u.satoshis, 0n)
 * }
 */
export interface ChainView {
  /** Raw transaction hex of a txid (display hex), from the chain or the mempool. */
  getTransaction(txid: string): Promise<string>
  /** Several at once, in the order asked (one round trip where the source batches). Optional. */
  getTransactions?(txids: readonly string[]): Promise<string[]>
  /**
   * Confirmed unspent outputs paying `address` (a normal or CC address), in address-index order (height, as
   * `getaddressutxos` prints them; the reader re-sorts them into komodod's look-up order).
   */
  listUnspent(address: string): Promise<ChainUtxo[]>
  /** The mempool's outputs to and spends from `address`, in any order (the reader sorts them as komodod's maps do). */
  getAddressMempool(address: string): Promise<AddressMempool>
  /**
   * Confirmed transactions that pay `address` or spend from it, each once, in chain order (height, then position in
   * the block), with their heights (komodod's `getaddresstxids`, Electrum's `get_history` without the mempool).
   */
  getAddressHistory(address: string): Promise<HistoryEntry[]>
  /** Display txids of the transactions in the mempool, in any order (the reader sorts them by txid, as `mapTx`). */
  getMempool(): Promise<string[]>
  /** The height of the chain's tip. */
  getHeight(): Promise<number>
  /**
   * The times (the block header's `nTime`, seconds) of the active chain's blocks at these heights, in the order asked
   * (one round trip where the source batches: komodod `getblockhash` + `getblockheader`, Electrum
   * `blockchain.block.header`). A height above the tip rejects. Optional: only `rewardsunlock` needs it (a lock's age
   * is the tip's time minus its block's time, komodod's `CCduration`).
   */
  getBlockTimes?(heights: readonly number[]): Promise<number[]>
  /**
   * An identifier of the state the listings answer from: the tip's block hash and the mempool's transactions
   * (komodod `getbestblockhash` + `getrawmempool`, one round trip). Two equal answers mean `listUnspent`,
   * `getAddressMempool`, `getAddressHistory`, `getMempool` and `getHeight` answer the same (a txid commits to its
   * transaction; a block hash to the chain below it, a reorganisation at the same height included), so a wallet may
   * reuse what it read under the same identifier instead of asking again. Optional.
   */
  getTipState?(): Promise<string>
  /** Sends a signed transaction; resolves to its display txid. */
  broadcast(hex: string): Promise<string>
  /**
   * The relay policy of the node behind this source, when the source knows it (the devnet's view does). The wallet
   * and the oracle publisher check every transaction against it before broadcasting (default: komodod's for an
   * asset chain, `ASSET_CHAIN_POLICY`).
   */
  readonly relayPolicy?: RelayPolicy
}

/** Who signs an input, as FinalizeCCTx picks the key for it. */
export type KeyRole =
  /** the caller's key (`-pubkey`) */
  | 'caller'
  /** the module's published global key */
  | 'global'
  /** the oracle publisher's baton key (derived from the caller's private key) */
  | 'baton'

/** How one input of a built transaction is signed. */
export type InputPlan =
  | { kind: 'p2pk'; utxo: Utxo; role: KeyRole }
  | { kind: 'p2pkh'; utxo: Utxo; role: KeyRole }
  /** A CC input: `condition` is the tree whose script the spent output carries (rebuilt, as the daemon does). */
  | { kind: 'cc'; utxo: Utxo; role: KeyRole; condition: CcCondition; evalCode: number }
