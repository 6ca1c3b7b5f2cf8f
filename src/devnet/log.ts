// The devnet's request log: one entry per JSON-RPC call, with secrets taken out before anything leaves the server.

/** One logged JSON-RPC call. */
export type DevnetLogEntry = {
  /** Wall-clock time the call was answered, ISO 8601. */
  time: string
  method: string
  /** The parameters, secrets redacted (`redactParams`); long hex abbreviated with its length. */
  params: unknown[]
  /** Milliseconds the call took. */
  ms: number
  /** `null` when it succeeded, else the JSON-RPC error object sent. */
  error: { code: number; message: string } | null
}

/** What the devnet does with each entry of its request log. */
export type DevnetLogger = (entry: DevnetLogEntry) => void

/** Methods whose parameters are secrets as a whole (keys, passphrases): logged as one `"[redacted]"`. */
const SECRET_METHODS = /* @__PURE__ */ Object.freeze(
  new Set([
    'importprivkey',
    'importwallet',
    'walletpassphrase',
    'walletpassphrasechange',
    'encryptwallet',
    'signrawtransaction',
    'signrawtransactionwithkey',
    'z_importkey',
    'z_importviewingkey',
    'dumpwallet',
    'setpubkey',
  ]),
)

/** A base58 string of a WIF's length (51–52 chars): a private key anywhere in the parameters is redacted. */
const WIF_LIKE = /^[1-9A-HJ-NP-Za-km-z]{51,52}$/
/** A hex string longer than this many characters is logged as its first 16 chars and its length. */
const LONG_HEX = 160

function redactValue(v: unknown, depth: number): unknown {
  if (typeof v === 'string') {
    if (WIF_LIKE.test(v)) return '[redacted]'
    if (v.length > LONG_HEX && /^[0-9a-fA-F]+$/.test(v)) return `${v.slice(0, 16)}…(${v.length / 2} bytes)`
    return v
  }
  if (depth > 8) return '[deep]'
  if (Array.isArray(v)) return v.map((x) => redactValue(x, depth + 1))
  if (typeof v === 'object' && v !== null)
    return Object.fromEntries(
      Object.entries(v).map(([k, x]) => [
        k,
        /priv|secret|pass|wif|seed/i.test(k) ? '[redacted]' : redactValue(x, depth + 1),
      ]),
    )
  return v
}

/**
 * The parameters of a call as the request log shows them: a key-handling method's parameters as one `"[redacted]"`,
 * any WIF-shaped string and any object field named like a secret (`priv…`, `…secret…`, `pass…`, `wif`, `seed`)
 * replaced by `"[redacted]"`, hex longer than 160 chars as its first 16 chars and its byte length.
 * @example redactParams('importprivkey', ['Uq…']) // ['[redacted]']
 */
export function redactParams(method: string, params: readonly unknown[]): unknown[] {
  if (SECRET_METHODS.has(method)) return params.length === 0 ? [] : ['[redacted]']
  return params.map((p) => redactValue(p, 0))
}

/**
 * One log entry as a line of text: `time method params → ok|error code message (ms)`.
 * @example formatLogEntry(entry) // '2026-01-01T00:00:00.000Z getblockcount [] → ok (0.1 ms)'
 */
export function formatLogEntry(e: DevnetLogEntry): string {
  const outcome = e.error === null ? 'ok' : `error ${e.error.code} ${e.error.message.split('\n')[0]}`
  return `${e.time} ${e.method} ${JSON.stringify(e.params)} → ${outcome} (${e.ms.toFixed(1)} ms)`
}
