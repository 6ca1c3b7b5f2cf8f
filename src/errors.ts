/**
 * Stable error identifiers. Adding a code is a minor change; renaming or removing one is breaking.
 * Tests and callers branch on `code`, never on message text.
 */
export type ErrorCode =
  // bytes and numbers
  | 'BYTES_TYPE'
  | 'BYTES_LENGTH'
  | 'HEX_INVALID'
  | 'INT_RANGE'
  | 'READ_PAST_END'
  | 'TRAILING_BYTES'
  | 'COMPACTSIZE_NON_MINIMAL'
  | 'COMPACTSIZE_RANGE'
  | 'ARG_INVALID'
  // amounts
  | 'AMOUNT_INVALID'
  | 'AMOUNT_RANGE'
  // oracle data
  | 'ORACLE_FORMAT'
  | 'ORACLE_NOT_ASCII'
  | 'ORACLE_TOO_LONG'
  | 'ORACLE_VALUE'
  | 'ORACLE_DATA_EMPTY'
  | 'ORACLE_DATA_TOO_BIG'
  | 'ORACLE_TX_TOO_BIG'
  // keys and addresses
  | 'ADDRESS_INVALID'
  | 'ADDRESS_CHECKSUM'
  | 'ADDRESS_VERSION'
  | 'WIF_INVALID'
  | 'PUBKEY_INVALID'
  | 'PRIVKEY_INVALID'
  | 'CHAIN_PARAMS'
  // key material: seed phrases, HD paths, passphrases
  | 'MNEMONIC_INVALID'
  | 'MNEMONIC_CHECKSUM'
  | 'HD_PATH_INVALID'
  | 'HD_PATH_RANGE'
  | 'HD_KEY_INVALID'
  | 'PASSPHRASE_INVALID'
  // scripts, conditions, transactions, payloads
  | 'SCRIPT_TOO_LARGE'
  | 'SCRIPT_INVALID'
  | 'CC_INVALID'
  | 'CC_UNSUPPORTED'
  | 'CC_NON_CANONICAL'
  | 'FULFILLMENT_INVALID'
  | 'TX_INVALID'
  | 'TX_VERSION'
  | 'TX_NONSTANDARD'
  | 'SIGHASH_INVALID'
  | 'SIGNATURE_INVALID'
  | 'SIGNER_FAILED'
  | 'OPRET_INVALID'
  | 'OPRET_EVAL'
  | 'OPRET_FUNCID'
  | 'OPRET_VERSION'
  | 'TOKEL_DATA_INVALID'
  | 'MERKLE_INVALID'
  // builders
  | 'BUILD_PARAMS'
  | 'BUILD_INPUTS'
  | 'BUILD_STATE'
  | 'INSUFFICIENT_FUNDS'
  | 'ABORTED'
  | 'POW_NOT_FOUND'
  // chain state (resolvers and chain sources)
  | 'TX_NOT_FOUND'
  | 'CHAIN_MISMATCH'
  // waiting and watching (waitForTransaction, the pending store)
  | 'WAIT_TIMEOUT'
  | 'TX_DROPPED'
  | 'PENDING_STORE'
  // I/O layers
  | 'RPC_HTTP'
  | 'RPC_ERROR'
  | 'RPC_TIMEOUT'
  | 'RPC_CONFIG'
  | 'RPC_RESULT'
  | 'SUBMIT_MISMATCH'
  | 'KDF_ERROR'
  | 'KDF_PARAMS'
  | 'DEVNET'
  | 'CLI_USAGE'
  | 'RPC_REDIRECT'
  | 'RESPONSE_TOO_LARGE'
  | 'ELECTRUM_ERROR'
  | 'ELECTRUM_TRANSPORT'
  | 'HEADER_LIMIT'
  // the oracle publisher
  | 'JOURNAL_LOCKED'
  | 'JOURNAL_INVALID'
  | 'PUBLISH_CONFLICT'

/**
 * The one error type komodo-cc throws. `code` is stable; `details` carries machine-readable context
 * (path, offset, expected, got) and never secrets (keys, WIF, rpc passwords, userpass).
 * @example
 * try { hexToBytes('abc') } catch (e) { if (e instanceof KomodoCcError) console.log(e.code) } // 'HEX_INVALID'
 */
export class KomodoCcError extends Error {
  override readonly name: string = 'KomodoCcError'
  readonly code: ErrorCode
  readonly details: Readonly<Record<string, unknown>>
  constructor(
    code: ErrorCode,
    message: string,
    details: Readonly<Record<string, unknown>> = {},
    options?: { cause?: unknown },
  ) {
    super(`${code}: ${message}`, options)
    this.code = code
    this.details = details
  }
}

/** True when `e` is a {@link KomodoCcError}, optionally with the given code. @example isKomodoCcError(e, 'HEX_INVALID') */
export function isKomodoCcError(e: unknown, code?: ErrorCode): e is KomodoCcError {
  return e instanceof KomodoCcError && (code === undefined || e.code === code)
}

/**
 * Runs `fn`, prefixing `path` to the `details.path` (and the message) of any KomodoCcError it throws.
 * @example withPath('vin[2]', () => r.hash32())
 */
export function withPath<T>(path: string, fn: () => T): T {
  try {
    return fn()
  } catch (e) {
    if (e instanceof KomodoCcError) throw prefixPath(e, path)
    throw e
  }
}

function prefixPath(e: KomodoCcError, path: string): KomodoCcError {
  const inner = typeof e.details.path === 'string' ? e.details.path : ''
  const full = inner === '' ? path : inner.startsWith('[') ? path + inner : `${path}.${inner}`
  const bare = e.message.slice(e.code.length + 2).replace(/ \(at [^)]*\)$/, '')
  const err = new KomodoCcError(e.code, `${bare} (at ${full})`, { ...e.details, path: full }, { cause: e.cause })
  return err
}
