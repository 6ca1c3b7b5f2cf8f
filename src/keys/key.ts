// Making and describing a key: a random one, the daemon's encodings of one (WIF, pubkey, address) and its CC address
// in each module of the daemon's table (what `<module>address <pubkey>` prints as `PubkeyCCaddress(<Name>)`).
import { getPublicKey } from '@noble/secp256k1'
import { KomodoCcError } from '../errors.js'
import { bytesToHex, hexToBytes } from '../bytes/hex.js'
import { isSecpScalar } from '../bytes/scalar.js'
import { decodeWif, encodeWif, p2pkhAddress } from '../address/address.js'
import { KMD, chainParams, type ChainParams } from '../address/chain.js'
import { ccAddress } from '../cc/address.js'
import { CC_MODULES, type CcModule } from '../cc/eval.js'
import { passphraseKey } from './passphrase.js'
import type { MnemonicSeedOptions } from './mnemonic.js'
import { hdKeyFromMnemonic, komodoHdPath, type KomodoHdPosition } from './hd.js'

/**
 * A fresh random private key: 32 bytes from `crypto.getRandomValues`, drawn again in the (2^-127 likely) case that
 * they are not a valid secp256k1 key. A secret: keep it as WIF ({@link describeKey}), never log it.
 * @example randomPrivateKey().length // 32
 */
export function randomPrivateKey(): Uint8Array {
  for (;;) {
    const k = globalThis.crypto.getRandomValues(new Uint8Array(32))
    if (isSecpScalar(k)) return k
  }
}

/** What a key is, in the encodings komodod and Komodo wallets use. */
export type KeyDescription = {
  /** The private key as 64 hex digits. A secret. */
  privateKey: string
  /** The private key as WIF (compressed, the chain's `wiftype`: KMD `U…`). A secret. */
  wif: string
  /** The compressed public key (hex): komodod's `-pubkey`. */
  pubkey: string
  /** The P2PKH address of the public key ("normal" address; KMD `R…`). */
  address: string
  /**
   * The key's CC address in each module of komodod's table (`PubkeyCCaddress(<Name>)` of `<module>address <pubkey>`),
   * keyed by the daemon's module name (`Tokens`, `Faucet`, `Oracles`, …).
   */
  ccAddresses: Record<string, string>
  /** The address parameters used. */
  chain: string
  /** The BIP32 path, for a key derived from a seed phrase. */
  path?: string
}

/** Options of {@link describeKey}. */
export type DescribeKeyOptions = {
  /** Address parameters (default KMD, which every smart chain shares). */
  chain?: ChainParams | string
  /** Which modules' CC addresses (default: every module of komodod's table, `CC_MODULES`). */
  modules?: readonly CcModule[]
}

/** A private key given as bytes, 64 hex digits or WIF. */
function keyBytes(key: Uint8Array | string, chain: ChainParams): Uint8Array {
  if (key instanceof Uint8Array) {
    if (key.length !== 32)
      throw new KomodoCcError('PRIVKEY_INVALID', `privateKey expected 32 bytes, got ${key.length}`, {
        name: 'privateKey',
      })
    if (!isSecpScalar(key))
      throw new KomodoCcError('PRIVKEY_INVALID', 'privateKey is not a valid secp256k1 private key (1..n-1)')
    return key.slice()
  }
  if (typeof key !== 'string')
    throw new KomodoCcError('PRIVKEY_INVALID', 'privateKey expected 32 bytes, 64 hex digits or a WIF')
  const t = key.trim()
  if (/^[0-9a-fA-F]{64}$/.test(t)) return keyBytes(hexToBytes(t, 'privateKey'), chain)
  return decodeWif(t, chain).privateKey
}

/**
 * Describes a private key (32 bytes, 64 hex digits or WIF): its hex and WIF, public key, address and CC address in
 * each module, as komodod spells them. The result holds the secret: print it only where the user asked for it.
 * @throws KomodoCcError PRIVKEY_INVALID | WIF_INVALID | CHAIN_PARAMS
 * @example describeKey('UtrRXqvRFUAtCrCTRAHPH6yroQKUrrTJRmxt2h5U4QTUN1jCxTAh').address // 'RVNKRr2uxPMxJeDwFnTKjdtiLtcs7UzCZn'
 */
export function describeKey(privateKey: Uint8Array | string, options: DescribeKeyOptions = {}): KeyDescription {
  const chain = options.chain === undefined ? KMD : chainParams(options.chain)
  const key = keyBytes(privateKey, chain)
  const pub = getPublicKey(key, true)
  const modules = options.modules ?? CC_MODULES
  return {
    privateKey: bytesToHex(key),
    wif: encodeWif(key, { chain }),
    pubkey: bytesToHex(pub),
    address: p2pkhAddress(pub, chain),
    ccAddresses: Object.fromEntries(modules.map((m) => [m.name, ccAddress(m.evalCode, pub, chain)])),
    chain: chain.name,
  }
}

/**
 * The key a Komodo wallet (Agama, the Komodo DeFi Framework's legacy iguana mode) makes from a passphrase, described
 * ({@link passphraseKey}, {@link describeKey}).
 * @throws KomodoCcError PASSPHRASE_INVALID | CHAIN_PARAMS
 * @example keyFromPassphrase('myverysecretandstrongpassphrase_noneabletobrute').address // 'RVNKRr2uxPMxJeDwFnTKjdtiLtcs7UzCZn'
 */
export function keyFromPassphrase(passphrase: string, options: DescribeKeyOptions = {}): KeyDescription {
  return describeKey(passphraseKey(passphrase), options)
}

/** Options of {@link keyFromMnemonic}: the BIP39 options, a position or a full path, and the description's. */
export type KeyFromMnemonicOptions = MnemonicSeedOptions &
  KomodoHdPosition &
  DescribeKeyOptions & {
    /** A full BIP32 path instead of `account`/`change`/`index` (e.g. another wallet's `m/44'/141'/0'/0/0`). */
    path?: string
  }

/**
 * The key of a BIP39 seed phrase at `m/44'/141'/account'/change/index` (defaults 0/0/0: the Komodo DeFi Framework's
 * first HD address), or at `path`, described with its path.
 * @throws KomodoCcError MNEMONIC_INVALID | MNEMONIC_CHECKSUM | HD_PATH_INVALID | HD_PATH_RANGE | HD_KEY_INVALID | ARG_INVALID (both `path` and a position)
 * @example keyFromMnemonic(phrase, { account: 0, index: 1 }).path // "m/44'/141'/0'/0/1"
 */
export function keyFromMnemonic(mnemonic: string, options: KeyFromMnemonicOptions = {}): KeyDescription {
  if (
    options.path !== undefined &&
    (options.account !== undefined || options.change !== undefined || options.index !== undefined)
  )
    throw new KomodoCcError('ARG_INVALID', 'give path or account/change/index, not both', { name: 'path' })
  const path = options.path ?? komodoHdPath(options)
  const node = hdKeyFromMnemonic(mnemonic, options).derive(path)
  return { ...describeKey(node.privateKey!, options), path }
}
