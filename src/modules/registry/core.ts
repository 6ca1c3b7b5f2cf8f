// The registry's core list (layer 6): the one list of module descriptors. The inspector, the offline `*info`, and
// through the other lists of this folder (rpc.ts, io.ts, cli.ts: one per higher layer, keyed by these names) the
// client, the devnet and the CLI loop over it. The registry folder is the only place outside a module's folder that
// names the module. Never imported by a builder (layer 5).
import { tokensModule } from '../tokens/descriptor.js'
import { faucetModule } from '../faucet/descriptor.js'
import { diceModule } from '../dice/descriptor.js'
import { oraclesModule } from '../oracles/descriptor.js'
import { gatewaysModule } from '../gateways/descriptor.js'
import { rewardsModule } from '../rewards/descriptor.js'
import { tokensV2Module } from '../tokensv2/descriptor.js'
import { assetsV2Module } from '../assetsv2/descriptor.js'
import type { TokensOpret } from '../tokens/opret.js'
import type { FaucetOpret } from '../faucet/opret.js'
import type { DiceOpret } from '../dice/opret.js'
import type { OraclesOpret } from '../oracles/opret.js'
import type { GatewaysOpret, Gateways2018Opret } from '../gateways/opret.js'
import type { RewardsOpret } from '../rewards/opret.js'
import type { TokensV2Opret } from '../tokensv2/opret.js'
import type { AssetsV2Opret } from '../assetsv2/opret.js'
import type { TokensReading } from '../tokens/inspect.js'
import type { FaucetReading } from '../faucet/inspect.js'
import type { DiceReading } from '../dice/inspect.js'
import type { OraclesReading } from '../oracles/inspect.js'
import type { GatewaysReading } from '../gateways/inspect.js'
import type { RewardsReading } from '../rewards/inspect.js'
import type { TokensV2Reading } from '../tokensv2/inspect.js'
import type { AssetsV2Reading } from '../assetsv2/inspect.js'

/**
 * Every module the library knows, in the order the inspector asks them.
 * @example MODULES.map((m) => m.name) // ['tokens', 'faucet', 'dice', 'oracles', 'gateways', 'rewards']
 * @internal
 */
export const MODULES = /* @__PURE__ */ Object.freeze([
  tokensModule,
  faucetModule,
  diceModule,
  oraclesModule,
  gatewaysModule,
  rewardsModule,
  tokensV2Module,
  assetsV2Module,
] as const)

/**
 * The modules the layers above the core list list (client, devnet, CLI, resolvers, address reads): all but Tokel's.
 * @example LAYERED_MODULES.map((m) => m.name) // ['tokens', 'faucet', 'dice', 'oracles', 'gateways', 'rewards']
 * @internal
 */
export const LAYERED_MODULES = /* @__PURE__ */ Object.freeze(
  MODULES.filter(
    (m): m is Extract<(typeof MODULES)[number], { name: LayeredModuleName }> =>
      m.name !== 'tokensv2' && m.name !== 'assetsv2',
  ),
)

/** A descriptor of the registry. @internal */
export type AnyModule = (typeof MODULES)[number]

/** The six modules the inspector knows. @useDeclaredType @example const m: ModuleName | null = inspectTransaction(hex).module */
export type ModuleName = AnyModule['name']

/**
 * Tokel's modules (tokens v2 0xF5, assets v2 0xF6): registered for the inspector, the offline `*info` and the opret
 * decoders. The lists of the layers above (client, devnet, CLI, resolvers) do not list them yet: they have no parts
 * there so far (the devnet has no Tokel mode).
 * @example const n: TokelModuleName = 'tokensv2'
 */
export type TokelModuleName = 'tokensv2' | 'assetsv2'
/** The modules the lists of the layers above the core list: every module but Tokel's, so far. @example const n: LayeredModuleName = 'dice' */
export type LayeredModuleName = Exclude<ModuleName, TokelModuleName>

type ReadingOf<D> = D extends { inspect: { read: (ctx: never) => infer R } } ? R : never
type PayloadOf<D> = D extends { decode: (opret: never) => infer P } ? P : never

/**
 * The decoded opret payload of an inspection: one of the modules' payload types (named here so that the API reference
 * shows them; `_SamePayloads` below keeps it equal to what the registry's decoders return).
 * @example const p: InspectionPayload | null = inspectTransaction(hex).payload
 */
export type InspectionPayload =
  | TokensOpret
  | FaucetOpret
  | DiceOpret
  | OraclesOpret
  | GatewaysOpret
  | Gateways2018Opret
  | RewardsOpret
  | TokensV2Opret
  | AssetsV2Opret

/**
 * A module's reading of a transaction, discriminated by `kind` (the RPC that builds it): one of the modules' reading
 * types (named here so that the API reference shows them; `_SameReadings` below keeps it equal to what the registry's
 * readers return).
 * @example const r = inspectTransaction(hex).reading; if (r.kind === 'oraclesdata') r.data
 */
export type ModuleReading =
  | TokensReading
  | FaucetReading
  | DiceReading
  | OraclesReading
  | GatewaysReading
  | RewardsReading
  | TokensV2Reading
  | AssetsV2Reading

// Compile-time guards: a module added to MODULES, or a payload or reading type changed, without the two unions above
// following fails the typecheck here.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false
type Assert<T extends true> = T
type _SamePayloads = Assert<Same<PayloadOf<AnyModule>, InspectionPayload>>
type _SameReadings = Assert<Same<ReadingOf<AnyModule>, ModuleReading>>

/**
 * The descriptor of a module by name (undefined for null or an unknown name).
 * @example moduleByName('dice')?.evalCode // 0xe6
 * @internal
 */
export function moduleByName(name: string | null): AnyModule | undefined {
  return name === null ? undefined : BY_NAME.get(name)
}

/**
 * The module whose oprets carry this eval byte (tokens for 0xf2 and 0xe3), or undefined.
 * @example moduleOfOpretEval(0xec)?.name // 'oracles'
 * @internal
 */
export function moduleOfOpretEval(evalByte: number): AnyModule | undefined {
  return BY_OPRET_EVAL.get(evalByte)
}

/**
 * A module's part of a higher layer with its descriptor (an entry of the registry's client, devnet or CLI list).
 * @example const m: ModuleWith<{ rpc: RpcMethodTable }> = RPC_MODULES[0]!
 */
export type ModuleWith<P extends object> = Readonly<{ module: AnyModule } & P>

/**
 * Pairs each module's part of a higher layer (keyed by module name) with its descriptor, in the parts' order: how the
 * registry's client, devnet and CLI lists are built from the core list's names.
 * @example modulesWith({ tokens: { rpc: tokensRpc }, … })[0]!.module.name // 'tokens'
 * @internal
 */
export function modulesWith<P extends object>(
  parts: Readonly<Partial<Record<ModuleName, P>>>,
): readonly ModuleWith<P>[] {
  return Object.freeze(
    (Object.entries(parts) as [string, P][]).map(([name, part]) =>
      Object.freeze({ module: moduleByName(name)!, ...part }),
    ),
  )
}

const BY_NAME: ReadonlyMap<string, AnyModule> = /* @__PURE__ */ new Map(MODULES.map((m) => [m.name, m]))
const BY_OPRET_EVAL: ReadonlyMap<number, AnyModule> = /* @__PURE__ */ new Map(
  MODULES.flatMap((m) => m.opretEvals.map((e) => [e, m] as const)),
)

/**
 * Global ("unspendable") pubkeys of the modules (komodo src/cc/CCcustom.cpp), by eval code, gathered from the
 * descriptors (which take them from `CC_MODULES`).
 * @example MODULE_GLOBAL_PUBKEYS[0xec] // '038c1d42…5691a'
 */
export const MODULE_GLOBAL_PUBKEYS: Readonly<Record<number, string>> = /* @__PURE__ */ Object.freeze(
  Object.fromEntries(MODULES.flatMap((m) => Object.entries(m.globalKeys)).sort((a, b) => Number(a[0]) - Number(b[0]))),
)

/** Eval codes and global keys of the registered modules (and 2018 Assets), ascending. @internal */
export const KNOWN_MODULES = /* @__PURE__ */ Object.freeze({
  evals: Object.freeze(Object.keys(MODULE_GLOBAL_PUBKEYS).map(Number)),
  globalKeys: Object.freeze(Object.values(MODULE_GLOBAL_PUBKEYS)),
})

/**
 * The funcid → RPC table of each module, built once from the descriptors' methods.
 * @example methodOfFuncid(diceModule, 'W') // 'dicefinish'
 * @internal
 */
export function methodOfFuncid(m: AnyModule, funcid: string): string | null {
  return FUNCID_METHODS.get(m)!.get(funcid) ?? null
}

const FUNCID_METHODS: ReadonlyMap<AnyModule, ReadonlyMap<string, string>> = /* @__PURE__ */ new Map(
  MODULES.map((m) => {
    const t = new Map<string, string>()
    for (const x of m.methods) for (const f of x.funcids) if (!t.has(f)) t.set(f, x.name)
    return [m, t]
  }),
)
