// The oracles module's amount units (issue 28): how komodod's RPC wrappers read each amount parameter's text
// (src/wallet/rpcwallet.cpp), the one table its builders, resolvers, RPC client part and CLI read amounts by.
import type { MethodUnits } from '../../amount.js'

/**
 * The unit of each amount parameter of the oracles RPCs: `oraclesregister datafee` is satoshis, or coins when its
 * `atol` is 0 (`if ((datafee = atol(params[1])) == 0) datafee = atof(params[1]) * COIN + 0.00000000499999`,
 * rpcwallet.cpp `oraclesregister`); `oraclessubscribe amount` is coins (`atof(params[2]) * COIN + 0.00000000499999`,
 * rpcwallet.cpp `oraclessubscribe`).
 * @example oraclesUnits.oraclesregister.datafee // 'datafee'
 */
export const oraclesUnits = /* @__PURE__ */ Object.freeze({
  oraclescreate: Object.freeze({}),
  oraclesfund: Object.freeze({}),
  oraclesregister: Object.freeze({ datafee: 'datafee' }),
  oraclessubscribe: Object.freeze({ amount: 'coins' }),
  oraclesdata: Object.freeze({}),
} as const satisfies Record<string, MethodUnits>)
