// The registry's list of the read methods the key-local wallet computes from its chain source (layer 6): each
// module's `*info`, balances and `*address`, answered as the daemon answers them, from state the reader checks.
import type { ChainParams } from '../../address/chain.js'
import { formatCoins } from '../../amount.js'
import { ccAddress } from '../../cc/address.js'
import { moduleAddressInfo } from '../../cc/moduleaddress.js'
import type { StateReader } from '../../cctx/resolve.js'
import { tokenBalance } from '../tokens/inputs.js'
import { faucetFunding } from '../faucet/resolve.js'
import { diceInfo } from '../dice/resolve.js'
import { oraclesInfo, oraclesSamples } from '../oracles/resolve-info.js'
import { gatewaysInfo } from '../gateways/resolve.js'
import { rewardsInfo } from '../rewards/resolve.js'
import { EVAL } from '../../cc/eval.js'
import { curvePubkey } from '../../cctx/pubkey.js'
import { bytesToHex } from '../../bytes/hex.js'
import { tokenv2balance, tokenv2holdings } from '../tokensv2/resolve.js'
import { tokenv2list } from '../tokensv2/list.js'
import { mytokenv2orders, tokenv2orders } from '../assetsv2/orders.js'

/** What a read gets besides its parameters: the wallet's key (the daemon's `-pubkey`) and address parameters. */
export type ReadContext = Readonly<{ pubkey: string; chain?: ChainParams }>

/**
 * One read method of the wallet: its daemon name, its parameters in the daemon's order, and how it is computed.
 * @example WALLET_READS.find((r) => r.method === 'tokenbalance')!.params // ['tokenid', 'pubkey']
 */
export type WalletRead = Readonly<{
  method: string
  params: readonly string[]
  /** Computes the result from chain state through `reader`, shaped as the daemon's result for `method`. */
  read: (reader: StateReader, params: Record<string, unknown>, ctx: ReadContext) => Promise<unknown>
}>

/**
 * A {@link WalletRead} that keeps, as types, its name `M`, parameter names `N`, parameters `P` and result `R`: what the
 * wallet's read methods are typed from. At run time it is a plain `WalletRead`.
 * @example type T = TypedWalletRead<'diceinfo', readonly ['fundingtxid'], { fundingtxid: string }, DiceInfo<'offline'>>
 */
export type TypedWalletRead<M extends string, N extends readonly string[], P, R> = WalletRead & {
  readonly method: M
  readonly params: N
  /** Type-only (never set at run time). */
  readonly __types?: { names: N; params: P; result: R }
}

/** One read entry, typed: its parameters `P` (read loosely at run time, as the daemon reads its text) and result. */
/* @__NO_SIDE_EFFECTS__ */
function walletRead<const M extends string, const N extends readonly string[], P, R>(
  method: M,
  params: N,
  read: (reader: StateReader, params: P, ctx: ReadContext) => Promise<R>,
): TypedWalletRead<M, N, P, R> {
  return { method, params, read: read as WalletRead['read'] } as TypedWalletRead<M, N, P, R>
}

/** The chain argument of the readers, when the wallet has one. */
const chainOf = (ctx: ReadContext) => (ctx.chain === undefined ? {} : { chain: ctx.chain })

const str = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'symbol' ? '' : String(v))
/** A pubkey parameter: hex text or bytes as given, anything else as its text (refused by the curve check). */
const pubkeyText = (v: unknown): string | Uint8Array => (v instanceof Uint8Array ? v : str(v))
/** A count parameter as the daemon reads it (`atoi` of its text; a number as given). */
const numArg = (v: unknown): number =>
  typeof v === 'number' ? v : typeof v === 'string' ? Number.parseInt(v, 10) : NaN

/** A `<module>address` RPC: the module's addresses for the wallet's key (and an optional `pubkey`). */
/* @__NO_SIDE_EFFECTS__ */
function addressRead<const M extends string>(method: M, evalCode: number) {
  return walletRead(method, ['pubkey'] as const, async (_r, p: { pubkey?: string | Uint8Array }, ctx) =>
    moduleAddressInfo(evalCode, {
      mypubkey: ctx.pubkey,
      ...(p.pubkey === undefined ? {} : { pubkey: bytesToHex(curvePubkey(pubkeyText(p.pubkey), 'pubkey')) }),
    }),
  ) as TypedWalletRead<M, readonly ['pubkey'], { pubkey?: string | Uint8Array }, Record<string, string | number>>
}

const TOKEN_BALANCE = /* @__PURE__ */ walletRead(
  'tokenbalance',
  ['tokenid', 'pubkey'],
  async (r, p: { tokenid: string; pubkey?: string | Uint8Array }, ctx) => {
    const pk = p.pubkey === undefined ? ctx.pubkey : bytesToHex(curvePubkey(pubkeyText(p.pubkey), 'pubkey'))
    const balance = await tokenBalance(r, str(p.tokenid), pk, chainOf(ctx))
    return { result: 'success', CCaddress: ccAddress(0xf2, pk, ctx.chain), tokenid: str(p.tokenid), balance }
  },
)
const FAUCET_INFO = /* @__PURE__ */ walletRead('faucetinfo', [], async (r, _p: Record<string, never>, ctx) => ({
  result: 'success',
  name: 'Faucet',
  funding: formatCoins(await faucetFunding(r, chainOf(ctx))),
}))
const DICE_INFO = /* @__PURE__ */ walletRead('diceinfo', ['fundingtxid'], (r, p: { fundingtxid: string }, ctx) =>
  diceInfo(r, str(p.fundingtxid), chainOf(ctx)),
)
const ORACLES_INFO = /* @__PURE__ */ walletRead('oraclesinfo', ['oracletxid'], (r, p: { oracletxid: string }, ctx) =>
  oraclesInfo(r, str(p.oracletxid), chainOf(ctx)),
)
const ORACLES_SAMPLES = /* @__PURE__ */ walletRead(
  'oraclessamples',
  ['oracletxid', 'batonaddress', 'num'],
  (r, p: { oracletxid: string; batonaddress: string; num: number | string }, ctx) =>
    oraclesSamples(r, str(p.oracletxid), str(p.batonaddress), numArg(p.num), chainOf(ctx)),
)
const GATEWAYS_INFO = /* @__PURE__ */ walletRead('gatewaysinfo', ['bindtxid'], (r, p: { bindtxid: string }, ctx) =>
  gatewaysInfo(r, str(p.bindtxid), ctx.chain),
)
const REWARDS_INFO = /* @__PURE__ */ walletRead('rewardsinfo', ['fundingtxid'], (r, p: { fundingtxid: string }, ctx) =>
  rewardsInfo(r, str(p.fundingtxid), ctx.chain),
)
const TOKEN_ADDRESS = /* @__PURE__ */ addressRead('tokenaddress', EVAL.TOKENS)
const FAUCET_ADDRESS = /* @__PURE__ */ addressRead('faucetaddress', EVAL.FAUCET)
const DICE_ADDRESS = /* @__PURE__ */ addressRead('diceaddress', EVAL.DICE)
const ORACLES_ADDRESS = /* @__PURE__ */ addressRead('oraclesaddress', EVAL.ORACLES)
const GATEWAYS_ADDRESS = /* @__PURE__ */ addressRead('gatewaysaddress', EVAL.GATEWAYS)
const REWARDS_ADDRESS = /* @__PURE__ */ addressRead('rewardsaddress', EVAL.REWARDS)

// Each module's read methods (its `*info`, balances and `<module>address`): what a wallet made for that module answers
// (`createModuleWallet`). Separate tables, so that a bundle of one module's wallet carries no other's reads.
/** Tokens' reads. @example TOKENS_READS.map((r) => r.method) // ['tokenbalance', 'tokenaddress'] */
export const TOKENS_READS = /* @__PURE__ */ Object.freeze([TOKEN_BALANCE, TOKEN_ADDRESS] as const)
/** Faucet's reads. @example FAUCET_READS.map((r) => r.method) // ['faucetinfo', 'faucetaddress'] */
export const FAUCET_READS = /* @__PURE__ */ Object.freeze([FAUCET_INFO, FAUCET_ADDRESS] as const)
/** Dice's reads. @example DICE_READS.map((r) => r.method) // ['diceinfo', 'diceaddress'] */
export const DICE_READS = /* @__PURE__ */ Object.freeze([DICE_INFO, DICE_ADDRESS] as const)
/** Oracles' reads. @example ORACLES_READS.map((r) => r.method) // ['oraclesinfo', 'oraclessamples', 'oraclesaddress'] */
export const ORACLES_READS = /* @__PURE__ */ Object.freeze([ORACLES_INFO, ORACLES_SAMPLES, ORACLES_ADDRESS] as const)
/** Gateways' reads. @example GATEWAYS_READS.map((r) => r.method) // ['gatewaysinfo', 'gatewaysaddress'] */
export const GATEWAYS_READS = /* @__PURE__ */ Object.freeze([GATEWAYS_INFO, GATEWAYS_ADDRESS] as const)
/** Rewards' reads. @example REWARDS_READS.map((r) => r.method) // ['rewardsinfo', 'rewardsaddress'] */
export const REWARDS_READS = /* @__PURE__ */ Object.freeze([REWARDS_INFO, REWARDS_ADDRESS] as const)

const TOKENV2_BALANCE = /* @__PURE__ */ walletRead(
  'tokenv2balance',
  ['tokenid', 'pubkey'],
  (r, p: { tokenid: string; pubkey?: string | Uint8Array }, ctx) =>
    tokenv2balance(
      { reader: r, ...chainOf(ctx), pubkey: ctx.pubkey },
      str(p.tokenid),
      p.pubkey === undefined ? undefined : bytesToHex(curvePubkey(pubkeyText(p.pubkey), 'pubkey')),
    ),
)
const TOKENV2_LIST = /* @__PURE__ */ walletRead(
  'tokenv2list',
  ['pubkey', 'address'],
  (r, p: { pubkey?: string; address?: string }, ctx) =>
    tokenv2list(
      { reader: r, ...chainOf(ctx) },
      {
        ...(p.pubkey === undefined ? {} : { pubkey: str(p.pubkey) }),
        ...(p.address === undefined ? {} : { address: str(p.address) }),
      },
    ),
)
const TOKENV2_ORDERS = /* @__PURE__ */ walletRead('tokenv2orders', ['tokenid'], (r, p: { tokenid?: string }, ctx) =>
  tokenv2orders({ reader: r, ...chainOf(ctx) }, p.tokenid === undefined ? undefined : str(p.tokenid)),
)
const MYTOKENV2_ORDERS = /* @__PURE__ */ walletRead('mytokenv2orders', ['tokenid'], (r, p: { tokenid?: string }, ctx) =>
  mytokenv2orders(
    { reader: r, ...chainOf(ctx), pubkey: ctx.pubkey },
    p.tokenid === undefined ? undefined : str(p.tokenid),
  ),
)
const TOKENV2_HOLDINGS = /* @__PURE__ */ walletRead(
  'tokenv2holdings',
  ['pubkey'],
  (r, p: { pubkey?: string | Uint8Array }, ctx) =>
    tokenv2holdings(
      { reader: r, ...chainOf(ctx), pubkey: ctx.pubkey },
      p.pubkey === undefined ? undefined : bytesToHex(curvePubkey(pubkeyText(p.pubkey), 'pubkey')),
    ),
)

/**
 * Tokel's tokens v2 and DEX reads (a Tokel chain: TOKEL or TKLTEST parameters).
 * @example TOKEL_READS.map((r) => r.method).includes('tokenv2list') // true
 */
export const TOKEL_READS = /* @__PURE__ */ Object.freeze([
  TOKENV2_BALANCE,
  TOKENV2_LIST,
  TOKENV2_ORDERS,
  MYTOKENV2_ORDERS,
  TOKENV2_HOLDINGS,
] as const)

/**
 * Every read method the wallet answers from its chain source: `tokenbalance`, `faucetinfo`, `diceinfo`,
 * `oraclesinfo`, `oraclessamples`, `gatewaysinfo`, `rewardsinfo` and the six `<module>address`; Tokel's
 * `tokenv2balance`, `tokenv2list`, `tokenv2orders`, `mytokenv2orders` and `tokenv2holdings` (every token and NFT a
 * key holds, with its balance and Tokel data).
 * @example WALLET_READS.map((r) => r.method).includes('oraclesinfo') // true
 */
export const WALLET_READS = /* @__PURE__ */ Object.freeze([
  TOKEN_BALANCE,
  FAUCET_INFO,
  DICE_INFO,
  ORACLES_INFO,
  ORACLES_SAMPLES,
  GATEWAYS_INFO,
  REWARDS_INFO,
  TOKEN_ADDRESS,
  FAUCET_ADDRESS,
  DICE_ADDRESS,
  ORACLES_ADDRESS,
  GATEWAYS_ADDRESS,
  REWARDS_ADDRESS,
  // Tokel's, by name: a spread here would keep every module's reads in a one-module wallet's bundle (a bundler
  // cannot prove an array spread free of side effects)
  TOKENV2_BALANCE,
  TOKENV2_LIST,
  TOKENV2_ORDERS,
  MYTOKENV2_ORDERS,
  TOKENV2_HOLDINGS,
] as const)

/**
 * The names of {@link WALLET_READS}, as a type (test/wallet checks the two agree).
 * @example const r: WalletReadName = 'oraclesinfo'
 */
export type WalletReadName =
  | 'tokenbalance'
  | 'faucetinfo'
  | 'diceinfo'
  | 'oraclesinfo'
  | 'oraclessamples'
  | 'gatewaysinfo'
  | 'rewardsinfo'
  | 'tokenaddress'
  | 'faucetaddress'
  | 'diceaddress'
  | 'oraclesaddress'
  | 'gatewaysaddress'
  | 'rewardsaddress'
  | 'tokenv2balance'
  | 'tokenv2list'
  | 'tokenv2orders'
  | 'mytokenv2orders'
  | 'tokenv2holdings'

/**
 * Every read entry as one union type, each with its types (what the wallet's reads are typed from).
 * @example type E = Extract<WalletReadEntry, { method: 'oraclesinfo' }>
 */
export type WalletReadEntry = (typeof WALLET_READS)[number]

/**
 * The type-level facts of read `K`: its parameter names, parameters and result.
 * @example type R = WalletReadTypes<'diceinfo'>['result']
 */
export type WalletReadTypes<K extends WalletReadName> = NonNullable<
  Extract<WalletReadEntry, { readonly method: K }>['__types']
>

/**
 * The parameters of read `K`, keyed by the daemon's names.
 * @example const p: WalletReadParams<'tokenbalance'> = { tokenid }
 */
export type WalletReadParams<K extends WalletReadName> = WalletReadTypes<K>['params']

/**
 * What read `K` resolves to: the daemon's answer for that RPC, as computed here.
 * @example type I = WalletReadResult<'oraclesinfo'> // OraclesInfo<'offline'>
 */
export type WalletReadResult<K extends WalletReadName> = WalletReadTypes<K>['result']

/**
 * The parameter names of read `K`, in the daemon's order.
 * @example type N = WalletReadNames<'tokenbalance'> // readonly ['tokenid', 'pubkey']
 */
export type WalletReadNames<K extends WalletReadName> = WalletReadTypes<K>['names']
