// Faults of the JSON-RPC chain source (issue 18): small HTTP servers on 127.0.0.1 that cut replies, answer garbage,
// answer another id, send too much, never answer, or lie (bytes of another transaction, a UTXO of another value, a
// mempool that lags). Each ends in a typed KomodoCcError (or a correct retry), no error carries a form of the
// password, and nothing is signed from what did not check out.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { ServerResponse } from 'node:http'
import { bytesToHex, hexToBytes } from '../../src/bytes/hex.js'
import { p2pkhAddress } from '../../src/address/address.js'
import { normalCoins, StateReader } from '../../src/cctx/resolve.js'
import type { ChainView, Utxo } from '../../src/cctx/types.js'
import { countingView } from '../../src/cctx/counting-view.js'
import type { Devnet } from '../../src/devnet/server.js'
import { startTestDevnet } from '../_util/devnet.js'
import { KomodoCcError } from '../../src/errors.js'
import { hash160 } from '../../src/hash/index.js'
import { createKomodoRpc } from '../../src/rpc/client.js'
import { RpcError } from '../../src/rpc/transport.js'
import { createRpcView } from '../../src/rpc/view.js'
import { p2pkhScript } from '../../src/script/script.js'
import { serializeTransaction } from '../../src/tx/codec.js'
import { keySigner, signTransaction, type Signer } from '../../src/tx/sign.js'
import { DEFAULT_TX_EXPIRY_DELTA, SAPLING_VERSION_GROUP_ID, type Transaction } from '../../src/tx/types.js'
import { startServer, sendJson, sendText, sendTruncated, type Captured, type TestServer } from '../rpc/_server.js'
import { endlessBody, expectTypedAndClean, leakForms, nested, rejection } from '../rpc/_hostile.js'

const USER = 'viewuser'
const PASSWORD = 'p@ss "word"/ü+secret'
const FORMS = leakForms(PASSWORD, { user: USER })
const TXID_A = 'aa'.repeat(32)
const ADDRESS = 'RKxTdfmtxtfLDKZBgx6SvNkBtNu9jRYnLh'

type Call = { id: string; method: string; params: unknown[] }
type Rewrite = (call: Call, reply: { result: unknown; error: unknown }) => { result: unknown; error: unknown } | 'drop'

/** A view over `url` with the test's credentials. */
const viewAt = (url: string, o: { timeoutMs?: number; maxResponseBytes?: number } = {}) =>
  createRpcView(createKomodoRpc({ url, user: USER, password: PASSWORD, ...o }))

/** Runs `f`, which must reject with a KomodoCcError of `code` carrying no form of the password. */
async function fails(code: string, f: () => Promise<unknown>): Promise<KomodoCcError> {
  const { error } = await rejection(f)
  const e = expectTypedAndClean(error, FORMS)
  expect(e.code, e.message).toBe(code)
  return e
}

/** A spy signer: counts what it is asked to sign. */
function spySigner(privateKey: Uint8Array): Signer & { calls: number } {
  const inner = keySigner(privateKey)
  const spy = {
    publicKey: inner.publicKey,
    calls: 0,
    sign(d: Uint8Array) {
      spy.calls++
      return inner.sign(d)
    },
  }
  return spy
}

/** A resolver in miniature: read the key's coins through a StateReader, then sign a spend of the first one. */
async function spendFirstCoin(view: ChainView, signer: Signer, height: number, txid?: string): Promise<string> {
  const coins: Utxo[] = await normalCoins(new StateReader(view), signer.publicKey)
  // the first in the wallet's order (txid), or the coin of `txid`
  const coin = txid === undefined ? coins[0]! : coins.find((c) => c.txid === txid)!
  const tx: Transaction = {
    overwintered: true,
    version: 4,
    versionGroupId: SAPLING_VERSION_GROUP_ID,
    vin: [{ txid: coin.txid, vout: coin.vout, scriptSig: new Uint8Array(0), sequence: 0xffffffff }],
    vout: [{ value: coin.satoshis - 25_000n, script: p2pkhScript(hash160(signer.publicKey)) }],
    lockTime: 0,
    expiryHeight: height + 1 + DEFAULT_TX_EXPIRY_DELTA,
    valueBalance: 0n,
    shieldedSpends: [],
    shieldedOutputs: [],
    joinSplits: [],
  }
  const signed = signTransaction(tx, [{ value: coin.satoshis, script: coin.script }], [signer])
  return bytesToHex(serializeTransaction(signed))
}

describe('transport faults: each a typed error, no credential in it', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startServer((_req, res) => sendJson(res, 200, { result: null, error: null, id: null }))
  })
  afterAll(async () => {
    await server.close()
  })
  const every = (v: ChainView): [string, () => Promise<unknown>][] => [
    ['getTransaction', () => v.getTransaction(TXID_A)],
    ['getTransactions', () => v.getTransactions!([TXID_A, 'bb'.repeat(32)])],
    ['listUnspent', () => v.listUnspent(ADDRESS)],
    ['getAddressMempool', () => v.getAddressMempool(ADDRESS)],
    ['getAddressHistory', () => v.getAddressHistory(ADDRESS)],
    ['getMempool', () => v.getMempool()],
    ['getHeight', () => v.getHeight()],
  ]

  test('a disconnect mid-reply: RPC_HTTP (truncated), single calls and batches', async () => {
    server.setHandler((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' })
      res.write('{"result":[{"address":"R')
      setTimeout(() => res.socket?.destroy(), 10)
    })
    for (const [what, f] of every(viewAt(server.url))) {
      const e = await fails('RPC_HTTP', f)
      expect(e.details.reason, what).toBe('truncated')
    }
  })

  test('a truncated reply (Content-Length promises more): RPC_HTTP', async () => {
    server.setHandler((_req, res) => sendTruncated(res, '[{"result":1,', 4000))
    for (const [, f] of every(viewAt(server.url))) await fails('RPC_HTTP', f)
  })

  test('a garbage body: RPC_HTTP (bad-json)', async () => {
    server.setHandler((_req, res) => sendText(res, 200, '<html>hello</html>', 'text/html'))
    for (const [what, f] of every(viewAt(server.url))) {
      const e = await fails('RPC_HTTP', f)
      expect(e.details.reason, what).toBe('bad-json')
    }
  })

  test('a reply for another id: RPC_RESULT, single calls and batches', async () => {
    server.setHandler((req, res) => {
      const body = JSON.parse(req.body) as Call | Call[]
      if (Array.isArray(body))
        sendJson(
          res,
          200,
          body.map((c, i) => ({ result: [], error: null, id: i === 0 ? 'someone-else' : c.id })),
        )
      else sendJson(res, 200, { result: 5, error: null, id: 'someone-else' })
    })
    for (const [, f] of every(viewAt(server.url))) await fails('RPC_RESULT', f)
  })

  test('a batch reply missing an answer, answering one twice, or not an array: typed', async () => {
    const v = viewAt(server.url)
    server.setHandler((req, res) => {
      const body = JSON.parse(req.body) as Call[]
      sendJson(res, 200, [{ result: [], error: null, id: body[0]!.id }])
    })
    expect((await fails('RPC_RESULT', () => v.listUnspent(ADDRESS))).details.reason).toBe('missing')
    server.setHandler((req, res) => {
      const body = JSON.parse(req.body) as Call[]
      sendJson(
        res,
        200,
        [body[0], body[0]].map((c) => ({ result: [], error: null, id: c!.id })),
      )
    })
    expect((await fails('RPC_RESULT', () => v.listUnspent(ADDRESS))).details.reason).toBe('id')
    server.setHandler((_req, res) => sendJson(res, 200, { result: [], error: null, id: 'x' }))
    expect((await fails('RPC_HTTP', () => v.listUnspent(ADDRESS))).details.reason).toBe('bad-envelope')
    // a whole-batch error object (what komodod answers when it cannot read the batch)
    server.setHandler((_req, res) =>
      sendJson(res, 500, { result: null, error: { code: -32700, message: 'Parse error' }, id: null }),
    )
    const e = await fails('RPC_ERROR', () => v.listUnspent(ADDRESS))
    expect((e as RpcError).rpcCode).toBe(-32700)
  })

  test('a huge reply: RESPONSE_TOO_LARGE, announced or streamed, and little of it read', async () => {
    const v = viewAt(server.url, { maxResponseBytes: 64 * 1024 })
    server.setHandler((req, res) => {
      const body = JSON.parse(req.body) as Call | Call[]
      const big = 'ab'.repeat(100_000)
      const reply = (c: Call) => ({ result: big, error: null, id: c.id })
      sendJson(res, 200, Array.isArray(body) ? body.map(reply) : reply(body))
    })
    for (const [, f] of every(v)) await fails('RESPONSE_TOO_LARGE', f)
    const endless = endlessBody(64 * 1024 * 1024)
    server.setHandler((_req, res) => endless.handler(res))
    await fails('RESPONSE_TOO_LARGE', () => v.listUnspent(ADDRESS))
    expect(endless.sent()).toBeLessThan(8 * 1024 * 1024)
  })

  test('a reply nested too deep: RPC_HTTP (too-deep)', async () => {
    server.setHandler((_req, res) => sendText(res, 200, nested(100_000), 'application/json'))
    const e = await fails('RPC_HTTP', () => viewAt(server.url).listUnspent(ADDRESS))
    expect(e.details.reason).toBe('too-deep')
  })

  test('a server that never answers: RPC_TIMEOUT within the timeout, single calls and batches', async () => {
    const pending: ServerResponse[] = []
    server.setHandler((_req, res) => {
      pending.push(res)
    })
    const v = viewAt(server.url, { timeoutMs: 200 })
    const t0 = performance.now()
    for (const [, f] of every(v)) await fails('RPC_TIMEOUT', f)
    expect(performance.now() - t0).toBeLessThan(7 * 200 + 3000)
    for (const r of pending) r.destroy()
  })

  test('a daemon error that echoes the credentials, in a batch reply: RPC_ERROR, scrubbed', async () => {
    server.setHandler((req: Captured, res) => {
      const body = JSON.parse(req.body) as Call | Call[]
      const echo = `bad request from ${req.headers.authorization} with ${PASSWORD} / ${JSON.stringify(PASSWORD)} / ${encodeURIComponent(PASSWORD)}`
      const reply = (c: Call) => ({ result: null, error: { code: -1, message: echo }, id: c.id })
      sendJson(res, 200, Array.isArray(body) ? body.map(reply) : reply(body))
    })
    for (const [, f] of every(viewAt(server.url))) {
      const e = await fails('RPC_ERROR', f)
      expect((e as RpcError).daemonMessage).toContain('***')
    }
  })

  test('a result of the wrong shape: RPC_RESULT naming the method', async () => {
    server.setHandler((req, res) => {
      const body = JSON.parse(req.body) as Call | Call[]
      const reply = (c: Call) => ({ result: { unexpected: true }, error: null, id: c.id })
      sendJson(res, 200, Array.isArray(body) ? body.map(reply) : reply(body))
    })
    for (const [, f] of every(viewAt(server.url))) {
      const e = await fails('RPC_RESULT', f)
      expect(e).toBeInstanceOf(RpcError)
    }
  })
})

describe('lying and lagging nodes: a proxy in front of the devnet that rewrites its answers', () => {
  let dev: Devnet
  let proxy: TestServer
  let rewrite: Rewrite = (_c, r) => r
  const key = hexToBytes('00'.repeat(31) + '33')
  const keyAddress = p2pkhAddress(keySigner(key).publicKey)
  let funding: string // the key's coins: a confirmed transaction with two outputs to it
  let spentInPool: string // a mempool spend of the first of them

  beforeAll(async () => {
    dev = await startTestDevnet()
    const pk = keySigner(key).publicKey
    funding = await dev.rpc.call('sendtoaddress', [keyAddress, '5']).then(String)
    await dev.rpc.call('sendtoaddress', [keyAddress, '7'])
    await dev.mine(1)
    // the key spends its first coin in the mempool
    const [first] = (await dev.view.listUnspent(keyAddress)).filter((u) => u.txid === funding)
    const tx: Transaction = {
      overwintered: true,
      version: 4,
      versionGroupId: SAPLING_VERSION_GROUP_ID,
      vin: [{ txid: first!.txid, vout: first!.vout, scriptSig: new Uint8Array(0), sequence: 0xffffffff }],
      vout: [{ value: first!.satoshis - 10_000n, script: p2pkhScript(hash160(pk)) }],
      lockTime: 0,
      expiryHeight: dev.chain.height + 1 + DEFAULT_TX_EXPIRY_DELTA,
      valueBalance: 0n,
      shieldedSpends: [],
      shieldedOutputs: [],
      joinSplits: [],
    }
    const hex = bytesToHex(
      serializeTransaction(signTransaction(tx, [{ value: first!.satoshis, script: first!.script }], [key])),
    )
    spentInPool = await dev.rpc.sendrawtransaction(hex)
    // forwards every call to the devnet, then lets the test rewrite each reply
    proxy = await startServer(async (req, res) => {
      const body = JSON.parse(req.body) as Call | Call[]
      const calls = Array.isArray(body) ? body : [body]
      const upstream = await fetch(dev.url, {
        method: 'POST',
        headers: { authorization: 'Basic ' + Buffer.from(`${dev.user}:${dev.password}`).toString('base64') },
        body: JSON.stringify(calls),
      })
      const replies = (await upstream.json()) as { result: unknown; error: unknown; id: string }[]
      const out = calls.flatMap((c, i) => {
        const r = rewrite(c, replies[i]!)
        return r === 'drop' ? [] : [{ ...r, id: c.id }]
      })
      sendJson(res, 200, Array.isArray(body) ? out : (out[0] ?? { result: null, error: null, id: 'gone' }))
    })
  }, 30_000)
  afterAll(async () => {
    await proxy?.close()
    await dev?.stop()
  })
  const honest: Rewrite = (_c, r) => r

  test('through the honest proxy the key spends a coin the node accepts (the fixture works)', async () => {
    rewrite = honest
    const view = viewAt(proxy.url)
    const signer = spySigner(key)
    const coins = await normalCoins(new StateReader(view), signer.publicKey)
    expect(coins.map((c) => c.txid)).not.toContain(funding) // spent in the mempool: excluded
    expect(coins.map((c) => c.txid)).toContain(spentInPool)
  })

  test('bytes of another transaction for a txid: CHAIN_MISMATCH from the StateReader, nothing signed', async () => {
    const other = dev.chain.blocks[0]!.txids[0]!
    rewrite = (c, r) =>
      c.method === 'getrawtransaction' && c.params[0] !== other
        ? { result: dev.chain.txs.get(other)!.hex, error: null }
        : r
    const view = viewAt(proxy.url)
    const e = await fails('CHAIN_MISMATCH', () => new StateReader(view).tx(funding))
    expect(e.details).toMatchObject({ txid: funding, got: other })
    const signer = spySigner(key)
    await fails('CHAIN_MISMATCH', () => spendFirstCoin(view, signer, dev.chain.height))
    expect(signer.calls).toBe(0)
    // in a batch too (getTransactions), and where the view itself reads a mempool output's script
    await fails('CHAIN_MISMATCH', () => new StateReader(view).txs([funding, spentInPool]))
    await fails('CHAIN_MISMATCH', () => view.getAddressMempool(keyAddress))
  })

  test('a UTXO claimed with a wrong value: CHAIN_MISMATCH naming the claim, nothing signed', async () => {
    rewrite = (c, r) => {
      if (c.method !== 'getaddressutxos' || !Array.isArray(r.result)) return r
      return { ...r, result: (r.result as { satoshis: number }[]).map((u) => ({ ...u, satoshis: u.satoshis + 1 })) }
    }
    const view = viewAt(proxy.url)
    const signer = spySigner(key)
    const e = await fails('CHAIN_MISMATCH', () => spendFirstCoin(view, signer, dev.chain.height))
    expect(e.message).toMatch(/claims [0-9a-f]{64}:\d+ holds \d+ sat, its transaction says \d+ sat/)
    expect(signer.calls).toBe(0)
  })

  test('a mempool output claimed with a wrong value, or at an output the transaction lacks: CHAIN_MISMATCH', async () => {
    const bump =
      (field: 'satoshis' | 'index'): Rewrite =>
      (c, r) => {
        if (c.method !== 'getaddressmempool' || !Array.isArray(r.result)) return r
        return {
          ...r,
          result: (r.result as { satoshis: number; index: number; prevtxid?: string }[]).map((d) =>
            d.prevtxid === undefined ? { ...d, [field]: d[field] + 7 } : d,
          ),
        }
      }
    rewrite = bump('satoshis')
    await fails('CHAIN_MISMATCH', () => viewAt(proxy.url).getAddressMempool(keyAddress))
    rewrite = bump('index')
    await fails('CHAIN_MISMATCH', () => viewAt(proxy.url).getAddressMempool(keyAddress))
  })

  test('entries of another address, or a script that pays elsewhere: CHAIN_MISMATCH', async () => {
    const elsewhere = p2pkhAddress(keySigner(hexToBytes('00'.repeat(31) + '44')).publicKey)
    rewrite = (c, r) =>
      Array.isArray(r.result) && c.method.startsWith('getaddress')
        ? { ...r, result: (r.result as object[]).map((x) => ({ ...x, address: elsewhere })) }
        : r
    const view = viewAt(proxy.url)
    for (const f of [
      () => view.listUnspent(keyAddress),
      () => view.getAddressMempool(keyAddress),
      () => view.getAddressHistory(keyAddress),
    ])
      await fails('CHAIN_MISMATCH', f)
    rewrite = (c, r) =>
      c.method === 'getaddressutxos' && Array.isArray(r.result)
        ? {
            ...r,
            result: (r.result as object[]).map((x) => ({
              ...x,
              script: bytesToHex(p2pkhScript(new Uint8Array(20).fill(9))),
            })),
          }
        : r
    await fails('CHAIN_MISMATCH', () => view.listUnspent(keyAddress))
  })

  test('a block of another height for a block time: CHAIN_MISMATCH; a height above the tip: the daemon refuses (-8)', async () => {
    rewrite = (c, r) =>
      c.method === 'getblock' && typeof r.result === 'object' && r.result !== null
        ? { ...r, result: { ...(r.result as object), height: 0 } }
        : r
    await fails('CHAIN_MISMATCH', () => viewAt(proxy.url).getBlockTimes!([1]))
    rewrite = honest
    expect(await viewAt(proxy.url).getBlockTimes!([1, 0])).toEqual([
      dev.chain.blocks[1]!.time,
      dev.chain.blocks[0]!.time,
    ])
    const e = await fails('RPC_ERROR', () => viewAt(proxy.url).getBlockTimes!([dev.chain.height + 1]))
    expect((e as RpcError).rpcCode).toBe(-8)
  })

  test('a broadcast answered with another txid: CHAIN_MISMATCH', async () => {
    rewrite = (c, r) => (c.method === 'sendrawtransaction' ? { result: 'cd'.repeat(32), error: null } : r)
    const hex = dev.chain.txs.get(spentInPool)!.hex
    await fails('CHAIN_MISMATCH', () => viewAt(proxy.url).broadcast(hex))
  })

  test('a node whose mempool lags: the coin it thinks unspent is refused at broadcast (typed, -26), not sent twice', async () => {
    // the lagging node has not seen the mempool spend of the key's first coin
    rewrite = (c, r) => (c.method === 'getaddressmempool' ? { result: [], error: null } : r)
    const counted = countingView(viewAt(proxy.url))
    const signer = spySigner(key)
    const coins = await normalCoins(new StateReader(counted.view), signer.publicKey)
    expect(coins.map((c) => c.txid)).toContain(funding) // stale: already spent in the real mempool
    const hex = await spendFirstCoin(counted.view, signer, dev.chain.height, funding)
    const before = dev.chain.mempool.length
    const e = await fails('RPC_ERROR', () => counted.view.broadcast(hex))
    expect((e as RpcError).rpcCode).toBe(-26)
    expect((e as RpcError).daemonMessage).toMatch(/txn-mempool-conflict/)
    expect(dev.chain.mempool.length).toBe(before)
    expect(counted.counts.broadcast).toBe(1)
  })

  test('a mempool transaction gone between the two requests of getAddressMempool: one retry gives a consistent answer', async () => {
    // the first getaddressmempool still lists the spend's output, whose transaction the node no longer has
    let first = true
    rewrite = (c, r) => {
      if (c.method === 'getaddressmempool' && c.params.length === 1 && first) {
        first = false
        return {
          result: [
            ...(r.result as object[]),
            { address: keyAddress, txid: 'ef'.repeat(32), index: 0, satoshis: 1000, timestamp: 1 },
          ],
          error: null,
        }
      }
      return r
    }
    const m = await viewAt(proxy.url).getAddressMempool(keyAddress)
    expect(first).toBe(false)
    expect(m.outputs.map((o) => o.txid)).toEqual([spentInPool])
    expect(m.spends.map((s) => `${s.txid}:${s.spender}`)).toEqual([`${funding}:${spentInPool}`])
    // still there on the retry: TX_NOT_FOUND
    rewrite = (c, r) =>
      c.method === 'getaddressmempool' && c.params.length === 1
        ? {
            result: [{ address: keyAddress, txid: 'ef'.repeat(32), index: 0, satoshis: 1000, timestamp: 1 }],
            error: null,
          }
        : r
    const e = await fails('TX_NOT_FOUND', () => viewAt(proxy.url).getAddressMempool(keyAddress))
    expect(e.details.txid).toBe('ef'.repeat(32))
  })

  test('komodod\'s "No information available about transaction" (-5) is TX_NOT_FOUND; other errors keep their type', async () => {
    rewrite = honest
    const view = viewAt(proxy.url)
    const e = await fails('TX_NOT_FOUND', () => view.getTransaction('00'.repeat(32)))
    expect(e.cause).toBeInstanceOf(RpcError)
    rewrite = (c, r) =>
      c.method === 'getrawtransaction' ? { result: null, error: { code: -1, message: 'database corrupted' } } : r
    const x = await fails('RPC_ERROR', () => view.getTransaction(funding))
    expect((x as RpcError).rpcCode).toBe(-1)
    await fails('RPC_ERROR', () => view.getTransactions!([funding]))
  })

  test("through the honest proxy again, the key's next coin is signed and accepted once", async () => {
    rewrite = honest
    const view = viewAt(proxy.url)
    const signer = spySigner(key)
    const hex = await spendFirstCoin(view, signer, dev.chain.height)
    expect(signer.calls).toBe(1)
    const txid = await view.broadcast(hex)
    expect(dev.chain.mempool).toContain(txid)
  })
})
