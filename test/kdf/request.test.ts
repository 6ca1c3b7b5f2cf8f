import { describe, expect, test } from 'vitest'
import fc from 'fast-check'
import v from '../../vectors/kdf/enable-eth-with-tokens.json' with { type: 'json' }
import { buildEnableEthWithTokensRequest } from '../../src/kdf/request.js'
import type { EnableEthWithTokensParams, KdfWarning } from '../../src/kdf/request.js'

type Case = {
  id: string
  request?: { userpass: string; params: Record<string, unknown> }
  request_template?: { userpass: string; params: Record<string, unknown> }
  params?: Record<string, unknown>
}
const cases = v.cases as unknown as Case[]
const byId = (id: string): Case => cases.find((c) => c.id === id)!
const clone = <T>(x: T): T => JSON.parse(JSON.stringify(x)) as T
const numRuns = Number(process.env.FC_NUM_RUNS ?? 200)

/** The documented 2023/mdx request rewritten by hand to the current wire (spec section 9), independent of the code. */
function toCurrentByHand(params: Record<string, unknown>): Record<string, unknown> {
  const p = clone(params)
  for (const k of [
    'gas_station_url',
    'gas_station_decimals',
    'gas_station_policy',
    'tx_history',
    'requires_notarization',
  ])
    delete p[k]
  if (typeof p.priv_key_policy === 'string') p.priv_key_policy = { type: p.priv_key_policy }
  if (p.rpc_mode === 'Http') p.rpc_mode = 'Default'
  if (Array.isArray(p.nodes))
    p.nodes = (p.nodes as Record<string, unknown>[]).map((n) =>
      'gui_auth' in n ? { url: n.url, komodo_proxy: n.gui_auth } : n,
    )
  return p
}

describe('enable_eth_with_tokens request: documented bodies', () => {
  test('developer-docs 2023 example, legacy dialect: byte-identical body', () => {
    const c = byId('kdf-devdocs-example-01')
    const warnings: KdfWarning[] = []
    const body = buildEnableEthWithTokensRequest(c.request!.params as EnableEthWithTokensParams, {
      userpass: c.request!.userpass,
      dialect: 'legacy',
      onWarning: (w) => warnings.push(w),
    })
    expect(JSON.stringify(body)).toBe(JSON.stringify(c.request))
    expect(warnings).toEqual([])
  })

  test('developer-docs 2023 example, current dialect: renamed/ignored fields rewritten, each with a warning', () => {
    const c = byId('kdf-devdocs-example-01')
    const warnings: KdfWarning[] = []
    const body = buildEnableEthWithTokensRequest(c.request!.params as EnableEthWithTokensParams, {
      userpass: 'pw',
      onWarning: (w) => warnings.push(w),
    })
    expect(body).toEqual({
      userpass: 'pw',
      method: 'enable_eth_with_tokens',
      mmrpc: '2.0',
      params: toCurrentByHand(c.request!.params),
    })
    expect(body.params.priv_key_policy).toEqual({ type: 'ContextPrivKey' })
    expect(body.params.rpc_mode).toBe('Default')
    const fields = new Set(warnings.map((w) => w.field))
    for (const f of [
      'gas_station_url',
      'gas_station_decimals',
      'gas_station_policy',
      'tx_history',
      'requires_notarization',
      'priv_key_policy',
      'rpc_mode',
      'nodes',
      'mm2',
    ])
      expect(fields.has(f), f).toBe(true)
  })

  test('mdx gas-station example: current dialect drops the gas-station fields', () => {
    const c = byId('kdf-mdx-gas-station-01')
    const body = buildEnableEthWithTokensRequest(c.request!.params as EnableEthWithTokensParams, {
      userpass: c.request!.userpass,
    })
    expect(body).toEqual({ ...c.request, params: toCurrentByHand(c.request!.params) })
    expect(body.params).not.toHaveProperty('gas_station_url')
  })

  test('mdx gas-station example: legacy dialect keeps the gas station, spells komodo_proxy as gui_auth', () => {
    const c = byId('kdf-mdx-gas-station-01')
    const body = buildEnableEthWithTokensRequest(c.request!.params as EnableEthWithTokensParams, {
      userpass: 'x',
      dialect: 'legacy',
    })
    expect(body.params.gas_station_decimals).toBe(8)
    expect(body.params.gas_station_policy).toEqual({ policy: 'MeanAverageFast' })
    expect((body.params.nodes as unknown[])[0]).toEqual({ url: 'https://eth1.cipig.net:18555', gui_auth: false })
  })

  test('mdx get_balances=false example with swap_v2_contracts (trading protocol v2 node)', () => {
    const c = byId('kdf-mdx-get-balances-false-01')
    const body = buildEnableEthWithTokensRequest(c.request!.params as EnableEthWithTokensParams, {
      userpass: c.request!.userpass,
      tradingProtoV2: true,
    })
    expect(body).toEqual({ ...c.request, params: toCurrentByHand(c.request!.params) })
    expect(body.params.get_balances).toBe(false)
  })

  test('KDF test params (current code) pass through unchanged, without warnings', () => {
    const c = byId('kdf-test-request-deserialize-01')
    const warnings: KdfWarning[] = []
    const body = buildEnableEthWithTokensRequest(c.params as EnableEthWithTokensParams, {
      userpass: 'u',
      onWarning: (w) => warnings.push(w),
    })
    expect(JSON.stringify(body.params)).toBe(JSON.stringify(c.params))
    expect(warnings).toEqual([])
  })

  test('KDF HD test request (mm2 kept, HD mode)', () => {
    const c = byId('kdf-test-hd-request-01')
    const body = buildEnableEthWithTokensRequest(c.request_template!.params as EnableEthWithTokensParams, {
      userpass: 'u',
      hdMode: true,
    })
    expect(body.params).toEqual(c.request_template!.params)
  })

  test('KDF docker test request template, placeholders filled', () => {
    const c = byId('kdf-test-get-balances-01')
    const params = clone(c.request_template!.params)
    params.swap_contract_address = '0x' + '11'.repeat(20)
    params.nodes = [{ url: 'http://127.0.0.1:8545' }]
    const body = buildEnableEthWithTokensRequest(params as EnableEthWithTokensParams, { userpass: 'u', id: 7 })
    expect(body).toEqual({
      userpass: 'u',
      method: 'enable_eth_with_tokens',
      mmrpc: '2.0',
      params: toCurrentByHand(params),
      id: 7,
    })
  })
})

const base = (): EnableEthWithTokensParams => ({
  ticker: 'ETH',
  swap_contract_address: '0x24ABE4c71FC658C91313b6552cd40cD808b3Ea80',
  nodes: [{ url: 'https://eth1.cipig.net:18555' }],
  erc20_tokens_requests: [{ ticker: 'USDC-ERC20' }],
})

describe('enable_eth_with_tokens request: refusals (KDF_PARAMS)', () => {
  const bad: [string, (p: Record<string, unknown>) => void, Record<string, unknown>?][] = [
    [
      'zero swap contract',
      (p) => {
        p.swap_contract_address = '0x' + '0'.repeat(40)
      },
    ],
    [
      'zero fallback contract',
      (p) => {
        p.fallback_swap_contract = '0x' + '0'.repeat(40)
      },
    ],
    [
      'short address',
      (p) => {
        p.swap_contract_address = '0x1234'
      },
    ],
    [
      'address without 0x',
      (p) => {
        p.swap_contract_address = '24ABE4c71FC658C91313b6552cd40cD808b3Ea80'
      },
    ],
    [
      'zero v2 contract',
      (p) => {
        p.swap_v2_contracts = {
          maker_swap_v2_contract: '0x' + '0'.repeat(40),
          taker_swap_v2_contract: '0x' + '1'.repeat(40),
          nft_maker_swap_v2_contract: '0x' + '1'.repeat(40),
        }
      },
    ],
    [
      'v2 contracts incomplete',
      (p) => {
        p.swap_v2_contracts = { maker_swap_v2_contract: '0x' + '1'.repeat(40) }
      },
    ],
    ['v2 missing under trading protocol v2', () => {}, { tradingProtoV2: true }],
    [
      'missing swap contract',
      (p) => {
        delete p.swap_contract_address
      },
    ],
    [
      'missing ticker',
      (p) => {
        delete p.ticker
      },
    ],
    [
      'missing token list',
      (p) => {
        delete p.erc20_tokens_requests
      },
    ],
    [
      'missing nodes',
      (p) => {
        delete p.nodes
      },
    ],
    [
      'empty nodes',
      (p) => {
        p.nodes = []
      },
    ],
    [
      'node scheme ftp',
      (p) => {
        p.nodes = [{ url: 'ftp://node.example' }]
      },
    ],
    [
      'node url garbage',
      (p) => {
        p.nodes = [{ url: 'not a url' }]
      },
    ],
    [
      'node unknown key',
      (p) => {
        p.nodes = [{ url: 'https://a.b', guiauth: true }]
      },
    ],
    [
      'both proxy spellings',
      (p) => {
        p.nodes = [{ url: 'https://a.b', gui_auth: true, komodo_proxy: true }]
      },
    ],
    [
      'unknown params key (misspelt)',
      (p) => {
        p.get_balance = false
      },
    ],
    [
      'get_balances not boolean',
      (p) => {
        p.get_balances = 'false'
      },
    ],
    [
      'required_confirmations negative',
      (p) => {
        p.required_confirmations = -1
      },
    ],
    [
      'required_confirmations fractional',
      (p) => {
        p.required_confirmations = 1.5
      },
    ],
    [
      'mm2 = 2',
      (p) => {
        p.mm2 = 2
      },
    ],
    [
      'rpc_mode unknown',
      (p) => {
        p.rpc_mode = 'Websocket'
      },
    ],
    [
      'Trezor policy on the non-task method',
      (p) => {
        p.priv_key_policy = { type: 'Trezor' }
      },
    ],
    [
      'WalletConnect without session',
      (p) => {
        p.priv_key_policy = { type: 'WalletConnect' }
      },
    ],
    [
      'WalletConnect in legacy dialect',
      (p) => {
        p.priv_key_policy = { type: 'WalletConnect', params: { session_topic: 'abc' } }
      },
      { dialect: 'legacy' },
    ],
    [
      'nft_req in HD mode',
      (p) => {
        p.nft_req = { provider: { type: 'Moralis', info: { url: 'https://moralis-proxy.komodo.earth' } } }
      },
      { hdMode: true },
    ],
    [
      'nft_req on ONE',
      (p) => {
        p.ticker = 'ONE'
        p.nft_req = { provider: { type: 'Moralis', info: { url: 'https://moralis-proxy.komodo.earth' } } }
      },
    ],
    [
      'nft_req provider type',
      (p) => {
        p.nft_req = { provider: { type: 'Other', info: { url: 'https://x.y' } } }
      },
    ],
    [
      'token without ticker',
      (p) => {
        p.erc20_tokens_requests = [{ required_confirmations: 3 }]
      },
    ],
    [
      'token listed twice',
      (p) => {
        p.erc20_tokens_requests = [{ ticker: 'A' }, { ticker: 'A' }]
      },
    ],
    [
      'token unknown key',
      (p) => {
        p.erc20_tokens_requests = [{ ticker: 'A', confirmations: 3 }]
      },
    ],
    [
      'gas decimals out of range',
      (p) => {
        p.gas_station_decimals = 19
      },
    ],
    [
      'gas policy unknown',
      (p) => {
        p.gas_station_policy = { policy: 'Fast' }
      },
    ],
    [
      'path_to_address chain',
      (p) => {
        p.path_to_address = { account_id: 0, chain: 'Change', address_id: 0 }
      },
    ],
    [
      'scan_policy unknown',
      (p) => {
        p.scan_policy = 'always'
      },
    ],
    [
      'params not an object',
      (p) => {
        Object.assign(p, { ticker: 5 })
      },
    ],
  ]
  test.each(bad)('%s', (_name, mutate, extra) => {
    const p = base() as unknown as Record<string, unknown>
    mutate(p)
    const userpass = 'S3CRET-userpass'
    let err: unknown
    try {
      buildEnableEthWithTokensRequest(p as unknown as EnableEthWithTokensParams, { userpass, ...extra })
    } catch (e) {
      err = e
    }
    expect(err).toMatchObject({ code: 'KDF_PARAMS' })
    expect(String((err as Error).message)).not.toContain(userpass)
    expect(JSON.stringify((err as { details: unknown }).details)).not.toContain(userpass)
  })

  test('options: empty userpass, string id, bad dialect', () => {
    expect(() => buildEnableEthWithTokensRequest(base(), { userpass: '' })).toThrow(
      expect.objectContaining({ code: 'KDF_PARAMS' }),
    )
    expect(() => buildEnableEthWithTokensRequest(base(), { userpass: 'u', id: '1' as unknown as number })).toThrow(
      expect.objectContaining({ code: 'KDF_PARAMS' }),
    )
    expect(() => buildEnableEthWithTokensRequest(base(), { userpass: 'u', dialect: 'v1' as 'legacy' })).toThrow(
      expect.objectContaining({ code: 'KDF_PARAMS' }),
    )
    expect(() =>
      buildEnableEthWithTokensRequest(null as unknown as EnableEthWithTokensParams, { userpass: 'u' }),
    ).toThrow(expect.objectContaining({ code: 'KDF_PARAMS' }))
  })

  test('nft_req: docs form {type, info} is wrapped as {provider} for current KDF, unwrapped for legacy', () => {
    const p = { ...base(), nft_req: { type: 'Moralis' as const, info: { url: 'https://moralis-proxy.komodo.earth' } } }
    const warnings: KdfWarning[] = []
    expect(
      buildEnableEthWithTokensRequest(p, { userpass: 'u', onWarning: (w) => warnings.push(w) }).params.nft_req,
    ).toEqual({ provider: { type: 'Moralis', info: { url: 'https://moralis-proxy.komodo.earth' } } })
    expect(warnings.map((w) => w.field)).toEqual(['nft_req'])
    expect(buildEnableEthWithTokensRequest(p, { userpass: 'u', dialect: 'legacy' }).params.nft_req).toEqual({
      type: 'Moralis',
      info: { url: 'https://moralis-proxy.komodo.earth' },
    })
  })

  test('WalletConnect policy and ws/wss nodes are accepted on the current dialect', () => {
    const p = {
      ...base(),
      nodes: [{ url: 'wss://n.example/ws' }, { url: 'ws://127.0.0.1:8546' }],
      priv_key_policy: { type: 'WalletConnect' as const, params: { session_topic: 't1' } },
    }
    const body = buildEnableEthWithTokensRequest(p, { userpass: 'u' })
    expect(body.params.priv_key_policy).toEqual({ type: 'WalletConnect', params: { session_topic: 't1' } })
  })
})

describe('enable_eth_with_tokens request: properties', () => {
  const hex40 = fc
    .stringMatching(/^[0-9a-fA-F]{40}$/)
    .filter((s) => !/^0+$/.test(s))
    .map((s) => '0x' + s)
  const ticker = fc.stringMatching(/^[A-Z][A-Z0-9-]{0,11}$/)
  const params = fc.record(
    {
      ticker: fc.constantFrom('ETH', 'BNB', 'MATIC', 'AVAX'),
      swap_contract_address: hex40,
      nodes: fc.array(
        fc.record({ url: fc.constantFrom('https://a.example', 'http://127.0.0.1:8545', 'wss://w.example/x') }),
        { minLength: 1, maxLength: 4 },
      ),
      erc20_tokens_requests: fc.uniqueArray(
        fc.record({ ticker: ticker.map((t) => t + '-ERC20') }, { requiredKeys: ['ticker'] }),
        { selector: (t) => t.ticker, maxLength: 5 },
      ),
      get_balances: fc.boolean(),
      required_confirmations: fc.integer({ min: 0, max: 100 }),
    },
    { requiredKeys: ['ticker', 'swap_contract_address', 'nodes', 'erc20_tokens_requests'] },
  )

  test('valid params build, survive JSON, and legacy→current is stable', () => {
    fc.assert(
      fc.property(params, fc.constantFrom<'current' | 'legacy'>('current', 'legacy'), (p, dialect) => {
        const body = buildEnableEthWithTokensRequest(p as EnableEthWithTokensParams, { userpass: 'pw', dialect })
        expect(JSON.parse(JSON.stringify(body))).toEqual(body)
        expect(body.params.ticker).toBe(p.ticker)
        // a current body fed back in is a fixed point
        if (dialect === 'current')
          expect(buildEnableEthWithTokensRequest(body.params as EnableEthWithTokensParams, { userpass: 'pw' })).toEqual(
            body,
          )
      }),
      { numRuns },
    )
  })

  test('any unknown key is refused, and the userpass never shows in the error', () => {
    const known = new Set(
      Object.keys({
        ...base(),
        fallback_swap_contract: 1,
        gas_station_url: 1,
        nft_req: 1,
        mm2: 1,
        swap_v2_contracts: 1,
        gas_station_decimals: 1,
        gas_station_policy: 1,
        get_balances: 1,
        priv_key_policy: 1,
        required_confirmations: 1,
        requires_notarization: 1,
        rpc_mode: 1,
        tx_history: 1,
        contract_supports_watchers: 1,
        path_to_address: 1,
        gap_limit: 1,
        scan_policy: 1,
        min_addresses_number: 1,
      }),
    )
    fc.assert(
      fc.property(
        params,
        fc.string({ minLength: 1, maxLength: 12 }).filter((k) => !known.has(k) && k !== '__proto__'),
        fc.string({ minLength: 8 }).map((s) => '\u2603' + s),
        (p, key, userpass) => {
          // the error names the unknown key (the caller's own text): a userpass inside that key is no leak; the ☃ keeps a
          // random userpass from matching the message's own words
          fc.pre(!key.includes(userpass))
          const q = { ...p, [key]: true }
          try {
            buildEnableEthWithTokensRequest(q as EnableEthWithTokensParams, { userpass })
            return false
          } catch (e) {
            return (e as { code?: string }).code === 'KDF_PARAMS' && !(e as Error).message.includes(userpass)
          }
        },
      ),
      { numRuns },
    )
  })
})
