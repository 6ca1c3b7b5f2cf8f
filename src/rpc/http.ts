// The one HTTP exchange both clients make (komodod JSON-RPC and KDF mmrpc): a POST over fetch that never follows a
// redirect, gives up after a timeout, and reads at most a bounded number of bytes of the reply while it streams.
import type { ErrorCode, KomodoCcError } from '../errors.js'

/** Default bound on a reply's body: 64 MiB holds the biggest real block and `getrawmempool true` many times over. */
export const DEFAULT_MAX_RESPONSE_BYTES = 64 * 1024 * 1024

/** Makes the caller's error type (RpcError, KomodoCcError with the method) from a code, a message and details. */
export type HttpErrorFactory = (code: ErrorCode, message: string, details: Record<string, unknown>) => KomodoCcError

/** One POST. */
export type BoundedPost = {
  fetch: typeof fetch
  url: string
  headers: Readonly<Record<string, string>>
  body: string
  timeoutMs: number
  maxResponseBytes: number
  signal: AbortSignal | undefined
  /** Who answers, for messages: 'the daemon', 'KDF'. */
  peer: string
  error: HttpErrorFactory
}

const REDIRECTS: ReadonlySet<number> = new Set([301, 302, 303, 307, 308])

/**
 * Sends the POST and returns the status and the body text. Redirects are refused (`redirect: 'manual'`; an opaque
 * redirect in browsers and a 3xx in Node are both `RPC_REDIRECT`, nothing is sent to the other location); a
 * `Content-Length` above `maxResponseBytes`, or a body that grows past it while it streams, is `RESPONSE_TOO_LARGE`
 * (the rest is never read: the stream is cancelled and the connection aborted). The timeout covers the whole body.
 * @throws KomodoCcError from `o.error`: RPC_REDIRECT | RESPONSE_TOO_LARGE | RPC_TIMEOUT | ABORTED | RPC_HTTP
 * @example const { status, body } = await postBounded({ fetch, url, headers, body: '{}', timeoutMs: 30000,
 *   maxResponseBytes: DEFAULT_MAX_RESPONSE_BYTES, signal: undefined, peer: 'KDF', error: (c, m, d) => new KomodoCcError(c, m, d) })
 */
export async function postBounded(o: BoundedPost): Promise<{ status: number; body: string }> {
  const { signal } = o
  if (signal?.aborted) throw o.error('ABORTED', 'aborted before it was sent', {})
  const ctrl = new AbortController()
  let timedOut = false
  const timer = setTimeout(() => {
    timedOut = true
    ctrl.abort()
  }, o.timeoutMs)
  const onAbort = (): void => ctrl.abort()
  signal?.addEventListener('abort', onAbort, { once: true })
  let status = 0
  let stage: 'connect' | 'body' = 'connect'
  let own: KomodoCcError | undefined
  try {
    const res = await o.fetch(o.url, {
      method: 'POST',
      headers: o.headers,
      body: o.body,
      signal: ctrl.signal,
      redirect: 'manual',
    })
    status = res.status
    stage = 'body'
    if (res.type === 'opaqueredirect' || REDIRECTS.has(status)) {
      own = o.error(
        'RPC_REDIRECT',
        `HTTP ${status || 'redirect'}: refused to follow a redirect (the request is never re-sent elsewhere)`,
        { status: status || undefined, reason: 'redirect' },
      )
      throw own
    }
    const declared = res.headers.get('content-length')
    if (declared !== null && /^\d+$/.test(declared.trim()) && Number(declared.trim()) > o.maxResponseBytes) {
      own = tooLarge(o, status, 'content-length')
      throw own
    }
    const body = await readBounded(res, o.maxResponseBytes)
    if (body === undefined) {
      own = tooLarge(o, status, 'streamed')
      throw own
    }
    return { status, body }
  } catch (e) {
    if (own !== undefined) {
      ctrl.abort()
      throw own
    }
    if (timedOut) throw o.error('RPC_TIMEOUT', `no complete reply within ${o.timeoutMs} ms`, { timeoutMs: o.timeoutMs })
    if (signal?.aborted) throw o.error('ABORTED', 'aborted', {})
    if (stage === 'connect')
      throw o.error('RPC_HTTP', `cannot reach ${o.peer} (${causeText(e)})`, { reason: 'connect' })
    throw o.error('RPC_HTTP', `the reply body was cut off (HTTP ${status})`, {
      reason: 'truncated',
      status: status || undefined,
    })
  } finally {
    clearTimeout(timer)
    signal?.removeEventListener('abort', onAbort)
  }
}

function tooLarge(o: BoundedPost, status: number, reason: 'content-length' | 'streamed'): KomodoCcError {
  const what = reason === 'content-length' ? 'announces' : 'grew past'
  return o.error(
    'RESPONSE_TOO_LARGE',
    `the reply ${what} more than maxResponseBytes (${o.maxResponseBytes} bytes); nothing more is read`,
    { status, reason, maxResponseBytes: o.maxResponseBytes },
  )
}

/** Reads the body as UTF-8 text, or returns undefined (having cancelled the stream) once it exceeds `max` bytes. */
async function readBounded(res: Response, max: number): Promise<string | undefined> {
  if (res.body === null) return ''
  const reader = res.body.getReader()
  const decoder = new TextDecoder()
  const parts: string[] = []
  let total = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    total += value.byteLength
    if (total > max) {
      reader.cancel().catch(() => {})
      return undefined
    }
    parts.push(decoder.decode(value, { stream: true }))
  }
  parts.push(decoder.decode())
  return parts.join('')
}

function causeText(e: unknown): string {
  const cause = (e as { cause?: { code?: unknown } } | undefined)?.cause
  if (cause && typeof cause.code === 'string') return cause.code
  return e instanceof Error ? e.name : 'network error'
}

/**
 * Checks a `maxResponseBytes` option: a positive safe integer, or undefined for the default.
 * @example checkMaxResponseBytes(undefined, (m) => new KomodoCcError('RPC_CONFIG', m, {})) // 67108864
 */
export function checkMaxResponseBytes(v: unknown, error: (message: string) => KomodoCcError): number {
  if (v === undefined) return DEFAULT_MAX_RESPONSE_BYTES
  if (typeof v !== 'number' || !Number.isSafeInteger(v) || v <= 0)
    throw error('maxResponseBytes must be a positive whole number of bytes')
  return v
}
