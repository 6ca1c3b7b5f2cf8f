// The registry's devnet list (layer 8): each module's devnet part (`modules/<m>/devnet.ts`) and its step of the demo
// (`modules/<m>/demo.ts`). In the registry folder
// with the other layers' lists: core.ts (layer 6) is browser-safe, and the devnet parts are Node-side I/O, so
// nothing below layer 8 may import this file or a `modules/<m>/devnet` file (test/house-rules.test.ts); the CLI
// parts are listed one layer up, in cli.ts.
import type { ModuleDemo, ModuleDevnet } from '../../devnet/module.js'
import { modulesWith, type LayeredModuleName, type ModuleWith } from './core.js'
import { tokensDevnet } from '../tokens/devnet.js'
import { faucetDevnet } from '../faucet/devnet.js'
import { diceDevnet } from '../dice/devnet.js'
import { oraclesDevnet } from '../oracles/devnet.js'
import { gatewaysDevnet } from '../gateways/devnet.js'
import { rewardsDevnet } from '../rewards/devnet.js'
import { tokensDemo } from '../tokens/demo.js'
import { faucetDemo } from '../faucet/demo.js'
import { diceDemo } from '../dice/demo.js'
import { oraclesDemo } from '../oracles/demo.js'
import { rewardsDemo } from '../rewards/demo.js'
import { TOKENSV2_METHODS, validateTokensV2 } from '../tokensv2/devnet.js'
import { ASSETSV2_METHODS, validateAssetsV2 } from '../assetsv2/devnet.js'
import type { Method } from '../../devnet/node.js'
import type { ModuleValidator } from '../../devnet/validate.js'

export type { ModuleDemo, ModuleDevnet } from '../../devnet/module.js'

/**
 * Each module's devnet part and demo step by name, in the order the devnet lists their RPCs (`devnetMethods()`,
 * unchanged since the devnet first served them: oracles, tokens, rewards, faucet, dice, gateways), which is also the
 * order the demo has always run its flows in; `satisfies` makes a missing or unknown module a type error.
 */
const IO_PARTS = {
  oracles: { devnet: oraclesDevnet, demo: oraclesDemo },
  tokens: { devnet: tokensDevnet, demo: tokensDemo },
  rewards: { devnet: rewardsDevnet, demo: rewardsDemo },
  faucet: { devnet: faucetDevnet, demo: faucetDemo },
  dice: { devnet: diceDevnet, demo: diceDemo },
  gateways: { devnet: gatewaysDevnet },
} as const satisfies Record<LayeredModuleName, Omit<IoModule, 'module'>>

/**
 * A module's devnet I/O part with its descriptor (name, eval code, global keys). Its CLI part is
 * `CliModule.cli` in cli.ts (layer 9).
 * @example const m: IoModule = { module: faucetModule, devnet: faucetDevnet }
 */
export type IoModule = ModuleWith<{
  /** Its devnet part: validator, eval codes, RPCs. */
  devnet: ModuleDevnet
  /** Its step of the demo (`komodo-cc demo`, `runDemoFlows`), if it has one. */
  demo?: ModuleDemo
}>

/**
 * Every module's I/O parts, in the devnet's order (oracles, tokens, rewards, faucet, dice, gateways).
 * @example
 * IO_MODULES.map((m) => m.devnet.addressRpc)
 * // ['oraclesaddress', 'tokenaddress', 'rewardsaddress', 'faucetaddress', 'diceaddress', 'gatewaysaddress']
 * @internal
 */
export const IO_MODULES: readonly IoModule[] = /* @__PURE__ */ modulesWith<Omit<IoModule, 'module'>>(IO_PARTS)

type Intersection<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void ? I : never
type DemoOptionsOf<P> = P extends { demo: ModuleDemo<infer O> } ? O : object

/** The options of every module's demo step, joined (part of `DevnetDemoOptions`). @interface @example const o: ModuleDemoOptions = { samples: 2 } */
export type ModuleDemoOptions = Intersection<DemoOptionsOf<(typeof IO_PARTS)[LayeredModuleName]>>

/**
 * The options `--quick` passes to the demo, joined from the modules' demo steps, and what they skip.
 * @example DEMO_QUICK.skips // ['the faucet claim (its proof of work takes about a second)']
 * @internal
 */
export const DEMO_QUICK: Readonly<{ options: ModuleDemoOptions; skips: readonly string[] }> = /* @__PURE__ */ (() => {
  const quick = IO_MODULES.flatMap((m) => (m.demo?.quick === undefined ? [] : [m.demo.quick]))
  return Object.freeze({
    options: Object.freeze(Object.assign({}, ...quick.map((q) => q.options)) as ModuleDemoOptions),
    skips: Object.freeze(quick.map((q) => q.skips)),
  })
})()

/**
 * The devnet's Tokel mode (`startDevnet({ chain: 'TOKEL' | 'TKLTEST' })`): the tokens v2 (F5) and assets v2 (F6)
 * validators, by eval code, and their RPCs. Tokel's modules are not in the registry's module list (they have no
 * `<module>address` RPC there and no client part yet): the Tokel mode adds these to the six modules'.
 * @example TOKEL_DEVNET.validators.map(([e]) => e) // [0xf5, 0xf6]
 * @internal
 */
export const TOKEL_DEVNET: Readonly<{
  validators: readonly (readonly [number, ModuleValidator])[]
  methods: Readonly<Record<string, Method>>
  ccenable: Readonly<Record<'TOKEL' | 'TKLTEST', readonly number[]>>
}> = /* @__PURE__ */ Object.freeze({
  /**
   * `-ac_ccenable` as the chains were launched (shared/komodod-oracle/tokel/glue/harness.cpp): TKLTEST
   * 228,236,245,246,247 (faucet 0xE4 and oracles 0xEC of the six modules), TOKEL 236,245,246,247 (oracles only);
   * 0xF7 (the Tokel data) is validated inside creates.
   */
  ccenable: Object.freeze({
    TKLTEST: Object.freeze([0xe4, 0xec, 0xf5, 0xf6, 0xf7]),
    TOKEL: Object.freeze([0xec, 0xf5, 0xf6, 0xf7]),
  }),
  validators: Object.freeze([[0xf5, validateTokensV2] as const, [0xf6, validateAssetsV2] as const]),
  methods: Object.freeze({ ...TOKENSV2_METHODS, ...ASSETSV2_METHODS }),
})
