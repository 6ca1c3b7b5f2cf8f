// A hostile KDF: real HTTP servers on 127.0.0.1 that send garbage, cut-off JSON, wrong ids, endless or dripping
// bodies, deep nesting, redirects, HTML, and echo the userpass back in every form. Each call must end in a typed
// KomodoCcError (KdfError for error replies) within bounded time and memory, with no form of the userpass in it.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createKdfClient, KdfError } from '../../src/kdf/client.js'
import type { KdfClientOptions } from '../../src/kdf/client.js'
import { KomodoCcError } from '../../src/errors.js'
import { sendJson, sendText, sendTruncated, startServer } from '../rpc/_server.js'
import type { TestServer } from '../rpc/_server.js'
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
} from '../rpc/_hostile.js'

const USERPASS = 'Up"w\\d/+€%41-kdf-s3cr3t'
const FORMS = leakForms(USERPASS)
const MiB = 1024 * 1024

let server: TestServer
let elsewhere: TestServer
beforeAll(async () => {
  server = await startServer((_req, res) => sendText(res, 500, ''))
  elsewhere = await startServer((_req, res) => sendJson(res, 200, { mmrpc: '2.0', result: 'moved here' }))
})
afterAll(async () => {
  await server.close()
  await elsewhere.close()
})

const kdf = (extra: Partial<KdfClientOptions> = {}) =>
  createKdfClient({ url: server.url, userpass: USERPASS, timeoutMs: 5000, ...extra })

/** The call fails with a KomodoCcError of `code`, carrying no form of the userpass. */
const fails = (code: string, run: () => Promise<unknown>, withinMs = 5000): Promise<KomodoCcError> =>
  failsClean(FORMS, code, run, withinMs)
const version = (extra: Partial<KdfClientOptions> = {}, id?: number) =>
  kdf(extra).call('version', {}, id === undefined ? {} : { id })

describe('garbage, truncation, wrong envelopes', () => {
  test('random bytes, HTML, 401/500 with HTML bodies, truncated JSON, a wrong id, a wrong mmrpc', async () => {
    server.setHandler((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/octet-stream' })
      res.end(Buffer.from([0xff, 0x00, 0x7b, 0x22]))
    })
    expect((await fails('RPC_HTTP', () => version())).details.reason).toBe('bad-json')
    server.setHandler((_req, res) => sendText(res, 401, '<html><h1>401 Unauthorized</h1></html>', 'text/html'))
    expect((await fails('RPC_HTTP', () => version())).details).toMatchObject({ reason: 'bad-json', status: 401 })
    server.setHandler((_req, res) => sendText(res, 500, '<html><h1>500</h1></html>', 'text/html'))
    expect((await fails('RPC_HTTP', () => version())).details).toMatchObject({ status: 500 })
    server.setHandler((_req, res) => sendTruncated(res, '{"mmrpc":"2.0","result":{"current_', 400))
    expect((await fails('RPC_HTTP', () => version())).details.reason).toBe('truncated')
    server.setHandler((_req, res) => sendJson(res, 200, { mmrpc: '2.0', result: {}, id: 8 }))
    await fails('RPC_RESULT', () => version({}, 7))
    server.setHandler((_req, res) => sendJson(res, 200, { mmrpc: '1.0', result: {} }))
    await fails('RPC_RESULT', () => version())
  })
})

describe('hostile JSON (issue 16 item 5)', () => {
  test('a deeply nested error_data is a typed error, not a stack overflow; within the bound it is kept', async () => {
    server.setHandler((_req, res) =>
      sendText(
        res,
        400,
        `{"mmrpc":"2.0","error":"x","error_type":"Deep","error_data":${nested(100_000)}}`,
        'application/json',
      ),
    )
    expect((await fails('RPC_HTTP', () => version())).details.reason).toBe('too-deep')
    server.setHandler((_req, res) =>
      sendText(
        res,
        400,
        `{"mmrpc":"2.0","error":"x","error_type":"Deep","error_data":${nested(200)}}`,
        'application/json',
      ),
    )
    const e = (await fails('KDF_ERROR', () => version())) as KdfError
    expect(e).toBeInstanceOf(KdfError)
    expect(JSON.stringify(e.errorData)).toBe(nested(200))
  })

  test('a deeply nested result and 64,000 escaped quotes are typed errors within bounded time', async () => {
    server.setHandler((_req, res) =>
      sendText(res, 200, `{"mmrpc":"2.0","result":${nested(10_000)}}`, 'application/json'),
    )
    expect((await fails('RPC_HTTP', () => version())).details.reason).toBe('too-deep')
    server.setHandler((_req, res) =>
      sendText(res, 200, `{"mmrpc":"2.0","result":"${'\\"'.repeat(64_000)}`, 'application/json'),
    )
    await fails('RPC_HTTP', () => version(), 1000)
  })
})

describe('credentials in the URL (issue 16 item 6)', () => {
  test('a URL with credentials, well-formed or not, is KDF_PARAMS without the value', () => {
    for (const url of ['http://u:p%zz@127.0.0.1:7783/', 'http://u:pw@127.0.0.1:7783/']) {
      let caught: unknown
      try {
        createKdfClient({ url, userpass: USERPASS })
      } catch (e) {
        caught = e
      }
      expect(caught).toMatchObject({ code: 'KDF_PARAMS', details: { field: 'url' } })
      expectTypedAndClean(caught, [...FORMS, 'p%zz', ':pw@'])
    }
  })
})

describe('redirects are never followed (issue 16 item 12)', () => {
  test.each([301, 302, 303, 307, 308])(
    'HTTP %i to another 127.0.0.1 port: RPC_REDIRECT, the userpass goes nowhere else',
    async (status) => {
      const before = elsewhere.requests.length
      server.setHandler((_req, res) => {
        res.writeHead(status, { location: `${elsewhere.url}/steal` })
        res.end()
      })
      const e = await fails('RPC_REDIRECT', () => version())
      expect(e.details.status).toBe(status)
      await new Promise((r) => setTimeout(r, 50))
      expect(elsewhere.requests.length).toBe(before)
    },
  )
})

describe('bounded replies (issue 16 item 13)', () => {
  test('an endless body: RESPONSE_TOO_LARGE quickly, the rest never pulled, memory far below the reply size', async () => {
    const endless = endlessBody(256 * MiB)
    server.setHandler((_req, res) => endless.handler(res))
    const { value: r, peak } = await peakGrowth(() =>
      rejection(() => version({ maxResponseBytes: 4 * MiB, timeoutMs: 20_000 })),
    )
    expectTypedAndClean(r.error, FORMS)
    expect(r.error).toMatchObject({
      code: 'RESPONSE_TOO_LARGE',
      details: { reason: 'streamed', maxResponseBytes: 4 * MiB },
    })
    expect(r.ms).toBeLessThan(3000)
    await new Promise((res) => setTimeout(res, 100))
    expect(endless.sent()).toBeLessThan(32 * MiB)
    expect(peak).toBeLessThan(48 * MiB)
  }, 20_000)

  test('a Content-Length above the default bound fails at once', async () => {
    server.setHandler((_req, res) => announceOnly(res, 64 * MiB + 1))
    expect((await fails('RESPONSE_TOO_LARGE', () => version({ timeoutMs: 4000 }), 1000)).details.reason).toBe(
      'content-length',
    )
  })

  test('maxResponseBytes must be a positive whole number', () => {
    for (const bad of [0, -1, 1.5, '10'])
      expect(() => kdf({ maxResponseBytes: bad as number })).toThrow(expect.objectContaining({ code: 'KDF_PARAMS' }))
  })

  test('a slow-drip body hits the timeout', async () => {
    server.setHandler((_req, res) => dripBody(res, 20))
    await fails('RPC_TIMEOUT', () => version({ timeoutMs: 400 }), 2000)
  })
})

describe('an echoed userpass never reaches an error (issue 16 item 14)', () => {
  test('raw and JSON-escaped in error, error_type and error_data (the whole request body echoed)', async () => {
    server.setHandler((req, res) =>
      sendJson(res, 403, {
        mmrpc: '2.0',
        error: `rejected ${req.body}`,
        error_type: USERPASS,
        error_data: { body: req.body, [USERPASS]: [USERPASS, { deeper: `x${USERPASS}y` }] },
      }),
    )
    const e = (await fails('KDF_ERROR', () => version())) as KdfError
    expect(e).toBeInstanceOf(KdfError)
    expect(e.errorType).toBe('***')
    expect(e.status).toBe(403)
    // enableEthWithTokens goes through the same path
    await fails('KDF_ERROR', () =>
      kdf().enableEthWithTokens({
        ticker: 'ETH',
        swap_contract_address: '0x24ABE4c71FC658C91313b6552cd40cD808b3Ea80',
        nodes: [{ url: 'https://eth1.cipig.net:18555' }],
        erc20_tokens_requests: [],
      }),
    )
  })

  test('percent-encoded (both hex cases) and as the error text of a unit variant', async () => {
    const pct = encodeURIComponent(USERPASS)
    server.setHandler((_req, res) =>
      sendJson(res, 500, { mmrpc: '2.0', error: `GET /?userpass=${pct}`, error_type: `T${pct.toLowerCase()}` }),
    )
    await fails('KDF_ERROR', () => version())
    server.setHandler((_req, res) => sendJson(res, 500, { mmrpc: '2.0', error_type: USERPASS }))
    await fails('KDF_ERROR', () => version())
  })

  test('echoed in a result of the wrong shape', async () => {
    server.setHandler((_req, res) =>
      sendJson(res, 200, { mmrpc: '2.0', result: { current_block: USERPASS, [USERPASS]: 1 } }),
    )
    await fails('RPC_RESULT', () =>
      kdf().enableEthWithTokens({
        ticker: 'ETH',
        swap_contract_address: '0x24ABE4c71FC658C91313b6552cd40cD808b3Ea80',
        nodes: [{ url: 'https://eth1.cipig.net:18555' }],
        erc20_tokens_requests: [],
      }),
    )
  })
})
