// The rewards module's amount units (issue 28): how komodod's RPC wrappers read each amount parameter's text
// (src/wallet/rpcwallet.cpp), the one table its builders, resolvers, RPC client part and CLI read amounts by.
import type { MethodUnits } from '../../amount.js'

/**
 * The unit of each amount parameter of the rewards RPCs: `amount` and `mindeposit` are coins (`atof(params[i]) *
 * COIN + 0.00000000499999`, rpcwallet.cpp `rewardscreatefunding`, `rewardsaddfunding`, `rewardslock`); `APR` is a
 * percentage read the same way without the addend (`APR = atof(params[2]) * COIN`); `mindays`/`maxdays` are counts.
 * @example rewardsUnits.rewardscreatefunding.APR // 'percent'
 */
export const rewardsUnits = /* @__PURE__ */ Object.freeze({
  rewardscreatefunding: Object.freeze({ amount: 'coins', APR: 'percent', mindeposit: 'coins' }),
  rewardsaddfunding: Object.freeze({ amount: 'coins' }),
  rewardslock: Object.freeze({ amount: 'coins' }),
  rewardsunlock: Object.freeze({}),
} as const satisfies Record<string, MethodUnits>)
