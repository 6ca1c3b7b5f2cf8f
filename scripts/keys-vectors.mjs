// Writes vectors/keys/bip44-komodo.json: Komodo BIP44 keys (coin type 141) of the BIP39 test phrases, computed by
// implementations independent of komodo-cc: node:crypto's PBKDF2 (BIP39 seed), bitcoinjs's bip32 over
// tiny-secp256k1 (derivation) and bs58check (WIF, address). Run: node scripts/keys-vectors.mjs
import { pbkdf2Sync, createHash } from 'node:crypto'
import { writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
const require = createRequire(import.meta.url)
const { BIP32Factory } = require('bip32')
const ecc = require('tiny-secp256k1')
const bs58check = require('bs58check').default ?? require('bs58check')
const bip32 = BIP32Factory(ecc)

const hash160 = (b) => createHash('ripemd160').update(createHash('sha256').update(b).digest()).digest()
const kmdAddress = (pub) => bs58check.encode(Buffer.concat([Buffer.from([60]), hash160(pub)]))
const kmdWif = (k) => bs58check.encode(Buffer.concat([Buffer.from([188]), k, Buffer.from([1])]))
const seedOf = (phrase, pass) =>
  pbkdf2Sync(
    Buffer.from(phrase.normalize('NFKD')),
    Buffer.from(('mnemonic' + pass).normalize('NFKD')),
    2048,
    64,
    'sha512',
  )

const cases = [
  ['abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about', ''],
  ['abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about', 'TREZOR'],
  ['legal winner thank year wave sausage worth useful legal winner thank yellow', ''],
  ['zoo zoo zoo zoo zoo zoo zoo zoo zoo zoo zoo zoo zoo zoo zoo zoo zoo zoo zoo zoo zoo zoo zoo vote', ''],
]
const positions = [
  [0, 0, 0],
  [0, 0, 1],
  [0, 1, 0],
  [1, 0, 0],
  [0, 0, 19],
]
const valid = []
for (const [mnemonic, passphrase] of cases) {
  const root = bip32.fromSeed(seedOf(mnemonic, passphrase))
  for (const [account, change, index] of positions) {
    const path = `m/44'/141'/${account}'/${change}/${index}`
    const node = root.derivePath(path)
    const pub = Buffer.from(node.publicKey)
    valid.push({
      description: `${mnemonic.split(' ')[0]}… ${mnemonic.split(' ').length} words${passphrase ? `, passphrase ${passphrase}` : ''}, ${path}`,
      mnemonic,
      passphrase,
      account,
      change,
      index,
      path,
      accountXpub: root.derivePath(`m/44'/141'/${account}'`).neutered().toBase58(),
      privateKey: Buffer.from(node.privateKey).toString('hex'),
      wif: kmdWif(Buffer.from(node.privateKey)),
      pubkey: pub.toString('hex'),
      address: kmdAddress(pub),
    })
  }
}
writeFileSync(
  new URL('../vectors/keys/bip44-komodo.json', import.meta.url),
  JSON.stringify(
    {
      source:
        "Computed by independent implementations (not komodo-cc): node:crypto pbkdf2Sync (BIP39 seed: PBKDF2-HMAC-SHA512, 2048 rounds, salt 'mnemonic'+passphrase), bitcoinjs bip32 3.x over tiny-secp256k1 (BIP32 derivation along BIP44 m/44'/141'/account'/change/index, coin type 141 per SLIP-44 and komodod src/chainparams.cpp bip44CoinType), bs58check (KMD WIF version 188, P2PKH version 60). Phrases from trezor/python-mnemonic vectors.json. Generator: scripts/keys-vectors.mjs",
      license: 'MIT (bitcoinjs/bip32, trezor/python-mnemonic)',
      byteOrder: 'privateKey and pubkey: the serialised key bytes as hex',
      valid,
    },
    null,
    2,
  ) + '\n',
)
console.log(`${valid.length} vectors`)
