import type { CcCondition } from '../cc/types.js'

/**
 * An unspent output as the builders take it. `txid` is display hex (as komodod prints it), `satoshis` exact, `script`
 * the raw scriptPubKey, `height` the block height (0 or absent for a mempool output).
 */
export type Utxo = { txid: string; vout: number; satoshis: bigint; script: Uint8Array; height?: number }

/**
 * The read-only chain access builders use when they must find state themselves. `createKomodoRpc` implements it over a
 * node with `-addressindex`; the devnet implements it in memory; tests implement it over fixtures.
 * @example
 * async function balance(view: ChainView, address: string): Promise<bigint> {
 *   return (await view.listUnspent(address)).reduce((s, u) => s + u.satoshis, 0n)
 * }
 */
export interface ChainView {
  /** Raw transaction hex of a txid (display hex), from the chain or the mempool. */
  getTransaction(txid: string): Promise<string>
  /** Confirmed unspent outputs paying `address` (a normal or CC address). */
  listUnspent(address: string): Promise<Utxo[]>
  /** Display txids of the transactions in the mempool. */
  getMempool(): Promise<string[]>
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
