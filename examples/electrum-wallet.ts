// docs/electrum.md example: the key-local wallet over Electrum, against the devnet's Electrum endpoint. The key stays
// in this process; the chain comes from the Electrum server (script-hash queries, every transaction checked against
// its txid); the signed transactions go out through blockchain.transaction.broadcast.
import { createElectrumView, createWallet } from '../src/index.js'
import { startDevnet } from '../src/node.js'

export async function electrumWalletExample(transport: 'tcp' | 'ws' = 'tcp') {
  const dev = await startDevnet({ electrum: true }) // dev.electrum = { host, port, url: 'tcp://…', wsUrl: 'ws://…' }
  const view = createElectrumView({ url: transport === 'tcp' ? dev.electrum!.url : dev.electrum!.wsUrl })
  try {
    const wallet = createWallet({ privateKey: '6b'.repeat(32), view }) // a key the devnet never sees
    await dev.rpc.call('sendtoaddress', [wallet.address, '10']) // coins from the devnet's own wallet
    await dev.mine(1)

    // the daemon's methods and parameter names (each is also wallet.<method>(positional…))
    const token = await wallet.call('tokencreate', { name: 'DEMO', supply: '0.001', description: 'over Electrum' })
    await dev.mine(1) // komodod's tokentransfer spends confirmed token outputs only
    const friend = '02' + '11'.repeat(32)
    const sent = await wallet.call('tokentransfer', { tokenid: token.txid, destpubkey: friend, amount: 40_000n })
    await dev.mine(1)
    const oracle = await wallet.call('oraclescreate', { name: 'DEMO', description: 'over Electrum', format: 'L' })
    await dev.mine(1)

    // reads are computed here from the same Electrum source, in the daemon's shape
    const mine = (await wallet.read('tokenbalance', { tokenid: token.txid })) as { balance: bigint }
    const theirs = (await wallet.read('tokenbalance', { tokenid: token.txid, pubkey: friend })) as { balance: bigint }
    const info = (await wallet.read('oraclesinfo', { oracletxid: oracle.txid })) as { name: string; format: string }
    return {
      txids: [token.txid, sent.txid, oracle.txid],
      fees: [token.fee, sent.fee, oracle.fee], // 10000n each
      balances: { mine: mine.balance, theirs: theirs.balance }, // { mine: 60000n, theirs: 40000n }
      oracle: { name: info.name, format: info.format }, // { name: 'DEMO', format: 'L' }
      electrumMessages: view.client.stats.roundTrips, // a batch counts once
    }
  } finally {
    view.close()
    await dev.stop()
  }
}
