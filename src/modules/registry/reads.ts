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
import { LAYERED_MODULES } from './core.js'

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

const str = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'symbol' ? '' : String(v))
/** A count parameter as the daemon reads it (`atoi` of its text; a number as given). */
const numArg = (v: unknown): number =>
  typeof v === 'number' ? v : typeof v === 'string' ? Number.parseInt(v, 10) : NaN

/** The `<module>address` RPCs: the module's addresses for the wallet's key (and an optional `pubkey`). */
const ADDRESS_READS: readonly WalletRead[] = LAYERED_MODULES.map((m) => ({
  method: m.name === 'tokens' ? 'tokenaddress' : `${m.name}address`,
  params: ['pubkey'],
  read: async (_r: StateReader, p: Record<string, unknown>, ctx: ReadContext) =>
    moduleAddressInfo(m.evalCode, {
      mypubkey: ctx.pubkey,
      ...(p.pubkey === undefined ? {} : { pubkey: str(p.pubkey) }),
    }),
}))

/**
 * Every read method the wallet answers from its chain source: `tokenbalance`, `faucetinfo`, `diceinfo`,
 * `oraclesinfo`, `oraclessamples`, `gatewaysinfo`, `rewardsinfo` and the six `<module>address`.
 * @example WALLET_READS.map((r) => r.method).includes('oraclesinfo') // true
 */
export const WALLET_READS: readonly WalletRead[] = /* @__PURE__ */ Object.freeze([
  {
    method: 'tokenbalance',
    params: ['tokenid', 'pubkey'],
    read: async (r, p, ctx) => {
      const pk = p.pubkey === undefined ? ctx.pubkey : str(p.pubkey)
      const balance = await tokenBalance(r, str(p.tokenid), pk, ctx.chain === undefined ? {} : { chain: ctx.chain })
      return { result: 'success', CCaddress: ccAddress(0xf2, pk, ctx.chain), tokenid: str(p.tokenid), balance }
    },
  },
  {
    method: 'faucetinfo',
    params: [],
    read: async (r, _p, ctx) => ({
      result: 'success',
      name: 'Faucet',
      funding: formatCoins(await faucetFunding(r, ctx.chain === undefined ? {} : { chain: ctx.chain })),
    }),
  },
  {
    method: 'diceinfo',
    params: ['fundingtxid'],
    read: (r, p, ctx) => diceInfo(r, str(p.fundingtxid), ctx.chain === undefined ? {} : { chain: ctx.chain }),
  },
  {
    method: 'oraclesinfo',
    params: ['oracletxid'],
    read: (r, p, ctx) => oraclesInfo(r, str(p.oracletxid), ctx.chain === undefined ? {} : { chain: ctx.chain }),
  },
  {
    method: 'oraclessamples',
    params: ['oracletxid', 'batonaddress', 'num'],
    read: (r, p, ctx) =>
      oraclesSamples(
        r,
        str(p.oracletxid),
        str(p.batonaddress),
        numArg(p.num),
        ctx.chain === undefined ? {} : { chain: ctx.chain },
      ),
  },
  { method: 'gatewaysinfo', params: ['bindtxid'], read: (r, p, ctx) => gatewaysInfo(r, str(p.bindtxid), ctx.chain) },
  {
    method: 'rewardsinfo',
    params: ['fundingtxid'],
    read: (r, p, ctx) => rewardsInfo(r, str(p.fundingtxid), ctx.chain),
  },
  ...ADDRESS_READS,
])

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
