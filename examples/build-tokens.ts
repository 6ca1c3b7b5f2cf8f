// README example: create a token and send some of it, offline, from your own coins.
import { getPublicKey } from '@noble/secp256k1'
import { buildTokenCreate, buildTokenTransfer } from '../src/modules/tokens/build.js'
import { decodeTokensOpret } from '../src/modules/tokens/opret.js'
import { p2pkScript } from '../src/script/script.js'
import { sha256 } from '../src/hash/index.js'

export function tokensExample() {
  const privateKey = sha256(new TextEncoder().encode('1')) // test key: never use a hashed word for real coins
  const pubkey = getPublicKey(privateKey, true)
  const friend = getPublicKey(sha256(new TextEncoder().encode('2')), true)
  // your spendable coins, e.g. from `getaddressutxos` (P2PK or P2PKH of your key)
  const utxos = [{ txid: '11'.repeat(32), vout: 0, satoshis: 2_000_000_000n, script: p2pkScript(pubkey) }]

  // tokencreate DUKE 1 "Duke's custom token": 1 coin = 100,000,000 token units
  const create = buildTokenCreate(
    { name: 'DUKE', supply: '1', description: "Duke's custom token" },
    { pubkey, utxos, height: 1000, privateKey },
  )
  const tokenid = create.txid

  // tokentransfer <tokenid> <friend> 25000000: the state is what komodod would look up
  const coins = [{ txid: create.txid, vout: 2, satoshis: create.tx.vout[2]!.value, script: create.tx.vout[2]!.script }]
  const supply = { txid: create.txid, vout: 1, satoshis: create.tx.vout[1]!.value, script: create.tx.vout[1]!.script }
  const transfer = buildTokenTransfer(
    { tokenid, destpubkey: friend, amount: 25_000_000n },
    { pubkey, utxos: coins, height: 1001, privateKey },
    { create: create.hex, tokens: [supply] },
  )

  return {
    tokenid,
    createHex: create.hex, // sendrawtransaction this
    transferHex: transfer.hex,
    sent: transfer.tx.vout[0]!.value, // 25000000n to the friend's token address
    kept: transfer.tx.vout[1]!.value, // 75000000n back to yours
    opret: decodeTokensOpret(transfer.tx.vout.at(-1)!.script), // { funcid: 't', tokenid, pubkeys: [friend], … }
  }
}
