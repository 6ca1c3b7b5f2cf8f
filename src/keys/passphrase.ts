// Komodo passphrase keys (Agama, the Komodo DeFi Framework's legacy "iguana" mode): the private key is the SHA-256 of
// the passphrase's UTF-8 bytes with the bits cleared and set as for a Curve25519 scalar. Read from the Komodo DeFi
// Framework's mm2src/crypto/src/privkey.rs (`private_from_seed_hash`, `secp_privkey_from_hash`), which Agama and
// iguana share; the published example is in vectors/keys/komodo-passphrase.json.
import { KomodoCcError } from '../errors.js'
import { sha256 } from '../hash/index.js'

/** A UTF-16 surrogate without its partner: such text has no UTF-8 bytes. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/

/**
 * The private key a Komodo wallet (Agama, the Komodo DeFi Framework in its legacy iguana mode) makes from a
 * passphrase: SHA-256 of the passphrase text as UTF-8 (no normalisation, no trimming), then byte 0 `&= 248`, byte 31
 * `&= 127` and `|= 64` (the Komodo DeFi Framework's `secp_privkey_from_hash`). The result is always a valid secp256k1
 * key. A passphrase key is a brain wallet: anyone who guesses the text has the coins (docs/keys.md).
 * @throws KomodoCcError PASSPHRASE_INVALID (not a string, empty, or not well-formed Unicode)
 * @example bytesToHex(passphraseKey('myverysecretandstrongpassphrase_noneabletobrute')) // '907ece71…bc5d'
 */
export function passphraseKey(passphrase: string): Uint8Array {
  if (typeof passphrase !== 'string')
    throw new KomodoCcError('PASSPHRASE_INVALID', `passphrase expected a string, got ${typeof passphrase}`)
  if (passphrase.length === 0) throw new KomodoCcError('PASSPHRASE_INVALID', 'passphrase is empty')
  if (LONE_SURROGATE.test(passphrase))
    throw new KomodoCcError('PASSPHRASE_INVALID', 'passphrase holds a lone UTF-16 surrogate (not encodable as UTF-8)')
  const key = sha256(new TextEncoder().encode(passphrase))
  key[0]! &= 248
  key[31]! &= 127
  key[31]! |= 64
  return key
}
