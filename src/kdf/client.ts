import { KomodoCcError } from '../errors.js'
import { checkMaxResponseBytes, postBounded } from '../rpc/http.js'
import { MAX_JSON_DEPTH, parseJsonReply } from '../rpc/json.js'
import { scrubError, secretForms } from '../rpc/redact.js'
import { buildEnableEthWithTokensRequest } from './request.js'
import type { EnableEthWithTokensParams, KdfDialect, KdfWarning } from './request.js'

/** `{spendable, unspendable}` as decimal strings (KDF prints amounts as text). */
export type KdfBalance = { spendable: string; unspendable: string }

/** AddressInfo of the single-address ("Iguana") result. `balances`/`tickers` are absent when not returned. */
export type KdfAddressInfo<B> = {
  derivation_method: { type: string }
  pubkey: string
  balances?: B
  tickers?: string[]
}

/** One NFT of `nfts_infos` (key `"<lower-case contract>,<token id>"`). */
export type KdfNftInfo = {
  token_address: string
  token_id: string
  chain: string
  contract_type: string
  amount: string
}

/** Single-address wallet result (shape depends on `get_balances`). */
export type EnableEthWithTokensIguanaResult = {
  current_block: number
  eth_addresses_infos: Record<string, KdfAddressInfo<KdfBalance>>
  erc20_addresses_infos: Record<string, KdfAddressInfo<Record<string, KdfBalance>>>
  /** Always present on current KDF; absent in the 2023 docs example. */
  nfts_infos?: Record<string, KdfNftInfo>
}

/** HD wallet address of the HD result. */
export type KdfHdAddress = {
  address: string
  derivation_path: string
  chain: 'External' | 'Internal'
  balance: Record<string, KdfBalance>
}
/** HD wallet account of the HD result. */
export type KdfHdAccount = {
  account_index: number
  derivation_path: string
  total_balance: Record<string, KdfBalance>
  addresses: KdfHdAddress[]
}

/** HD wallet result (chosen by the node's `enable_hd`; `get_balances` is ignored there). */
export type EnableEthWithTokensHdResult = {
  current_block: number
  ticker: string
  wallet_balance: { wallet_type: 'HD'; accounts: KdfHdAccount[] }
  nfts_infos?: Record<string, KdfNftInfo>
}

/** Either result shape; tell them apart with {@link isHdEnableResult}. */
export type EnableEthWithTokensResult = EnableEthWithTokensIguanaResult | EnableEthWithTokensHdResult

/**
 * True for the HD result shape (it has `wallet_balance`, the single-address shape has `eth_addresses_infos`).
 * @example if (isHdEnableResult(r)) console.log(r.wallet_balance.accounts.length)
 */
export function isHdEnableResult(r: EnableEthWithTokensResult): r is EnableEthWithTokensHdResult {
  return 'wallet_balance' in r
}

/** Options of {@link createKdfClient}. */
export type KdfClientOptions = {
  /** Base URL of the KDF RPC, e.g. `http://127.0.0.1:7783`. */
  url: string
  /** The RPC password; never printed in errors. */
  userpass: string
  /** Per-call timeout in milliseconds (default 120000: activation queries every node). */
  timeoutMs?: number
  /** Wire dialect (default `'current'`). */
  dialect?: KdfDialect
  /** The node runs in HD mode (`nft_req` is refused client-side). */
  hdMode?: boolean
  /** The node runs trading protocol v2 (`swap_v2_contracts` required). */
  tradingProtoV2?: boolean
  /**
   * Largest reply body read, in bytes (default 64 MiB, `DEFAULT_MAX_RESPONSE_BYTES`). A bigger reply is abandoned
   * while it streams (or at once, from its `Content-Length`) with `RESPONSE_TOO_LARGE`.
   */
  maxResponseBytes?: number
  /** Custom fetch (tests, proxies). Defaults to `globalThis.fetch`. Called with `redirect: 'manual'`. */
  fetch?: typeof fetch
}

/** Per-call options. */
export type KdfCallOptions = {
  signal?: AbortSignal
  /** Called once per request field the target KDF version ignores or renames (the request is still sent). */
  onWarning?: (w: KdfWarning) => void
  id?: number
}

/** A KDF client. */
export type KdfClient = {
  /** Activates an EVM platform coin and its tokens. */
  enableEthWithTokens(params: EnableEthWithTokensParams, options?: KdfCallOptions): Promise<EnableEthWithTokensResult>
  /** Any mmrpc 2.0 method: returns `result`, throws {@link KdfError} on an error reply. */
  call(method: string, params: Record<string, unknown>, options?: KdfCallOptions): Promise<unknown>
}

/**
 * Creates a Komodo DeFi Framework (mmrpc 2.0) client over `fetch` (Node ≥ 20 and browsers). Redirects are refused
 * (`RPC_REDIRECT`: the body, with the userpass, is never re-sent elsewhere), replies are bounded
 * (`maxResponseBytes`, `RESPONSE_TOO_LARGE`) and parsed with a nesting bound; the userpass (raw, JSON-escaped,
 * percent-encoded) is removed from every error, also when KDF echoes it (in `error`, `error_type`, `error_data`).
 * @throws KomodoCcError KDF_PARAMS for bad options
 * @example
 * const kdf = createKdfClient({ url: 'http://127.0.0.1:7783', userpass: process.env.KDF_USERPASS! })
 * const r = await kdf.enableEthWithTokens({ ticker: 'ETH', swap_contract_address: '0x24ABE4c71FC658C91313b6552cd40cD808b3Ea80',
 *   nodes: [{ url: 'https://eth1.cipig.net:18555' }], erc20_tokens_requests: [{ ticker: 'USDC-ERC20' }] })
 */
export function createKdfClient(options: KdfClientOptions): KdfClient {
  if (typeof options !== 'object' || options === null)
    throw new KomodoCcError('KDF_PARAMS', 'options must be an object {url, userpass}', { field: 'options' })
  const { userpass } = options
  if (typeof userpass !== 'string' || userpass === '')
    throw new KomodoCcError('KDF_PARAMS', 'userpass must be a non-empty string', { field: 'userpass' })
  const url = checkBaseUrl(options.url)
  const timeoutMs = options.timeoutMs ?? 120_000
  if (typeof timeoutMs !== 'number' || !Number.isFinite(timeoutMs) || timeoutMs <= 0)
    throw new KomodoCcError('KDF_PARAMS', 'timeoutMs must be a positive number', { field: 'timeoutMs' })
  const doFetch = options.fetch ?? globalThis.fetch
  if (typeof doFetch !== 'function')
    throw new KomodoCcError('KDF_PARAMS', 'no fetch available; pass options.fetch', { field: 'fetch' })
  const maxResponseBytes = checkMaxResponseBytes(
    options.maxResponseBytes,
    (m) => new KomodoCcError('KDF_PARAMS', m, { field: 'maxResponseBytes' }),
  )
  const forms = secretForms([userpass])

  async function send(
    method: string,
    body: Record<string, unknown>,
    signal: AbortSignal | undefined,
    check: (r: unknown) => unknown = (r) => r,
  ): Promise<unknown> {
    try {
      const reply = await postBounded({
        fetch: doFetch,
        url,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
        timeoutMs,
        maxResponseBytes,
        signal,
        peer: 'KDF',
        error: (code, message, details) =>
          new KomodoCcError(code, `${method}: ${message}`, { method, ...withoutUndefined(details) }),
      })
      return check(readReply(reply.status, reply.body, method, body.id as number | undefined))
    } catch (e) {
      throw scrubError(e, forms)
    }
  }

  return {
    async enableEthWithTokens(params, callOptions = {}) {
      checkCallOptions(callOptions)
      const body = buildEnableEthWithTokensRequest(params, {
        userpass,
        dialect: options.dialect,
        hdMode: options.hdMode,
        tradingProtoV2: options.tradingProtoV2,
        id: callOptions.id,
        onWarning: callOptions.onWarning,
      })
      return (await send(
        'enable_eth_with_tokens',
        body,
        callOptions.signal,
        checkEnableResult,
      )) as EnableEthWithTokensResult
    },
    async call(method, params, callOptions = {}) {
      checkCallOptions(callOptions)
      if (typeof method !== 'string' || method === '')
        throw new KomodoCcError('KDF_PARAMS', 'method must be a non-empty string', { field: 'method' })
      if (typeof params !== 'object' || params === null || Array.isArray(params))
        throw new KomodoCcError('KDF_PARAMS', 'params must be an object', { field: 'params' })
      const body: Record<string, unknown> = { userpass, method, mmrpc: '2.0', params }
      if (callOptions.id !== undefined) body.id = callOptions.id
      return send(method, body, callOptions.signal)
    },
  }
}

function checkCallOptions(o: unknown): void {
  if (typeof o !== 'object' || o === null)
    throw new KomodoCcError('KDF_PARAMS', 'call options must be an object', { field: 'options' })
  const s = (o as KdfCallOptions).signal
  if (s !== undefined && !(s instanceof AbortSignal))
    throw new KomodoCcError('KDF_PARAMS', 'signal must be an AbortSignal', { field: 'signal' })
}

function checkBaseUrl(v: unknown): string {
  if (typeof v !== 'string') throw new KomodoCcError('KDF_PARAMS', 'url must be a string', { field: 'url' })
  let u: URL
  try {
    u = new URL(v)
  } catch {
    throw new KomodoCcError('KDF_PARAMS', 'url is not a valid URL', { field: 'url' })
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:')
    throw new KomodoCcError('KDF_PARAMS', 'url must be http or https', { field: 'url' })
  if (u.username !== '' || u.password !== '')
    throw new KomodoCcError('KDF_PARAMS', 'url must not carry credentials (KDF authenticates with userpass)', {
      field: 'url',
    })
  return v
}

function withoutUndefined(d: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(d).filter(([, v]) => v !== undefined))
}

/** Longest piece of KDF's error text quoted in a message (all of it stays in `errorData`). */
const MAX_QUOTED = 2000

function readReply(status: number, text: string, method: string, id: number | undefined): unknown {
  let json: unknown
  try {
    json = parseJsonReply(text, false)
  } catch (e) {
    const deep = e instanceof KomodoCcError && e.details.reason === 'depth'
    const what = deep ? `JSON nested deeper than ${MAX_JSON_DEPTH} levels` : 'a body that is not JSON'
    throw new KomodoCcError('RPC_HTTP', `${method}: KDF replied HTTP ${status} with ${what} (${text.length} bytes)`, {
      method,
      status,
      reason: deep ? 'too-deep' : 'bad-json',
    })
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json))
    throw new KomodoCcError('RPC_RESULT', `${method}: KDF reply is not a JSON object`, { method, status })
  const o = json as Record<string, unknown>
  if ('error_type' in o || 'error' in o) {
    // the caller's send() scrubs the userpass out of all of it (message, errorType, errorData)
    const errorType = typeof o.error_type === 'string' ? o.error_type.slice(0, MAX_QUOTED) : 'Unknown'
    const message = typeof o.error === 'string' ? o.error : errorType
    const clipped =
      message.length > MAX_QUOTED ? `${message.slice(0, MAX_QUOTED)}… (${message.length} characters)` : message
    throw new KdfError(method, errorType, o.error_data, status, clipped, 'error_data' in o)
  }
  if (status < 200 || status >= 300)
    throw new KomodoCcError('RPC_HTTP', `${method}: KDF replied HTTP ${status} without an error object`, {
      method,
      status,
    })
  if (o.mmrpc !== '2.0')
    throw new KomodoCcError(
      'RPC_RESULT',
      `${method}: reply mmrpc is ${JSON.stringify(o.mmrpc ?? null)}, expected "2.0"`,
      { method },
    )
  if (!('result' in o)) throw new KomodoCcError('RPC_RESULT', `${method}: reply has no result`, { method })
  if (id !== undefined && o.id !== id)
    throw new KomodoCcError('RPC_RESULT', `${method}: reply id ${String(o.id)} does not match request id ${id}`, {
      method,
    })
  return o.result
}

function checkEnableResult(r: unknown): EnableEthWithTokensResult {
  const bad = (what: string): never => {
    throw new KomodoCcError('RPC_RESULT', `enable_eth_with_tokens: ${what}`, { method: 'enable_eth_with_tokens' })
  }
  if (typeof r !== 'object' || r === null || Array.isArray(r)) bad('result is not an object')
  const o = r as Record<string, unknown>
  if (typeof o.current_block !== 'number' || !Number.isSafeInteger(o.current_block) || o.current_block < 0)
    bad('current_block is not a block height')
  if (o.nfts_infos !== undefined && !isPlainObject(o.nfts_infos)) bad('nfts_infos is not an object')
  if ('wallet_balance' in o) {
    const wb = o.wallet_balance
    if (!isPlainObject(wb) || wb.wallet_type !== 'HD' || !Array.isArray(wb.accounts))
      bad('wallet_balance is not an HD wallet balance')
    if (typeof o.ticker !== 'string') bad('ticker missing in the HD result')
    for (const acc of (wb as { accounts: unknown[] }).accounts) {
      if (
        !isPlainObject(acc) ||
        typeof acc.account_index !== 'number' ||
        !Array.isArray(acc.addresses) ||
        !isPlainObject(acc.total_balance)
      )
        bad('malformed HD account')
      for (const a of (acc as { addresses: unknown[] }).addresses) {
        if (
          !isPlainObject(a) ||
          typeof a.address !== 'string' ||
          typeof a.derivation_path !== 'string' ||
          !isPlainObject(a.balance)
        )
          bad('malformed HD address')
        checkBalanceMap((a as { balance: Record<string, unknown> }).balance, bad)
      }
    }
    return o as unknown as EnableEthWithTokensHdResult
  }
  if (!isPlainObject(o.eth_addresses_infos) || !isPlainObject(o.erc20_addresses_infos))
    bad('neither eth_addresses_infos nor wallet_balance present')
  for (const [, info] of Object.entries(o.eth_addresses_infos as Record<string, unknown>)) {
    checkAddressInfo(info, bad)
    const b = (info as { balances?: unknown }).balances
    if (b !== undefined) checkBalance(b, bad)
  }
  for (const [, info] of Object.entries(o.erc20_addresses_infos as Record<string, unknown>)) {
    checkAddressInfo(info, bad)
    const i = info as { balances?: unknown; tickers?: unknown }
    if (i.balances !== undefined) {
      if (!isPlainObject(i.balances)) bad('erc20 balances is not a ticker map')
      checkBalanceMap(i.balances as Record<string, unknown>, bad)
    }
    if (i.tickers !== undefined && (!Array.isArray(i.tickers) || !i.tickers.every((t) => typeof t === 'string')))
      bad('tickers is not a list of strings')
  }
  return o as unknown as EnableEthWithTokensIguanaResult
}

function checkAddressInfo(info: unknown, bad: (w: string) => never): void {
  if (!isPlainObject(info) || !isPlainObject(info.derivation_method) || typeof info.pubkey !== 'string')
    bad('malformed address info')
}

function checkBalanceMap(m: Record<string, unknown>, bad: (w: string) => never): void {
  for (const v of Object.values(m)) checkBalance(v, bad)
}

function checkBalance(b: unknown, bad: (w: string) => never): void {
  if (
    !isPlainObject(b) ||
    typeof b.spendable !== 'string' ||
    typeof b.unspendable !== 'string' ||
    !/^-?\d+(\.\d+)?$/.test(b.spendable) ||
    !/^-?\d+(\.\d+)?$/.test(b.unspendable)
  )
    bad('a balance is not {spendable, unspendable} decimal strings')
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v)
}

/**
 * A KDF error reply (`mmrpc` 2.0 `error_type`/`error_data`), with the HTTP status. `errorData` is undefined for unit
 * variants (the key is absent, e.g. `UnexpectedDeviceActivationPolicy`). Branch on `errorType`, never on the text.
 * @example
 * try { await kdf.enableEthWithTokens(p) } catch (e) {
 *   if (e instanceof KdfError && e.errorType === 'PlatformIsAlreadyActivated') { ... }
 * }
 */
export class KdfError extends KomodoCcError {
  override readonly name: string = 'KdfError'
  /** KDF's variant name, e.g. `PlatformConfigIsNotFound` (`'Unknown'` if the reply had none). */
  readonly errorType: string
  /** The variant payload (string, number or object), `undefined` for unit variants. */
  readonly errorData: unknown
  /** HTTP status of the reply (400, 403, 500, 502, …). */
  readonly status: number
  /** The method called. */
  readonly method: string
  constructor(
    method: string,
    errorType: string,
    errorData: unknown,
    status: number,
    message: string,
    hasData: boolean,
  ) {
    super(
      'KDF_ERROR',
      `${method} failed with ${errorType} (HTTP ${status}): ${message}`,
      hasData ? { method, errorType, status, errorData } : { method, errorType, status },
    )
    this.method = method
    this.errorType = errorType
    this.errorData = hasData ? errorData : undefined
    this.status = status
  }
}
