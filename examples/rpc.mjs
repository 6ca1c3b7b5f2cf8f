// The komodod JSON-RPC client and its safe two-step flow: the daemon builds hex, `submit` checks it (method,
// parameters, change to me, fee) before it broadcasts once and waits for the mempool. Runs against an embedded devnet
// on 127.0.0.1; for a real node use createKomodoRpc({ chain: 'MYCHAIN' }). Run: node examples/rpc.mjs
import { createKomodoRpc, isKomodoCcError, p2pkhAddress, startDevnet, submit } from 'komodo-cc'

const dev = await startDevnet() // writes a DEVNET.conf with generated credentials into a temporary directory
try {
  // as for a real node: the credentials come from <dataDir>/<CHAIN>.conf (default ~/.komodo/<CHAIN>/<CHAIN>.conf)
  const rpc = createKomodoRpc({ chain: 'DEVNET', dataDir: dev.dataDir })
  const changeAddress = p2pkhAddress(dev.pubkey) // the node's -pubkey: its change comes back here
  console.log('node at height', await rpc.getblockcount(), 'change to', changeAddress)

  const params = { name: 'NYWTHR', description: 'Weather in NYC', format: 'L' }
  const created = await submit(rpc, await rpc.oraclescreate('NYWTHR', 'Weather in NYC', 'L'), {
    method: 'oraclescreate',
    params,
    changeAddress,
  })
  const oracletxid = created.txid
  console.log('oraclescreate  ', oracletxid, created.status)
  await dev.mine(1)
  const funded = await submit(rpc, await rpc.oraclesfund(oracletxid), {
    method: 'oraclesfund',
    params: { oracletxid },
    changeAddress,
  })
  console.log('oraclesfund    ', funded.txid, funded.status)
  await dev.mine(1)

  // submit refuses hex that does not do what was asked, before anything is sent
  const register = await rpc.oraclesregister(oracletxid, 1_000_000n) // datafee 0.01 coin, in satoshis
  /** @param {bigint} datafee */
  const asked = (datafee) => ({ method: 'oraclesregister', params: { oracletxid, datafee }, changeAddress })
  try {
    await submit(rpc, register, asked(2_000_000n))
  } catch (e) {
    if (!isKomodoCcError(e)) throw e
    console.log('refused        ', e.code, 'check:', e.details.check)
  }
  const registered = await submit(rpc, register, asked(1_000_000n))
  console.log('oraclesregister', registered.txid, registered.status, 'fee', registered.fee)

  await dev.mine(1)
  const info = await rpc.oraclesinfo(oracletxid)
  for (const p of info.registered) console.log('publisher      ', p.publisher, 'datafee', p.datafee)
} finally {
  await dev.stop()
}
