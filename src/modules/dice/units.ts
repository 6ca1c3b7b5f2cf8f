// The dice module's amount units (issue 28): how komodod's RPC wrappers read each amount parameter's text
// (src/wallet/rpcwallet.cpp), the one table its builders, resolvers, RPC client part and CLI read amounts by.
import type { MethodUnits } from '../../amount.js'

/**
 * The unit of each amount parameter of the dice RPCs, all coins (`atof(params[i]) * COIN + 0.00000000499999` in
 * rpcwallet.cpp's `dicefund`, `diceaddfunds`, `dicebet`); `maxodds`, `timeoutblocks` and `odds` are counts (`atol`),
 * not amounts.
 * @example diceUnits.dicefund.minbet // 'coins'
 */
export const diceUnits = /* @__PURE__ */ Object.freeze({
  dicefund: Object.freeze({ funds: 'coins', minbet: 'coins', maxbet: 'coins' }),
  diceaddfunds: Object.freeze({ amount: 'coins' }),
  dicebet: Object.freeze({ amount: 'coins' }),
  dicefinish: Object.freeze({}),
} as const satisfies Record<string, MethodUnits>)
