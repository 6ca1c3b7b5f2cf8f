// Offline builders: create a token and send a quarter of it, signed with your key, from coins you list yourself.
// No daemon: the result is hex for `sendrawtransaction`. Run: node examples/build-tokens.mjs
import { bytesToHex, keySigner, p2pkScript } from 'komodo-cc'
import { sha256 } from 'komodo-cc/hash'
import { utf8ToBytes } from 'komodo-cc/bytes'
import { buildTokenCreate, buildTokenTransfer, decodeTokensOpret } from 'komodo-cc/tokens'

const signer = keySigner(sha256(utf8ToBytes('1'))) // a test key: never use a hashed word for real coins
const pubkey = signer.publicKey
const friend = bytesToHex(keySigner(sha256(utf8ToBytes('2'))).publicKey)
// your spendable coins, e.g. from `getaddressutxos` (P2PK or P2PKH of your key)
const utxos = [{ txid: '11'.repeat(32), vout: 0, satoshis: 2_000_000_000n, script: p2pkScript(pubkey) }]

// tokencreate DUKE 1 "Duke's custom token": 1 coin = 100,000,000 token units
const create = buildTokenCreate(
  { name: 'DUKE', supply: '1', description: "Duke's custom token" },
  { pubkey, signer, utxos, height: 1000 },
)
const tokenid = create.txid
console.log('tokencreate  ', tokenid, `${create.hex.length / 2} bytes, fee ${create.fee}`)

// tokentransfer <tokenid> <friend> 25000000: the state is what komodod would look up (the token's create
// transaction and your token outputs); the fee comes from the create's change
/** @param {number} i */
const out = (i) => ({
  txid: tokenid,
  vout: i,
  satoshis: create.tx.vout[i].value,
  script: create.tx.vout[i].script,
})
const transfer = buildTokenTransfer(
  { tokenid, destpubkey: friend, amount: 25_000_000n },
  { pubkey, signer, utxos: [out(2)], height: 1001 },
  { create: create.hex, tokens: [out(1)] },
)
console.log('tokentransfer', transfer.txid)
console.log('to friend    ', transfer.tx.vout[0].value, 'units; back to me', transfer.tx.vout[1].value)
console.log('payload      ', decodeTokensOpret(transfer.tx.vout[transfer.tx.vout.length - 1].script))
