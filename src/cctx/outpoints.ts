import { KomodoCcError } from '../errors.js'
import { equalBytes } from '../bytes/utils.js'
import type { Utxo } from './types.js'

/**
 * The outpoints (txid, vout) one build has taken from an input list, so that no UTXO is spent twice (a node rejects
 * such a transaction). A fresh set per build; txids compare case-insensitively. No string is built per UTXO: the
 * map is keyed by the txid as given (lower-cased), each entry holds the UTXOs of that txid.
 * @internal
 * @example const seen = new OutpointSet(); for (const u of utxos) if (seen.take(u, 'state.tokens')) use(u)
 */
export class OutpointSet {
  private readonly byTxid = new Map<string, Utxo[]>()

  /**
   * Records `u`. True when its outpoint is new; false for an exact repeat (same txid, vout, satoshis and script),
   * which the caller skips.
   * @throws KomodoCcError BUILD_INPUTS when the outpoint was taken with another value or script (`list` names where)
   */
  take(u: Utxo, list: string): boolean {
    const id = u.txid.toLowerCase()
    const same = this.byTxid.get(id)
    if (same === undefined) {
      this.byTxid.set(id, [u])
      return true
    }
    for (const prev of same) {
      if (prev.vout !== u.vout) continue
      if (prev.satoshis === u.satoshis && equalBytes(prev.script, u.script)) return false
      throw new KomodoCcError(
        'BUILD_INPUTS',
        `${list} lists outpoint ${id}:${u.vout} twice, with different values or scripts (${prev.satoshis} and ${u.satoshis} sat)`,
        { list, txid: id, vout: u.vout, satoshis: [String(prev.satoshis), String(u.satoshis)] },
      )
    }
    same.push(u)
    return true
  }
}
