/**
 * Assets v2 of Tokel's fork (eval 0xF6, the token DEX): order payload codecs, builders (ask, bid, fills with the
 * royalty, cancels) and reading types.
 * @module komodo-cc/assetsv2
 */
export {
  encodeAssetsV2Opret,
  encodeAssetsV2Payload,
  decodeAssetsV2Opret,
  EVAL_ASSETSV2,
  type AssetsV2Opret,
  type AssetsV2OpretInput,
  type AssetsV2OrderOpret,
  type AssetsV2CancelOpret,
} from './opret.js'
export {
  buildTokenV2Ask,
  buildTokenV2Bid,
  buildTokenV2CancelAsk,
  buildTokenV2CancelBid,
  buildTokenV2FillAsk,
  buildTokenV2FillBid,
  royaltySplit,
  ASSETS_NORMAL_DUST,
  DEFAULT_ORDER_EXPIRY,
  type TokenV2AskParams,
  type TokenV2BidParams,
  type TokenV2FillAskParams,
  type TokenV2FillBidParams,
} from './build.js'
export type {
  AssetsV2Reading,
  AssetsV2OrderFields,
  TokenV2AskReading,
  TokenV2BidReading,
  TokenV2FillReading,
  TokenV2CancelReading,
} from './inspect.js'
export {
  resolveTokenV2Ask,
  resolveTokenV2Bid,
  resolveTokenV2CancelAsk,
  resolveTokenV2CancelBid,
  resolveTokenV2FillAsk,
  resolveTokenV2FillBid,
  assetsV2Resolvers,
} from './resolve.js'
export { assetsV2Units } from './units.js'
export { tokenv2orders, mytokenv2orders, type TokenV2Order } from './orders.js'
