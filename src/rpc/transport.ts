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
  /**
   * Custom fetch (tests, proxies). Defaults to `globalThis.fetch` (on the Node root, `createKomodoRpc` passes node:http
   * with a keep-alive agent of the client's own). Called with `redirect: 'manual'`.
   */
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

/** One call of a JSON-RPC batch: the method and its positional parameters. */
export type RpcBatchCall = { readonly method: string; readonly params: readonly ExactParam[] }

/**
 * One reply of a batch, in the order of the calls: its `result`, or its own typed error (`RPC_ERROR` with the
 * daemon's code and message, `RPC_RESULT` for a reply without a result), credentials scrubbed.
 */
export type RpcBatchReply = { ok: true; result: ExactJson } | { ok: false; error: RpcError }

/**
 * Sends several calls in ONE HTTP request (a JSON-RPC batch: an array body) and returns one reply per call, in the
 * calls' order, matched by id. A failure of the whole exchange (HTTP, timeout, size, a body that is not a batch
 * reply, a reply for an id not asked, a call left unanswered) rejects with {@link RpcError}.
 */
export type RpcBatchSend = (calls: readonly RpcBatchCall[], options?: RpcCallOptions) => Promise<RpcBatchReply[]>

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
  return createRpcExchange(endpoint, options).send
}

/**
 * The transport's single calls and batches over one endpoint (one id counter): `send` as {@link createRpcTransport},
 * `batch` an {@link RpcBatchSend} with the same bounds (timeout over the whole reply, `maxResponseBytes`, nesting
 * cap), the same checks of each reply as a single call's, and the same scrubbing of credentials.
 * @internal
 * @example const { send, batch } = createRpcExchange(endpoint)
 */
export function createRpcExchange(
  endpoint: () => Promise<RpcEndpoint>,
  options: RpcTransportOptions = {},
): { send: RpcSend; batch: RpcBatchSend } {
  const defaultTimeout = options.timeoutMs ?? 30_000
  checkTimeout(defaultTimeout)
  const maxResponseBytes = checkMaxResponseBytes(
    options.maxResponseBytes,
    (m) => new KomodoCcError('RPC_CONFIG', m, { field: 'maxResponseBytes' }),
  )
  let counter = 0
  // what each request to one endpoint repeats, made once per endpoint object (a client's endpoint is one object): its
  // host for messages, its headers (the basic auth's base64); frozen, as the request's fetch receives them
  let memo: { ep: RpcEndpoint; host: string; headers: Readonly<Record<string, string>> } | undefined
  const partsOf = (ep: RpcEndpoint): NonNullable<typeof memo> =>
    memo?.ep === ep
      ? memo
      : (memo = {
          ep,
          host: hostOf(ep.url),
          headers: Object.freeze({
            'content-type': 'text/plain;',
            authorization: BASIC + base64Utf8(`${ep.user}:${ep.password}`),
          }),
        })
  const checkCallOptions = (callOptions: unknown): void => {
    if (typeof callOptions !== 'object' || callOptions === null)
      throw new KomodoCcError('ARG_INVALID', 'call options must be an object {signal?, timeoutMs?}', {
        name: 'options',
      })
    const signal = (callOptions as RpcCallOptions).signal
    if (signal !== undefined && !(signal instanceof AbortSignal))
      throw new KomodoCcError('ARG_INVALID', 'signal must be an AbortSignal', { name: 'signal' })
  }
  const send: RpcSend = async (method, params, callOptions = {}) => {
    checkCallOptions(callOptions)
    const ep = await endpoint()
    try {
      const id = `komodo-cc-${++counter}`
      const { status, json } = await post(ep, method, { jsonrpc: '1.0', id, method, params }, callOptions)
      if (typeof json !== 'object' || json === null || Array.isArray(json))
        throw new RpcError('RPC_HTTP', method, partsOf(ep).host, `HTTP ${status}: the reply is not a JSON-RPC object`, {
          status,
          reason: 'bad-envelope',
        })
      return replyResult(json, method, partsOf(ep).host, status, id)
    } catch (e) {
      throw scrubError(e, endpointSecretForms(ep))
    }
  }
  const batch: RpcBatchSend = async (calls, callOptions = {}) => {
    checkCallOptions(callOptions)
    if (calls.length === 0) return []
    const ep = await endpoint()
    const forms = endpointSecretForms(ep)
    const host = partsOf(ep).host
    const label = batchLabel(calls)
    try {
      const ids = calls.map(() => `komodo-cc-${++counter}`)
      const body = calls.map((c, i) => ({ jsonrpc: '1.0', id: ids[i]!, method: c.method, params: c.params }))
      const { status, json } = await post(ep, label, body, callOptions)
      if (!Array.isArray(json)) {
        // a whole-batch failure comes back as one error object (komodod: a parse error, a request it refused)
        if (typeof json === 'object' && json !== null && json.error !== null && json.error !== undefined)
          throw daemonError(json.error, label, host, status)
        throw new RpcError('RPC_HTTP', label, host, `HTTP ${status}: the reply to a batch is not an array`, {
          status,
          reason: 'bad-envelope',
        })
      }
      const slot = new Map(ids.map((id, i) => [id, i]))
      const out: (RpcBatchReply | undefined)[] = calls.map(() => undefined)
      json.forEach((r, k) => {
        if (typeof r !== 'object' || r === null || Array.isArray(r))
          throw new RpcError('RPC_RESULT', label, host, `reply ${k} of the batch is not a JSON-RPC object`, {
            status,
            reason: 'bad-envelope',
          })
        const i = typeof r.id === 'string' ? slot.get(r.id) : undefined
        if (i === undefined)
          throw new RpcError('RPC_RESULT', label, host, `reply ${k} of the batch answers an id that was not asked`, {
            status,
            reason: 'id',
          })
        if (out[i] !== undefined)
          throw new RpcError('RPC_RESULT', label, host, `the batch answers request ${ids[i]} twice`, {
            status,
            reason: 'id',
          })
        try {
          out[i] = { ok: true, result: replyResult(r, calls[i]!.method, host, status, ids[i]!) }
        } catch (e) {
          if (!(e instanceof RpcError)) throw e
          out[i] = { ok: false, error: scrubError(e, forms) }
        }
      })
      const missing = out.findIndex((r) => r === undefined)
      if (missing >= 0)
        throw new RpcError(
          'RPC_RESULT',
          label,
          host,
          `the batch reply has no answer for call ${missing} (${calls[missing]!.method}, id ${ids[missing]})`,
          { status, reason: 'missing' },
        )
      return out as RpcBatchReply[]
    } catch (e) {
      throw scrubError(e, forms)
    }
  }
  return { send, batch }

  /** One POST of a JSON body; the status and the reply parsed with the bounds (auth, truncation, depth checked). */
  async function post(
    ep: RpcEndpoint,
    method: string,
    body: unknown,
    callOptions: RpcCallOptions,
  ): Promise<{ status: number; json: ExactJson }> {
    const { host, headers } = partsOf(ep)
    const timeoutMs = callOptions.timeoutMs ?? defaultTimeout
    checkTimeout(timeoutMs)
    const doFetch = options.fetch ?? globalThis.fetch
    if (typeof doFetch !== 'function')
      throw new RpcError('RPC_CONFIG', method, host, 'no fetch available; pass options.fetch', {})
    const { status, body: text } = await postBounded({
      fetch: doFetch,
      url: ep.url,
      headers,
      body: JSON.stringify(body),
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
    try {
      return { status, json: parseJsonExact(text) }
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
  }
}

/** The `result` of one JSON-RPC reply object, or its error as an RpcError (the checks of a single call, in order). */
function replyResult(
  json: { [key: string]: ExactJson },
  method: string,
  host: string,
  status: number,
  id: string,
): ExactJson {
  const err = json.error
  if (err !== null && err !== undefined) throw daemonError(err, method, host, status)
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

/** A JSON-RPC error object as an RpcError (RPC_ERROR with the daemon's code and message). */
function daemonError(err: ExactJson, method: string, host: string, status: number): RpcError {
  const rpcCode =
    typeof err === 'object' && err !== null && !Array.isArray(err) && typeof err.code === 'number'
      ? err.code
      : undefined
  const daemonMessage =
    typeof err === 'object' && err !== null && !Array.isArray(err) && typeof err.message === 'string'
      ? err.message
      : JSON.stringify(jsonSafe(err))
  return new RpcError(
    'RPC_ERROR',
    method,
    host,
    `daemon error${rpcCode === undefined ? '' : ` ${rpcCode}`}: ${clip(daemonMessage.trim())}`,
    { status, rpcCode, daemonMessage },
  )
}

/** How a batch names itself in errors: `batch(<method>, …)`, each method once, bounded. */
function batchLabel(calls: readonly RpcBatchCall[]): string {
  const names = [...new Set(calls.map((c) => c.method))]
  const text = names.slice(0, 4).join(', ') + (names.length > 4 ? `, … ${names.length - 4} more` : '')
  return `batch(${text})`
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
