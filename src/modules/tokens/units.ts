// The tokens module's amount units (issue 28): how komodod's RPC wrappers read each amount parameter's text
// (src/wallet/rpcwallet.cpp), the one table its builders, resolvers, RPC client part and CLI read amounts by.
import type { MethodUnits } from '../../amount.js'

/**
 * The unit of each amount parameter of the tokens RPCs: `tokencreate supply` is coins (`atof(params[1]) * COIN +
 * 0.00000000499999`, rpcwallet.cpp `tokencreate`), `tokentransfer amount` whole token units (`atoll(params[2])`,
 * rpcwallet.cpp `tokentransfer`).
 * @example tokensUnits.tokentransfer.amount // 'units'
 */
export const tokensUnits = /* @__PURE__ */ Object.freeze({
  tokencreate: Object.freeze({ supply: 'coins' }),
  tokentransfer: Object.freeze({ amount: 'units' }),
} as const satisfies Record<string, MethodUnits>)
