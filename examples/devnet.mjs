// The embedded devnet: a komodod stand-in on 127.0.0.1 with a premined wallet, blocks mined on demand and a clock
// you can move. Here an oracle's first sample, over HTTP with the RPC client. Run: node examples/devnet.mjs
import { bytesToHex, encodeOracleData, startDevnet } from 'komodo-cc'

const dev = await startDevnet() // a free port, generated credentials, a premined wallet; nothing outside a temp dir
try {
  console.log('devnet at', dev.url, 'chain', dev.chainName, 'height', await dev.rpc.getblockcount())
  const rpc = dev.rpc // a createKomodoRpc client for this node
  const oracletxid = await rpc.sendrawtransaction((await rpc.oraclescreate('BTCUSD', 'BTC/USD in cents', 'L')).hex)
  await dev.mine(1) // komodod's oracles RPCs want the previous step confirmed
  await rpc.sendrawtransaction((await rpc.oraclesfund(oracletxid)).hex)
  await dev.mine(1)
  await rpc.sendrawtransaction((await rpc.oraclesregister(oracletxid, 10000n)).hex) // datafee 10000 sat
  await dev.mine(1)
  await rpc.sendrawtransaction((await rpc.oraclessubscribe(oracletxid, dev.pubkey, '0.001')).hex)
  await dev.mine(1)

  // a sample: 'L' is a 64-bit integer, here $65,123.45 in cents
  const data = await rpc.oraclesdata(oracletxid, bytesToHex(encodeOracleData('L', [6512345n])))
  console.log('oraclesdata', await rpc.sendrawtransaction(data.hex), '(in the mempool)')
  const { registered } = await rpc.oraclesinfo(oracletxid)
  const { samples } = await rpc.oraclessamples(oracletxid, registered[0].baton, 1)
  console.log('height', await rpc.getblockcount(), 'newest sample', samples[0].data)

  // move the clock: the next block is a day later (rewards and dice timeouts read block times)
  /** @param {string} hash */
  const time = async (hash) => /** @type {{ time: number }} */ (await rpc.call('getblock', [hash])).time
  const [today] = await dev.mine(1)
  dev.advanceTime(86400)
  const [tomorrow] = await dev.mine(1)
  const hours = ((await time(tomorrow)) - (await time(today))) / 3600
  console.log('the next block is', Math.round(hours), 'hours later')
} finally {
  await dev.stop() // closes the server and removes its temporary directory
}
