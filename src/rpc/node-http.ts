// Under Node, the JSON-RPC client's POST goes through node:http with a keep-alive agent that the client holds, not
// through undici's fetch: per request it costs about a quarter of fetch's client CPU (no WHATWG streams, no Request
// and Response objects), which is most of what a publisher spends per sample besides signing (docs/perf.md). It has
// the shape of the little of fetch that `postBounded` uses, so every bound and check of the exchange (no redirect
// followed, the reply bounded while it streams, the timeout over the whole body, the abort signal) stays in one place.
// Node's modules are reached through `process.getBuiltinModule` (Node ≥ 20.16), not imported: a browser bundle of
// the root pulls nothing Node-specific, and the browser keeps fetch.
import type * as Http from 'node:http'
import type * as Https from 'node:https'

/** How long an idle connection is kept for the next request (ms): undici's default, under komodod's 30 s. */
const IDLE_MS = 4000

type Modules = { http: typeof Http; https: typeof Https }

function nodeModules(): Modules | undefined {
  const proc = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process
  if (typeof proc?.getBuiltinModule !== 'function') return undefined
  const http = proc.getBuiltinModule('node:http') as typeof Http | undefined
  const https = proc.getBuiltinModule('node:https') as typeof Https | undefined
  return http === undefined || https === undefined ? undefined : { http, https }
}

/**
 * A `fetch` for the JSON-RPC transport over node:http(s) with keep-alive agents of its own (one per returned
 * function: the client that holds it holds its connections; idle ones close after 4 s and never keep the process
 * alive), or undefined outside Node. It serves the POSTs `postBounded` makes (a string body, a signal, no redirect
 * followed — node:http follows none); anything else (a URL that is not http(s)) goes to `globalThis.fetch`. A
 * failure before the reply is a `TypeError` whose `cause.code` is the socket's (ECONNREFUSED…), as fetch's.
 * @internal
 * @example const send = createRpcTransport(endpoint, { fetch: nodeHttpFetch() })
 */
export function nodeHttpFetch(): typeof fetch | undefined {
  const mods = nodeModules()
  if (mods === undefined) return undefined
  const agents: { http?: Http.Agent; https?: Https.Agent } = {}
  const agentFor = (tls: boolean): Http.Agent =>
    tls
      ? (agents.https ??= new mods.https.Agent({ keepAlive: true, timeout: IDLE_MS }))
      : (agents.http ??= new mods.http.Agent({ keepAlive: true, timeout: IDLE_MS }))
  const post = (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const url = typeof input === 'string' ? new URL(input) : input instanceof URL ? input : undefined
    const body = init?.body
    if (url === undefined || (url.protocol !== 'http:' && url.protocol !== 'https:') || typeof body !== 'string')
      return globalThis.fetch(input, init)
    const signal = init?.signal ?? undefined
    return new Promise<Response>((resolve, reject) => {
      const abortError = (): Error => Object.assign(new Error('This operation was aborted'), { name: 'AbortError' })
      if (signal?.aborted === true) return reject(abortError())
      const bytes = new TextEncoder().encode(body)
      const tls = url.protocol === 'https:'
      const headers: Record<string, string> = { ...(init?.headers as Record<string, string> | undefined) }
      headers['content-length'] = String(bytes.byteLength)
      const req = (tls ? mods.https : mods.http).request(url, {
        method: init?.method ?? 'POST',
        headers,
        agent: agentFor(tls),
      })
      let res: Http.IncomingMessage | undefined
      const onAbort = (): void => {
        const e = abortError()
        req.destroy(e)
        res?.destroy(e)
        reject(e)
      }
      signal?.addEventListener('abort', onAbort, { once: true })
      const done = (): void => signal?.removeEventListener('abort', onAbort)
      req.on('error', (e: Error & { code?: string }) => {
        done()
        // before a reply: what fetch says (a TypeError with the socket's code as its cause); after one, the body's
        // reader sees the failure (a reply cut off)
        reject(Object.assign(new TypeError('fetch failed'), { cause: { code: e.code ?? e.name } }))
      })
      req.on('response', (r) => {
        res = r
        r.on('close', done)
        const chunks = r[Symbol.asyncIterator]() as AsyncIterator<Uint8Array>
        resolve({
          status: r.statusCode ?? 0,
          type: 'basic',
          headers: {
            get: (name: string): string | null => {
              const v = r.headers[name.toLowerCase()]
              return v === undefined ? null : Array.isArray(v) ? v.join(', ') : String(v)
            },
          },
          body: {
            getReader: () => ({
              read: async (): Promise<{ done: boolean; value?: Uint8Array }> => {
                const c = await chunks.next()
                return c.done === true ? { done: true } : { done: false, value: c.value }
              },
              cancel: async (): Promise<void> => void r.destroy(),
            }),
          },
        } as unknown as Response)
      })
      req.end(bytes)
    })
  }
  return post as typeof fetch
}
