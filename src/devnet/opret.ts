// The opret lookups the devnet's module parts share (layer 8; names no module).
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

/**
 * A transaction's last-output opret decoded by a module's strict decoder, or null when there is no transaction, no
 * opret, `accepts` refuses the payload (an eval byte, a minimum length) or the decoder throws.
 * @example decodedLastOpret(tx, module.decode, (p) => p.length >= 2 && p[0] === module.evalCode)?.funcid
 */
export function decodedLastOpret<T>(
  tx: Transaction | undefined,
  decode: (payload: Uint8Array) => T,
  accepts: (payload: Uint8Array) => boolean = () => true,
): T | null {
  if (tx === undefined) return null
  const p = lastOpret(tx)
  if (p === null || !accepts(p)) return null
  try {
    return decode(p)
  } catch {
    return null
  }
}
