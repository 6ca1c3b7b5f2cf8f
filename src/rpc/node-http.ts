// Under Node, the JSON-RPC client's POST goes over a keep-alive HTTP/1.1 connection of its own on node:net (for
// http:) — a pre-serialized request in one write, the reply read by a strict little parser (src/rpc/http1.ts) — not
// through undici's fetch nor node:http's ClientRequest: per request that costs about a tenth of node:http's client CPU
// (no agent, no request and response streams), which was most of what a publisher spends per sample besides signing
// (docs/perf.md). https: goes through node:https with a keep-alive agent. Either way it has the shape of the little of
// fetch that `postBounded` uses, so every bound and check of the exchange (no redirect followed, the reply bounded
// while it streams, the timeout over the whole body, the abort signal) stays in one place.
// Node's modules are reached through `process.getBuiltinModule` (Node ≥ 20.16), not imported: a browser bundle of
// the root pulls nothing Node-specific, and the browser keeps fetch.
import type * as Http from 'node:http'
import type * as Https from 'node:https'
import type * as Net from 'node:net'
import { Http1Error, Http1ReplyParser, type Http1Head } from './http1.js'

/** How long an idle connection is kept for the next request (ms): undici's default, under komodod's 30 s. */
const IDLE_MS = 4000
/** Idle connections kept per client and server (more callers in parallel open more, closed when done). */
const MAX_IDLE = 8

type Modules = { net: typeof Net; https: typeof Https }

function nodeModules(): Modules | undefined {
  const proc = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process
  if (typeof proc?.getBuiltinModule !== 'function') return undefined
  const net = proc.getBuiltinModule('node:net') as typeof Net | undefined
  const https = proc.getBuiltinModule('node:https') as typeof Https | undefined
  return net === undefined || https === undefined ? undefined : { net, https }
}

const abortError = (): Error => Object.assign(new Error('This operation was aborted'), { name: 'AbortError' })
/** What fetch rejects with before a reply: a TypeError whose cause carries the socket's (or the parser's) code. */
const fetchFailed = (code: string): TypeError => Object.assign(new TypeError('fetch failed'), { cause: { code } })
/** A request header name and value as fetch accepts them (no CR, LF or NUL: nothing can be smuggled in). */
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/
const HEADER_VALUE = /^[\t\x20-\x7e]*$/

/** Where an http: URL points, and the start of every request to it (parsed once per URL string). */
type Target = { key: string; host: string; port: number; start: string }

/** The body of a reply as fetch's reader gives it: chunks as they arrive, the end, or the failure. */
class BodyQueue {
  private chunks: Uint8Array[] = []
  private ended = false
  private failure: unknown
  private waiter:
    { resolve: (r: { done: boolean; value?: Uint8Array }) => void; reject: (e: unknown) => void } | undefined
  push(c: Uint8Array): void {
    if (this.waiter !== undefined) {
      const w = this.waiter
      this.waiter = undefined
      w.resolve({ done: false, value: c })
    } else this.chunks.push(c)
  }
  end(): void {
    this.ended = true
    this.waiter?.resolve({ done: true })
    this.waiter = undefined
  }
  fail(e: unknown): void {
    if (this.ended || this.failure !== undefined) return
    this.failure = e
    this.waiter?.reject(e)
    this.waiter = undefined
  }
  read(): Promise<{ done: boolean; value?: Uint8Array }> {
    const c = this.chunks.shift()
    if (c !== undefined) return Promise.resolve({ done: false, value: c })
    if (this.failure !== undefined) return Promise.reject(this.failure)
    if (this.ended) return Promise.resolve({ done: true })
    return new Promise((resolve, reject) => (this.waiter = { resolve, reject }))
  }
}

/**
 * A `fetch` for the JSON-RPC transport under Node, or undefined outside Node. One per returned function: the client
 * that holds it holds its connections; idle ones close after 4 s (sooner when the server's `Keep-Alive: timeout`
 * says so) and never keep the process alive. It serves the POSTs `postBounded` makes (a string body, a signal, no
 * redirect followed); anything else (a URL that is not http(s)) goes to `globalThis.fetch`. Over http: a connection
 * carries one request at a time; a reply is read strictly ({@link Http1ReplyParser}: Content-Length, chunked or to
 * the close; heads of at most 16 KiB) and a connection is reused only after a complete HTTP/1.1 reply without
 * `Connection: close` and without stray bytes. A failure before the reply is a `TypeError` whose `cause.code` is the
 * socket's (ECONNREFUSED…) or the parser's (HPE_…), as fetch's and node:http's; after it, the body's reader fails.
 * @internal
 * @example const send = createRpcTransport(endpoint, { fetch: nodeHttpFetch() })
 */
export function nodeHttpFetch(): typeof fetch | undefined {
  const mods = nodeModules()
  if (mods === undefined) return undefined
  const idle = new Map<string, { s: Net.Socket; drop: () => void }[]>()
  let tlsAgent: Http.Agent | undefined
  const agent = (): Http.Agent => (tlsAgent ??= new mods.https.Agent({ keepAlive: true, timeout: IDLE_MS }))
  let target: { url: string; t: Target } | undefined
  const targetOf = (url: string): Target | undefined => {
    if (target?.url === url) return target.t
    let u: URL
    try {
      u = new URL(url)
    } catch {
      return undefined
    }
    if (u.protocol !== 'http:' || u.username !== '' || u.password !== '') return undefined
    const host = u.hostname.startsWith('[') ? u.hostname.slice(1, -1) : u.hostname
    const port = u.port === '' ? 80 : Number(u.port)
    const t = {
      key: `${host}\n${port}`,
      host,
      port,
      start: `POST ${u.pathname}${u.search} HTTP/1.1\r\nHost: ${u.host}\r\n`,
    }
    target = { url, t }
    return t
  }

  /** An idle connection to `t`, or a new one. */
  const connection = (t: Target): Net.Socket => {
    const list = idle.get(t.key)
    for (let e = list?.pop(); e !== undefined; e = list?.pop()) {
      const { s, drop } = e
      s.removeListener('data', drop).removeListener('close', drop).removeListener('error', drop)
      s.removeListener('timeout', drop)
      if (s.destroyed || s.readyState !== 'open') {
        s.destroy()
        continue
      }
      s.setTimeout(0)
      s.ref()
      return s
    }
    const s = mods.net.connect({ host: t.host, port: t.port })
    s.setNoDelay(true)
    s.on('error', () => undefined) // every failure is handled where it matters (a request's own listener, idle drop)
    return s
  }

  /** Keeps a connection whose reply is complete for the next request (`ms`: the server's idle bound, if it gave one). */
  const release = (t: Target, s: Net.Socket, ms: number): void => {
    const list = idle.get(t.key) ?? []
    if (list.length >= MAX_IDLE || ms <= 0) return void s.destroy()
    idle.set(t.key, list)
    const drop = (): void => {
      s.destroy()
      const i = list.findIndex((e) => e.s === s)
      if (i >= 0) list.splice(i, 1)
    }
    list.push({ s, drop })
    // anything from the server while idle (bytes, a close, an error) ends the connection
    s.on('data', drop).on('close', drop).on('error', drop).on('timeout', drop)
    s.setTimeout(ms)
    s.unref()
  }

  const post = (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const body = init?.body
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : undefined
    if (url === undefined || typeof body !== 'string') return globalThis.fetch(input, init)
    const t = targetOf(url)
    if (t === undefined)
      return /^https:/i.test(url) ? postTls(mods, agent, url, body, init) : globalThis.fetch(input, init)
    const signal = init?.signal ?? undefined
    return new Promise<Response>((resolve, reject) => {
      if (signal?.aborted === true) return reject(abortError())
      let head = t.start
      const given = (init?.headers ?? {}) as Record<string, string>
      for (const name of Object.keys(given)) {
        const value = String(given[name])
        if (!HEADER_NAME.test(name) || !HEADER_VALUE.test(value) || name.toLowerCase() === 'content-length')
          return reject(new TypeError(`invalid request header ${JSON.stringify(name)}`))
        head += `${name}: ${value}\r\n`
      }
      const enc = new TextEncoder()
      const payload = enc.encode(body)
      head += `Content-Length: ${payload.byteLength}\r\n\r\n`
      const bytes = new Uint8Array(head.length + payload.byteLength)
      enc.encodeInto(head, bytes)
      bytes.set(payload, head.length)

      const s = connection(t)
      const parser = new Http1ReplyParser()
      const queue = new BodyQueue()
      let answered = false
      let finished = false
      const finish = (): void => {
        finished = true
        signal?.removeEventListener('abort', onAbort)
        s.removeListener('data', onData).removeListener('close', onClose).removeListener('error', onError)
      }
      const fail = (e: unknown): void => {
        if (finished) return
        finish()
        s.destroy()
        if (answered) queue.fail(e)
        else reject(e)
      }
      const onAbort = (): void => fail(abortError())
      const onError = (e: Error & { code?: string }): void =>
        fail(answered ? Object.assign(new TypeError('terminated'), { cause: e }) : fetchFailed(e.code ?? e.name))
      const onClose = (): void => {
        try {
          parser.end()
        } catch (e) {
          return fail(answered ? e : fetchFailed((e as Http1Error).code))
        }
        finish()
        queue.end()
      }
      const onData = (chunk: Uint8Array): void => {
        let step
        try {
          step = parser.feed(chunk)
        } catch (e) {
          return fail(answered ? e : fetchFailed(e instanceof Http1Error ? e.code : 'HPE_INTERNAL'))
        }
        if (step.head !== undefined) {
          answered = true
          resolve(responseOf(step.head, queue, () => fail(abortError())))
        }
        for (const c of step.body) queue.push(c)
        if (!step.done) return
        finish()
        queue.end()
        if (step.extra > 0 || !parser.reusable) s.destroy()
        else release(t, s, keepAliveMs(parser))
      }
      signal?.addEventListener('abort', onAbort, { once: true })
      s.on('data', onData).on('close', onClose).on('error', onError)
      s.write(bytes)
    })
  }

  /** How long the server keeps this connection idle (its `Keep-Alive: timeout=N`, less a second), within IDLE_MS. */
  const keepAliveMs = (p: Http1ReplyParser): number => {
    const ka = p.head?.headers.get('keep-alive')?.join(',')
    const m = ka === undefined ? null : /(?:^|,)\s*timeout\s*=\s*(\d+)/i.exec(ka)
    return m === null ? IDLE_MS : Math.min(IDLE_MS, Number(m[1]) * 1000 - 1000)
  }
  return post as typeof fetch
}

/** The reply as the part of fetch's Response that `postBounded` reads. */
function responseOf(head: Http1Head, queue: BodyQueue, cancel: () => void): Response {
  return {
    status: head.status,
    type: 'basic',
    headers: {
      get: (name: string): string | null => head.headers.get(name.toLowerCase())?.join(', ') ?? null,
    },
    body: { getReader: () => ({ read: () => queue.read(), cancel: async (): Promise<void> => cancel() }) },
  } as unknown as Response
}

/** An https: POST through node:https with the client's keep-alive agent. */
function postTls(
  mods: Modules,
  agent: () => Http.Agent,
  url: string,
  body: string,
  init?: RequestInit,
): Promise<Response> {
  const signal = init?.signal ?? undefined
  return new Promise<Response>((resolve, reject) => {
    if (signal?.aborted === true) return reject(abortError())
    const bytes = new TextEncoder().encode(body)
    const headers: Record<string, string> = { ...(init?.headers as Record<string, string> | undefined) }
    headers['content-length'] = String(bytes.byteLength)
    const req = mods.https.request(url, {
      method: 'POST',
      headers,
      agent: agent(),
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
      reject(fetchFailed(e.code ?? e.name))
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
