// A publisher's session with komodod: create an oracle, register as its publisher, read it back.
// Every state-changing call returns hex; `submit` inspects it, refuses anything that is not what was asked
// (method, parameters, change to me, fee bound), broadcasts it once and waits for the mempool.
import { createKomodoRpc, submit } from '../src/rpc/index.js'
import type { KomodoRpc } from '../src/rpc/index.js'

export async function publisherSession(rpc: KomodoRpc, myAddress: string) {
  const created = await rpc.oraclescreate('NYWTHR', 'Weather in NYC', 'L')
  const { txid: oracletxid } = await submit(rpc, created, {
    method: 'oraclescreate',
    params: { name: 'NYWTHR', description: 'Weather in NYC', format: 'L' },
    changeAddress: myAddress,
  })

  const registered = await rpc.oraclesregister(oracletxid, 1000000n) // datafee: 0.01 coin, in satoshis
  await submit(rpc, registered, {
    method: 'oraclesregister',
    params: { oracletxid, datafee: 1000000n },
    changeAddress: myAddress,
  })

  const info = await rpc.oraclesinfo(oracletxid)
  return {
    oracletxid,
    publishers: info.registered.map((p) => ({ publisher: p.publisher, baton: p.baton, datafee: p.datafee })),
  }
}

// Against a real node: credentials come from ~/.komodo/<CHAIN>/<CHAIN>.conf.
export async function main(chain: string, myAddress: string) {
  const rpc = createKomodoRpc({ chain })
  console.log(await publisherSession(rpc, myAddress))
}
