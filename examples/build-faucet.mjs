// Offline builders: fund the faucet, then take 0.1 coin from it with `faucetget`'s proof of work (a txid that starts
// and ends with a zero byte), in this process. Run: node examples/build-faucet.mjs
import { keySigner, p2pkScript } from 'komodo-cc'
import { sha256 } from 'komodo-cc/hash'
import { utf8ToBytes } from 'komodo-cc/bytes'
import { buildFaucetFund, buildFaucetGetAsync } from 'komodo-cc/faucet'

const signer = keySigner(sha256(utf8ToBytes('1'))) // a test key: never use a hashed word for real coins
const pubkey = signer.publicKey
const utxos = [{ txid: '11'.repeat(32), vout: 0, satoshis: 20_000_000_000n, script: p2pkScript(pubkey) }]

// faucetfund 10
const fund = buildFaucetFund({ amount: '10' }, { pubkey, signer, utxos, height: 1000 })
console.log('faucetfund', fund.txid, `${fund.tx.vout[0].value} sat to the faucet`)

// faucetget: no key needed (the faucet's own key is public); the recipient must be a brand-new address. The state is
// the faucet's unspent outputs (getaddressutxos of R9zHrofhRbub7ER77B7NrVch3A63R39GuC, the CC index).
const faucetUtxos = [{ txid: fund.txid, vout: 0, satoshis: fund.tx.vout[0].value, script: fund.tx.vout[0].script }]
const started = Date.now()
const got = await buildFaucetGetAsync(
  {},
  { pubkey, utxos: [], height: 1001 },
  { faucetUtxos },
  { signal: AbortSignal.timeout(60_000) }, // 65,536 tries on average, about a second
)
console.log('faucetget ', got.txid, `nonce ${got.nonce}, ${got.attempts} tries in ${Date.now() - started} ms`)
console.log('payout    ', got.tx.vout[1].value, 'sat')
