import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import v from '../../vectors/kdf/enable-eth-with-tokens.json' with { type: 'json' }
import { createKdfClient, isHdEnableResult, KdfError } from '../../src/kdf/client.js'
import type { EnableEthWithTokensParams } from '../../src/kdf/request.js'
import { KomodoCcError } from '../../src/errors.js'
import { deadPort, sendJson, sendText, sendTruncated, startServer } from '../rpc/_server.js'
import type { TestServer } from '../rpc/_server.js'

type AnyCase = Record<string, unknown> & { id: string }
const cases = v.cases as unknown as AnyCase[]
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const byId = (id: string): any => cases.find((c) => c.id === id)!
const USERPASS = 'RPC_UserP@SSW0RD'
const catalog = byId('kdf-error-catalog-01') as unknown as {
  method_errors: CatalogEntry[]
  dispatcher_errors: CatalogEntry[]
}
type CatalogEntry = { error_type: string; error_data: string; http_status: number }

let server: TestServer
beforeAll(async () => {
  server = await startServer((_req, res) => sendText(res, 500, 'no handler'))
})
afterAll(async () => {
  await server.close()
})

function replay(status: number, reply: unknown): void {
  server.setHandler((_req, res) => sendJson(res, status, reply))
}
const lastBody = (): Record<string, unknown> => JSON.parse(server.requests.at(-1)!.body) as Record<string, unknown>

describe('KDF client against a local server replaying the vectors', () => {
  test('mdx gas-station example: request body on the wire, Iguana result with balances', async () => {
    const c = byId('kdf-mdx-gas-station-01') as {
      request: { params: EnableEthWithTokensParams }
      response: { result: unknown }
    }
    replay(200, c.response)
    const kdf = createKdfClient({ url: server.url, userpass: USERPASS, dialect: 'legacy' })
    const r = await kdf.enableEthWithTokens(c.request.params)
    const wire = server.requests.at(-1)!
    expect(wire.method).toBe('POST')
    expect(wire.url).toBe('/')
    expect(wire.headers['content-type']).toBe('application/json')
    expect(wire.headers.authorization).toBeUndefined()
    // legacy dialect: the documented body except the documented komodo_proxy node flag, spelt gui_auth
    const expected = JSON.parse(JSON.stringify(c.request)) as {
      params: { nodes: { url: string; komodo_proxy?: boolean; gui_auth?: boolean }[] }
    }
    expected.params.nodes = expected.params.nodes.map((n) => ({ url: n.url, gui_auth: n.komodo_proxy! }))
    expect(lastBody()).toEqual(expected)
    expect(r).toEqual(c.response.result)
    expect(isHdEnableResult(r)).toBe(false)
    if (!isHdEnableResult(r)) {
      const info = r.eth_addresses_infos['0x083C32B38e8050473f6999e22f670d1404235592']!
      expect(info.balances).toEqual({ spendable: '0', unspendable: '0' })
      expect(r.nfts_infos).toEqual({})
    }
  })

  test('developer-docs example: result without nfts_infos (2023 node)', async () => {
    const c = byId('kdf-devdocs-example-01') as {
      request: { params: EnableEthWithTokensParams }
      response: { result: unknown }
    }
    replay(200, c.response)
    const r = await createKdfClient({ url: server.url, userpass: USERPASS }).enableEthWithTokens(c.request.params)
    expect(r).toEqual(c.response.result)
    expect(lastBody().userpass).toBe(USERPASS)
    expect((lastBody().params as Record<string, unknown>).priv_key_policy).toEqual({ type: 'ContextPrivKey' })
  })

  test('get_balances=false: ETH entry without balances/tickers, ERC20 entry with tickers', async () => {
    const c = byId('kdf-mdx-get-balances-false-01') as {
      request: { params: EnableEthWithTokensParams }
      response: { result: unknown }
    }
    replay(200, c.response)
    const r = await createKdfClient({ url: server.url, userpass: USERPASS, tradingProtoV2: true }).enableEthWithTokens(
      c.request.params,
    )
    if (isHdEnableResult(r)) throw new Error('expected Iguana')
    const addr = '0x083C32B38e8050473f6999e22f670d1404235592'
    expect(r.eth_addresses_infos[addr]!.balances).toBeUndefined()
    expect(r.eth_addresses_infos[addr]!.tickers).toBeUndefined()
    expect(new Set(r.erc20_addresses_infos[addr]!.tickers)).toEqual(new Set(['PGX-PLG20', 'AAVE-PLG20']))
  })

  test('HD result shape (synthetic reply in the spec-3.3 shape) and request id echo', async () => {
    const c = byId('kdf-test-hd-request-01') as { request_template: { params: EnableEthWithTokensParams } }
    const bal = { ETH: { spendable: '0.1', unspendable: '0' } }
    const result = {
      current_block: 7_000_000,
      ticker: 'ETH',
      nfts_infos: {},
      wallet_balance: {
        wallet_type: 'HD',
        accounts: [
          {
            account_index: 0,
            derivation_path: "m/44'/60'/0'",
            total_balance: bal,
            addresses: [
              { address: '0x' + 'ab'.repeat(20), derivation_path: "m/44'/60'/0'/0/0", chain: 'External', balance: bal },
            ],
          },
        ],
      },
    }
    replay(200, { mmrpc: '2.0', result, id: 42 })
    const r = await createKdfClient({ url: server.url, userpass: USERPASS, hdMode: true }).enableEthWithTokens(
      c.request_template.params,
      { id: 42 },
    )
    expect(isHdEnableResult(r)).toBe(true)
    if (isHdEnableResult(r)) expect(r.wallet_balance.accounts[0]!.addresses[0]!.balance).toEqual(bal)
    expect(lastBody().id).toBe(42)
  })

  test('a reply with another id, another mmrpc, or a malformed result is RPC_RESULT', async () => {
    const kdf = createKdfClient({ url: server.url, userpass: USERPASS })
    const p = byId('kdf-test-request-deserialize-01').params as EnableEthWithTokensParams
    replay(200, {
      mmrpc: '2.0',
      result: { current_block: 1, eth_addresses_infos: {}, erc20_addresses_infos: {} },
      id: 9,
    })
    await expect(kdf.enableEthWithTokens(p, { id: 8 })).rejects.toMatchObject({ code: 'RPC_RESULT' })
    replay(200, { mmrpc: '1.0', result: {} })
    await expect(kdf.enableEthWithTokens(p)).rejects.toMatchObject({ code: 'RPC_RESULT' })
    replay(200, { mmrpc: '2.0', result: { current_block: -1 } })
    await expect(kdf.enableEthWithTokens(p)).rejects.toMatchObject({ code: 'RPC_RESULT' })
    replay(200, {
      mmrpc: '2.0',
      result: {
        current_block: 5,
        eth_addresses_infos: {
          a: { derivation_method: { type: 'Iguana' }, pubkey: '04', balances: { spendable: 1, unspendable: '0' } },
        },
        erc20_addresses_infos: {},
      },
    })
    await expect(kdf.enableEthWithTokens(p)).rejects.toMatchObject({ code: 'RPC_RESULT' })
  })
})

describe('KDF error replies become KdfError', () => {
  const documented = cases.filter((c) => (c.kind as string[]).includes('error_response'))
  const statusOf = (t: string): number =>
    [...catalog.method_errors, ...catalog.dispatcher_errors].find((e) => e.error_type === t)!.http_status

  test.each(documented.map((c) => [c.id, c] as const))('%s', async (_id, c) => {
    const reply = c.response as { error_type: string; error_data: unknown; error: string }
    const status = statusOf(reply.error_type)
    replay(status, reply)
    const kdf = createKdfClient({ url: server.url, userpass: USERPASS })
    const err = await kdf
      .enableEthWithTokens(byId('kdf-test-request-deserialize-01').params as EnableEthWithTokensParams)
      .catch((e: unknown) => e)
    expect(err).toBeInstanceOf(KdfError)
    expect(err).toBeInstanceOf(KomodoCcError)
    expect(err).toMatchObject({ code: 'KDF_ERROR', errorType: reply.error_type, errorData: reply.error_data, status })
  })

  const sample = (shape: string): unknown => {
    if (shape.startsWith('none')) return undefined
    if (shape.startsWith('string')) return 'some text'
    if (shape.startsWith('number')) return 17
    if (shape.startsWith('{duration')) return { duration: { secs: 5, nanos: 0 } }
    if (shape.startsWith('object {error_type')) return { error_type: 'NbAttemptsLeft', error_data: 9 }
    if (shape.startsWith('object, externally tagged'))
      return { DuplicateTickerInConfig: { ticker_in_config: 'USDC-ERC20' } }
    if (shape.startsWith('{ticker, protocol}')) return { ticker: 'ETH', protocol: { type: 'QTUM' } }
    if (shape.startsWith('{ticker, error}')) return { ticker: 'ETH', error: 'missing field' }
    throw new Error(`no sample for ${shape}`)
  }
  const every = [...catalog.method_errors, ...catalog.dispatcher_errors]
  test.each(every.map((e) => [e.error_type, e] as const))('catalog variant %s', async (_t, e) => {
    const data = sample(e.error_data)
    const reply: Record<string, unknown> = {
      mmrpc: '2.0',
      error: `text of ${e.error_type}`,
      error_path: 'x',
      error_trace: 'x:1]',
      error_type: e.error_type,
      id: null,
    }
    if (data !== undefined) reply.error_data = data
    replay(e.http_status, reply)
    const err = (await createKdfClient({ url: server.url, userpass: USERPASS })
      .call('enable_eth_with_tokens', { ticker: 'ETH' })
      .catch((x: unknown) => x)) as KdfError
    expect(err).toBeInstanceOf(KdfError)
    expect(err.errorType).toBe(e.error_type)
    expect(err.status).toBe(e.http_status)
    expect(err.errorData).toEqual(data)
    expect('errorData' in err.details).toBe(data !== undefined)
    expect(err.message).not.toContain(USERPASS)
  })

  test('the userpass is redacted if the node echoes it', async () => {
    replay(403, {
      mmrpc: '2.0',
      error: `bad userpass ${USERPASS}`,
      error_type: 'UserpassIsInvalid',
      error_data: { error_type: 'NbAttemptsLeft', error_data: 2 },
    })
    const err = (await createKdfClient({ url: server.url, userpass: USERPASS })
      .call('version', {})
      .catch((x: unknown) => x)) as KdfError
    expect(err.message).not.toContain(USERPASS)
    expect(err.status).toBe(403)
  })
})

describe('KDF transport failures', () => {
  const p = (): EnableEthWithTokensParams => byId('kdf-test-request-deserialize-01').params as EnableEthWithTokensParams

  test('timeout → RPC_TIMEOUT', async () => {
    server.setHandler(() => {
      /* never answers */
    })
    const err = await createKdfClient({ url: server.url, userpass: USERPASS, timeoutMs: 150 })
      .enableEthWithTokens(p())
      .catch((x: unknown) => x)
    expect(err).toMatchObject({ code: 'RPC_TIMEOUT' })
    expect((err as Error).message).not.toContain(USERPASS)
  })

  test('caller abort → ABORTED', async () => {
    server.setHandler(() => {
      /* never answers */
    })
    const ctrl = new AbortController()
    const pending = createKdfClient({ url: server.url, userpass: USERPASS }).enableEthWithTokens(p(), {
      signal: ctrl.signal,
    })
    setTimeout(() => ctrl.abort(), 50)
    await expect(pending).rejects.toMatchObject({ code: 'ABORTED' })
  })

  test('connection refused → RPC_HTTP', async () => {
    const port = await deadPort()
    await expect(
      createKdfClient({ url: `http://127.0.0.1:${port}`, userpass: USERPASS }).enableEthWithTokens(p()),
    ).rejects.toMatchObject({ code: 'RPC_HTTP' })
  })

  test('non-JSON body, truncated body, HTTP error without error object', async () => {
    const kdf = createKdfClient({ url: server.url, userpass: USERPASS })
    server.setHandler((_r, res) => sendText(res, 200, '<html>proxy</html>'))
    await expect(kdf.enableEthWithTokens(p())).rejects.toMatchObject({ code: 'RPC_HTTP' })
    server.setHandler((_r, res) => sendTruncated(res, '{"mmrpc":"2.0","result":{"current_', 400))
    await expect(kdf.enableEthWithTokens(p())).rejects.toMatchObject({ code: 'RPC_HTTP' })
    server.setHandler((_r, res) => sendJson(res, 502, { mmrpc: '2.0' }))
    await expect(kdf.enableEthWithTokens(p())).rejects.toMatchObject({ code: 'RPC_HTTP' })
  })

  test('bad client options are KDF_PARAMS and never echo the userpass', () => {
    for (const o of [
      { url: 'ftp://x', userpass: USERPASS },
      { url: 'http://u:p@127.0.0.1:1', userpass: USERPASS },
      { url: 'http://127.0.0.1:1', userpass: '' },
      { url: 'http://127.0.0.1:1', userpass: USERPASS, timeoutMs: 0 },
    ]) {
      let err: unknown
      try {
        createKdfClient(o)
      } catch (e) {
        err = e
      }
      expect(err).toMatchObject({ code: 'KDF_PARAMS' })
      expect((err as Error).message).not.toContain(USERPASS)
    }
  })

  test('params refused before anything is sent', async () => {
    const before = server.requests.length
    await expect(
      createKdfClient({ url: server.url, userpass: USERPASS }).enableEthWithTokens({ ...p(), nodes: [] }),
    ).rejects.toMatchObject({ code: 'KDF_PARAMS' })
    expect(server.requests.length).toBe(before)
  })
})
