// A hand-made transaction for rule tables: only its inputs and outputs matter (no shielded parts, no JoinSplits).
import type { Transaction, TxInput, TxOutput } from '../../src/tx/types.js'

/**
 * A transparent transaction with the given inputs (outpoints; empty scriptSigs) and outputs: Sapling v4 by default,
 * or a v1 transaction (`{ v1: true }`).
 */
export function plainTx(
  vin: readonly { txid: string; vout: number }[],
  vout: readonly TxOutput[],
  options: { v1?: boolean } = {},
): Transaction {
  return {
    overwintered: options.v1 !== true,
    version: options.v1 === true ? 1 : 4,
    versionGroupId: options.v1 === true ? 0 : 0x892f2085,
    lockTime: 0,
    expiryHeight: 0,
    valueBalance: 0n,
    shieldedSpends: [],
    shieldedOutputs: [],
    joinSplits: [],
    vin: vin.map((o): TxInput => ({ txid: o.txid, vout: o.vout, scriptSig: new Uint8Array(0), sequence: 0xffffffff })),
    vout: [...vout],
  }
}
