/**
 * Keys as Komodo wallets hold them: random keys, Komodo passphrase keys (Agama, the Komodo DeFi Framework's legacy
 * mode), BIP39 seed phrases and BIP32/BIP44 derivation with Komodo's coin type 141, and a key's WIF, pubkey, address
 * and CC addresses. BIP39 and BIP32 are @scure/bip39 and @scure/bip32's; only this subpath (and the root names that
 * come from it) bundles them.
 * @module komodo-cc/keys
 */
export { passphraseKey } from './passphrase.js'
export {
  generateMnemonic,
  checkMnemonic,
  validateMnemonic,
  mnemonicToSeed,
  englishWordlist,
  czechWordlist,
  frenchWordlist,
  italianWordlist,
  japaneseWordlist,
  koreanWordlist,
  portugueseWordlist,
  simplifiedChineseWordlist,
  spanishWordlist,
  traditionalChineseWordlist,
  type MnemonicLength,
  type GenerateMnemonicOptions,
  type MnemonicSeedOptions,
} from './mnemonic.js'
export {
  KOMODO_COIN_TYPE,
  HARDENED,
  parseHdPath,
  komodoHdPath,
  HdKey,
  hdKeyFromSeed,
  hdKeyFromMnemonic,
  hdKeyFromExtended,
  type KomodoHdPosition,
} from './hd.js'
export {
  randomPrivateKey,
  describeKey,
  keyFromPassphrase,
  keyFromMnemonic,
  type KeyDescription,
  type DescribeKeyOptions,
  type KeyFromMnemonicOptions,
} from './key.js'
