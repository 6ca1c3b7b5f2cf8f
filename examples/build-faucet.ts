// README example: fund the faucet, and take 0.1 coin from it with the proof of work, offline.
import { getPublicKey } from '@noble/secp256k1'
import { buildFaucetFund, buildFaucetGetAsync } from '../src/modules/faucet/build.js'
import { p2pkScript } from '../src/script/script.js'
import { sha256 } from '../src/hash/index.js'

export async function faucetExample() {
  const privateKey = sha256(new TextEncoder().encode('1'))
  const pubkey = getPublicKey(privateKey, true)
  const utxos = [{ txid: '11'.repeat(32), vout: 0, satoshis: 20_000_000_000n, script: p2pkScript(pubkey) }]
  // faucetfund 10
  const fund = buildFaucetFund({ amount: '10' }, { pubkey, utxos, height: 1000, privateKey })

  // faucetget: no key needed (the faucet's own key is public); the recipient must be a brand-new address.
  // The state is the faucet's unspent outputs (getaddressutxos of R9zHrofhRbub7ER77B7NrVch3A63R39GuC, CC index).
  const faucetUtxos = [{ txid: 'ab'.repeat(32), vout: 0, satoshis: 1_000_000_000n, script: fund.tx.vout[0]!.script }]
  const controller = new AbortController()
  const got = await buildFaucetGetAsync(
    {},
    { pubkey, utxos: [], height: 1000 },
    { faucetUtxos },
    {
      // 65,536 nonces on average, well under a second: the faucet's public key signs every try with one fixed nonce
      signal: controller.signal,
      onProgress: (tried) => {
        if (tried > 2_000_000) controller.abort()
      },
    },
  )
  return { fundHex: fund.hex, getHex: got.hex, txid: got.txid, nonce: got.nonce, payout: got.tx.vout[1]!.value }
}
