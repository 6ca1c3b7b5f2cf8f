// The ChainView contract over the devnet's own view and over Electrum (TCP, WebSocket, with inclusion checks),
// against the same chain: confirmed, mempool-spent, mempool-only, P2PK, P2PKH and CC state.
import { afterAll, beforeAll } from 'vitest'
import { p2pkhAddress } from '../../src/address/address.js'
import { ccAddress } from '../../src/cc/address.js'
import { EVAL } from '../../src/cc/eval.js'
import { startDevnet, type Devnet } from '../../src/devnet/server.js'
import { createElectrumView, type ElectrumView } from '../../src/electrum/view.js'
import { buildChainState } from './_helpers.js'
import { chainViewContract } from './contract.js'

let dev: Devnet
let tcp: ElectrumView
let ws: ElectrumView
let verifying: ElectrumView
let addresses: string[]
beforeAll(async () => {
  dev = await startDevnet({ electrum: true })
  await buildChainState(dev)
  addresses = [
    p2pkhAddress(dev.pubkey),
    ccAddress(EVAL.TOKENS, dev.pubkey),
    ccAddress(EVAL.TOKENS, '02' + '11'.repeat(32)),
  ]
  tcp = createElectrumView({ url: dev.electrum!.url, pubkeys: [dev.pubkey] })
  ws = createElectrumView({ url: dev.electrum!.wsUrl, pubkeys: [dev.pubkey] })
  verifying = createElectrumView({
    host: '127.0.0.1',
    port: dev.electrum!.port,
    pubkeys: [dev.pubkey],
    verifyInclusion: { checkpoint: { height: 0, hash: dev.chain.blocks[0]!.hash } },
  })
}, 30_000)
afterAll(async () => {
  for (const v of [tcp, ws, verifying]) v?.close()
  await dev?.stop()
})

chainViewContract('the devnet view', () => ({ view: dev.view, dev, addresses }))
chainViewContract('Electrum over TCP', () => ({ view: tcp, dev, addresses, partialMempool: true }))
chainViewContract('Electrum over WebSocket', () => ({ view: ws, dev, addresses, partialMempool: true }))
chainViewContract('Electrum with verifyInclusion', () => ({ view: verifying, dev, addresses, partialMempool: true }))
