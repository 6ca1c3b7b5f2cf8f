import { KomodoCcError } from '../errors.js'

/** JSON-RPC error codes komodod uses (bitcoind's `rpcprotocol.h`). */
export const RPC_CODES = /* @__PURE__ */ Object.freeze({
  MISC_ERROR: -1,
  TYPE_ERROR: -3,
  INVALID_ADDRESS_OR_KEY: -5,
  WALLET_INSUFFICIENT_FUNDS: -6,
  INVALID_PARAMETER: -8,
  DESERIALIZATION_ERROR: -22,
  TRANSACTION_ERROR: -25,
  TRANSACTION_REJECTED: -26,
  TRANSACTION_ALREADY_IN_CHAIN: -27,
  INVALID_REQUEST: -32600,
  METHOD_NOT_FOUND: -32601,
  PARSE_ERROR: -32700,
})

/** Reject codes in front of a refusal text (`16: bad-txns-in-belowout`), from komodod's `consensus/validation.h`. */
export const REJECT = /* @__PURE__ */ Object.freeze({
  INVALID: 16,
  DUPLICATE: 18,
  NONSTANDARD: 64,
  INSUFFICIENTFEE: 66,
})

/**
 * A devnet refusal: what komodod answers as a JSON-RPC error object `{code, message}`. `rpcCode` and `rpcMessage`
 * are sent verbatim; `code` is always `DEVNET` for callers that catch it in-process.
 * @example throw new DevnetRefusal(-26, '16: bad-txns-in-belowout')
 */
export class DevnetRefusal extends KomodoCcError {
  override readonly name: string = 'DevnetRefusal'
  /** The JSON-RPC error code (e.g. -26 transaction rejected). */
  readonly rpcCode: number
  /** The daemon-style message. */
  readonly rpcMessage: string
  constructor(rpcCode: number, rpcMessage: string, details: Record<string, unknown> = {}) {
    super('DEVNET', rpcMessage, { rpcCode, ...details })
    this.rpcCode = rpcCode
    this.rpcMessage = rpcMessage
  }
}

/**
 * A `sendrawtransaction` rejection: `-26` with `<reject code>: <reason>` as komodod formats `state.GetRejectReason()`.
 * @example rejected(REJECT.INVALID, 'bad-txns-in-belowout')
 */
export function rejected(rejectCode: number, reason: string, details: Record<string, unknown> = {}): DevnetRefusal {
  return new DevnetRefusal(RPC_CODES.TRANSACTION_REJECTED, `${rejectCode}: ${reason}`, { reason, ...details })
}

/** komodod's text for a failed script or CC eval (SCRIPT_ERR_EVAL_FALSE under the mandatory flags). */
export const EVAL_FALSE_TEXT =
  'mandatory-script-verify-flag-failed (Script evaluated without error but finished with a false/empty top stack element)'

/**
 * A consensus failure of a module's validator: komodod logs the module's text and answers the generic script
 * failure; the devnet answers the generic text followed by the module's, so a client can see why.
 * @example moduleRejected('Oracles', 'mismatched datafee')
 */
export function moduleRejected(module: string, why: string): DevnetRefusal {
  return rejected(REJECT.INVALID, `${EVAL_FALSE_TEXT}; ${module}: ${why}`, { module, moduleError: why })
}
