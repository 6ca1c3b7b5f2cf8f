import { KomodoCcError } from '../errors.js'

/**
 * Platform tickers the KDF documents for `enable_eth_with_tokens` (any ticker with an ETH protocol config works).
 * @example KDF_EVM_PLATFORMS.includes('MATIC') // true
 */
export const KDF_EVM_PLATFORMS = /* @__PURE__ */ Object.freeze([
  'ETH',
  'AVAX',
  'BNB',
  'FTM',
  'MATIC',
  'ONE',
  'ETH-ARB20',
] as const)
/** Platform tickers for which `nft_req` is accepted (KDF: chain must have an NFT provider). @example KDF_NFT_PLATFORMS.includes('ONE') // false */
export const KDF_NFT_PLATFORMS = /* @__PURE__ */ Object.freeze(['ETH', 'BNB', 'AVAX', 'FTM', 'MATIC'] as const)

/**
 * Which wire form to produce:
 * - `'current'` (default): KDF since mid-2025 — `priv_key_policy` as `{type}`, `rpc_mode` `"Default"`,
 *   `nodes[].komodo_proxy`, `nft_req.provider`; gas-station fields, `tx_history`, `requires_notarization` are not sent.
 * - `'legacy'`: the 2023 developer-docs form — `priv_key_policy` string, `rpc_mode` `"Http"`, `nodes[].gui_auth`,
 *   gas-station fields sent as given.
 */
export type KdfDialect = 'current' | 'legacy'

/** An EVM node. `komodo_proxy` (current) and `gui_auth` (legacy) are the same flag under two names. */
export type EvmNode = { url: string; komodo_proxy?: boolean; gui_auth?: boolean }

/** One token to enable with the platform coin. `protocol` makes it a custom (wallet-only) token. */
export type Erc20TokenRequest = { ticker: string; required_confirmations?: number; protocol?: Record<string, unknown> }

/** Swap-v2 contract addresses (all three required when the node runs trading protocol v2). */
export type SwapV2Contracts = {
  maker_swap_v2_contract: string
  taker_swap_v2_contract: string
  nft_maker_swap_v2_contract: string
}

/** Key policy: the bare strings are the legacy spelling of the `{type}` objects. */
export type PrivKeyPolicy =
  | 'ContextPrivKey'
  | 'Trezor'
  | 'Metamask'
  | { type: 'ContextPrivKey' }
  | { type: 'Trezor' }
  | { type: 'Metamask' }
  | { type: 'WalletConnect'; params: { session_topic: string } }

/** NFT provider request. The docs' form `{type, info}` is accepted and wrapped as `{provider: {...}}` for current KDF. */
export type NftRequest =
  | { provider: { type: 'Moralis'; info: { url: string; komodo_proxy?: boolean } } }
  | { type: 'Moralis'; info: { url: string; komodo_proxy?: boolean } }

/** Gas-station price policy (historical; ignored by KDF since May 2024). */
export type GasStationPolicy = 'MeanAverageFast' | 'Average'

/** HD-mode address selector (`<derivation_path>/<account_id>'/<0|1>/<address_id>`). */
export type PathToAddress = { account_id: number; chain: 'External' | 'Internal'; address_id: number }

/**
 * `params` of `enable_eth_with_tokens`, with the exact JSON names. Defaults (applied by the node, not sent):
 * `get_balances` true, `priv_key_policy` ContextPrivKey, `rpc_mode` Default, `required_confirmations` coin config
 * (else 1 on current KDF; the docs say 3), `gas_station_decimals` 8, `gas_station_policy` MeanAverageFast,
 * `gap_limit` 20, `scan_policy` scan_if_new_wallet.
 */
export type EnableEthWithTokensParams = {
  ticker: string
  mm2?: 0 | 1
  swap_contract_address: string
  fallback_swap_contract?: string
  swap_v2_contracts?: SwapV2Contracts
  nodes: EvmNode[]
  erc20_tokens_requests: Erc20TokenRequest[]
  gas_station_url?: string
  gas_station_decimals?: number
  gas_station_policy?: { policy: GasStationPolicy } | GasStationPolicy
  get_balances?: boolean
  priv_key_policy?: PrivKeyPolicy
  required_confirmations?: number
  requires_notarization?: boolean
  rpc_mode?: 'Default' | 'Http' | 'Metamask'
  tx_history?: boolean
  nft_req?: NftRequest
  contract_supports_watchers?: boolean
  path_to_address?: PathToAddress
  gap_limit?: number
  scan_policy?: 'do_not_scan' | 'scan_if_new_wallet' | 'scan'
  min_addresses_number?: number
}

/** A field the target KDF version ignores or renames; the request is still built. */
export type KdfWarning = { field: string; message: string }

/** Options of {@link buildEnableEthWithTokensRequest}. `userpass` is never echoed in errors. */
export type KdfRequestOptions = {
  userpass: string
  /** Wire dialect, default `'current'`. */
  dialect?: KdfDialect
  /** The node runs in HD mode (`enable_hd`): `nft_req` is refused (use `enable_nft` afterwards). */
  hdMode?: boolean
  /** The node runs with `use_trading_proto_v2`: `swap_v2_contracts` is required. */
  tradingProtoV2?: boolean
  /** JSON-RPC id (a non-negative integer), echoed by the node. */
  id?: number
  /** Called once per ignored/renamed field. */
  onWarning?: (warning: KdfWarning) => void
}

/** The mmrpc 2.0 request body, keys in the documented order. */
export type EnableEthWithTokensRequest = {
  userpass: string
  method: 'enable_eth_with_tokens'
  mmrpc: '2.0'
  params: Record<string, unknown>
  id?: number
}

const KNOWN_KEYS: ReadonlySet<string> = /* @__PURE__ */ new Set<string>([
  'ticker',
  'mm2',
  'swap_contract_address',
  'fallback_swap_contract',
  'swap_v2_contracts',
  'nodes',
  'erc20_tokens_requests',
  'gas_station_url',
  'gas_station_decimals',
  'gas_station_policy',
  'get_balances',
  'priv_key_policy',
  'required_confirmations',
  'requires_notarization',
  'rpc_mode',
  'tx_history',
  'nft_req',
  'contract_supports_watchers',
  'path_to_address',
  'gap_limit',
  'scan_policy',
  'min_addresses_number',
])
/** Fields current KDF drops silently (section 2.3 of the spec). */
const IGNORED_BY_CURRENT = [
  'gas_station_url',
  'gas_station_decimals',
  'gas_station_policy',
  'tx_history',
  'requires_notarization',
]
/** Fields the 2023 docs do not know. */
const UNKNOWN_TO_LEGACY = [
  'swap_v2_contracts',
  'contract_supports_watchers',
  'path_to_address',
  'gap_limit',
  'scan_policy',
  'min_addresses_number',
]

const ADDRESS_RE = /^0x[0-9a-fA-F]{40}$/
const ZERO_ADDRESS_RE = /^0x0{40}$/

/**
 * Validates `enable_eth_with_tokens` params and builds the mmrpc 2.0 request body in the chosen dialect.
 * Refuses (KDF_PARAMS) what the node would refuse or silently drop: unknown keys, zero or malformed contract
 * addresses, an empty node list or a node URL that is not http/https/ws/wss, `nft_req` in HD mode or on a chain
 * without NFT support, missing `swap_v2_contracts` under trading protocol v2, wrong types.
 * @throws KomodoCcError KDF_PARAMS
 * @example
 * const body = buildEnableEthWithTokensRequest({
 *   ticker: 'ETH', swap_contract_address: '0x24ABE4c71FC658C91313b6552cd40cD808b3Ea80',
 *   nodes: [{ url: 'https://eth1.cipig.net:18555' }], erc20_tokens_requests: [{ ticker: 'USDC-ERC20' }],
 * }, { userpass: 'secret' })
 * // body.params.priv_key_policy is not sent; body.mmrpc === '2.0'
 */
export function buildEnableEthWithTokensRequest(
  params: EnableEthWithTokensParams,
  options: KdfRequestOptions,
): EnableEthWithTokensRequest {
  const opts = checkOptions(options)
  const p = checkObject(params, 'params')
  for (const key of Object.keys(p))
    if (!KNOWN_KEYS.has(key))
      fail(`params.${key} is not a field of enable_eth_with_tokens (KDF would drop it silently)`, key)
  const warn = (field: string, message: string): void => opts.onWarning?.({ field, message })
  const legacy = opts.dialect === 'legacy'

  // required fields first, so the most basic mistake is reported first
  checkTicker(p.ticker, 'params.ticker')
  if (p.swap_contract_address === undefined) fail('params.swap_contract_address is required', 'swap_contract_address')
  if (p.nodes === undefined) fail('params.nodes is required (at least one node)', 'nodes')
  if (p.erc20_tokens_requests === undefined)
    fail('params.erc20_tokens_requests is required (may be empty)', 'erc20_tokens_requests')

  const out: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(p)) {
    if (value === undefined) continue
    const v = convertField(key, value, p, opts, legacy, warn)
    if (v !== DROP) out[key] = v
  }
  if (opts.tradingProtoV2 && p.swap_v2_contracts === undefined)
    fail('params.swap_v2_contracts must be given when the node uses trading protocol v2', 'swap_v2_contracts')

  const body: EnableEthWithTokensRequest = {
    userpass: opts.userpass,
    method: 'enable_eth_with_tokens',
    mmrpc: '2.0',
    params: out,
  }
  if (opts.id !== undefined) body.id = opts.id
  return body
}

const DROP = /* @__PURE__ */ Symbol('drop')

function convertField(
  key: string,
  value: unknown,
  p: Record<string, unknown>,
  opts: Required<Pick<KdfRequestOptions, 'dialect' | 'hdMode' | 'tradingProtoV2'>>,
  legacy: boolean,
  warn: (field: string, message: string) => void,
): unknown {
  const name = `params.${key}`
  if (!legacy && IGNORED_BY_CURRENT.includes(key)) {
    checkIgnoredField(key, value)
    warn(key, `${key} is ignored by current KDF (removed from the request); not sent`)
    return DROP
  }
  if (legacy && UNKNOWN_TO_LEGACY.includes(key)) warn(key, `${key} is not known to the 2023 KDF; sent anyway`)
  switch (key) {
    case 'ticker':
      return value
    case 'mm2':
      if (value !== 0 && value !== 1) fail(`${name} must be 0 or 1`, key)
      if (!legacy) warn(key, 'mm2 is accepted but unused by the v2 ETH activation')
      return value
    case 'swap_contract_address':
    case 'fallback_swap_contract':
      return checkAddress(value, name, key)
    case 'swap_v2_contracts': {
      const o = checkObject(value, name)
      const fields = ['maker_swap_v2_contract', 'taker_swap_v2_contract', 'nft_maker_swap_v2_contract'] as const
      for (const k of Object.keys(o))
        if (!(fields as readonly string[]).includes(k)) fail(`${name}.${k} is not a swap v2 contract field`, key)
      const r: Record<string, unknown> = {}
      for (const f of fields) {
        if (o[f] === undefined) fail(`${name}.${f} is required`, key)
        r[f] = checkAddress(o[f], `${name}.${f}`, key)
      }
      return r
    }
    case 'nodes': {
      if (!Array.isArray(value)) fail(`${name} must be an array of {url}`, key)
      if (value.length === 0) fail(`${name} must hold at least one node (KDF: AtLeastOneNodeRequired)`, key)
      return value.map((node, i) => convertNode(node, `${name}[${i}]`, legacy, warn))
    }
    case 'erc20_tokens_requests': {
      if (!Array.isArray(value)) fail(`${name} must be an array of {ticker}`, key)
      const seen = new Set<string>()
      return value.map((t, i) => {
        const tn = `${name}[${i}]`
        const o = checkObject(t, tn)
        for (const k of Object.keys(o))
          if (!['ticker', 'required_confirmations', 'protocol'].includes(k))
            fail(`${tn}.${k} is not a token request field`, key)
        checkTicker(o.ticker, `${tn}.ticker`)
        if (seen.has(o.ticker as string)) fail(`${tn}.ticker ${JSON.stringify(o.ticker)} is listed twice`, key)
        seen.add(o.ticker as string)
        if (o.ticker === p.ticker) fail(`${tn}.ticker repeats the platform ticker`, key)
        if (o.required_confirmations !== undefined)
          checkUint(o.required_confirmations, `${tn}.required_confirmations`, key)
        if (o.protocol !== undefined) checkObject(o.protocol, `${tn}.protocol`)
        return { ...o }
      })
    }
    case 'get_balances':
    case 'requires_notarization':
    case 'tx_history':
    case 'contract_supports_watchers':
      if (typeof value !== 'boolean') fail(`${name} must be a boolean`, key)
      if (key === 'get_balances' && opts.hdMode)
        warn(key, 'get_balances has no effect in HD mode (balances are always returned)')
      return value
    case 'required_confirmations':
    case 'gap_limit':
    case 'min_addresses_number':
      return checkUint(value, name, key)
    case 'gas_station_url':
      return checkUrl(value, name, key, ['http:', 'https:'])
    case 'gas_station_decimals':
      return checkGasDecimals(value, name, key)
    case 'gas_station_policy': {
      const policy = typeof value === 'string' ? value : checkObject(value, name).policy
      if (policy !== 'MeanAverageFast' && policy !== 'Average') fail(`${name} must be MeanAverageFast or Average`, key)
      return { policy }
    }
    case 'priv_key_policy':
      return convertPolicy(value, name, legacy, warn)
    case 'rpc_mode': {
      if (value !== 'Default' && value !== 'Http' && value !== 'Metamask')
        fail(`${name} must be "Default" (legacy "Http") or "Metamask"`, key)
      if (value === 'Metamask') return value
      if (legacy) {
        if (value === 'Default') warn(key, 'rpc_mode "Default" is spelt "Http" in the legacy dialect')
        return 'Http'
      }
      if (value === 'Http') warn(key, 'rpc_mode "Http" was renamed "Default" (KDF PR #2058)')
      return 'Default'
    }
    case 'nft_req':
      return convertNft(value, name, p.ticker as string, opts.hdMode, legacy, warn)
    case 'path_to_address': {
      const o = checkObject(value, name)
      for (const k of Object.keys(o))
        if (!['account_id', 'chain', 'address_id'].includes(k)) fail(`${name}.${k} is not a path_to_address field`, key)
      checkUint(o.account_id, `${name}.account_id`, key, 0x7fffffff)
      if (o.chain !== 'External' && o.chain !== 'Internal') fail(`${name}.chain must be "External" or "Internal"`, key)
      checkUint(o.address_id, `${name}.address_id`, key, 0x7fffffff)
      if (!opts.hdMode) warn(key, 'path_to_address applies only in HD mode')
      return { account_id: o.account_id, chain: o.chain, address_id: o.address_id }
    }
    case 'scan_policy':
      if (value !== 'do_not_scan' && value !== 'scan_if_new_wallet' && value !== 'scan')
        fail(`${name} must be do_not_scan, scan_if_new_wallet or scan`, key)
      return value
  }
  /* c8 ignore next */
  return value
}

function convertNode(
  node: unknown,
  name: string,
  legacy: boolean,
  warn: (field: string, message: string) => void,
): Record<string, unknown> {
  const o = checkObject(node, name)
  for (const k of Object.keys(o))
    if (!['url', 'komodo_proxy', 'gui_auth'].includes(k)) fail(`${name}.${k} is not a node field`, 'nodes')
  const url = checkUrl(o.url, `${name}.url`, 'nodes', ['http:', 'https:', 'ws:', 'wss:'])
  if (o.komodo_proxy !== undefined && o.gui_auth !== undefined)
    fail(`${name} gives both komodo_proxy and gui_auth (the same flag)`, 'nodes')
  const flag = o.komodo_proxy ?? o.gui_auth
  if (flag !== undefined && typeof flag !== 'boolean') fail(`${name}.komodo_proxy must be a boolean`, 'nodes')
  const r: Record<string, unknown> = { url }
  if (flag === undefined) return r
  if (legacy) {
    if (o.komodo_proxy !== undefined) warn('nodes', 'komodo_proxy is spelt gui_auth in the legacy dialect')
    r.gui_auth = flag
  } else {
    if (o.gui_auth !== undefined) warn('nodes', 'gui_auth was renamed komodo_proxy (KDF PR #2173)')
    r.komodo_proxy = flag
  }
  return r
}

function convertPolicy(
  value: unknown,
  name: string,
  legacy: boolean,
  warn: (field: string, message: string) => void,
): unknown {
  let type: unknown
  let params: unknown
  if (typeof value === 'string') type = value
  else {
    const o = checkObject(value, name)
    for (const k of Object.keys(o))
      if (k !== 'type' && k !== 'params') fail(`${name}.${k} is not a priv_key_policy field`, 'priv_key_policy')
    type = o.type
    params = o.params
  }
  if (type !== 'ContextPrivKey' && type !== 'Trezor' && type !== 'Metamask' && type !== 'WalletConnect')
    fail(`${name} must be ContextPrivKey, Trezor, Metamask or WalletConnect`, 'priv_key_policy')
  if (type === 'Trezor')
    fail(
      `${name} Trezor is refused by enable_eth_with_tokens (UnexpectedDeviceActivationPolicy); use task::enable_eth::init`,
      'priv_key_policy',
    )
  if (type === 'WalletConnect') {
    if (legacy) fail(`${name} WalletConnect does not exist in the legacy dialect`, 'priv_key_policy')
    const pp = checkObject(params, `${name}.params`)
    if (typeof pp.session_topic !== 'string' || pp.session_topic === '')
      fail(`${name}.params.session_topic must be a non-empty string`, 'priv_key_policy')
    return { type, params: { session_topic: pp.session_topic } }
  }
  if (params !== undefined) fail(`${name}.params is only for WalletConnect`, 'priv_key_policy')
  if (legacy) {
    if (typeof value !== 'string') warn('priv_key_policy', 'priv_key_policy is a bare string in the legacy dialect')
    return type
  }
  if (typeof value === 'string')
    warn('priv_key_policy', 'priv_key_policy is now an object {type} (KDF PR #2223); converted')
  return { type }
}

function convertNft(
  value: unknown,
  name: string,
  ticker: string,
  hdMode: boolean,
  legacy: boolean,
  warn: (field: string, message: string) => void,
): unknown {
  if (hdMode)
    fail(
      `${name} cannot be used in HD mode (UnexpectedDerivationMethod); activate NFTs afterwards with enable_nft`,
      'nft_req',
    )
  if (!(KDF_NFT_PLATFORMS as readonly string[]).includes(ticker))
    fail(`${name} is only supported for ${KDF_NFT_PLATFORMS.join(', ')}`, 'nft_req')
  const o = checkObject(value, name)
  const wrapped = o.provider !== undefined
  if (wrapped && Object.keys(o).length !== 1) fail(`${name} holds only {provider}`, 'nft_req')
  const prov = wrapped ? checkObject(o.provider, `${name}.provider`) : o
  for (const k of Object.keys(prov))
    if (k !== 'type' && k !== 'info') fail(`${name}.${k} is not an NFT provider field`, 'nft_req')
  if (prov.type !== 'Moralis') fail(`${name}.type must be "Moralis"`, 'nft_req')
  const info = checkObject(prov.info, `${name}.info`)
  for (const k of Object.keys(info))
    if (k !== 'url' && k !== 'komodo_proxy') fail(`${name}.info.${k} is not a provider info field`, 'nft_req')
  const url = checkUrl(info.url, `${name}.info.url`, 'nft_req', ['http:', 'https:'])
  if (info.komodo_proxy !== undefined && typeof info.komodo_proxy !== 'boolean')
    fail(`${name}.info.komodo_proxy must be a boolean`, 'nft_req')
  const provider = {
    type: 'Moralis',
    info: info.komodo_proxy === undefined ? { url } : { url, komodo_proxy: info.komodo_proxy },
  }
  if (legacy) return provider
  if (!wrapped)
    warn(
      'nft_req',
      'nft_req is now {provider: {type, info}}; the documented {type, info} form fails on current KDF; wrapped',
    )
  return { provider }
}

function checkOptions(
  options: KdfRequestOptions,
): Required<Pick<KdfRequestOptions, 'dialect' | 'hdMode' | 'tradingProtoV2'>> & KdfRequestOptions {
  if (typeof options !== 'object' || options === null) fail('options must be an object with userpass', 'options')
  if (typeof options.userpass !== 'string' || options.userpass === '')
    fail('options.userpass must be a non-empty string', 'userpass')
  const dialect = options.dialect ?? 'current'
  if (dialect !== 'current' && dialect !== 'legacy') fail('options.dialect must be "current" or "legacy"', 'dialect')
  const hdMode = options.hdMode ?? false
  const tradingProtoV2 = options.tradingProtoV2 ?? false
  if (typeof hdMode !== 'boolean') fail('options.hdMode must be a boolean', 'hdMode')
  if (typeof tradingProtoV2 !== 'boolean') fail('options.tradingProtoV2 must be a boolean', 'tradingProtoV2')
  if (
    options.id !== undefined &&
    (typeof options.id !== 'number' || !Number.isSafeInteger(options.id) || options.id < 0)
  )
    fail('options.id must be a non-negative integer (KDF refuses string ids)', 'id')
  if (options.onWarning !== undefined && typeof options.onWarning !== 'function')
    fail('options.onWarning must be a function', 'onWarning')
  return { ...options, dialect, hdMode, tradingProtoV2 }
}

function checkIgnoredField(key: string, value: unknown): void {
  // still type-checked: a typo in an ignored field is a typo all the same
  if (key === 'gas_station_url') checkUrl(value, `params.${key}`, key, ['http:', 'https:'])
  else if (key === 'gas_station_decimals') checkGasDecimals(value, `params.${key}`, key)
  else if (key === 'gas_station_policy') {
    const policy = typeof value === 'string' ? value : checkObject(value, `params.${key}`).policy
    if (policy !== 'MeanAverageFast' && policy !== 'Average')
      fail(`params.${key} must be MeanAverageFast or Average`, key)
  } else if (typeof value !== 'boolean') fail(`params.${key} must be a boolean`, key)
}

function checkGasDecimals(value: unknown, name: string, key: string): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > 18)
    fail(`${name} must be an integer 0..18`, key)
  return value
}

function checkTicker(v: unknown, name: string): string {
  if (typeof v !== 'string' || !/^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/.test(v))
    fail(`${name} must be a ticker (letters, digits, - _ .)`, name.replace(/^params\./, '').split(/[.[]/)[0]!)
  return v
}

function checkAddress(v: unknown, name: string, key: string): string {
  if (typeof v !== 'string' || !ADDRESS_RE.test(v)) fail(`${name} must be 0x followed by 40 hex digits`, key)
  if (ZERO_ADDRESS_RE.test(v)) fail(`${name} can't be the zero address`, key)
  return v
}

function checkUint(v: unknown, name: string, key: string, max = 0xffffffff): number {
  if (typeof v !== 'number' || !Number.isInteger(v) || v < 0 || v > max)
    fail(`${name} must be an integer 0..${max}`, key)
  return v
}

function checkUrl(v: unknown, name: string, key: string, schemes: readonly string[]): string {
  if (typeof v !== 'string') fail(`${name} must be a URL string`, key)
  let u: URL
  try {
    u = new URL(v)
  } catch {
    fail(`${name} is not a valid URL`, key)
  }
  if (!schemes.includes(u.protocol))
    fail(`${name} must use ${schemes.map((s) => s.slice(0, -1)).join(', ')}, got ${u.protocol.slice(0, -1)}`, key)
  return v
}

function checkObject(v: unknown, name: string): Record<string, unknown> {
  if (typeof v !== 'object' || v === null || Array.isArray(v))
    fail(`${name} must be an object`, name.replace(/^params\./, '').split(/[.[]/)[0]!)
  return v as Record<string, unknown>
}

function fail(message: string, field: string): never {
  throw new KomodoCcError('KDF_PARAMS', message, { field })
}
