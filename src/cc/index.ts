/**
 * Crypto-conditions: condition and fulfillment codecs, fingerprints and costs, verification, CC addresses, and the
 * daemon's eval codes and module global keys.
 * @module komodo-cc/cc
 */
export {
  CC_TYPE,
  CC_TYPE_NAMES,
  type CcTypeId,
  type CcTypeName,
  type CcCondition,
  type CcPreimage,
  type CcPrefix,
  type CcThreshold,
  type CcEd25519,
  type CcSecp256k1,
  type CcSecp256k1Hash,
  type CcEval,
  type CcAnon,
  type CcDecodeOptions,
} from './types.js'
export {
  SIGNATURE_COST,
  EVAL_COST,
  MAX_CONDITION_COST,
  secp256k1Condition,
  ed25519Condition,
  evalCondition,
  preimageCondition,
  prefixCondition,
  thresholdCondition,
  anonCondition,
  cc1of1,
  cc1of2,
  tokensCc1of1,
  tokensCc1of2,
  conditionTypeId,
  conditionCost,
  conditionSubtypes,
  conditionTypeMask,
  conditionFingerprint,
  encodeCondition,
  decodeCondition,
} from './condition.js'
export {
  CC_ENABLED_TYPES_MASK,
  addSignature,
  fulfill1of1,
  fulfill1of2,
  encodeFulfillment,
  decodeFulfillment,
  verifyFulfillment,
  type VerifyFulfillmentOptions,
} from './fulfillment.js'
export { conditionToJson, conditionFromJson, conditionUri, base64url, fromBase64url, type CcJson } from './json.js'
export {
  EVAL,
  evalCodeOf,
  evalName,
  CC_MODULES,
  FORK_CC_MODULES,
  ccModule,
  CC_BURN_PUBKEY,
  type EvalName,
  type CcModule,
} from './eval.js'
export {
  ccAddress,
  ccAddress1of2,
  ccAddressOf,
  ccScriptAddress,
  tokensCcAddress,
  tokensCcAddress1of2,
  txidPubkey,
  txidAddress,
  moduleGlobalAddresses,
  batonKey,
  batonPubkey,
  batonAddress,
  cclibGlobalKey,
  type ModuleGlobalAddresses,
} from './address.js'
export { moduleAddressInfo, type ModuleAddressOptions } from './moduleaddress.js'
