import { KomodoCcError } from '../errors.js'
import type { ErrorCode } from '../errors.js'
import { MAX_JSON_DEPTH, parseJsonExact } from './json.js'
import { checkMaxResponseBytes, postBounded } from './http.js'
import { base64Utf8, scrubError, secretForms } from './redact.js'
import type { ExactJson } from './json.js'

/** Where and how to reach komodod. The password is kept in a closure, never in an error or `details`. */
export type RpcEndpoint = { url: string; user: string; password: string }

/** Options shared by every call. */
export type RpcTransportOptions = {
  /** Per-call timeout in milliseconds (default 30000); it covers the whole reply body. */
  timeoutMs?: number
  /**
   * Largest reply body read, in bytes (default {@link DEFAULT_MAX_RESPONSE_BYTES}, 64 MiB). A bigger reply is
   * abandoned while it streams (or at once, from its `Content-Length`) with `RESPONSE_TOO_LARGE`.
   */
  maxResponseBytes?: number
  /** Custom fetch (tests, proxies). Defaults to `globalThis.fetch`. Called with `redirect: 'manual'`. */
  fetch?: typeof fetch
}

/** Per-call options. */
export type RpcCallOptions = { signal?: AbortSignal; timeoutMs?: number }

/** Sends one JSON-RPC 1.0 call and returns its `result` (exact JSON), or throws {@link RpcError}. */
export type RpcSend = (method: string, params: readonly ExactParam[], options?: RpcCallOptions) => Promise<ExactJson>

/** A positional parameter as it goes on the wire. */
export type ExactParam =
  string | number | boolean | null | readonly ExactParam[] | { readonly [key: string]: ExactParam }

const BASIC = 'Basic '
/** Longest piece of a daemon's error text quoted in a message (all of it stays in `details.daemonMessage`). */
const MAX_QUOTED = 2000

/**
 * Builds the transport: HTTP POST of `{jsonrpc:"1.0", id, method, params}` with `content-type: text/plain;` and
 * basic auth, one AbortSignal and timeout per call. Module error objects (`{result:"error", error}`) are errors too.
 * Redirects are refused, replies are bounded (`maxResponseBytes`) and parsed with the bounds of
 * {@link parseJsonExact}; the password (raw, JSON-escaped, percent-encoded, and the base64 of `user:password`)
 * is removed from every error, also when the daemon echoes it.
 * @throws RpcError (RPC_HTTP | RPC_ERROR | RPC_TIMEOUT | RPC_RESULT | RPC_REDIRECT | RESPONSE_TOO_LARGE | ABORTED) from the returned function
 * @example const send = createRpcTransport(async () => ({ url: 'http://127.0.0.1:7771', user: 'u', password: 'p' }))
 */
export function createRpcTransport(endpoint: () => Promise<RpcEndpoint>, options: RpcTransportOptions = {}): RpcSend {
  const defaultTimeout = options.timeoutMs ?? 30_000
  checkTimeout(defaultTimeout)
  const maxResponseBytes = checkMaxResponseBytes(
    options.maxResponseBytes,
    (m) => new KomodoCcError('RPC_CONFIG', m, { field: 'maxResponseBytes' }),
  )
  let counter = 0
  return async (method, params, callOptions = {}) => {
    if (typeof callOptions !== 'object' || callOptions === null)
      throw new KomodoCcError('ARG_INVALID', 'call options must be an object {signal?, timeoutMs?}', {
        name: 'options',
      })
    if (callOptions.signal !== undefined && !(callOptions.signal instanceof AbortSignal))
      throw new KomodoCcError('ARG_INVALID', 'signal must be an AbortSignal', { name: 'signal' })
    const ep = await endpoint()
    try {
      return await exchange(ep, method, params, callOptions, `komodo-cc-${++counter}`)
    } catch (e) {
      throw scrubError(e, endpointSecretForms(ep))
    }
  }

  async function exchange(
    ep: RpcEndpoint,
    method: string,
    params: readonly ExactParam[],
    callOptions: RpcCallOptions,
    id: string,
  ): Promise<ExactJson> {
    const host = hostOf(ep.url)
    const timeoutMs = callOptions.timeoutMs ?? defaultTimeout
    checkTimeout(timeoutMs)
    const doFetch = options.fetch ?? globalThis.fetch
    if (typeof doFetch !== 'function')
      throw new RpcError('RPC_CONFIG', method, host, 'no fetch available; pass options.fetch', {})
    const { status, body: text } = await postBounded({
      fetch: doFetch,
      url: ep.url,
      headers: { 'content-type': 'text/plain;', authorization: BASIC + base64Utf8(`${ep.user}:${ep.password}`) },
      body: JSON.stringify({ jsonrpc: '1.0', id, method, params }),
      timeoutMs,
      maxResponseBytes,
      signal: callOptions.signal,
      peer: 'the daemon',
      error: (code, message, details) => new RpcError(code, method, host, message, details),
    })
    if (status === 401 || status === 403)
      throw new RpcError(
        'RPC_HTTP',
        method,
        host,
        `HTTP ${status}: the daemon refused the credentials (rpcuser/rpcpassword)`,
        { status, reason: 'auth' },
      )
    let json: ExactJson
    try {
      json = parseJsonExact(text)
    } catch (e) {
      const deep = e instanceof KomodoCcError && e.details.reason === 'depth'
      const reason = deep
        ? 'too-deep'
        : status >= 200 && status < 300 && /^\s*[[{]/.test(text)
          ? 'truncated'
          : 'bad-json'
      const what = deep
        ? `JSON nested deeper than ${MAX_JSON_DEPTH} levels`
        : `a body that is not ${reason === 'truncated' ? 'complete ' : ''}JSON`
      throw new RpcError('RPC_HTTP', method, host, `HTTP ${status} with ${what} (${text.length} bytes)`, {
        status,
        reason,
      })
    }
    if (typeof json !== 'object' || json === null || Array.isArray(json))
      throw new RpcError('RPC_HTTP', method, host, `HTTP ${status}: the reply is not a JSON-RPC object`, {
        status,
        reason: 'bad-envelope',
      })
    const err = json.error
    if (err !== null && err !== undefined) {
      const rpcCode =
        typeof err === 'object' && !Array.isArray(err) && typeof err.code === 'number' ? err.code : undefined
      const daemonMessage =
        typeof err === 'object' && !Array.isArray(err) && typeof err.message === 'string'
          ? err.message
          : JSON.stringify(jsonSafe(err))
      throw new RpcError(
        'RPC_ERROR',
        method,
        host,
        `daemon error${rpcCode === undefined ? '' : ` ${rpcCode}`}: ${clip(daemonMessage.trim())}`,
        { status, rpcCode, daemonMessage },
      )
    }
    if (status < 200 || status >= 300)
      throw new RpcError('RPC_HTTP', method, host, `HTTP ${status} without a JSON-RPC error`, {
        status,
        reason: 'status',
      })
    if (!('result' in json)) throw new RpcError('RPC_RESULT', method, host, 'the reply has no result', { status })
    if (json.id !== id)
      throw new RpcError('RPC_RESULT', method, host, `the reply id does not match the request id ${id}`, { status })
    const result = json.result as ExactJson
    if (typeof result === 'object' && result !== null && !Array.isArray(result) && result.result === 'error') {
      const daemonMessage = typeof result.error === 'string' ? result.error : 'error'
      throw new RpcError('RPC_ERROR', method, host, `module error: ${clip(daemonMessage)}`, { daemonMessage })
    }
    return result
  }
}

/**
 * Every form the endpoint's password can take in a daemon's reply (see {@link secretForms}), for {@link scrubError}.
 * @example throw scrubError(e, endpointSecretForms(ep))
 */
export function endpointSecretForms(ep: RpcEndpoint): string[] {
  return secretForms([ep.password], { user: ep.user, password: ep.password })
}

function clip(s: string): string {
  return s.length > MAX_QUOTED ? `${s.slice(0, MAX_QUOTED)}… (${s.length} characters)` : s
}

function checkTimeout(t: unknown): void {
  if (typeof t !== 'number' || !Number.isFinite(t) || t <= 0)
    throw new KomodoCcError('RPC_CONFIG', 'timeoutMs must be a positive number', { field: 'timeoutMs' })
}

function jsonSafe(v: ExactJson): unknown {
  return JSON.parse(JSON.stringify(v, (_k, x: unknown) => (typeof x === 'bigint' ? x.toString() : x)))
}

/** host:port of a URL, without credentials, for messages. @example hostOf('http://u:p@127.0.0.1:7771/') // '127.0.0.1:7771' */
export function hostOf(url: string): string {
  try {
    const u = new URL(url)
    return u.host
  } catch {
    return '(bad url)'
  }
}

/**
 * A komodod call that failed: HTTP or network failure (`RPC_HTTP`, `details.reason`: connect | truncated | auth |
 * bad-json | too-deep | bad-envelope | status), a JSON-RPC error or a module's `{result:"error"}` (`RPC_ERROR`, with
 * the daemon's `rpcCode` and `daemonMessage`), a timeout (`RPC_TIMEOUT`), an abort (`ABORTED`), a malformed result
 * (`RPC_RESULT`), a redirect (`RPC_REDIRECT`), a reply above `maxResponseBytes` (`RESPONSE_TOO_LARGE`). Never
 * carries credentials or parameters.
 * @example
 * try { await rpc.tokeninfo(id) } catch (e) { if (e instanceof RpcError && e.daemonMessage === 'cant find tokenid') … }
 */
export class RpcError extends KomodoCcError {
  override readonly name: string = 'RpcError'
  /** The RPC method called. */
  readonly method: string
  /** host:port of the daemon (no credentials). */
  readonly host: string
  /** JSON-RPC error code (e.g. -1 usage, -8, -25, -26), when the daemon sent one. */
  readonly rpcCode: number | undefined
  /** The daemon's own message, when it sent one. */
  readonly daemonMessage: string | undefined
  /** HTTP status, when a reply arrived. */
  readonly status: number | undefined
  constructor(code: ErrorCode, method: string, host: string, message: string, details: Record<string, unknown>) {
    const clean = Object.fromEntries(Object.entries(details).filter(([, v]) => v !== undefined))
    super(code, `${method} on ${host}: ${message}`, { method, host, ...clean })
    this.method = method
    this.host = host
    this.rpcCode = typeof details.rpcCode === 'number' ? details.rpcCode : undefined
    this.daemonMessage = typeof details.daemonMessage === 'string' ? details.daemonMessage : undefined
    this.status = typeof details.status === 'number' ? details.status : undefined
  }
}
