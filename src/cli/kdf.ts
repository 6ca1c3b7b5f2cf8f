import { buildEnableEthWithTokensRequest } from '../kdf/request.js'
import type { EnableEthWithTokensParams, KdfDialect, KdfWarning } from '../kdf/request.js'
import { createKdfClient } from '../kdf/client.js'
import {
  PASSWORD_FLAGS,
  durationOption,
  parseArgs,
  printJson,
  readPasswordFlags,
  usage,
  warnDeprecated,
} from './core.js'
import type { CliCommand } from './core.js'

const enableEthCommand: CliCommand = {
  summary:
    'kdf enable-eth --ticker ETH --tokens USDC-ERC20,… [--no-balances]   activate an EVM coin and its tokens in KDF',
  help: `komodo-cc kdf enable-eth --ticker ETH --tokens T1,T2,… --swap-contract 0x… --node URL… [options]

Builds, checks and sends KDF's enable_eth_with_tokens (mmrpc 2.0). The userpass is the RPC password: it comes from
--password-env NAME, --password-stdin or KDF_USERPASS, never from the command line.
  --url URL             KDF RPC (default http://127.0.0.1:7783)
  --ticker T            platform coin (ETH, BNB, AVAX, FTM, MATIC, ONE, ETH-ARB20, …)
  --tokens A,B          tokens to enable with it (may be empty: --tokens "")
  --swap-contract 0x…   swap_contract_address; --fallback-swap-contract 0x…
  --node URL            an EVM node (repeat); http, https, ws or wss
  --no-balances         get_balances: false (faster reply without balances)
  --confirmations N     required_confirmations
  --params JSON         any other params, merged first (flags win)
  --dialect legacy      the 2023 wire form (priv_key_policy string, rpc_mode Http, gui_auth, gas-station fields)
  --hd                  the node runs in HD mode (refuses nft_req);  --trading-proto-v2  (needs swap_v2_contracts)
  --dry-run             print the request body (userpass masked) and the warnings, send nothing
  --password-env NAME   the userpass is in environment variable NAME (default: KDF_USERPASS)
  --password-stdin      the userpass is read from standard input
  --userpass-stdin      deprecated: --password-stdin
  --timeout DURATION    per-call timeout: 2m, 30s, 500ms; a bare number is seconds (default 2m)`,
  async run(args, io) {
    const { options, positionals } = parseArgs(args, {
      strings: [
        'url',
        'ticker',
        'tokens',
        'swap-contract',
        'fallback-swap-contract',
        'confirmations',
        'params',
        'dialect',
        'timeout',
        ...PASSWORD_FLAGS.strings,
      ],
      booleans: ['no-balances', 'hd', 'trading-proto-v2', 'dry-run', 'userpass-stdin', ...PASSWORD_FLAGS.booleans],
      multi: ['node'],
    })
    if (positionals.length > 0) usage(`unexpected argument ${JSON.stringify(positionals[0])}`)
    let params: Record<string, unknown> = {}
    if (typeof options.params === 'string') {
      try {
        params = JSON.parse(options.params) as Record<string, unknown>
      } catch {
        usage('--params is not JSON')
      }
      if (typeof params !== 'object' || params === null || Array.isArray(params))
        usage('--params must be a JSON object')
    }
    if (typeof options.ticker === 'string') params.ticker = options.ticker
    if (typeof options.tokens === 'string')
      params.erc20_tokens_requests = options.tokens
        .split(',')
        .map((t) => t.trim())
        .filter((t) => t !== '')
        .map((ticker) => ({ ticker }))
    if (typeof options['swap-contract'] === 'string') params.swap_contract_address = options['swap-contract']
    if (typeof options['fallback-swap-contract'] === 'string')
      params.fallback_swap_contract = options['fallback-swap-contract']
    if (Array.isArray(options.node)) params.nodes = options.node.map((url) => ({ url }))
    if (options['no-balances'] === true) params.get_balances = false
    if (typeof options.confirmations === 'string') {
      if (!/^\d+$/.test(options.confirmations)) usage('--confirmations must be a whole number')
      params.required_confirmations = Number(options.confirmations)
    }
    if (params.ticker === undefined) usage('--ticker is required')
    if (params.erc20_tokens_requests === undefined) usage('--tokens is required (may be "")')
    const dialect = options.dialect ?? 'current'
    if (dialect !== 'current' && dialect !== 'legacy') usage('--dialect must be current or legacy')
    const warnings: KdfWarning[] = []
    const common = {
      dialect: dialect as KdfDialect,
      hdMode: options.hd === true,
      tradingProtoV2: options['trading-proto-v2'] === true,
    }
    // a bare number above an hour was milliseconds before (the one duration rule): refused with a hint
    const timeoutMs = durationOption(options.timeout, 'timeout', { bareMax: 3600 })
    if (options['dry-run'] === true) {
      const body = buildEnableEthWithTokensRequest(params as EnableEthWithTokensParams, {
        ...common,
        userpass: '***',
        onWarning: (w) => warnings.push(w),
      })
      printJson(io, { request: body, warnings })
      return 0
    }
    if (options['userpass-stdin'] === true) {
      if (options['password-stdin'] === true || options['password-env'] !== undefined)
        usage('give --password-env NAME or --password-stdin, not --userpass-stdin too')
      warnDeprecated(io, '--userpass-stdin', '--password-stdin')
      options['password-stdin'] = true
    }
    const userpass = (await readPasswordFlags(options, io)) ?? io.env.KDF_USERPASS
    if (userpass === undefined || userpass === '')
      usage('give the userpass: --password-env NAME, --password-stdin or KDF_USERPASS')
    const url = typeof options.url === 'string' ? options.url : 'http://127.0.0.1:7783'
    const kdf = createKdfClient({ url, userpass, ...common, ...(timeoutMs === undefined ? {} : { timeoutMs }) })
    const result = await kdf.enableEthWithTokens(params as EnableEthWithTokensParams, {
      onWarning: (w) => warnings.push(w),
    })
    printJson(io, { result, warnings })
    return 0
  },
}

/** The KDF CLI commands, by command words (for src/cli/commands.ts). @example COMMANDS = { ...kdfCommands } */
export const kdfCommands: Readonly<Record<string, CliCommand>> = {
  'kdf enable-eth': enableEthCommand,
}
