// The ChainView contract over komodod's JSON-RPC (createRpcView), served by the devnet's HTTP JSON-RPC server.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { bytesToHex } from '../../src/bytes/hex.js'
import { countingView } from '../../src/cctx/counting-view.js'
import { normalCoins, StateReader } from '../../src/cctx/resolve.js'
import type { Devnet } from '../../src/devnet/server.js'
import { startTestDevnet } from '../_util/devnet.js'
import { createKomodoRpc } from '../../src/rpc/client.js'
import { createRpcView } from '../../src/rpc/view.js'
import { keySigner } from '../../src/tx/sign.js'
import { buildContractChain, chainViewContract, CONTRACT_KEY, type ContractChain } from './contract.js'

chainViewContract('JSON-RPC view (createRpcView over the devnet server)', (dev) =>
  createRpcView(createKomodoRpc({ url: dev.url, user: dev.user, password: dev.password })),
)
// batches of one call each: the same answers, in more requests
chainViewContract('JSON-RPC view, maxBatch 1', (dev) =>
  createRpcView(createKomodoRpc({ url: dev.url, user: dev.user, password: dev.password }), { maxBatch: 1 }),
)

describe('HTTP requests per contract method (the figures of docs/wallet/chain-sources.md)', () => {
  let dev: Devnet
  let chain: ContractChain
  beforeAll(async () => {
    dev = await startTestDevnet()
    chain = await buildContractChain(dev)
  }, 60_000)
  afterAll(async () => {
    await dev?.stop()
  })

  test('one request per method (getAddressMempool two when the mempool pays the address); a StateReader adds one batch of transactions per list it checks', async () => {
    let requests = 0
    const counting: typeof fetch = (input, init) => {
      requests++
      return fetch(input, init)
    }
    const rpc = createKomodoRpc({ url: dev.url, user: dev.user, password: dev.password, fetch: counting })
    const view = createRpcView(rpc)
    const per = async (f: () => Promise<unknown>): Promise<number> => {
      const before = requests
      await f()
      return requests - before
    }
    const ids = chain.ledger.map((e) => e.txid)
    const figures: Record<string, number> = {
      getTransaction: await per(() => view.getTransaction(ids[0]!)),
      [`getTransactions (${ids.length} txids)`]: await per(() => view.getTransactions!(ids)),
      listUnspent: await per(() => view.listUnspent(chain.keyAddress)),
      'getAddressMempool (mempool pays it)': await per(() => view.getAddressMempool(chain.keyAddress)),
      'getAddressMempool (nothing)': await per(() => view.getAddressMempool(chain.emptyAddress)),
      getAddressHistory: await per(() => view.getAddressHistory(chain.keyAddress)),
      getMempool: await per(() => view.getMempool()),
      getHeight: await per(() => view.getHeight()),
      'getBlockTimes (4 heights)': await per(() => view.getBlockTimes!([0, 1, 2, 3])),
    }
    expect(figures).toEqual({
      getTransaction: 1,
      [`getTransactions (${ids.length} txids)`]: 1,
      listUnspent: 1,
      'getAddressMempool (mempool pays it)': 2,
      'getAddressMempool (nothing)': 1,
      getAddressHistory: 1,
      getMempool: 1,
      getHeight: 1,
      'getBlockTimes (4 heights)': 1,
    })
    // more txids than maxBatch: one batch per maxBatch
    const small = createRpcView(rpc, { maxBatch: 4 })
    expect(await per(() => small.getTransactions!(ids))).toBe(Math.ceil(ids.length / 4))
    // normalCoins through a StateReader: listUnspent, a batch of its transactions, getAddressMempool (2), a batch
    // of the mempool outputs' transactions
    const counted = countingView(view)
    const reader = new StateReader(counted.view)
    const normal = await per(() => normalCoins(reader, bytesToHex(keySigner(CONTRACT_KEY).publicKey)))
    figures['normalCoins (StateReader)'] = normal
    expect(reader.roundTrips).toBe(4)
    expect(counted.counts).toMatchObject({ listUnspent: 1, getTransactions: 2, getAddressMempool: 1 })
    expect(normal).toBe(5)
    console.log('HTTP requests per ChainView call (createRpcView):', figures)
  })
})
