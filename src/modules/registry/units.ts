// The registry's table of amount units (layer 6): every module's `units.ts` gathered, keyed by daemon method name.
// The wallet, the CLI and the tests read every method's amount parameters from here (issue 28: one meaning per text).
import type { MethodUnits } from '../../amount.js'
import type { LayeredModuleName } from './core.js'
import { tokensUnits } from '../tokens/units.js'
import { faucetUnits } from '../faucet/units.js'
import { diceUnits } from '../dice/units.js'
import { oraclesUnits } from '../oracles/units.js'
import { gatewaysUnits } from '../gateways/units.js'
import { rewardsUnits } from '../rewards/units.js'
import { tokensV2Units } from '../tokensv2/units.js'
import { assetsV2Units } from '../assetsv2/units.js'

const UNIT_PARTS = {
  tokens: tokensUnits,
  faucet: faucetUnits,
  dice: diceUnits,
  oracles: oraclesUnits,
  gateways: gatewaysUnits,
  rewards: rewardsUnits,
} as const satisfies Record<LayeredModuleName, Readonly<Record<string, MethodUnits>>>

/**
 * The unit of every amount parameter of every state-changing module method (24 methods; those without an amount
 * map to `{}`), as komodod's RPC wrappers read the parameter's text: what a decimal string means in the library,
 * the CLI and komodo-cli alike (see `AmountUnit`).
 * @example PARAM_UNITS.tokentransfer.amount // 'units'
 * @example PARAM_UNITS.oraclesregister.datafee // 'datafee'
 */
export const PARAM_UNITS = /* @__PURE__ */ Object.freeze(Object.assign({}, ...Object.values(UNIT_PARTS))) as Readonly<
  (typeof UNIT_PARTS)['tokens'] &
    (typeof UNIT_PARTS)['faucet'] &
    (typeof UNIT_PARTS)['dice'] &
    (typeof UNIT_PARTS)['oracles'] &
    (typeof UNIT_PARTS)['gateways'] &
    (typeof UNIT_PARTS)['rewards']
>

/**
 * The units of Tokel's ten methods (tokens v2, assets v2), as Tokel's RPC wrappers read each amount's text: kept
 * beside {@link PARAM_UNITS} until Tokel's modules have their RPC client and CLI parts (which PARAM_UNITS drives).
 * @example TOKEL_PARAM_UNITS.tokenv2ask.price // 'coins'
 */
export const TOKEL_PARAM_UNITS = /* @__PURE__ */ Object.freeze({ ...tokensV2Units, ...assetsV2Units })
