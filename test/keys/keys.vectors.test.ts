// The keys subpath against independent vectors: BIP39 (trezor/python-mnemonic), BIP32 (the BIP's test vectors 1–5),
// Komodo BIP44 coin 141 (bitcoinjs bip32 + node:crypto + bs58check), Komodo passphrase keys (DeckerSU/komodo-passphrase).
import { describe, expect, test } from 'vitest'
import bip39 from '../../vectors/keys/bip39-trezor.json' with { type: 'json' }
import bip32 from '../../vectors/keys/bip32.json' with { type: 'json' }
import bip44 from '../../vectors/keys/bip44-komodo.json' with { type: 'json' }
import pass from '../../vectors/keys/komodo-passphrase.json' with { type: 'json' }
import {
  checkMnemonic,
  czechWordlist,
  describeKey,
  englishWordlist,
  frenchWordlist,
  generateMnemonic,
  hdKeyFromExtended,
  hdKeyFromMnemonic,
  hdKeyFromSeed,
  italianWordlist,
  japaneseWordlist,
  keyFromMnemonic,
  keyFromPassphrase,
  koreanWordlist,
  mnemonicToSeed,
  passphraseKey,
  portugueseWordlist,
  simplifiedChineseWordlist,
  spanishWordlist,
  traditionalChineseWordlist,
  validateMnemonic,
} from '../../src/keys/index.js'
import { bytesToHex, hexToBytes } from '../../src/bytes/hex.js'

const code = (c: string) => expect.objectContaining({ code: c })

// the languages @scure/bip39 ships; python-mnemonic's russian and turkish lists are not BIP39's (bitcoin/bips
// bip-0039/ has no such wordlist), so no BIP39 wallet reads them
const WORDLISTS: Record<string, readonly string[]> = {
  english: englishWordlist,
  chinese_simplified: simplifiedChineseWordlist,
  chinese_traditional: traditionalChineseWordlist,
  czech: czechWordlist,
  french: frenchWordlist,
  italian: italianWordlist,
  japanese: japaneseWordlist,
  korean: koreanWordlist,
  portuguese: portugueseWordlist,
  spanish: spanishWordlist,
}
const bip39Cases = Object.entries(bip39.languages)
  .filter(([lang]) => lang in WORDLISTS)
  .flatMap(([lang, list]) => list.map((v, i) => ({ lang, i, ...v })))

describe('BIP39 (trezor/python-mnemonic vectors.json)', () => {
  test('covers the ten BIP39 languages', () => {
    expect(new Set(bip39Cases.map((c) => c.lang)).size).toBe(10)
    expect(bip39Cases.length).toBe(240)
  })
  test.each(bip39Cases)('$lang #$i: entropy → phrase, phrase → seed and master xprv', (v) => {
    const list = WORDLISTS[v.lang]!
    expect(generateMnemonic({ entropy: hexToBytes(v.entropy), wordlist: list })).toBe(v.mnemonic)
    expect(validateMnemonic(v.mnemonic, list)).toBe(true)
    const seed = mnemonicToSeed(v.mnemonic, { passphrase: bip39.passphrase, wordlist: list })
    expect(bytesToHex(seed)).toBe(v.seed)
    expect(hdKeyFromSeed(seed).xprv).toBe(v.xprv)
  })
  test('a wrong last word is a checksum error; an unknown word names its position, not the word', () => {
    const words = bip39.languages.english[0]!.mnemonic.split(' ')
    const wrongLast = [...words.slice(0, 11), 'abandon'].join(' ')
    expect(() => checkMnemonic(wrongLast)).toThrow(code('MNEMONIC_CHECKSUM'))
    expect(validateMnemonic(wrongLast)).toBe(false)
    const unknown = [...words.slice(0, 4), 'bitcoinz', ...words.slice(5)].join(' ')
    let err: unknown
    try {
      checkMnemonic(unknown)
    } catch (e) {
      err = e
    }
    expect(err).toMatchObject({ code: 'MNEMONIC_INVALID', details: { reason: 'word', index: 5 } })
    expect(String((err as Error).message)).not.toContain('bitcoinz')
    expect(() => checkMnemonic(words.slice(0, 11).join(' '))).toThrow(code('MNEMONIC_INVALID'))
    expect(() => checkMnemonic(42 as never)).toThrow(code('MNEMONIC_INVALID'))
    expect(() => mnemonicToSeed(wrongLast)).toThrow(code('MNEMONIC_CHECKSUM'))
  })
  test('a phrase in another language is refused against English, accepted against its own list', () => {
    const fr = bip39.languages.french[3]!.mnemonic
    expect(() => checkMnemonic(fr)).toThrow(code('MNEMONIC_INVALID'))
    expect(checkMnemonic(fr, frenchWordlist)).toBe(fr.normalize('NFKD'))
  })
  test('extra spaces, tabs and newlines read as single spaces (the seed is the one of the clean phrase)', () => {
    const v = bip39.languages.english[1]!
    const messy = `  ${v.mnemonic.split(' ').join(' \t\n ')}  `
    expect(bytesToHex(mnemonicToSeed(messy, { passphrase: 'TREZOR' }))).toBe(v.seed)
  })
  test('generateMnemonic: 24 English words by default, any BIP39 length, each phrase valid; bad lengths refused', () => {
    const p = generateMnemonic()
    expect(p.split(' ')).toHaveLength(24)
    expect(validateMnemonic(p)).toBe(true)
    for (const words of [12, 15, 18, 21, 24] as const)
      expect(generateMnemonic({ words }).split(' ')).toHaveLength(words)
    expect(generateMnemonic({ words: 12, wordlist: japaneseWordlist })).toContain('\u3000')
    expect(() => generateMnemonic({ words: 13 as never })).toThrow(code('ARG_INVALID'))
    expect(() => generateMnemonic({ entropy: new Uint8Array(15) })).toThrow(code('BYTES_LENGTH'))
    expect(() => generateMnemonic({ entropy: new Uint8Array(16), words: 24 })).toThrow(code('ARG_INVALID'))
    expect(() => generateMnemonic({ wordlist: ['a', 'b'] })).toThrow(code('ARG_INVALID'))
  })
})

describe('BIP32 (bitcoin/bips bip-0032 test vectors)', () => {
  const cases = bip32.valid.flatMap((v) => v.chains.map((c) => ({ name: v.description, seed: v.seed, ...c })))
  test.each(cases)('$name $path', ({ seed, path, xprv, xpub }) => {
    const k = hdKeyFromSeed(hexToBytes(seed)).derive(path)
    expect(k.xprv).toBe(xprv)
    expect(k.xpub).toBe(xpub)
    // the public half alone derives the same unhardened children
    const parsed = hdKeyFromExtended(xprv)
    expect(parsed.xpub).toBe(xpub)
    expect(hdKeyFromExtended(xpub).privateKey).toBeNull()
  })
  test('vector 1 from the public key: unhardened steps below m/0H/1/2H match, a hardened step is refused', () => {
    const chains = bip32.valid[0]!.chains
    const at = (p: string) => chains.find((c) => c.path === p)!
    const pub = hdKeyFromExtended(at("m/0'/1/2'").xpub)
    expect(pub.derive('2/1000000000').xpub).toBe(at("m/0'/1/2'/2/1000000000").xpub)
    expect(() => pub.derive("0'")).toThrow(code('HD_KEY_INVALID'))
    expect(() => pub.derive('m/0')).toThrow(code('HD_KEY_INVALID'))
  })
  test.each(bip32.invalid)('vector 5: $description', ({ key }) => {
    expect(() => hdKeyFromExtended(key)).toThrow(code('HD_KEY_INVALID'))
  })
  test('paths: typed errors for syntax and range', () => {
    const m = hdKeyFromSeed(hexToBytes(bip32.valid[0]!.seed))
    expect(() => m.derive("44'/x")).toThrow(code('HD_PATH_INVALID'))
    expect(() => m.derive('n/0')).toThrow(code('HD_PATH_INVALID'))
    expect(() => m.derive('m//0')).toThrow(code('HD_PATH_INVALID'))
    expect(() => m.derive('m/2147483648')).toThrow(code('HD_PATH_RANGE'))
    expect(() => m.derive("m/2147483648'")).toThrow(code('HD_PATH_RANGE'))
    expect(() => m.derive('m/01')).toThrow(code('HD_PATH_RANGE'))
    expect(m.derive("m/2147483647'").xpub).toBe(m.derive('m/2147483647h').xpub)
    expect(() => hdKeyFromSeed(new Uint8Array(15))).toThrow(code('BYTES_LENGTH'))
  })
})

describe("Komodo BIP44 m/44'/141'/account'/change/index (bitcoinjs bip32 + node:crypto + bs58check)", () => {
  test.each(bip44.valid)('$description', (v) => {
    const d = keyFromMnemonic(v.mnemonic, {
      passphrase: v.passphrase,
      account: v.account,
      change: v.change as 0 | 1,
      index: v.index,
    })
    expect(d).toMatchObject({
      path: v.path,
      privateKey: v.privateKey,
      wif: v.wif,
      pubkey: v.pubkey,
      address: v.address,
    })
    expect(keyFromMnemonic(v.mnemonic, { passphrase: v.passphrase, path: v.path }).address).toBe(v.address)
    // a watch-only account key derives the same addresses
    const account = hdKeyFromMnemonic(v.mnemonic, { passphrase: v.passphrase }).derive(`m/44'/141'/${v.account}'`)
    expect(account.xpub).toBe(v.accountXpub)
    expect(bytesToHex(hdKeyFromExtended(v.accountXpub).derive(`${v.change}/${v.index}`).publicKey)).toBe(v.pubkey)
  })
  test('positions out of range and a path with a position are refused', () => {
    const m = bip44.valid[0]!.mnemonic
    expect(() => keyFromMnemonic(m, { account: 2 ** 31 })).toThrow(code('HD_PATH_RANGE'))
    expect(() => keyFromMnemonic(m, { index: -1 })).toThrow(code('HD_PATH_RANGE'))
    expect(() => keyFromMnemonic(m, { change: 2 as never })).toThrow(code('HD_PATH_RANGE'))
    expect(() => keyFromMnemonic(m, { path: "m/44'/141'/0'/0/0", index: 1 })).toThrow(code('ARG_INVALID'))
  })
})

describe('Komodo passphrase keys (DeckerSU/komodo-passphrase example)', () => {
  test.each(pass.valid)('$description', (v) => {
    expect(bytesToHex(passphraseKey(v.passphrase))).toBe(v.privateKey)
    expect(keyFromPassphrase(v.passphrase)).toMatchObject({
      privateKey: v.privateKey,
      pubkey: v.pubkey,
      address: v.address,
      wif: v.wif,
    })
  })
  test.each(pass.chains)('$description', (c) => {
    const d = keyFromPassphrase(pass.valid[0]!.passphrase, { chain: c.chain })
    expect([d.address, d.wif]).toEqual([c.address, c.wif])
  })
  test.each(pass.invalid)('$description', ({ passphrase, error }) => {
    expect(() => passphraseKey(passphrase)).toThrow(code(error))
  })
  test('a non-string passphrase is refused', () => {
    expect(() => passphraseKey(undefined as never)).toThrow(code('PASSPHRASE_INVALID'))
    expect(() => passphraseKey(new Uint8Array(3) as never)).toThrow(code('PASSPHRASE_INVALID'))
    // a lone UTF-16 surrogate has no UTF-8 bytes (TextEncoder would silently write U+FFFD)
    expect(() => passphraseKey('\ud800abc')).toThrow(code('PASSPHRASE_INVALID'))
    expect(() => passphraseKey('abc\udc00')).toThrow(code('PASSPHRASE_INVALID'))
    expect(bytesToHex(passphraseKey('\ud83d\ude00'))).toHaveLength(64) // a well-formed pair is text
  })
})
