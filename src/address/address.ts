import { KomodoCcError } from '../errors.js'
import { assertBytes, bytesOrHex } from '../bytes/assert.js'
import { isSecpScalar } from '../bytes/scalar.js'
import { hash160 } from '../hash/index.js'
import { base58checkDecode, base58checkEncode } from './base58check.js'
import { KMD, chainParams, versionPrefix, type ChainParams } from './chain.js'

/**
 * Checks a serialized public key's shape: 33 bytes starting 02/03, or 65 bytes starting 04.
 * Curve membership is not checked: Komodo derives addresses from off-curve "pubkeys" too (oracle markers).
 * @throws KomodoCcError PUBKEY_INVALID | HEX_INVALID
 * @example pubkeyBytes('02' + 'ab'.repeat(32)).length // 33
 */
export function pubkeyBytes(pubkey: string | Uint8Array, name = 'pubkey'): Uint8Array {
  const b = bytesOrHex(pubkey, undefined, name)
  const ok = (b.length === 33 && (b[0] === 2 || b[0] === 3)) || (b.length === 65 && b[0] === 4)
  if (!ok)
    throw new KomodoCcError(
      'PUBKEY_INVALID',
      `${name} expected 33 bytes (02/03…) or 65 bytes (04…), got ${b.length} byte(s) starting ` +
        `${b.length ? b[0]!.toString(16).padStart(2, '0') : 'with nothing'}`,
      { name, length: b.length },
    )
  return b
}

/**
 * Base58Check address of a 20-byte hash with the chain's prefix for `kind`.
 * @example hash160ToAddress(h, 'p2pkh')  // 'R…'
 */
export function hash160ToAddress(hash: Uint8Array, kind: 'p2pkh' | 'p2sh' | 'cc', chain: ChainParams = KMD): string {
  assertBytes(hash, 20, 'hash160')
  const prefix = versionPrefix(chain, kind)
  const payload = new Uint8Array(prefix.length + 20)
  payload.set(prefix)
  payload.set(hash, prefix.length)
  return base58checkEncode(payload)
}

/**
 * P2PKH address of a public key (KMD: version 60, `R…`). This is also the "normal address" komodod prints
 * for a P2PK output `<pubkey> OP_CHECKSIG`.
 * @throws KomodoCcError PUBKEY_INVALID | HEX_INVALID | CHAIN_PARAMS
 * @example p2pkhAddress('0279be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798') // 'RKxTdfmtxtfLDKZBgx6SvNkBtNu9jRYnLh'
 */
export function p2pkhAddress(pubkey: string | Uint8Array, chain: ChainParams | string = KMD): string {
  const c = typeof chain === 'string' || chain !== KMD ? chainParams(chain) : KMD
  return hash160ToAddress(hash160(pubkeyBytes(pubkey)), 'p2pkh', c)
}

/**
 * P2SH address of a redeem script (KMD: version 85, `b…`).
 * @example p2shAddress(redeemScript)
 */
export function p2shAddress(redeemScript: Uint8Array, chain: ChainParams | string = KMD): string {
  assertBytes(redeemScript, undefined, 'redeemScript')
  return hash160ToAddress(
    hash160(redeemScript),
    'p2sh',
    typeof chain === 'string' || chain !== KMD ? chainParams(chain) : KMD,
  )
}

/** A decoded address. */
export type DecodedAddress = { kind: 'p2pkh' | 'p2sh'; hash: Uint8Array; chain: ChainParams }

/**
 * Decodes an address of `chain` into its kind and 20-byte hash.
 * @throws KomodoCcError ADDRESS_INVALID | ADDRESS_CHECKSUM | ADDRESS_VERSION
 * @example decodeAddress('RKxTdfmtxtfLDKZBgx6SvNkBtNu9jRYnLh').kind // 'p2pkh'
 */
export function decodeAddress(address: string, chain: ChainParams | string = KMD): DecodedAddress {
  const c = typeof chain === 'string' || chain !== KMD ? chainParams(chain) : KMD
  const payload = base58checkDecode(address)
  for (const kind of ['p2pkh', 'p2sh'] as const) {
    const prefix = versionPrefix(c, kind)
    if (payload.length === prefix.length + 20 && prefix.every((b, i) => payload[i] === b))
      return { kind, hash: payload.slice(prefix.length), chain: c }
  }
  throw new KomodoCcError(
    'ADDRESS_VERSION',
    `address is not a ${c.name} P2PKH or P2SH address (version ${payload[0]}, ${payload.length} bytes)`,
    { chain: c.name, version: payload[0] },
  )
}

/** True when `address` decodes as a P2PKH or P2SH address of `chain`. @example isAddress('R…') */
export function isAddress(address: unknown, chain: ChainParams | string = KMD): boolean {
  try {
    decodeAddress(address as string, chain)
    return true
  } catch {
    return false
  }
}

/**
 * WIF of a 32-byte private key (KMD: version 188), compressed-pubkey flag set by default.
 * @throws KomodoCcError PRIVKEY_INVALID
 * @example encodeWif(hexToBytes('00'.repeat(31) + '01')) // 'UpcQ…' (KMD, compressed)
 */
export function encodeWif(
  privateKey: Uint8Array,
  options: { compressed?: boolean; chain?: ChainParams | string } = {},
): string {
  const key = assertBytes(privateKey, 32, 'privateKey')
  if (!isSecpScalar(key))
    throw new KomodoCcError('PRIVKEY_INVALID', 'privateKey is not a valid secp256k1 private key (1..n-1)')
  const c = options.chain === undefined ? KMD : chainParams(options.chain)
  const compressed = options.compressed ?? true
  const payload = new Uint8Array(compressed ? 34 : 33)
  payload[0] = c.wiftype
  payload.set(key, 1)
  if (compressed) payload[33] = 1
  return base58checkEncode(payload)
}

/**
 * Decodes a WIF private key; checks the version byte against `chain` (KMD by default).
 * The returned key bytes are the caller's secret: never log them.
 * @throws KomodoCcError WIF_INVALID | ADDRESS_CHECKSUM | PRIVKEY_INVALID (a key of 0 or ≥ n)
 * @example decodeWif(wif).privateKey.length // 32
 */
export function decodeWif(
  wif: string,
  chain: ChainParams | string = KMD,
): { privateKey: Uint8Array; compressed: boolean } {
  const c = typeof chain === 'string' || chain !== KMD ? chainParams(chain) : KMD
  let payload: Uint8Array
  try {
    payload = base58checkDecode(wif)
  } catch (e) {
    // never echo the WIF itself
    throw new KomodoCcError('WIF_INVALID', 'WIF is not valid base58check', {}, { cause: (e as KomodoCcError).code })
  }
  if (payload[0] !== c.wiftype)
    throw new KomodoCcError('WIF_INVALID', `WIF version byte is ${payload[0]}, ${c.name} expects ${c.wiftype}`, {
      expected: c.wiftype,
      got: payload[0],
    })
  const compressed = payload.length === 34 && payload[33] === 1
  if (!compressed && payload.length !== 33)
    throw new KomodoCcError('WIF_INVALID', `WIF payload has ${payload.length} bytes, expected 33 or 34 ending 01`, {
      length: payload.length,
    })
  const privateKey = payload.slice(1, 33)
  if (!isSecpScalar(privateKey))
    throw new KomodoCcError('PRIVKEY_INVALID', 'WIF holds no valid secp256k1 private key (0 or ≥ n)')
  return { privateKey, compressed }
}
