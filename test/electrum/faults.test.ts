// Faulty Electrum servers (issue 19): each fault gives a typed error or a correct retry within a bounded time, nothing
// is signed from unverified state and nothing is broadcast twice.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { connect, type Socket } from 'node:net'
import { hexToBytes } from '../../src/bytes/hex.js'
import { p2pkhAddress } from '../../src/address/address.js'
import { buildContextOf, normalCoins, StateReader, type MethodResolver } from '../../src/cctx/resolve.js'
import { buildTokenCreate } from '../../src/modules/tokens/build.js'
import { createWallet } from '../../src/wallet/wallet.js'
import type { Devnet } from '../../src/devnet/server.js'
import { startTestDevnet } from '../_util/devnet.js'
import { ElectrumClient } from '../../src/electrum/client.js'
import { createElectrumView } from '../../src/electrum/view.js'
import { KomodoCcError } from '../../src/errors.js'
import { scripthash } from '../../src/electrum/scripthash.js'
import { fakeServer, reply } from './_helpers.js'

let dev: Devnet
beforeAll(async () => {
  dev = await startTestDevnet({ electrum: true })
  await dev.mine(2)
}, 30_000)
afterAll(async () => {
  await dev?.stop()
})

const fail = async (p: Promise<unknown>): Promise<KomodoCcError> => {
  const e = await p.then(
    () => undefined,
    (x: unknown) => x,
  )
  expect(e).toBeInstanceOf(KomodoCcError)
  return e as KomodoCcError
}
const quick = { timeoutMs: 1500, connectTimeoutMs: 1500, backoffMs: 10, pingIntervalMs: 0 }
const versionOk = (m: any, s: Socket): boolean => {
  if (m?.method !== 'server.version') return false
  reply(s, m.id, ['fake 1.0', '1.4'])
  return true
}

/**
 * A proxy in front of the devnet's Electrum server that can rewrite replies: `edit(method, params, reply)` returns
 * the reply to send (or undefined to send none).
 */
async function proxy(edit: (method: string, params: unknown[], reply: any) => any) {
  const methods = new Map<unknown, { method: string; params: unknown[] }>()
  return fakeServer((m, s) => {
    let up = (s as Socket & { up?: Socket }).up
    if (up === undefined) {
      up = connect(dev.electrum!.port, '127.0.0.1')
      ;(s as Socket & { up?: Socket }).up = up
      let buf = ''
      up.setEncoding('utf8')
      up.on('data', (d: string) => {
        buf += d
        let i
        while ((i = buf.indexOf('\n')) >= 0) {
          const line = JSON.parse(buf.slice(0, i))
          buf = buf.slice(i + 1)
          const one = (r: any) => {
            const q = methods.get(r.id)
            return q === undefined ? r : edit(q.method, q.params, r)
          }
          const out = Array.isArray(line) ? line.map(one).filter((x) => x !== undefined) : one(line)
          if (out !== undefined && !(Array.isArray(out) && out.length === 0)) s.write(JSON.stringify(out) + '\n')
        }
      })
      up.on('error', () => {})
      s.on('close', () => up!.destroy())
    }
    for (const r of Array.isArray(m) ? m : [m]) methods.set(r.id, { method: r.method, params: r.params })
    up.write(JSON.stringify(m) + '\n')
  })
}

describe('faults', () => {
  test('disconnect mid-batch: the reads are resent on a new connection and answered', async () => {
    let first = true
    const f = await fakeServer((m, s) => {
      if (versionOk(m, s)) return
      if (Array.isArray(m)) {
        reply(s, m[0].id, 'first')
        if (first) {
          first = false
          s.destroy() // the rest of the batch never comes
          return
        }
        for (const r of m.slice(1)) reply(s, r.id, 'again')
        return
      }
      reply(s, m.id, 'single')
    })
    const c = new ElectrumClient(f.url, quick)
    const t0 = Date.now()
    const out = await c.batch([
      { method: 'a', params: [] },
      { method: 'b', params: [] },
      { method: 'c', params: [] },
    ])
    // a was answered on the first connection; b and c were resent together on the second
    expect(out.map((o) => (o.ok ? o.result : 'error'))).toEqual(['first', 'first', 'again'])
    expect(f.connections).toBe(2)
    expect(Date.now() - t0).toBeLessThan(1500)
    c.close()
    await f.close()
  })
  test('disconnect before a broadcast is answered: typed and marked uncertain, never resent', async () => {
    let broadcasts = 0
    const f = await fakeServer((m, s) => {
      if (versionOk(m, s)) return
      if (m.method === 'blockchain.transaction.broadcast') {
        broadcasts++
        s.destroy()
      }
    })
    const view = createElectrumView({ url: f.url, ...quick })
    const hex = (await dev.rpc.tokencreate('UNC', '0.000001')).hex
    const e = await fail(view.broadcast(hex))
    expect(e.code).toBe('ELECTRUM_TRANSPORT')
    expect(e.details.uncertain).toBe(true)
    await new Promise((r) => setTimeout(r, 100))
    expect(broadcasts).toBe(1)
    view.close()
    await f.close()
  })
  test('garbage: RPC_RESULT (syntax), the connection dropped', async () => {
    const f = await fakeServer((m, s) => {
      if (versionOk(m, s)) return
      s.write('this is not json\n')
    })
    const c = new ElectrumClient(f.url, quick)
    const e = await fail(c.request('server.ping'))
    expect([e.code, e.details.reason]).toEqual(['RPC_RESULT', 'syntax'])
    c.close()
    await f.close()
  })
  test('an answer to another id: RPC_RESULT (protocol)', async () => {
    const f = await fakeServer((m, s) => {
      if (versionOk(m, s)) return
      reply(s, m.id + 1000, null)
    })
    const c = new ElectrumClient(f.url, quick)
    const e = await fail(c.request('server.ping'))
    expect([e.code, e.details.reason]).toEqual(['RPC_RESULT', 'protocol'])
    c.close()
    await f.close()
  })
  test('a lying transaction: CHAIN_MISMATCH; a lying unspent value: CHAIN_MISMATCH; nothing is built on them', async () => {
    const ids = dev.chain.blocks[1]!.txids.concat(dev.chain.blocks[2]!.txids)
    const other = dev.chain.txs.get(ids[1]!)!.hex
    const p = await proxy((method, _params, r) =>
      method === 'blockchain.transaction.get' ? { ...r, result: other } : r,
    )
    const view = createElectrumView({ url: p.url, ...quick })
    const e = await fail(view.getTransaction(ids[0]!))
    expect(e.code).toBe('CHAIN_MISMATCH')
    view.close()
    await p.close()
    const q = await proxy((method, _params, r) =>
      method === 'blockchain.scripthash.listunspent' && Array.isArray(r.result) && r.result.length > 0
        ? { ...r, result: r.result.map((u: any, i: number) => (i === 0 ? { ...u, value: u.value + 1 } : u)) }
        : r,
    )
    const v2 = createElectrumView({ url: q.url, pubkeys: [dev.pubkey], ...quick })
    const e2 = await fail(v2.listUnspent(p2pkhAddress(dev.pubkey)))
    expect(e2.code).toBe('CHAIN_MISMATCH')
    // through a resolver: the resolve fails, no transaction is signed
    const e3 = await fail(
      tokencreate.resolve(
        { name: 'LIE', supply: '0.0001' },
        { view: v2, pubkey: dev.pubkey, privateKey: hexToBytes(dev.privateKey) },
      ),
    )
    expect(e3.code).toBe('CHAIN_MISMATCH')
    v2.close()
    await q.close()
  })
  test('a 100 MB reply: RESPONSE_TOO_LARGE once the cap is passed, well before 100 MB', async () => {
    let sent = 0
    const f = await fakeServer((m, s) => {
      if (versionOk(m, s)) return
      const chunk = Buffer.alloc(1 << 20, 0x61)
      s.write('{"jsonrpc":"2.0","id":' + m.id + ',"result":"')
      const pump = () => {
        while (sent < 100 * (1 << 20) && !s.destroyed) {
          sent += chunk.length
          if (!s.write(chunk)) {
            s.once('drain', pump)
            return
          }
        }
      }
      pump()
    })
    const c = new ElectrumClient(f.url, { ...quick, maxReplyBytes: 2_000_000, timeoutMs: 10_000 })
    const t0 = Date.now()
    const e = await fail(c.request('server.ping'))
    expect(e.code).toBe('RESPONSE_TOO_LARGE')
    expect(Date.now() - t0).toBeLessThan(5000)
    expect(sent).toBeLessThan(100 * (1 << 20))
    c.close()
    await f.close()
  })
  test('no answer: RPC_TIMEOUT after the timeout; a server that never answers server.version: RPC_TIMEOUT too', async () => {
    const f = await fakeServer((m, s) => {
      versionOk(m, s)
    })
    const c = new ElectrumClient(f.url, { ...quick, timeoutMs: 300 })
    const t0 = Date.now()
    const e = await fail(c.request('server.ping'))
    expect(e.code).toBe('RPC_TIMEOUT')
    expect(Date.now() - t0).toBeLessThan(1000)
    c.close()
    await f.close()
    const g = await fakeServer(() => {})
    const c2 = new ElectrumClient(g.url, { ...quick, connectTimeoutMs: 300, timeoutMs: 2000 })
    expect((await fail(c2.request('server.ping'))).code).toBe('RPC_TIMEOUT')
    c2.close()
    await g.close()
  })
  test('a refused server.version: the server is unusable (no blind retries)', async () => {
    const f = await fakeServer((m, s) => {
      s.write(
        JSON.stringify({ jsonrpc: '2.0', error: { code: 1, message: 'unsupported protocol version' }, id: m.id }) +
          '\n',
      )
    })
    const c = new ElectrumClient(f.url, quick)
    expect((await fail(c.request('server.ping'))).code).toBe('ELECTRUM_ERROR')
    expect((await fail(c.request('server.ping'))).details.reason).toBe('version')
    expect(f.connections).toBe(1)
    c.close()
    await f.close()
  })
  test('an abort signal ends a call at once: ABORTED', async () => {
    const f = await fakeServer((m, s) => {
      versionOk(m, s)
    })
    const c = new ElectrumClient(f.url, { ...quick, timeoutMs: 10_000 })
    const ac = new AbortController()
    const p = c.request('server.ping', [], { signal: ac.signal })
    setTimeout(() => ac.abort(), 50)
    expect((await fail(p)).code).toBe('ABORTED')
    c.close()
    await f.close()
  })
  test('a lagging mempool: the wallet over Electrum never spends a coin twice; a bare resolver would', async () => {
    // the server hides its mempool: no get_mempool entries, no height-0 unspent, mempool transactions "not found"
    const hidden = (txid: unknown) => dev.chain.txs.get(String(txid))?.height === -1
    const lag = await proxy((method, params, r) => {
      if (method === 'blockchain.scripthash.get_mempool') return { ...r, result: [] }
      if (method === 'blockchain.scripthash.listunspent')
        // every confirmed unspent output, those the (hidden) mempool spends included
        return {
          ...r,
          result: [...dev.chain.utxos.values()]
            .filter((c) => scripthash(c.script) === params[0])
            .sort((x, y) => x.height - y.height)
            .map((c) => ({ tx_hash: c.txid, tx_pos: c.vout, height: c.height, value: Number(c.value) })),
        }
      if (method === 'blockchain.scripthash.get_history')
        return { ...r, result: (r.result as any[]).filter((h) => !hidden(h.tx_hash)) }
      if (method === 'blockchain.transaction.get' && hidden(params[0]))
        return {
          jsonrpc: '2.0',
          error: {
            code: 2,
            message: "daemon error: DaemonError({'code': -5, 'message': 'No information available about transaction'})",
          },
          id: r.id,
        }
      return r
    })
    const view = createElectrumView({ url: lag.url, pubkeys: [dev.pubkey], ...quick })
    const wallet = createWallet({ privateKey: hexToBytes(dev.privateKey), view, methods: [tokencreate] })
    const a = await wallet.call('tokencreate', { name: 'LA', supply: '0.0001' })
    const b = await wallet.call('tokencreate', { name: 'LB', supply: '0.0001' })
    expect(dev.chain.mempool).toEqual(expect.arrayContaining([a.txid, b.txid]))
    const spent = [a, b].flatMap((r) => r.build.tx.vin.map((i) => `${i.txid}:${i.vout}`))
    expect(new Set(spent).size).toBe(spent.length)
    // a bare resolver over the same lagging server picks the coin the mempool already spends; the devnet refuses it
    const ctx = { view, pubkey: dev.pubkey, privateKey: hexToBytes(dev.privateKey) }
    const x = await tokencreate.resolve({ name: 'LX', supply: '0.0001' }, ctx)
    expect(spent).toContain(`${x.tx.vin[0]!.txid}:${x.tx.vin[0]!.vout}`)
    expect(await fail(view.broadcast(x.hex))).toMatchObject({ code: 'ELECTRUM_ERROR', serverCode: 1 })
    view.close()
    await lag.close()
  })
})

const tokencreate: MethodResolver = {
  method: 'tokencreate',
  params: ['name', 'supply', 'description', 'data'],
  resolve: async (p, ctx) => {
    const r = new StateReader(ctx.view)
    const utxos = await normalCoins(r, ctx.pubkey)
    return buildTokenCreate(p as never, buildContextOf(ctx, utxos, await r.height()))
  },
}
