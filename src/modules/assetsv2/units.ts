// The assets v2 module's amount units: how Tokel's RPC wrappers read each amount parameter's text (tokel
// src/rpc/tokensrpc.cpp tokenask, tokenbid, tokenfillask, tokenfillbid).
import type { MethodUnits } from '../../amount.js'

/**
 * The unit of each amount parameter of the assets v2 RPCs: `numtokens`, `fillunits`, `fillamount` whole token units
 * (`atoll`); `price` and `unitprice` coins per token unit (`AmountFromValue`). The cancels take no amount.
 * @example assetsV2Units.tokenv2ask.price // 'coins'
 */
export const assetsV2Units = /* @__PURE__ */ Object.freeze({
  tokenv2ask: Object.freeze({ numtokens: 'units', price: 'coins' }),
  tokenv2bid: Object.freeze({ numtokens: 'units', price: 'coins' }),
  tokenv2fillask: Object.freeze({ fillunits: 'units', unitprice: 'coins' }),
  tokenv2fillbid: Object.freeze({ fillamount: 'units', unitprice: 'coins' }),
  tokenv2cancelask: Object.freeze({}),
  tokenv2cancelbid: Object.freeze({}),
} as const satisfies Record<string, MethodUnits>)
