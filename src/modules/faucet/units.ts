// The faucet module's amount units (issue 28): how komodod's RPC wrappers read each amount parameter's text
// (src/wallet/rpcwallet.cpp), the one table its builders, resolvers, RPC client part and CLI read amounts by.
import type { MethodUnits } from '../../amount.js'

/**
 * The unit of each amount parameter of the faucet RPCs: `faucetfund amount` is coins (`atof(params[0]) * COIN +
 * 0.00000000499999`, rpcwallet.cpp `faucetfund`); `faucetget` takes none.
 * @example faucetUnits.faucetfund.amount // 'coins'
 */
export const faucetUnits = /* @__PURE__ */ Object.freeze({
  faucetfund: Object.freeze({ amount: 'coins' }),
  faucetget: Object.freeze({}),
} as const satisfies Record<string, MethodUnits>)
