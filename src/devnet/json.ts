import { bytesToHex } from '../bytes/hex.js'

/**
 * JSON text with bigints written as plain integers (komodod prints satoshis as JSON integers) and bytes as hex: what
 * the devnet's JSON-RPC and Electrum servers send.
 * @example devnetJson({ value: 100000000n }) // '{"value":100000000}'
 */
export function devnetJson(v: unknown): string {
  const marks: string[] = []
  const text = JSON.stringify(v, (_k, x: unknown) => {
    if (typeof x === 'bigint') {
      marks.push(x.toString())
      return `\u0000big${marks.length - 1}\u0000`
    }
    if (x instanceof Uint8Array) return bytesToHex(x)
    return x
  })
  return marks.length === 0 ? text : text.replace(/"\\u0000big(\d+)\\u0000"/g, (_m, i: string) => marks[Number(i)]!)
}
