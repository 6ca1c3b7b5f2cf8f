import docs from '../../vectors/modules/docs-antara-tx.json' with { type: 'json' }
import { hexToBytes } from '../../src/bytes/hex.js'
import { parseTransaction, serializeTransaction } from '../../src/tx/codec.js'
import type { Transaction, TxOutput } from '../../src/tx/types.js'
import { cc1of1, encodeCondition } from '../../src/cc/condition.js'

/** A documented transaction by vector id. */
export function docTx(id: string): (typeof docs.cases)[number] {
  const c = docs.cases.find((x) => x.id === id)
  if (c === undefined) throw new Error(`no vector ${id}`)
  return c
}

export const ccOut = (ev: number, pk: string, value: bigint): TxOutput => {
  const k = encodeCondition(cc1of1(ev, pk))
  return { value, script: new Uint8Array([k.length, ...k, 0xcc]) }
}
export const p2pkOut = (pk: string, value: bigint): TxOutput => ({
  value,
  script: new Uint8Array([0x21, ...hexToBytes(pk), 0xac]),
})

/** A real documented transaction's envelope and inputs with the given outputs (serialized). */
export function withOutputs(baseId: string, vout: TxOutput[], vin?: Transaction['vin']): Uint8Array {
  const tx = parseTransaction(docTx(baseId).hex)
  tx.vout = vout
  if (vin !== undefined) tx.vin = vin
  return serializeTransaction(tx)
}
