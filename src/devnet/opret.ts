// The opret lookup the devnet's module parts share (layer 8; names no module).
import { opretPayload } from '../modules/opret.js'
import type { Transaction } from '../tx/types.js'

/**
 * The payload of a transaction's last output when it is an OP_RETURN, else null.
 * @example lastOpret(chain.txs.get(txid)!.tx)?.[0] // the eval byte, e.g. 0xec
 */
export function lastOpret(tx: Transaction): Uint8Array | null {
  const last = tx.vout[tx.vout.length - 1]
  if (last === undefined || last.script[0] !== 0x6a) return null
  try {
    return opretPayload(last.script, { allowTrailingScript: true })
  } catch {
    return null
  }
}
