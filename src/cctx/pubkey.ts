// A pubkey parameter checked to be a point of secp256k1 (issue 28 finding 4): komodod's RPCs take any 33 bytes
// (`ParseHex(params[i])`, rpcwallet.cpp `tokentransfer`, `gatewaysbind`, …) and build outputs no key can ever sign
// for; the library refuses such a key at the boundary of every builder, resolver, wallet method and RPC call.
import { Point } from '@noble/secp256k1'
import { KomodoCcError } from '../errors.js'
import { bytesToHex } from '../bytes/hex.js'
import { pubkeyBytes } from '../address/address.js'

// Decoding a point costs a square root mod p (about half a millisecond in pure JS): the keys found on the curve are
// remembered (public data, the key's own bytes as hex), so a builder called again with the same recipient does not
// pay it again. Bound: ON_CURVE_MAX entries, cleared when full.
const ON_CURVE = /* @__PURE__ */ new Map<string, true>()
const ON_CURVE_MAX = 256

/**
 * A pubkey parameter as bytes (33-byte compressed or 65-byte uncompressed, hex or bytes), checked to decode to a
 * point on the curve (noble's point decoding: x below the field prime, x³ + 7 a square). `02` + `00`×32 and `02` +
 * `ff`×32 have the right shape but are no point: coins or tokens sent to them can never be spent.
 * @throws KomodoCcError PUBKEY_INVALID (wrong shape, or not on the curve) | BYTES_TYPE | HEX_INVALID
 * @example curvePubkey('02' + '00'.repeat(32), 'destpubkey') // throws PUBKEY_INVALID
 */
export function curvePubkey(pubkey: string | Uint8Array, name: string): Uint8Array {
  const b = pubkeyBytes(pubkey, name)
  const key = bytesToHex(b)
  if (ON_CURVE.has(key)) return b
  try {
    Point.fromBytes(b)
  } catch {
    throw new KomodoCcError(
      'PUBKEY_INVALID',
      `${name} ${bytesToHex(b.subarray(0, 4))}… is not a point on secp256k1: nothing sent to it could ever be spent`,
      { name },
    )
  }
  if (ON_CURVE.size >= ON_CURVE_MAX) ON_CURVE.clear()
  ON_CURVE.set(key, true)
  return b
}

/**
 * For a resolver, before any look-up: a pubkey parameter that has a key's shape (33 bytes, `02`/`03`, hex or bytes)
 * but is not on the curve is refused (`PUBKEY_INVALID`); anything else passes here and meets the builder's own checks
 * (and the daemon's texts for a wrong shape) in their order.
 * @throws KomodoCcError PUBKEY_INVALID
 * @example refuseOffCurve(params.destpub, 'destpub')
 */
export function refuseOffCurve(v: unknown, name: string): void {
  const shaped =
    (typeof v === 'string' && /^0[23][0-9a-fA-F]{64}$/.test(v)) ||
    (v instanceof Uint8Array && v.length === 33 && (v[0] === 2 || v[0] === 3))
  if (shaped) curvePubkey(v, name)
}
