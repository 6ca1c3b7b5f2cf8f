// What a module folder gives the devnet (layer 8; names no module): `src/modules/<m>/devnet.ts` exports one
// `ModuleDevnet`, and `src/modules/registry/io.ts` lists them for the devnet's RPC table and validator map.
import type { Method } from './node.js'
import type { ModuleValidator } from './validate.js'

/**
 * A module's devnet part: its consensus validator with the eval codes it answers for, and its daemon-style RPCs.
 * The `<module>address` RPC is not among `methods`: the devnet serves it for every module from the module's
 * descriptor (`moduleAddressMethod`), under the name `addressRpc`.
 * @example const d: ModuleDevnet = { addressRpc: '<module>address', evalCodes: [descriptor.evalCode], validate, methods: { '<module>info': info } }
 */
export type ModuleDevnet = Readonly<{
  /** The name of the module's `<module>address` RPC, as the daemon spells it (its prefix is not always the module's name). */
  addressRpc: string
  /** Eval codes whose CC inputs `validate` checks (komodod: the module's `EVAL_*` code). */
  evalCodes: readonly number[]
  /** The module's consensus rules (`<Module>Validate`): throws a DevnetRefusal to refuse. */
  validate: ModuleValidator
  /** The module's RPCs served by the devnet wallet, by daemon name. */
  methods: Readonly<Record<string, Method>>
}>
