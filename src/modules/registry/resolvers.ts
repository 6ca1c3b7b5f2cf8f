// The registry's list of the modules' resolvers (layer 6, beside the core list): each module's state-changing
// methods as the key-local wallet, `komodo-cc wallet` and the benches run them (`modules/<m>/resolve.ts`). Its own
// file, not the core list, so that the inspector's bundle carries no resolver.
import type { MethodResolver, TypedMethodResolver } from '../../cctx/resolve.js'
import type { LayeredModuleName } from './core.js'
import { tokensResolvers } from '../tokens/resolve.js'
import { faucetResolvers } from '../faucet/resolve.js'
import { diceResolvers } from '../dice/resolve.js'
import { oraclesResolvers } from '../oracles/resolve.js'
import { gatewaysResolvers } from '../gateways/resolve.js'
import { rewardsResolvers } from '../rewards/resolve.js'
import { tokensV2Resolvers } from '../tokensv2/resolve.js'
import { assetsV2Resolvers } from '../assetsv2/resolve.js'

/** Each module's resolvers by name, in the core list's order; `satisfies` makes a missing module a type error. */
const RESOLVER_PARTS = {
  tokens: tokensResolvers,
  faucet: faucetResolvers,
  dice: diceResolvers,
  oracles: oraclesResolvers,
  gateways: gatewaysResolvers,
  rewards: rewardsResolvers,
} as const satisfies Record<LayeredModuleName, readonly MethodResolver[]>

/**
 * Every module's state-changing methods with their resolvers, in the registry's order (24: tokens 2, faucet 2,
 * dice 4, oracles 5, gateways 7, rewards 4), then Tokel's (10: tokens v2 4, assets v2 6): what `createWallet` runs by
 * default (Tokel's need a Tokel chain: `chain: TOKEL` or `TKLTEST`).
 * @example WALLET_METHODS.map((m) => m.method).includes('oraclesdata') // true
 */
export const WALLET_METHODS: readonly MethodResolver[] = /* @__PURE__ */ Object.freeze([
  ...Object.values(RESOLVER_PARTS).flat(),
  // Tokel's modules (not in the core list: no client or devnet part of the six modules' kind)
  ...tokensV2Resolvers,
  ...assetsV2Resolvers,
])

/**
 * Every module's resolver entries as one union type: each keeps its method's name, parameter names in order,
 * parameter, option and result types ({@link TypedMethodResolver}), what the wallet's methods are typed from.
 * @example type E = Extract<WalletResolver, { method: 'tokentransfer' }>['params'] // readonly ['tokenid', 'destpubkey', 'amount']
 */
export type WalletResolver =
  | (typeof tokensResolvers)[number]
  | (typeof faucetResolvers)[number]
  | (typeof diceResolvers)[number]
  | (typeof oraclesResolvers)[number]
  | (typeof gatewaysResolvers)[number]
  | (typeof rewardsResolvers)[number]
  | (typeof tokensV2Resolvers)[number]
  | (typeof assetsV2Resolvers)[number]

/**
 * The names of {@link WALLET_METHODS}, as a type: what a `Wallet` has a method for (test/wallet checks the two agree).
 * @example const m: WalletMethodName = 'tokentransfer'
 */
export type WalletMethodName = WalletResolver['method']

/**
 * The resolver entry of one method, with its types.
 * @example type R = WalletMethodResolver<'oraclesdata'>
 */
export type WalletMethodResolver<K extends WalletMethodName> = Extract<WalletResolver, { readonly method: K }>
