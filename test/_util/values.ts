import { bytesToHex, hexToBytes } from '../../src/bytes/hex.js'

/** JSON vector values → JS values: "123n" → bigint, { bytes: hex } → Uint8Array. */
export function fromJson(values: readonly unknown[]): (number | bigint | string | Uint8Array)[] {
  return values.map((v) => {
    if (typeof v === 'string' && /^-?\d+n$/.test(v)) return BigInt(v.slice(0, -1))
    if (typeof v === 'object' && v !== null && 'bytes' in v) return hexToBytes((v as { bytes: string }).bytes)
    return v as number | string
  })
}

/** JS values → the JSON vector form. */
export function toJson(values: readonly unknown[]): unknown[] {
  return values.map((v) => (typeof v === 'bigint' ? `${v}n` : v instanceof Uint8Array ? { bytes: bytesToHex(v) } : v))
}
