/**
 * The daemon's own parsers and envelopes, for tools that must answer exactly as komodod does: amounts as komodod
 * parses and prints them (`AmountFromValue`, `ParseFixedPoint`, `atof`), plan-name checks, the opret envelope every
 * module's payload travels in, and the modules' global ("unspendable") keys by eval code.
 * @module komodo-cc/advanced
 */
export {
  MAX_SATOSHIS,
  MAX_MONEY,
  amountArg,
  coinsValue,
  daemonFormatDouble,
  daemonParseCoins,
  daemonParseDatafee,
  checkDaemonAmount,
} from '../amount.js'
export { assertPlanName, PLAN_NAME_ERROR } from '../sbits.js'
export { opretScript, opretPayload, MAX_OPRET_SCRIPT_SIZE, type OpretDecodeOptions } from '../modules/opret.js'
export { MODULE_GLOBAL_PUBKEYS } from '../modules/registry/core.js'
