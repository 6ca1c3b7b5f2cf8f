// A hostile komodod: real HTTP servers on 127.0.0.1 that send garbage, cut-off JSON, wrong ids, endless or dripping
// bodies, deep nesting, redirects, HTML, and echo the credentials back in every form. Each call must end in a typed
// RpcError within bounded time and memory, with no form of the password anywhere in the error.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createKomodoRpc } from '../../src/rpc/client.js'
import type { KomodoRpcOptions } from '../../src/rpc/client.js'
import { RpcError } from '../../src/rpc/transport.js'
import { KomodoCcError } from '../../src/errors.js'
import { sendJson, sendText, sendTruncated, startServer } from './_server.js'
import type { TestServer } from './_server.js'
import {
  announceOnly,
  dripBody,
  endlessBody,
  expectTypedAndClean,
  failsClean,
  leakForms,
  nested,
  peakGrowth,
  rejection,
} from './_hostile.js'

const USER = 'rpc_user'
const PASSWORD = 'Pa"ss\\wörd/+7%Q-s3cr3t'
const FORMS = leakForms(PASSWORD, { user: USER })
const MiB = 1024 * 1024

let server: TestServer
let elsewhere: TestServer
beforeAll(async () => {
  server = await startServer((_req, res) => sendText(res, 500, ''))
  elsewhere = await startServer((req, res) =>
    sendJson(res, 200, { result: 'moved here', error: null, id: idOf(req.body) }),
  )
})
afterAll(async () => {
  await server.close()
  await elsewhere.close()
})

const idOf = (body: string): unknown => {
  try {
    return (JSON.parse(body) as { id?: unknown }).id
  } catch {
    return null
  }
}
const rpc = (extra: Partial<KomodoRpcOptions> = {}) =>
  createKomodoRpc({ url: server.url, user: USER, password: PASSWORD, timeoutMs: 5000, ...extra } as KomodoRpcOptions)

/** The call fails with an RpcError of `code`, carrying no form of the password. */
async function fails(code: string, run: () => Promise<unknown>, withinMs = 5000): Promise<RpcError> {
  const e = await failsClean(FORMS, code, run, withinMs)
  expect(e).toBeInstanceOf(RpcError)
  return e as RpcError
}

describe('garbage, truncation, wrong envelopes', () => {
  test('random bytes, HTML with a JSON-less content type, 401/500 with HTML bodies', async () => {
    server.setHandler((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/octet-stream' })
      res.end(Buffer.from([0xff, 0x00, 0x7b, 0xfe, 0x22, 0x5c]))
    })
    expect((await fails('RPC_HTTP', () => rpc().getinfo())).details.reason).toBe('bad-json')
    server.setHandler((_req, res) => sendText(res, 200, '<html><body>{"result":1}</body></html>', 'text/html'))
    expect((await fails('RPC_HTTP', () => rpc().getinfo())).details.reason).toBe('bad-json')
    server.setHandler((_req, res) => sendText(res, 401, '<html><h1>401 Unauthorized</h1></html>', 'text/html'))
    expect(await fails('RPC_HTTP', () => rpc().getinfo())).toMatchObject({ status: 401, details: { reason: 'auth' } })
    server.setHandler((_req, res) => sendText(res, 500, '<html><h1>500 Internal Server Error</h1></html>', 'text/html'))
    expect(await fails('RPC_HTTP', () => rpc().getinfo())).toMatchObject({
      status: 500,
      details: { reason: 'bad-json' },
    })
  })

  test('truncated JSON, a wrong id, a reply that is not an object', async () => {
    server.setHandler((_req, res) => sendTruncated(res, '{"result":{"blocks":1', 500))
    expect((await fails('RPC_HTTP', () => rpc().getinfo())).details.reason).toBe('truncated')
    server.setHandler((_req, res) => sendJson(res, 200, { result: { blocks: 1 }, error: null, id: 'someone-else' }))
    await fails('RPC_RESULT', () => rpc().getinfo())
    server.setHandler((_req, res) => sendJson(res, 200, [1, 2, 3]))
    expect((await fails('RPC_HTTP', () => rpc().getinfo())).details.reason).toBe('bad-envelope')
  })
})

describe('hostile JSON (issue 16 item 5)', () => {
  test('a deeply nested JSON-RPC `error` is a typed error, not a stack overflow', async () => {
    server.setHandler((req, res) =>
      sendText(
        res,
        500,
        `{"result":null,"error":${nested(100_000)},"id":${JSON.stringify(idOf(req.body))}}`,
        'application/json',
      ),
    )
    expect((await fails('RPC_HTTP', () => rpc().call('getinfo'))).details.reason).toBe('too-deep')
    // within the bound the error object is still reported whole
    server.setHandler((req, res) =>
      sendText(
        res,
        500,
        `{"result":null,"error":${nested(200)},"id":${JSON.stringify(idOf(req.body))}}`,
        'application/json',
      ),
    )
    expect((await fails('RPC_ERROR', () => rpc().call('getinfo'))).daemonMessage).toBe(nested(200))
  })

  test('a deeply nested result (fast path) and 64,000 escaped quotes are typed errors within bounded time', async () => {
    server.setHandler((req, res) =>
      sendText(
        res,
        200,
        `{"result":${nested(10_000)},"error":null,"id":${JSON.stringify(idOf(req.body))}}`,
        'application/json',
      ),
    )
    expect((await fails('RPC_HTTP', () => rpc().call('getinfo'))).details.reason).toBe('too-deep')
    server.setHandler((_req, res) => sendText(res, 200, `{"result":"${'\\"'.repeat(64_000)}`, 'application/json'))
    expect((await fails('RPC_HTTP', () => rpc().call('getinfo'), 1000)).details.reason).toBe('truncated')
  })

  test('a 16 MB string result parses', async () => {
    const big = 'ab\\"'.repeat(4 * MiB)
    server.setHandler((req, res) =>
      sendText(res, 200, `{"result":"${big}","error":null,"id":${JSON.stringify(idOf(req.body))}}`, 'application/json'),
    )
    const r = await rpc().call('getinfo')
    expect(typeof r === 'string' && r.length).toBe(12 * MiB)
  }, 15_000)
})

describe('redirects are never followed (issue 16 item 12)', () => {
  test.each([301, 302, 303, 307, 308])(
    'HTTP %i to another 127.0.0.1 port: RPC_REDIRECT, the other server receives nothing',
    async (status) => {
      const before = elsewhere.requests.length
      server.setHandler((_req, res) => {
        res.writeHead(status, { location: `${elsewhere.url}/steal` })
        res.end()
      })
      const e = await fails('RPC_REDIRECT', () => rpc().getinfo())
      expect(e.status).toBe(status)
      expect(JSON.stringify(e.details)).not.toContain(String(elsewhere.port))
      await new Promise((r) => setTimeout(r, 50))
      expect(elsewhere.requests.length).toBe(before)
    },
  )

  test('a browser-style opaque redirect (custom fetch) is RPC_REDIRECT too', async () => {
    const opaque = { type: 'opaqueredirect', status: 0, headers: new Headers(), body: null } as unknown as Response
    let init: RequestInit | undefined
    const e = await fails('RPC_REDIRECT', () =>
      rpc({
        fetch: async (_u: unknown, i?: RequestInit) => {
          init = i
          return opaque
        },
      }).getinfo(),
    )
    expect(e.status).toBeUndefined()
    expect(init?.redirect).toBe('manual')
  })
})

describe('bounded replies (issue 16 item 13)', () => {
  test('an endless body: RESPONSE_TOO_LARGE quickly, the rest never pulled, memory far below the reply size', async () => {
    const endless = endlessBody(256 * MiB)
    server.setHandler((_req, res) => endless.handler(res))
    const { value: r, peak } = await peakGrowth(() =>
      rejection(() => rpc({ maxResponseBytes: 4 * MiB, timeoutMs: 20_000 }).getinfo()),
    )
    expect(r.error).toBeInstanceOf(RpcError)
    expectTypedAndClean(r.error, FORMS)
    expect(r.error).toMatchObject({
      code: 'RESPONSE_TOO_LARGE',
      details: { reason: 'streamed', maxResponseBytes: 4 * MiB },
    })
    expect(r.ms).toBeLessThan(3000)
    await new Promise((res) => setTimeout(res, 100))
    expect(endless.sent()).toBeLessThan(32 * MiB) // the client cancelled: the server could not push its 256 MiB
    expect(peak).toBeLessThan(48 * MiB)
  }, 20_000)

  test('the default bound (64 MiB) holds against an endless body', async () => {
    const endless = endlessBody(512 * MiB)
    server.setHandler((_req, res) => endless.handler(res))
    const e = await fails('RESPONSE_TOO_LARGE', () => rpc({ timeoutMs: 20_000 }).getinfo(), 8000)
    expect(e.details.maxResponseBytes).toBe(64 * MiB)
    await new Promise((res) => setTimeout(res, 100))
    expect(endless.sent()).toBeLessThan(128 * MiB)
  }, 20_000)

  test('a Content-Length above the bound fails at once, before any body byte', async () => {
    server.setHandler((_req, res) => announceOnly(res, 64 * MiB + 1))
    const e = await fails('RESPONSE_TOO_LARGE', () => rpc({ timeoutMs: 4000 }).getinfo(), 1000)
    expect(e.details.reason).toBe('content-length')
    server.setHandler((_req, res) => announceOnly(res, 1001))
    await fails('RESPONSE_TOO_LARGE', () => rpc({ timeoutMs: 4000, maxResponseBytes: 1000 }).getinfo(), 1000)
  })

  test('maxResponseBytes must be a positive whole number', () => {
    for (const bad of [0, -1, 1.5, '10', Number.POSITIVE_INFINITY])
      expect(() => rpc({ maxResponseBytes: bad as number })).toThrow(expect.objectContaining({ code: 'RPC_CONFIG' }))
  })

  test('a slow-drip body hits the timeout (it covers the whole body)', async () => {
    server.setHandler((_req, res) => dripBody(res, 20))
    const e = await fails('RPC_TIMEOUT', () => rpc({ timeoutMs: 400 }).getinfo(), 2000)
    expect(e.details.timeoutMs).toBe(400)
  })
})

describe('echoed credentials never reach an error (issue 16 item 14)', () => {
  const echoes: [string, (auth: string) => string][] = [
    ['raw', () => `bad password ${PASSWORD}`],
    ['JSON-escaped', () => `params were ${JSON.stringify({ password: PASSWORD })}`],
    ['percent-encoded', () => `GET /?pw=${encodeURIComponent(PASSWORD)}`],
    [
      'percent-encoded, lower-case hex',
      () => `GET /?pw=${encodeURIComponent(PASSWORD).replace(/%[0-9A-F]{2}/g, (h) => h.toLowerCase())}`,
    ],
    ['the Authorization header', (auth) => `you sent Authorization: ${auth}`],
    ['base64 without padding', (auth) => `token ${auth.slice(6).replace(/=+$/, '')}.`],
  ]
  test.each(echoes)('%s, in a JSON-RPC error, a module error, an error object and a result', async (_name, echo) => {
    const authOf = (r: { headers: Record<string, unknown> }): string => String(r.headers.authorization)
    server.setHandler((req, res) =>
      sendJson(res, 500, { result: null, error: { code: -1, message: echo(authOf(req)) }, id: idOf(req.body) }),
    )
    const e = await fails('RPC_ERROR', () => rpc().getinfo())
    expect(e.daemonMessage).toContain('***')
    server.setHandler((req, res) =>
      sendJson(res, 200, { result: { result: 'error', error: echo(authOf(req)) }, error: null, id: idOf(req.body) }),
    )
    await fails('RPC_ERROR', () => rpc().tokeninfo('ab'.repeat(32)))
    server.setHandler((req, res) =>
      sendJson(res, 500, { result: null, error: { [echo(authOf(req))]: [echo(authOf(req))] }, id: idOf(req.body) }),
    )
    await fails('RPC_ERROR', () => rpc().call('getinfo'))
    server.setHandler((req, res) =>
      sendJson(res, 200, {
        result: { result: 'success', hex: echo(authOf(req)), [echo(authOf(req))]: 1 },
        error: null,
        id: idOf(req.body),
      }),
    )
    await fails('RPC_RESULT', () => rpc().tokencreate('T', '1'))
    server.setHandler((req, res) =>
      sendJson(res, 200, { result: { blocks: echo(authOf(req)) }, error: null, id: idOf(req.body) }),
    )
    await fails('RPC_RESULT', () => rpc().getinfo())
  })

  test('credentials given in the URL are protected the same way', async () => {
    server.setHandler((req, res) =>
      sendJson(res, 500, {
        result: null,
        error: { code: -1, message: `${req.headers.authorization} ${PASSWORD}` },
        id: idOf(req.body),
      }),
    )
    const url = server.url.replace('http://', `http://${USER}:${encodeURIComponent(PASSWORD)}@`)
    const { error } = await rejection(() => createKomodoRpc({ url, timeoutMs: 5000 }).getinfo())
    expect(error).toMatchObject({ code: 'RPC_ERROR', host: `127.0.0.1:${server.port}` })
    expectTypedAndClean(error, FORMS)
  })
})
