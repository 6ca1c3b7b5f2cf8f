// A wallet made for some modules only (issue 32, pay for what you use): the methods, reads and inspector of the
// parts given, so that a bundler keeps those modules and drops the rest. `createWallet` runs every module's.
import { KomodoCcError } from '../errors.js'
import type { ChainParams } from '../address/chain.js'
import type { BuildResult } from '../cctx/complete.js'
import { inspectBuildWith } from '../inspect-build.js'
import { inspectorModules } from '../inspect/modules.js'
import type { AnyModule } from '../modules/registry/core.js'
import type { WalletMethodName } from '../modules/registry/resolvers.js'
import type { WalletReadName, WalletReadParams, WalletReadResult } from '../modules/registry/reads.js'
import type { WalletModule } from '../modules/registry/wallets.js'
import {
  walletOver,
  type Wallet,
  type WalletCallOptionsOf,
  type WalletMethodOf,
  type WalletOptions,
  type WalletParams,
  type WalletReadMethodOf,
  type WalletResult,
} from './wallet.js'

/** The method names of wallet parts `P`, as a type. @example type M = ModuleWalletMethods<[typeof tokensWallet]> // 'tokencreate' | 'tokentransfer' */
export type ModuleWalletMethods<P extends readonly WalletModule[]> = Extract<
  NonNullable<P[number]['__names']>['methods'],
  WalletMethodName
>
/** The read names of wallet parts `P`, as a type. @example type R = ModuleWalletReads<[typeof tokensWallet]> // 'tokenbalance' | 'tokenaddress' */
export type ModuleWalletReads<P extends readonly WalletModule[]> = Extract<
  NonNullable<P[number]['__names']>['reads'],
  WalletReadName
>

/**
 * A wallet with the methods `M` and reads `R` of the modules it was made for: as {@link Wallet}, without the others.
 * @example const w: ModuleWallet<'tokentransfer', 'tokenbalance'> = createModuleWallet([tokensWallet], options)
 */
export type ModuleWallet<M extends WalletMethodName, R extends WalletReadName> = Pick<
  Wallet,
  'pubkey' | 'address' | 'methods' | 'pending' | 'rebroadcast'
> & {
  /** Runs one of its methods with named parameters (the daemon's names). */
  call<K extends M>(method: K, params: WalletParams<K>, options?: WalletCallOptionsOf<K>): Promise<WalletResult>
  /** Runs one of its read methods with named parameters. */
  read<K extends R>(method: K, params?: WalletReadParams<K>): Promise<WalletReadResult<K>>
} & { readonly [K in M]: WalletMethodOf<K> } & { readonly [K in R]: WalletReadMethodOf<K> }

/**
 * A key-local wallet for the modules of `parts` only (`tokensWallet`, `oraclesWallet`, …): their state-changing
 * methods and reads, each build read back by an inspector that knows those modules (a transaction of another module
 * reads as unknown). Otherwise as {@link createWallet}, with the same options (but `methods` and `reads`). A bundle
 * of `createModuleWallet([tokensWallet], …)` carries the tokens module and no other.
 * @throws KomodoCcError ARG_INVALID for no parts or a part that is not one, and as createWallet for bad options
 * @example
 * const wallet = createModuleWallet([tokensWallet], { privateKey: wif, view: createRpcView(rpc) })
 * await wallet.tokentransfer(tokenid, destpubkey, '250')
 */
export function createModuleWallet<const P extends readonly WalletModule[]>(
  parts: P,
  options: Omit<WalletOptions, 'methods' | 'reads'>,
): ModuleWallet<ModuleWalletMethods<P>, ModuleWalletReads<P>> {
  if (
    !Array.isArray(parts) ||
    parts.length === 0 ||
    !parts.every((p) => typeof p === 'object' && p !== null && Array.isArray(p.methods) && Array.isArray(p.modules))
  )
    throw new KomodoCcError('ARG_INVALID', 'createModuleWallet expected wallet parts ([tokensWallet, …])', {
      name: 'parts',
    })
  const modules: AnyModule[] = []
  // the parts hold the registry's descriptors (typed opaque in the public type)
  for (const p of parts) for (const m of p.modules as readonly AnyModule[]) if (!modules.includes(m)) modules.push(m)
  const set = inspectorModules(modules)
  const methods = [...new Set(parts.flatMap((p) => p.methods))]
  const reads = [...new Set(parts.flatMap((p) => p.reads))]
  const inspect = (build: BuildResult, o: { chain: ChainParams }) => inspectBuildWith(set, build, o)
  return walletOver(options as WalletOptions, { methods, reads, inspect }) as unknown as ModuleWallet<
    ModuleWalletMethods<P>,
    ModuleWalletReads<P>
  >
}
