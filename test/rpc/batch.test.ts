// JSON-RPC batches (issue 18): one HTTP request with an array body; replies matched by id whatever their order;
// each reply's error typed on its own; the envelope's faults reject the whole batch; credentials never in an error.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createKomodoRpc } from '../../src/rpc/client.js'
import { createRpcExchange, RpcError } from '../../src/rpc/transport.js'
import { KomodoCcError } from '../../src/errors.js'
import { startServer, sendJson, type TestServer } from './_server.js'
import { expectTypedAndClean, leakForms } from './_hostile.js'

type Call = { jsonrpc: string; id: string; method: string; params: unknown[] }
const USER = 'batcher'
const PASSWORD = 'b@tch:pass'
const FORMS = leakForms(PASSWORD, { user: USER })

describe('rpc.batch', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startServer((_req, res) => sendJson(res, 200, []))
  })
  afterAll(async () => {
    await server.close()
  })
  const rpc = () => createKomodoRpc({ url: server.url, user: USER, password: PASSWORD })

  test('one POST with an array body; replies in any order come back in the calls order', async () => {
    server.setHandler((req, res) => {
      const body = JSON.parse(req.body) as Call[]
      sendJson(
        res,
        200,
        [...body].reverse().map((c) => ({ result: `${c.method}:${JSON.stringify(c.params)}`, error: null, id: c.id })),
      )
    })
    const before = server.requests.length
    const replies = await rpc().batch([
      { method: 'getblockcount', params: [] },
      { method: 'getrawtransaction', params: ['ab'.repeat(32), 0] },
      { method: 'getaddressutxos', params: [{ addresses: ['R1'] }, true] },
    ])
    expect(server.requests.length).toBe(before + 1)
    const sent = JSON.parse(server.requests.at(-1)!.body) as Call[]
    expect(sent.map((c) => [c.jsonrpc, c.method])).toEqual([
      ['1.0', 'getblockcount'],
      ['1.0', 'getrawtransaction'],
      ['1.0', 'getaddressutxos'],
    ])
    expect(new Set(sent.map((c) => c.id)).size).toBe(3)
    expect(replies).toEqual([
      { ok: true, result: 'getblockcount:[]' },
      { ok: true, result: `getrawtransaction:["${'ab'.repeat(32)}",0]` },
      { ok: true, result: 'getaddressutxos:[{"addresses":["R1"]},true]' },
    ])
  })

  test('each reply its own error: RPC_ERROR with the daemon code, module errors, missing results', async () => {
    server.setHandler((req, res) => {
      const body = JSON.parse(req.body) as Call[]
      sendJson(res, 200, [
        { result: null, error: { code: -5, message: 'No information available about transaction' }, id: body[0]!.id },
        { result: 7, error: null, id: body[1]!.id },
        { result: { result: 'error', error: 'cant find tokenid' }, error: null, id: body[2]!.id },
        { error: null, id: body[3]!.id },
      ])
    })
    const r = await rpc().batch(['a', 'b', 'c', 'd'].map((m) => ({ method: `m${m}`, params: [] })))
    expect(r[1]).toEqual({ ok: true, result: 7 })
    const errs = [r[0], r[2], r[3]].map((x) => (x!.ok ? undefined : x!.error))
    expect(errs.map((e) => e?.code)).toEqual(['RPC_ERROR', 'RPC_ERROR', 'RPC_RESULT'])
    expect(errs[0]).toBeInstanceOf(RpcError)
    expect(errs[0]!.rpcCode).toBe(-5)
    expect(errs[0]!.method).toBe('ma')
    expect(errs[1]!.daemonMessage).toBe('cant find tokenid')
  })

  test('an empty batch sends nothing', async () => {
    const before = server.requests.length
    expect(await rpc().batch([])).toEqual([])
    expect(server.requests.length).toBe(before)
  })

  test('bad calls are ARG_INVALID before anything is sent', async () => {
    const before = server.requests.length
    for (const calls of [
      'x' as unknown as [],
      [{ method: 'bad method', params: [] }],
      [{ method: 'ok', params: 'x' as unknown as [] }],
      [{ method: 'ok', params: [() => 1] as unknown as [] }],
      [null as unknown as { method: string; params: [] }],
    ]) {
      const e = await rpc()
        .batch(calls)
        .catch((x: unknown) => x)
      expect((e as KomodoCcError).code).toBe('ARG_INVALID')
    }
    expect(server.requests.length).toBe(before)
  })

  test('envelope faults reject the whole batch, typed and scrubbed (echoed credentials included)', async () => {
    const cases: [(calls: Call[], auth: string) => unknown, string, string?][] = [
      [(c) => c.slice(1).map((x) => ({ result: 1, error: null, id: x.id })), 'RPC_RESULT', 'missing'],
      [(c) => c.map((x) => ({ result: 1, error: null, id: `${x.id}-other` })), 'RPC_RESULT', 'id'],
      [(c) => [...c, c[0]].map((x) => ({ result: 1, error: null, id: x!.id })), 'RPC_RESULT', 'id'],
      [() => [5], 'RPC_RESULT', 'bad-envelope'],
      [() => 'text', 'RPC_HTTP', 'bad-envelope'],
      [
        (_c, auth) => ({ result: null, error: { code: -32600, message: `bad ${auth} ${PASSWORD}` }, id: null }),
        'RPC_ERROR',
      ],
    ]
    for (const [reply, code, reason] of cases) {
      server.setHandler((req, res) =>
        sendJson(res, 200, reply(JSON.parse(req.body) as Call[], String(req.headers.authorization))),
      )
      const e = await rpc()
        .batch([
          { method: 'getblockcount', params: [] },
          { method: 'getinfo', params: [] },
        ])
        .catch((x: unknown) => x)
      const err = expectTypedAndClean(e, FORMS)
      expect(err.code).toBe(code)
      if (reason !== undefined) expect(err.details.reason).toBe(reason)
      expect((err as RpcError).method).toBe('batch(getblockcount, getinfo)')
    }
  })

  test('per-reply errors are scrubbed too', async () => {
    server.setHandler((req, res) => {
      const body = JSON.parse(req.body) as Call[]
      sendJson(
        res,
        200,
        body.map((c) => ({
          result: null,
          error: { code: -1, message: `${req.headers.authorization} ${encodeURIComponent(PASSWORD)}` },
          id: c.id,
        })),
      )
    })
    const [r] = await rpc().batch([{ method: 'getinfo', params: [] }])
    expect(r!.ok).toBe(false)
    if (!r!.ok) expectTypedAndClean(r!.error, FORMS)
  })

  test('the single-call transport is unchanged: one object body, its id checked', async () => {
    server.setHandler((req, res) => {
      const c = JSON.parse(req.body) as Call
      sendJson(res, 200, { result: c.method, error: null, id: c.id })
    })
    const { send, batch } = createRpcExchange(async () => ({ url: server.url, user: USER, password: PASSWORD }))
    expect(await send('getinfo', [])).toBe('getinfo')
    expect(Array.isArray(JSON.parse(server.requests.at(-1)!.body))).toBe(false)
    // the batch of the same exchange counts ids on from the single call's
    server.setHandler((req, res) => {
      const body = JSON.parse(req.body) as Call[]
      sendJson(
        res,
        200,
        body.map((c) => ({ result: c.id, error: null, id: c.id })),
      )
    })
    const [a] = await batch([{ method: 'x', params: [] }])
    expect(a).toEqual({ ok: true, result: 'komodo-cc-2' })
  })
})
