// BIP32 hierarchical keys and BIP44 paths with Komodo's coin type, over @scure/bip32 (audited; by the author of the
// noble packages the library already uses). This file parses paths itself so that a wrong one is a typed error naming
// the component, and wraps scure's key in a small class of the library's own so that no scure type is public.
import { HDKey } from '@scure/bip32'
import { KomodoCcError } from '../errors.js'
import { bytesToHex } from '../bytes/hex.js'
import { mnemonicToSeed, type MnemonicSeedOptions } from './mnemonic.js'

/**
 * Komodo's BIP44 coin type, 141 (SLIP-44; komodod src/chainparams.cpp `bip44CoinType = 141`). The Komodo DeFi
 * Framework's HD mode derives `m/44'/141'/account'/change/index`; smart chains use the same path.
 * @example KOMODO_COIN_TYPE // 141
 */
export const KOMODO_COIN_TYPE = 141

/** BIP32's first hardened index, 2^31: index i hardened is i + 2^31 (written i' or ih). @example HARDENED // 2147483648 */
export const HARDENED = 0x80000000

/** The largest index of one path component before hardening: 2^31 − 1. */
const MAX_INDEX = 0x7fffffff

/**
 * Reads a BIP32 path (`m/44'/141'/0'/0/5`; `'`, `h` or `H` marks a hardened step) into child numbers (hardened ones
 * with {@link HARDENED} added). `m` alone is the root: [].
 * @throws KomodoCcError HD_PATH_INVALID (not a string, no leading `m`, an empty or non-decimal component;
 *   `details.component`) | HD_PATH_RANGE (an index above 2^31 − 1; `details.component`)
 * @example parseHdPath("m/44'/141'/0'/0/5") // [2147483692, 2147483789, 2147483648, 0, 5]
 */
export function parseHdPath(path: string): number[] {
  if (typeof path !== 'string')
    throw new KomodoCcError('HD_PATH_INVALID', `path expected a string such as m/44'/141'/0'/0/0, got ${typeof path}`)
  const parts = path.trim().split('/')
  if (parts[0] !== 'm' && parts[0] !== 'M')
    throw new KomodoCcError('HD_PATH_INVALID', `path must start with m/ (got ${JSON.stringify(path.slice(0, 40))})`, {
      component: 0,
    })
  if (parts.length > 256)
    throw new KomodoCcError('HD_PATH_RANGE', `path has ${parts.length - 1} steps, BIP32 serialises at most 255`)
  return parts.slice(1).map((part, i) => {
    const m = /^([0-9]{1,10})(['hH]?)$/.exec(part)
    if (m === null)
      throw new KomodoCcError(
        'HD_PATH_INVALID',
        `path component ${i + 1} (${JSON.stringify(part.slice(0, 20))}) is not a decimal index with an optional '`,
        { component: i + 1 },
      )
    const n = Number(m[1])
    if (n > MAX_INDEX || (m[1]!.length > 1 && m[1]![0] === '0'))
      throw new KomodoCcError(
        'HD_PATH_RANGE',
        n > MAX_INDEX
          ? `path component ${i + 1} is ${n}, above 2^31 - 1 (write a hardened index as i' with i < 2^31)`
          : `path component ${i + 1} (${part}) has a leading zero`,
        { component: i + 1, max: MAX_INDEX },
      )
    return m[2] === '' ? n : n + HARDENED
  })
}

/** One account's key position, BIP44's last three levels. */
export type KomodoHdPosition = {
  /** The account (hardened): 0 for the first. */
  account?: number
  /** 0: receive addresses (external chain); 1: change addresses (internal chain). */
  change?: 0 | 1
  /** The address index on that chain. */
  index?: number
}

function indexArg(v: unknown, name: string): number {
  if (typeof v !== 'number' || !Number.isInteger(v) || v < 0 || v > MAX_INDEX)
    throw new KomodoCcError('HD_PATH_RANGE', `${name} expected an integer 0..2^31 - 1, got ${String(v)}`, { name })
  return v
}

/**
 * The BIP44 path of a Komodo key: `m/44'/141'/account'/change/index` (defaults 0, 0, 0).
 * @throws KomodoCcError HD_PATH_RANGE (an index outside 0..2^31 − 1, `change` not 0 or 1)
 * @example komodoHdPath({ account: 1, change: 1, index: 7 }) // "m/44'/141'/1'/1/7"
 */
export function komodoHdPath(position: KomodoHdPosition = {}): string {
  const account = indexArg(position.account ?? 0, 'account')
  const change = position.change ?? 0
  if (change !== 0 && change !== 1)
    throw new KomodoCcError('HD_PATH_RANGE', `change expected 0 (receive) or 1 (change), got ${String(change)}`, {
      name: 'change',
    })
  const index = indexArg(position.index ?? 0, 'index')
  return `m/44'/${KOMODO_COIN_TYPE}'/${account}'/${change}/${index}`
}

/**
 * A BIP32 extended key (private, or public only): derive children, read its keys, serialise it. Serialisation uses
 * the `xprv`/`xpub` version bytes, which komodod's chain parameters also use (src/chainparams.cpp EXT_SECRET_KEY
 * 0488ade4, EXT_PUBLIC_KEY 0488b21e). Make one with {@link hdKeyFromSeed}, {@link hdKeyFromMnemonic} or
 * {@link hdKeyFromExtended}.
 * @example hdKeyFromSeed(seed).derive("m/44'/141'/0'/0/0").publicKey.length // 33
 */
export class HdKey {
  readonly #key: HDKey
  /** @internal Use {@link hdKeyFromSeed}, {@link hdKeyFromMnemonic} or {@link hdKeyFromExtended}. */
  constructor(key: HDKey) {
    this.#key = key
  }
  /** Steps from the master key (0 for the master). */
  get depth(): number {
    return this.#key.depth
  }
  /** This key's child number (hardened ones ≥ 2^31). */
  get index(): number {
    return this.#key.index
  }
  /** The compressed public key, 33 bytes (a fresh copy). */
  get publicKey(): Uint8Array {
    return this.#key.publicKey!.slice()
  }
  /** The private key, 32 bytes (a fresh copy), or null for a public-only key. A secret: never log it. */
  get privateKey(): Uint8Array | null {
    const k = this.#key.privateKey
    return k === null ? null : k.slice()
  }
  /** The public extended key (`xpub…`): shows every address below it, so share it as carefully as the addresses. */
  get xpub(): string {
    return this.#key.publicExtendedKey
  }
  /** The private extended key (`xprv…`), or null for a public-only key. A secret that spends everything below it. */
  get xprv(): string | null {
    return this.#key.privateKey === null ? null : this.#key.privateExtendedKey
  }
  /**
   * The key at `path` below this one: a full path (`m/…`, from this key, which must be the master: depth 0) or a
   * relative one (`0/5`). A public-only key derives only unhardened steps.
   * @throws KomodoCcError HD_PATH_INVALID | HD_PATH_RANGE | HD_KEY_INVALID (a hardened step from a public key, `m/` below the master)
   * @example master.derive("m/44'/141'/0'").derive('0/3')
   */
  derive(path: string): HdKey {
    if (typeof path !== 'string')
      throw new KomodoCcError('HD_PATH_INVALID', `path expected a string, got ${typeof path}`)
    if (!/^\s*[mM]/.test(path)) path = `m/${path.trim()}`
    else if (this.#key.depth !== 0)
      throw new KomodoCcError('HD_KEY_INVALID', `a path from m/ needs the master key, this key has depth ${this.depth}`)
    let k = this.#key
    for (const i of parseHdPath(path)) k = deriveChild(k, i)
    return new HdKey(k)
  }
  /**
   * The child at `index` (add {@link HARDENED} for a hardened child).
   * @throws KomodoCcError HD_PATH_RANGE | HD_KEY_INVALID
   * @example account.child(0).child(5)
   */
  child(index: number): HdKey {
    if (!Number.isInteger(index) || index < 0 || index > 0xffffffff)
      throw new KomodoCcError('HD_PATH_RANGE', `child index expected 0..2^32 - 1, got ${String(index)}`)
    return new HdKey(deriveChild(this.#key, index))
  }
  /** This key without its private part (to hand an account's watch-only key to a discovery service). */
  publicOnly(): HdKey {
    return new HdKey(HDKey.fromExtendedKey(this.#key.publicExtendedKey))
  }
  /** A plain description without secrets: depth, index, public key hex, xpub. */
  toJSON(): { depth: number; index: number; publicKey: string; xpub: string } {
    return { depth: this.depth, index: this.index, publicKey: bytesToHex(this.publicKey), xpub: this.xpub }
  }
}

function deriveChild(k: HDKey, index: number): HDKey {
  if (index >= HARDENED && k.privateKey === null)
    throw new KomodoCcError('HD_KEY_INVALID', 'a public extended key cannot derive a hardened child', { index })
  try {
    return k.deriveChild(index)
  } catch (e) {
    // BIP32: an index whose derived key is invalid (probability < 2^-127) is skipped by the wallet, not repaired
    throw new KomodoCcError('HD_KEY_INVALID', `child ${index} cannot be derived (BIP32: use the next index)`, {
      index,
      cause: (e as Error).message,
    })
  }
}

/**
 * The BIP32 master key of a seed (16 to 64 bytes; a BIP39 seed is 64).
 * @throws KomodoCcError BYTES_TYPE | BYTES_LENGTH | HD_KEY_INVALID (the seed's master key is out of range)
 * @example hdKeyFromSeed(mnemonicToSeed(phrase)).xpub.startsWith('xpub') // true
 */
export function hdKeyFromSeed(seed: Uint8Array): HdKey {
  if (!(seed instanceof Uint8Array))
    throw new KomodoCcError('BYTES_TYPE', 'seed expected a Uint8Array', { name: 'seed' })
  if (seed.length < 16 || seed.length > 64)
    throw new KomodoCcError('BYTES_LENGTH', `seed expected 16..64 bytes, got ${seed.length}`, {
      name: 'seed',
      got: seed.length,
    })
  try {
    return new HdKey(HDKey.fromMasterSeed(seed))
  } catch {
    throw new KomodoCcError('HD_KEY_INVALID', 'this seed gives no valid master key (BIP32: use another seed)')
  }
}

/**
 * An extended key from its text (`xprv…` or `xpub…`, Bitcoin's and komodod's version bytes), checked as BIP32 test
 * vector 5 asks (version against key kind, key prefix, depth 0 with a parent or an index, the key in range, the
 * checksum). The message never repeats the key.
 * @throws KomodoCcError HD_KEY_INVALID
 * @example hdKeyFromExtended(account.xpub).derive('0/0').publicKey
 */
export function hdKeyFromExtended(text: string): HdKey {
  if (typeof text !== 'string')
    throw new KomodoCcError('HD_KEY_INVALID', `extended key expected a string, got ${typeof text}`)
  try {
    return new HdKey(HDKey.fromExtendedKey(text.trim()))
  } catch (e) {
    throw new KomodoCcError('HD_KEY_INVALID', 'not a valid xprv/xpub extended key', { reason: (e as Error).message })
  }
}

/**
 * The BIP32 master key of a BIP39 seed phrase ({@link mnemonicToSeed}, then {@link hdKeyFromSeed}).
 * @throws KomodoCcError MNEMONIC_INVALID | MNEMONIC_CHECKSUM | PASSPHRASE_INVALID
 * @example hdKeyFromMnemonic(phrase).derive(komodoHdPath({ account: 0 })).publicKey
 */
export function hdKeyFromMnemonic(mnemonic: string, options: MnemonicSeedOptions = {}): HdKey {
  return hdKeyFromSeed(mnemonicToSeed(mnemonic, options))
}
