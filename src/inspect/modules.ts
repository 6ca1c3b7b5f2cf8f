// The modules an inspector asks, with the look-ups it needs made once from their descriptors: by name, by opret
// eval byte, funcid → RPC, and their eval codes and global keys. The registry's whole list is the default
// (inspect.ts); a wallet made for some modules passes those alone, so that its bundle carries no other module.
import type { AnyModule } from '../modules/registry/core.js'
import type { KnownModules } from '../modules/inspection.js'

/** A set of module descriptors ready for the inspector ({@link inspectorModules}). @example const s: InspectorModules = inspectorModules([tokensModule]) */
export type InspectorModules = Readonly<{
  /** The descriptors, in the order the inspector asks them. */
  modules: readonly AnyModule[]
  /** The descriptor of a module by name (undefined for null or a name not in the set). */
  byName: (name: string | null) => AnyModule | undefined
  /** The module whose oprets carry this eval byte, or undefined. */
  byOpretEval: (evalByte: number) => AnyModule | undefined
  /** The RPC of a funcid of module `m`, or null. */
  methodOfFuncid: (m: AnyModule, funcid: string) => string | null
  /** Global ("unspendable") pubkeys by eval code, from the descriptors. */
  globalPubkeys: Readonly<Record<number, string>>
  /** Eval codes and global keys of the set, ascending. */
  known: KnownModules
}>

/**
 * Prepares descriptors for the inspector: the look-ups are built once, here (the set is immutable public data).
 * @example inspectorModules([tokensModule]).byOpretEval(0xf2)?.name // 'tokens'
 */
export function inspectorModules(modules: readonly AnyModule[]): InspectorModules {
  const list = Object.freeze([...modules])
  const byName = new Map(list.map((m) => [m.name as string, m]))
  const byOpretEval = new Map(list.flatMap((m) => m.opretEvals.map((e) => [e, m] as const)))
  const funcids = new Map(
    list.map((m) => {
      const t = new Map<string, string>()
      for (const x of m.methods) for (const f of x.funcids) if (!t.has(f)) t.set(f, x.name)
      return [m, t] as const
    }),
  )
  const globalPubkeys: Readonly<Record<number, string>> = Object.freeze(
    Object.fromEntries(list.flatMap((m) => Object.entries(m.globalKeys)).sort((a, b) => Number(a[0]) - Number(b[0]))),
  )
  return Object.freeze({
    modules: list,
    byName: (name: string | null) => (name === null ? undefined : byName.get(name)),
    byOpretEval: (e: number) => byOpretEval.get(e),
    methodOfFuncid: (m: AnyModule, funcid: string) => funcids.get(m)?.get(funcid) ?? null,
    globalPubkeys,
    known: Object.freeze({
      evals: Object.freeze(Object.keys(globalPubkeys).map(Number)),
      globalKeys: Object.freeze(Object.values(globalPubkeys)),
    }),
  })
}
