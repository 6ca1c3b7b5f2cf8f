// The tokens v2 module's amount units: how Tokel's RPC wrappers read each amount parameter's text (tokel
// src/rpc/tokensrpc.cpp), the one table its resolvers, wallet methods and CLI read amounts by.
import type { MethodUnits } from '../../amount.js'

/**
 * The unit of each amount parameter of the tokens v2 RPCs: `tokenv2create`/`tokenv2createtokel supply` coins
 * (`AmountFromValue(params[1])`: '0.00000001' is one unit), `tokenv2transfer`/`tokenv2transfermany amount` whole
 * token units (`atoll`).
 * @example tokensV2Units.tokenv2transfer.amount // 'units'
 */
export const tokensV2Units = /* @__PURE__ */ Object.freeze({
  tokenv2create: Object.freeze({ supply: 'coins' }),
  tokenv2createtokel: Object.freeze({ supply: 'coins' }),
  tokenv2transfer: Object.freeze({ amount: 'units' }),
  tokenv2transfermany: Object.freeze({ amount: 'units' }),
} as const satisfies Record<string, MethodUnits>)
