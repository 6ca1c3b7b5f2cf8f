// BIP39 seed phrases over @scure/bip39 (audited; by the author of the noble packages the library already uses): this
// file adds the library's typed errors (which word is wrong, a bad checksum, a wrong word count) and its defaults
// (English, 24 words), and re-exports the wordlists scure ships, one name each so that a bundle carries only those used.
import {
  entropyToMnemonic as scureEntropyToMnemonic,
  mnemonicToSeedSync,
  validateMnemonic as scureValidate,
} from '@scure/bip39'
import { wordlist as english } from '@scure/bip39/wordlists/english.js'
import { KomodoCcError } from '../errors.js'

export { wordlist as englishWordlist } from '@scure/bip39/wordlists/english.js'
export { wordlist as czechWordlist } from '@scure/bip39/wordlists/czech.js'
export { wordlist as frenchWordlist } from '@scure/bip39/wordlists/french.js'
export { wordlist as italianWordlist } from '@scure/bip39/wordlists/italian.js'
export { wordlist as japaneseWordlist } from '@scure/bip39/wordlists/japanese.js'
export { wordlist as koreanWordlist } from '@scure/bip39/wordlists/korean.js'
export { wordlist as portugueseWordlist } from '@scure/bip39/wordlists/portuguese.js'
export { wordlist as simplifiedChineseWordlist } from '@scure/bip39/wordlists/simplified-chinese.js'
export { wordlist as spanishWordlist } from '@scure/bip39/wordlists/spanish.js'
export { wordlist as traditionalChineseWordlist } from '@scure/bip39/wordlists/traditional-chinese.js'

/** The word counts BIP39 defines (128 to 256 bits of entropy, in steps of 32). */
export type MnemonicLength = 12 | 15 | 18 | 21 | 24

/** Word count → entropy bytes (BIP39: ENT = words × 11 × 32 / 33 bits). */
const ENTROPY_BYTES: Readonly<Record<number, number>> = /* @__PURE__ */ Object.freeze({
  12: 16,
  15: 20,
  18: 24,
  21: 28,
  24: 32,
})

/** Options of {@link generateMnemonic}. */
export type GenerateMnemonicOptions = {
  /** How many words (default 24: 256 bits of entropy). */
  words?: MnemonicLength
  /** The language (default English); any 2048-word list, e.g. `japaneseWordlist`. */
  wordlist?: readonly string[]
  /**
   * The entropy itself (16, 20, 24, 28 or 32 bytes), for a phrase made elsewhere from dice or for tests; by default
   * fresh bytes from `crypto.getRandomValues`. Its length sets the word count.
   */
  entropy?: Uint8Array
}

function listOf(wordlist: readonly string[] | undefined): string[] {
  if (wordlist === undefined) return english
  if (!Array.isArray(wordlist) || wordlist.length !== 2048 || wordlist.some((w) => typeof w !== 'string'))
    throw new KomodoCcError('ARG_INVALID', 'wordlist expected an array of 2048 words', { name: 'wordlist' })
  return wordlist as string[]
}

/**
 * A new BIP39 seed phrase: 24 English words by default, from 256 bits of `crypto.getRandomValues`. Words are joined by
 * a space (an ideographic space for Japanese, as BIP39 asks).
 * @throws KomodoCcError ARG_INVALID (a word count BIP39 does not define, a wordlist not of 2048 words) | BYTES_LENGTH (entropy not 16..32 bytes in steps of 4)
 * @example generateMnemonic({ words: 12 }).split(' ').length // 12
 */
export function generateMnemonic(options: GenerateMnemonicOptions = {}): string {
  if (typeof options !== 'object' || options === null)
    throw new KomodoCcError('ARG_INVALID', 'generateMnemonic options expected an object')
  const list = listOf(options.wordlist)
  let entropy = options.entropy
  if (entropy === undefined) {
    const words = options.words ?? 24
    const n = ENTROPY_BYTES[words as number]
    if (n === undefined)
      throw new KomodoCcError('ARG_INVALID', `words expected 12, 15, 18, 21 or 24, got ${String(words)}`, {
        name: 'words',
      })
    entropy = globalThis.crypto.getRandomValues(new Uint8Array(n))
  } else {
    if (!(entropy instanceof Uint8Array))
      throw new KomodoCcError('BYTES_TYPE', 'entropy expected a Uint8Array', { name: 'entropy' })
    if (!Object.values(ENTROPY_BYTES).includes(entropy.length))
      throw new KomodoCcError('BYTES_LENGTH', `entropy expected 16, 20, 24, 28 or 32 bytes, got ${entropy.length}`, {
        name: 'entropy',
        got: entropy.length,
      })
    if (options.words !== undefined && ENTROPY_BYTES[options.words] !== entropy.length)
      throw new KomodoCcError(
        'ARG_INVALID',
        `${entropy.length} bytes of entropy make no ${options.words}-word phrase`,
        {
          name: 'words',
        },
      )
  }
  return scureEntropyToMnemonic(entropy, list)
}

/**
 * A phrase as BIP39 reads it: NFKD-normalised, words separated by single spaces (runs of spaces, tabs, newlines and
 * the ideographic space count as one).
 */
function normalized(mnemonic: unknown): string[] {
  if (typeof mnemonic !== 'string')
    throw new KomodoCcError('MNEMONIC_INVALID', `mnemonic expected a string, got ${typeof mnemonic}`, {
      reason: 'type',
    })
  const text = mnemonic.normalize('NFKD').trim()
  return text === '' ? [] : text.split(/\s+/u)
}

/**
 * Checks a BIP39 seed phrase and returns it normalised (NFKD, single spaces): the word count, that every word is in
 * the wordlist, and the checksum. Errors name the position of a wrong word, never the word (the phrase is a secret).
 * @throws KomodoCcError MNEMONIC_INVALID (`details.reason`: `type`, `length` with `details.words`, or `word` with
 * `details.index`, 1-based) | MNEMONIC_CHECKSUM (every word is known, the last word's checksum bits disagree)
 * @example checkMnemonic('abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about')
 */
export function checkMnemonic(mnemonic: string, wordlist?: readonly string[]): string {
  const list = listOf(wordlist)
  const words = normalized(mnemonic)
  if (ENTROPY_BYTES[words.length] === undefined)
    throw new KomodoCcError(
      'MNEMONIC_INVALID',
      `a seed phrase has 12, 15, 18, 21 or 24 words, this one has ${words.length}`,
      { reason: 'length', words: words.length },
    )
  const known = new Set(list.map((w) => w.normalize('NFKD')))
  const bad = words.findIndex((w) => !known.has(w))
  if (bad >= 0)
    throw new KomodoCcError('MNEMONIC_INVALID', `word ${bad + 1} of ${words.length} is not in the wordlist`, {
      reason: 'word',
      index: bad + 1,
    })
  const text = words.join(' ')
  if (!scureValidate(text, list))
    throw new KomodoCcError(
      'MNEMONIC_CHECKSUM',
      `the seed phrase's checksum does not match: a word is wrong or out of order (every word is in the wordlist)`,
      { words: words.length },
    )
  return text
}

/**
 * Whether `mnemonic` is a valid BIP39 phrase of `wordlist` (default English): {@link checkMnemonic} without the reason.
 * @example validateMnemonic('zoo zoo zoo zoo zoo zoo zoo zoo zoo zoo zoo wrong') // true
 */
export function validateMnemonic(mnemonic: string, wordlist?: readonly string[]): boolean {
  try {
    checkMnemonic(mnemonic, wordlist)
    return true
  } catch (e) {
    if (e instanceof KomodoCcError && e.code !== 'ARG_INVALID') return false
    throw e
  }
}

/** Options of {@link mnemonicToSeed}. */
export type MnemonicSeedOptions = {
  /** BIP39's optional passphrase (the "25th word"; default empty). A different passphrase is a different wallet. */
  passphrase?: string
  /** The phrase's language (default English): the phrase is checked against it first. */
  wordlist?: readonly string[]
}

/**
 * The 64-byte BIP39 seed of a phrase: PBKDF2-HMAC-SHA512, 2048 rounds, salt "mnemonic" + passphrase, both NFKD. The
 * phrase is checked first ({@link checkMnemonic}); the seed is a secret, as the phrase is.
 * @throws KomodoCcError MNEMONIC_INVALID | MNEMONIC_CHECKSUM | PASSPHRASE_INVALID (a passphrase that is not a string)
 * @example bytesToHex(mnemonicToSeed(phrase, { passphrase: 'TREZOR' })).length // 128
 */
export function mnemonicToSeed(mnemonic: string, options: MnemonicSeedOptions = {}): Uint8Array {
  const text = checkMnemonic(mnemonic, options.wordlist)
  const passphrase = options.passphrase ?? ''
  if (typeof passphrase !== 'string')
    throw new KomodoCcError('PASSPHRASE_INVALID', `the BIP39 passphrase expected a string, got ${typeof passphrase}`)
  try {
    return mnemonicToSeedSync(text, passphrase)
  } catch {
    throw new KomodoCcError('PASSPHRASE_INVALID', 'the BIP39 passphrase is not well-formed Unicode')
  }
}
