// The registry's list of wallet parts (layer 6): for each module, what a wallet made for that module runs — its
// resolvers, its reads and the descriptors its inspector asks (gateways' with tokens' and oracles': a gateway moves
// tokens and is bound to an oracle). `createModuleWallet([tokensWallet])` bundles the tokens module alone.
import type { MethodResolver } from '../../cctx/resolve.js'
import type { AnyModule } from './core.js'
import type { WalletRead } from './reads.js'
import { TOKENS_READS, FAUCET_READS, DICE_READS, ORACLES_READS, GATEWAYS_READS, REWARDS_READS } from './reads.js'
import { TOKEL_READS } from './reads.js'
import { tokensModule } from '../tokens/descriptor.js'
import { faucetModule } from '../faucet/descriptor.js'
import { diceModule } from '../dice/descriptor.js'
import { oraclesModule } from '../oracles/descriptor.js'
import { gatewaysModule } from '../gateways/descriptor.js'
import { rewardsModule } from '../rewards/descriptor.js'
import { tokensResolvers } from '../tokens/resolve.js'
import { faucetResolvers } from '../faucet/resolve.js'
import { diceResolvers } from '../dice/resolve.js'
import { oraclesResolvers } from '../oracles/resolve.js'
import { gatewaysResolvers } from '../gateways/resolve.js'
import { rewardsResolvers } from '../rewards/resolve.js'
import { tokensV2Module } from '../tokensv2/descriptor.js'
import { assetsV2Module } from '../assetsv2/descriptor.js'
import { tokensV2Resolvers } from '../tokensv2/resolve.js'
import { assetsV2Resolvers } from '../assetsv2/resolve.js'

/**
 * A module descriptor as a wallet part holds it: the registry's descriptor, named here by its module name only.
 * @example tokensWallet.modules[0]!.name // 'tokens'
 */
export type WalletModuleDescriptor = Readonly<{ name: string }>

/**
 * One module's part of a wallet: its state-changing methods, its read methods and the module descriptors its
 * inspector needs. `M` and `R` are the names of its methods and reads, as types (what the wallet is typed from).
 * @example const part: WalletModule<'tokentransfer' | 'tokencreate'> = tokensWallet
 */
export type WalletModule<M extends string = string, R extends string = string> = Readonly<{
  name: string
  methods: readonly MethodResolver[]
  reads: readonly WalletRead[]
  /** The registry's descriptors of the modules its inspector asks (opaque here). */
  modules: readonly WalletModuleDescriptor[]
  /** Type-only (never set at run time): the names of its methods and reads. */
  __names?: { methods: M; reads: R }
}>

/* @__NO_SIDE_EFFECTS__ */
function part<const T extends readonly MethodResolver[], const U extends readonly WalletRead[]>(
  name: string,
  methods: T,
  reads: U,
  modules: readonly AnyModule[],
): WalletModule<T[number]['method'], U[number]['method']> {
  return Object.freeze({ name, methods, reads, modules: Object.freeze([...modules]) })
}

/**
 * The Tokens module's wallet part (`tokencreate`, `tokentransfer`; `tokenbalance`, `tokenaddress`). @example
 * createModuleWallet([tokensWallet], { privateKey, view })
 */
export const tokensWallet = /* @__PURE__ */ part('tokens', tokensResolvers, TOKENS_READS, [tokensModule])
/** The Faucet module's wallet part. @example createModuleWallet([faucetWallet], { privateKey, view }) */
export const faucetWallet = /* @__PURE__ */ part('faucet', faucetResolvers, FAUCET_READS, [faucetModule])
/** The Dice module's wallet part. @example createModuleWallet([diceWallet], { privateKey, view }) */
export const diceWallet = /* @__PURE__ */ part('dice', diceResolvers, DICE_READS, [diceModule])
/** The Oracles module's wallet part. @example createModuleWallet([oraclesWallet], { privateKey, view }) */
export const oraclesWallet = /* @__PURE__ */ part('oracles', oraclesResolvers, ORACLES_READS, [oraclesModule])
/** The Gateways module's wallet part (its inspector also knows tokens and oracles). @example createModuleWallet([gatewaysWallet], { privateKey, view }) */
export const gatewaysWallet = /* @__PURE__ */ part('gateways', gatewaysResolvers, GATEWAYS_READS, [
  tokensModule,
  oraclesModule,
  gatewaysModule,
])
/** The Rewards module's wallet part. @example createModuleWallet([rewardsWallet], { privateKey, view }) */
export const rewardsWallet = /* @__PURE__ */ part('rewards', rewardsResolvers, REWARDS_READS, [rewardsModule])
/**
 * Tokel's part: tokens v2 and the assets v2 DEX (`tokenv2create` … `tokenv2cancelbid`; `tokenv2balance`,
 * `tokenv2list`, `tokenv2orders`, `mytokenv2orders`, `tokenv2holdings`), for a wallet on TOKEL or TKLTEST.
 * @example createModuleWallet([tokelWallet], { privateKey, view, chain: TKLTEST })
 */
export const tokelWallet = /* @__PURE__ */ part(
  'tokel',
  /* @__PURE__ */ joined(tokensV2Resolvers, assetsV2Resolvers),
  TOKEL_READS,
  [tokensV2Module, assetsV2Module],
)

/** Two lists as one (a call a bundler may drop when unused: an array spread at top level it must keep). */
/* @__NO_SIDE_EFFECTS__ */
function joined<const A extends readonly MethodResolver[], const B extends readonly MethodResolver[]>(
  a: A,
  b: B,
): readonly [...A, ...B] {
  return [...a, ...b]
}
