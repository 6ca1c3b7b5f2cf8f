// README example: the embedded devnet — an oracle publisher's first sample, over HTTP with the RPC client.
import { bytesToHex, encodeOracleData } from '../src/index.js'
import { startDevnet } from '../src/devnet/index.js'

export async function devnetExample() {
  const dev = await startDevnet() // 127.0.0.1, a free port, generated credentials, a premined wallet
  try {
    const rpc = dev.rpc // or createKomodoRpc({ chain: 'DEVNET', dataDir: dev.dataDir }), which reads the conf file
    const oracletxid = await rpc.sendrawtransaction((await rpc.oraclescreate('BTCUSD', 'BTC/USD in cents', 'L')).hex)
    await dev.mine(1)
    await rpc.sendrawtransaction((await rpc.oraclesfund(oracletxid)).hex)
    await dev.mine(1)
    await rpc.sendrawtransaction((await rpc.oraclesregister(oracletxid, 10000n)).hex) // datafee 10000 sat
    await dev.mine(1)
    await rpc.sendrawtransaction((await rpc.oraclessubscribe(oracletxid, dev.pubkey, '0.001')).hex)
    await dev.mine(1)
    const data = await rpc.oraclesdata(oracletxid, bytesToHex(encodeOracleData('L', [6512345n])))
    await rpc.sendrawtransaction(data.hex)
    const { registered } = await rpc.oraclesinfo(oracletxid)
    const { samples } = await rpc.oraclessamples(oracletxid, registered[0]!.baton, 1)
    return { height: await rpc.getblockcount(), sample: samples[0]!.data } // { height: 4, sample: ['6512345'] }
  } finally {
    await dev.stop()
  }
}
