// The gateways module's amount units (issue 28): how komodod's RPC wrappers read each amount parameter's text
// (src/wallet/rpcwallet.cpp), the one table its builders, resolvers, RPC client part and CLI read amounts by.
import type { MethodUnits } from '../../amount.js'

/**
 * The unit of each amount parameter of the gateways RPCs: `gatewaysbind tokensupply` is token satoshis
 * (`totalsupply = atol(params[3])`, rpcwallet.cpp `gatewaysbind`); the `amount` of `gatewaysdeposit`,
 * `gatewaysclaim` and `gatewayswithdraw` is coins (`atof(params[i]) * COIN + 0.00000000499999`). `height`,
 * `claimvout`, `M`, `N` and the address prefixes are counts (`atoi`), not amounts.
 * @example gatewaysUnits.gatewaysbind.tokensupply // 'units'
 */
export const gatewaysUnits = /* @__PURE__ */ Object.freeze({
  gatewaysbind: Object.freeze({ tokensupply: 'units' }),
  gatewaysdeposit: Object.freeze({ amount: 'coins' }),
  gatewaysclaim: Object.freeze({ amount: 'coins' }),
  gatewayswithdraw: Object.freeze({ amount: 'coins' }),
  gatewayspartialsign: Object.freeze({}),
  gatewayscompletesigning: Object.freeze({}),
  gatewaysmarkdone: Object.freeze({}),
} as const satisfies Record<string, MethodUnits>)
