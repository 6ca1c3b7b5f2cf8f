// The key-local wallet over Electrum: the key stays in this process, the chain comes from an Electrum server
// (every transaction checked against its txid), signed transactions go out through it. Here the server is the
// embedded devnet's Electrum endpoint on 127.0.0.1. Run: node examples/electrum-wallet.mjs
import { createElectrumView, createWallet, startDevnet } from 'komodo-cc'

const dev = await startDevnet({ electrum: true }) // dev.electrum = { url: 'tcp://…', wsUrl: 'ws://…' }
if (dev.electrum === undefined) throw new Error('asked for an Electrum endpoint')
const view = createElectrumView({ url: dev.electrum.url })
try {
  const wallet = createWallet({ privateKey: '6b'.repeat(32), view }) // a key the devnet never sees
  console.log('wallet', wallet.address, 'over', dev.electrum.url)
  await dev.rpc.call('sendtoaddress', [wallet.address, '10']) // coins from the devnet's own wallet
  await dev.mine(1)

  // the daemon's methods and parameter names (each is also wallet.<method>(positional…))
  const token = await wallet.call('tokencreate', { name: 'DEMO', supply: '0.001', description: 'over Electrum' })
  console.log('tokencreate  ', token.txid, 'fee', token.fee)
  await dev.mine(1) // komodod's tokentransfer spends confirmed token outputs only
  const friend = '0279be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798' // any key on the curve (here G)
  const sent = await wallet.call('tokentransfer', { tokenid: token.txid, destpubkey: friend, amount: 40_000n })
  console.log('tokentransfer', sent.txid, 'fee', sent.fee)
  const oracle = await wallet.call('oraclescreate', { name: 'DEMO', description: 'over Electrum', format: 'L' })
  console.log('oraclescreate', oracle.txid, 'fee', oracle.fee)
  await dev.mine(1)

  // reads are computed here from the same Electrum source, in the daemon's shape
  /** @typedef {{ balance: bigint }} Balance */
  const mine = /** @type {Balance} */ (await wallet.read('tokenbalance', { tokenid: token.txid }))
  const theirs = /** @type {Balance} */ (await wallet.read('tokenbalance', { tokenid: token.txid, pubkey: friend }))
  const info = /** @type {{ name: string, format: string }} */ (
    await wallet.read('oraclesinfo', { oracletxid: oracle.txid })
  )
  console.log('balances      mine', mine.balance, 'friend', theirs.balance)
  console.log('oraclesinfo  ', info.name, info.format)
  console.log('electrum round trips', view.client.stats.roundTrips)
} finally {
  view.close()
  await dev.stop()
}
