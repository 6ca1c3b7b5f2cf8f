// An Electrum JSON-RPC client (electrum.md 2–5, 11.3): one connection at a time, `server.version` first and once,
// requests pipelined and batched with replies matched by id in any order, notifications dispatched, keep-alive pings,
// per-request timeouts and AbortSignal, a reply size cap, lossless integers, reconnection with back-off (reads and
// subscriptions are replayed; a broadcast whose fate is unknown is not resent).
import { KomodoCcError, type ErrorCode } from '../errors.js'
import { parseJsonReply } from '../rpc/json.js'
import {
  electrumConnector,
  parseElectrumUrl,
  type ElectrumConnector,
  type ElectrumServerAddress,
  type ElectrumSocket,
} from './transport.js'

/** Options of {@link ElectrumClient}. */
export type ElectrumClientOptions = {
  /** `client_name` of `server.version` (default `komodo-cc`). */
  clientName?: string
  /** Protocol range offered (default `['1.4', '1.4.3']`, electrum.md 13.1). */
  protocol?: readonly [string, string]
  /** Milliseconds a request may take (default 20,000, KDF's figure). */
  timeoutMs?: number
  /** Milliseconds to connect and negotiate the version (default 10,000). */
  connectTimeoutMs?: number
  /** Milliseconds between `server.ping`s on an open connection (default 30,000; 0: none). */
  pingIntervalMs?: number
  /** Times a read is resent on a new connection after the old one dropped (default 2). */
  retries?: number
  /** First reconnection delay in ms, doubled per failure up to `maxBackoffMs` (default 250 and 10,000). */
  backoffMs?: number
  maxBackoffMs?: number
  /** Largest reply accepted, in bytes (default 10,000,000: ElectrumX's 8,100,000 `MAX_SEND` plus margin). */
  maxReplyBytes?: number
  /** Closes the client when it fires. */
  signal?: AbortSignal
  /** TLS: refuse certificates that do not verify (default true). */
  rejectUnauthorized?: boolean
  /** TLS: extra trusted CA certificates (PEM). */
  ca?: string | string[]
}

/** Per-call options. */
export type ElectrumCallOptions = {
  signal?: AbortSignal
  timeoutMs?: number
  /** Resend on a new connection if the connection drops before the reply (default true; false for a broadcast). */
  retry?: boolean
}

/** One call of a batch: the method and its positional params. */
export type ElectrumCall = { method: string; params: readonly unknown[] }
/** The outcome of one call of a batch: its result, or the server's error for that call alone. */
export type ElectrumOutcome = { ok: true; result: unknown } | { ok: false; error: ElectrumError }

type Pending = {
  method: string
  params: readonly unknown[]
  resolve: (v: unknown) => void
  reject: (e: KomodoCcError) => void
  timer: ReturnType<typeof setTimeout> | undefined
  retry: boolean
  tries: number
  cleanup: () => void
}

type Conn = {
  socket: ElectrumSocket
  pending: Map<number, Pending>
  /** ids given up on (timeout, abort): a late reply to one is ignored, not a protocol violation */
  expired: Set<number>
  ping?: ReturnType<typeof setInterval>
}

type Subscription = { method: string; params: readonly unknown[]; key: string }

/**
 * A JSON-RPC error the Electrum server answered: `serverCode` and `serverMessage` as it sent them (a broadcast
 * rejection keeps only the daemon's reason, never the echoed transaction hex).
 * @example try { await client.request('blockchain.transaction.get', [txid]) } catch (e) { if (e instanceof ElectrumError) e.serverCode }
 */
export class ElectrumError extends KomodoCcError {
  override readonly name: string = 'ElectrumError'
  /** The server's error code (1 bad request, 2 daemon error, −32600…, −101, −102). */
  readonly serverCode: number
  /** The server's message (a broadcast rejection: the daemon's reason only). */
  readonly serverMessage: string
  /** The method called. */
  readonly method: string
  constructor(method: string, serverCode: number, serverMessage: string, code: ErrorCode = 'ELECTRUM_ERROR') {
    super(code, `${method}: server error ${serverCode}: ${serverMessage}`, { method, serverCode, serverMessage })
    this.serverCode = serverCode
    this.serverMessage = serverMessage
    this.method = method
  }
}

const BROADCAST_SENTENCE = 'the transaction was rejected by network rules.'
const MAX_MESSAGE_IN_ERROR = 2000

/**
 * The error a server's `{code, message}` becomes: a daemon "not found" (code 2 with `'code': -5`, electrum.md 5.3)
 * is `TX_NOT_FOUND`; a broadcast rejection keeps the daemon's reason (5.2); a size refusal (−32600 `response too
 * large`) is `RESPONSE_TOO_LARGE`; anything else `ELECTRUM_ERROR`.
 * @example serverError('blockchain.transaction.get', { code: 2, message: "daemon error: DaemonError({'code': -5, …})" }).code // 'TX_NOT_FOUND'
 */
export function serverError(method: string, error: unknown): ElectrumError {
  const o = typeof error === 'object' && error !== null ? (error as { code?: unknown; message?: unknown }) : {}
  const code = typeof o.code === 'number' && Number.isInteger(o.code) ? o.code : 0
  let message = typeof o.message === 'string' ? o.message : JSON.stringify(error ?? null).slice(0, 200)
  if (message.startsWith(BROADCAST_SENTENCE)) {
    const start = message.indexOf('\n\n')
    const end = message.lastIndexOf('\n[')
    message = start >= 0 ? message.slice(start + 2, end > start ? end : undefined) : message
  }
  if (message.length > MAX_MESSAGE_IN_ERROR) message = message.slice(0, MAX_MESSAGE_IN_ERROR) + '…'
  const kind: ErrorCode =
    code === 2 && /'code': -5\b/.test(message)
      ? 'TX_NOT_FOUND'
      : code === -32600 && message.startsWith('response too large')
        ? 'RESPONSE_TOO_LARGE'
        : 'ELECTRUM_ERROR'
  return new ElectrumError(method, code, message, kind)
}

const num = (v: unknown, d: number, name: string, min: number): number => {
  const x = v ?? d
  if (typeof x !== 'number' || !Number.isFinite(x) || x < min)
    throw new KomodoCcError('ARG_INVALID', `${name} expected a number ≥ ${min}`, { name })
  return x
}

/**
 * An Electrum connection manager. Connects on first use, negotiates the protocol with `server.version` before
 * anything else, and keeps one connection (reconnecting with back-off when it drops).
 * @example
 * const client = new ElectrumClient('tcp://127.0.0.1:50001')
 * const tip = await client.request('blockchain.headers.subscribe', [])
 * client.close()
 */
export class ElectrumClient {
  /** `[software, protocol]` the server answered to `server.version`, once connected. */
  serverVersion: readonly [string, string] | undefined
  /** Messages sent (a batch is one), replies and notifications received, connections made. */
  readonly stats = { roundTrips: 0, requests: 0, notifications: 0, connections: 0 }
  private readonly connector: ElectrumConnector
  private readonly opts: Required<
    Omit<ElectrumClientOptions, 'signal' | 'rejectUnauthorized' | 'ca' | 'protocol' | 'clientName'>
  > & { protocol: readonly [string, string]; clientName: string }
  private conn: Promise<Conn> | undefined
  private nextId = 0
  private failures = 0
  private closed: KomodoCcError | undefined
  private unusable: KomodoCcError | undefined
  private readonly subs = new Map<string, Subscription>()
  private readonly listeners = new Set<(method: string, params: readonly unknown[]) => void>()
  readonly label: string

  constructor(server: string | ElectrumServerAddress | ElectrumConnector, options: ElectrumClientOptions = {}) {
    if (typeof options !== 'object' || options === null)
      throw new KomodoCcError('ARG_INVALID', 'options must be an object', { name: 'options' })
    this.opts = {
      clientName: typeof options.clientName === 'string' ? options.clientName : 'komodo-cc',
      protocol: options.protocol ?? ['1.4', '1.4.3'],
      timeoutMs: num(options.timeoutMs, 20_000, 'timeoutMs', 1),
      connectTimeoutMs: num(options.connectTimeoutMs, 10_000, 'connectTimeoutMs', 1),
      pingIntervalMs: num(options.pingIntervalMs, 30_000, 'pingIntervalMs', 0),
      retries: num(options.retries, 2, 'retries', 0),
      backoffMs: num(options.backoffMs, 250, 'backoffMs', 0),
      maxBackoffMs: num(options.maxBackoffMs, 10_000, 'maxBackoffMs', 0),
      maxReplyBytes: num(options.maxReplyBytes, 10_000_000, 'maxReplyBytes', 1024),
    }
    if (typeof server === 'function') {
      this.connector = server
      this.label = 'electrum'
    } else {
      const address = typeof server === 'string' ? parseElectrumUrl(server) : server
      if (typeof address !== 'object' || address === null || typeof address.host !== 'string')
        throw new KomodoCcError('ARG_INVALID', 'server expected { host, port } or a url', { name: 'server' })
      if (!Number.isInteger(address.port) || address.port < 1 || address.port > 65535)
        throw new KomodoCcError('ARG_INVALID', 'port expected 1..65535', { name: 'port' })
      this.label = `${address.host}:${address.port}`
      this.connector = electrumConnector(address, {
        maxReplyBytes: this.opts.maxReplyBytes,
        connectTimeoutMs: this.opts.connectTimeoutMs,
        ...(options.rejectUnauthorized === undefined ? {} : { rejectUnauthorized: options.rejectUnauthorized }),
        ...(options.ca === undefined ? {} : { ca: options.ca }),
      })
    }
    const signal = options.signal
    if (signal !== undefined) {
      if (signal.aborted) this.close()
      else signal.addEventListener('abort', () => this.close(), { once: true })
    }
  }

  /** Calls one method; resolves to its result. */
  async request(method: string, params: readonly unknown[] = [], options: ElectrumCallOptions = {}): Promise<unknown> {
    const [out] = await this.batch([{ method, params }], options)
    if (!out!.ok) throw out!.error
    return out!.result
  }

  /**
   * Calls several methods in one message (one round trip); resolves to each call's outcome, in the order asked,
   * whatever order the server answered in. A transport failure rejects the whole batch.
   */
  async batch(calls: readonly ElectrumCall[], options: ElectrumCallOptions = {}): Promise<ElectrumOutcome[]> {
    if (!Array.isArray(calls) || calls.length === 0) return []
    const signal = options.signal
    if (signal?.aborted === true) throw aborted()
    const promises: Promise<unknown>[] = []
    const entries: Pending[] = []
    for (const c of calls) {
      let entry!: Pending
      promises.push(
        new Promise<unknown>((resolve, reject) => {
          entry = {
            method: c.method,
            params: c.params,
            resolve,
            reject,
            timer: undefined,
            retry: options.retry ?? true,
            tries: 0,
            cleanup: () => {},
          }
        }),
      )
      entries.push(entry)
    }
    const timeoutMs = options.timeoutMs ?? this.opts.timeoutMs
    const settle = Promise.allSettled(promises)
    const onAbort = (): void => {
      for (const e of entries) e.reject(aborted())
    }
    signal?.addEventListener('abort', onAbort, { once: true })
    const timer = setTimeout(() => {
      for (const e of entries)
        e.reject(
          new KomodoCcError('RPC_TIMEOUT', `${e.method} on ${this.label}: no answer within ${timeoutMs} ms`, {
            method: e.method,
            timeoutMs,
          }),
        )
    }, timeoutMs)
    try {
      await this.send(entries)
    } catch (e) {
      for (const x of entries) x.reject(e as KomodoCcError)
    }
    const results = await settle
    clearTimeout(timer)
    signal?.removeEventListener('abort', onAbort)
    for (const e of entries) e.cleanup()
    // a failure of the connection, a timeout or an abort fails the batch as a whole; server errors are per call
    for (const r of results)
      if (r.status === 'rejected' && !(r.reason instanceof ElectrumError)) throw r.reason as KomodoCcError
    return results.map((r) =>
      r.status === 'fulfilled' ? { ok: true, result: r.value } : { ok: false, error: r.reason as ElectrumError },
    )
  }

  /**
   * Subscribes (`blockchain.scripthash.subscribe`, `blockchain.headers.subscribe`): resolves to the first result;
   * the subscription is renewed on every new connection. Notifications go to {@link onNotification} listeners.
   */
  async subscribe(method: string, params: readonly unknown[] = []): Promise<unknown> {
    const key = `${method}:${JSON.stringify(params)}`
    const first = await this.request(method, params)
    this.subs.set(key, { method, params, key })
    return first
  }

  /** Listens to server notifications (`method`, `params`); returns the function that stops listening. */
  onNotification(listener: (method: string, params: readonly unknown[]) => void): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  /** Closes the connection; pending and later calls fail with `ELECTRUM_TRANSPORT` (`reason: 'closed'`). */
  close(): void {
    this.closed ??= new KomodoCcError('ELECTRUM_TRANSPORT', `the Electrum client of ${this.label} was closed`, {
      reason: 'closed',
    })
    const c = this.conn
    this.conn = undefined
    void c?.then(
      (conn) => this.drop(conn, this.closed!),
      () => {},
    )
  }

  // ---- internals

  private async send(entries: Pending[]): Promise<void> {
    if (this.closed !== undefined) throw this.closed
    if (this.unusable !== undefined) throw this.unusable
    const conn = await this.connection()
    const items: string[] = []
    for (const e of entries) {
      const id = this.nextId++
      e.tries++
      conn.pending.set(id, e)
      e.cleanup = () => {
        if (!conn.pending.delete(id)) return
        if (conn.expired.size > 10_000) conn.expired.clear()
        conn.expired.add(id)
      }
      items.push(JSON.stringify({ jsonrpc: '2.0', id, method: e.method, params: e.params }))
      this.stats.requests++
    }
    this.stats.roundTrips++
    conn.socket.send(items.length === 1 ? items[0]! : `[${items.join(',')}]`)
  }

  private connection(): Promise<Conn> {
    this.conn ??= this.open().catch((e: unknown) => {
      this.conn = undefined
      this.failures++
      throw e
    })
    return this.conn
  }

  private async open(): Promise<Conn> {
    if (this.failures > 0) {
      const delay = Math.min(this.opts.maxBackoffMs, this.opts.backoffMs * 2 ** (this.failures - 1))
      await new Promise((r) => setTimeout(r, delay))
      if (this.closed !== undefined) throw this.closed
    }
    let conn!: Conn
    const pending = new Map<number, Pending>()
    const socket = await this.connector({
      onMessage: (text) => this.onMessage(conn, text),
      onClose: (error) =>
        this.onClose(
          conn,
          error ?? new KomodoCcError('ELECTRUM_TRANSPORT', `${this.label} closed the connection`, { reason: 'closed' }),
        ),
    })
    conn = { socket, pending, expired: new Set() }
    this.stats.connections++
    // server.version first, and only once per connection
    let versionTimer: ReturnType<typeof setTimeout> | undefined
    const version = await new Promise<unknown>((resolve, reject) => {
      const id = this.nextId++
      const timer = (versionTimer = setTimeout(() => {
        reject(
          new KomodoCcError('RPC_TIMEOUT', `server.version on ${this.label}: no answer within the connect timeout`, {
            method: 'server.version',
          }),
        )
      }, this.opts.connectTimeoutMs))
      pending.set(id, {
        method: 'server.version',
        params: [],
        resolve,
        reject,
        timer,
        retry: false,
        tries: 1,
        cleanup: () => {},
      })
      this.stats.roundTrips++
      this.stats.requests++
      socket.send(
        JSON.stringify({
          jsonrpc: '2.0',
          id,
          method: 'server.version',
          params: [this.opts.clientName, [...this.opts.protocol]],
        }),
      )
    }).catch((e: unknown) => {
      clearTimeout(versionTimer)
      socket.close()
      for (const p of pending.values()) clearTimeout(p.timer)
      pending.clear()
      if (e instanceof ElectrumError) {
        // any error to server.version: the server cannot serve this client (electrum.md 3.2, 13.1)
        this.unusable = new KomodoCcError(
          'ELECTRUM_ERROR',
          `${this.label} refused protocol ${this.opts.protocol.join('–')}: ${e.serverMessage}`,
          { method: 'server.version', serverCode: e.serverCode, reason: 'version' },
          { cause: e },
        )
        throw this.unusable
      }
      throw e
    })
    // the answered entry has left `pending` already: its timer would keep the process alive for connectTimeoutMs
    clearTimeout(versionTimer)
    for (const p of pending.values()) clearTimeout(p.timer)
    if (
      !Array.isArray(version) ||
      version.length < 2 ||
      typeof version[0] !== 'string' ||
      typeof version[1] !== 'string' ||
      !inRange(version[1], this.opts.protocol)
    ) {
      socket.close()
      this.unusable = new KomodoCcError(
        'RPC_RESULT',
        `${this.label} answered server.version with ${preview(version)}`,
        {
          method: 'server.version',
          reason: 'version',
        },
      )
      throw this.unusable
    }
    this.serverVersion = [version[0], version[1]]
    this.failures = 0
    if (this.opts.pingIntervalMs > 0) {
      conn.ping = setInterval(() => {
        this.request('server.ping', [], { retry: false }).catch(() => {
          // a keep-alive that goes unanswered: drop the connection; the next call reconnects
          if (this.conn !== undefined)
            void this.conn.then(
              (c) => c === conn && this.drop(conn, timeoutDrop(this.label)),
              () => {},
            )
        })
      }, this.opts.pingIntervalMs)
      const p = conn.ping as { unref?: () => void }
      p.unref?.()
    }
    // renew the subscriptions on the new connection; their first answers come as notifications to the listeners
    for (const s of this.subs.values()) {
      const id = this.nextId++
      pending.set(id, {
        method: s.method,
        params: s.params,
        resolve: (v) => this.emit(s.method, [...s.params, v]),
        reject: () => {},
        timer: undefined,
        retry: false,
        tries: 1,
        cleanup: () => {},
      })
      this.stats.roundTrips++
      socket.send(JSON.stringify({ jsonrpc: '2.0', id, method: s.method, params: s.params }))
    }
    return conn
  }

  private emit(method: string, params: readonly unknown[]): void {
    this.stats.notifications++
    for (const l of this.listeners) {
      try {
        l(method, params)
      } catch {
        // a listener's failure is its own
      }
    }
  }

  private onMessage(conn: Conn, text: string): void {
    let msg: unknown
    try {
      msg = parseJsonReply(text, true)
    } catch (e) {
      this.drop(
        conn,
        new KomodoCcError(
          'RPC_RESULT',
          `${this.label} sent something that is not JSON: ${preview(text)}`,
          {
            reason: 'syntax',
          },
          { cause: e },
        ),
      )
      return
    }
    const items = Array.isArray(msg) ? msg : [msg]
    if (items.length === 0) {
      this.drop(conn, protocolError(this.label, 'an empty batch reply'))
      return
    }
    for (const m of items) {
      if (typeof m !== 'object' || m === null || Array.isArray(m)) {
        this.drop(conn, protocolError(this.label, `a reply that is not an object: ${preview(m)}`))
        return
      }
      const o = m as Record<string, unknown>
      if (o.id === undefined || o.id === null) {
        if (typeof o.method === 'string' && (o.params === undefined || Array.isArray(o.params))) {
          if (o.error !== undefined && Array.isArray(msg) === false) {
            // an error with id null: a parse error of ours, or a refusal of the whole message
            this.drop(conn, serverError('(message)', o.error))
            return
          }
          this.emit(o.method, (o.params as unknown[] | undefined) ?? [])
          continue
        }
        if (o.error !== undefined) {
          this.drop(conn, serverError('(message)', o.error))
          return
        }
        this.drop(conn, protocolError(this.label, `a message without id or method: ${preview(m)}`))
        return
      }
      const id = typeof o.id === 'number' ? o.id : typeof o.id === 'bigint' ? Number(o.id) : NaN
      const p = conn.pending.get(id)
      if (p === undefined && conn.expired.delete(id)) continue
      if (p === undefined) {
        this.drop(
          conn,
          protocolError(this.label, `a reply to id ${preview(o.id)}, which was not asked or already answered`),
        )
        return
      }
      conn.pending.delete(id)
      if (o.error !== undefined && o.error !== null) p.reject(serverError(p.method, o.error))
      else if (!('result' in o)) p.reject(protocolError(this.label, `a reply to ${p.method} without result or error`))
      else p.resolve(o.result)
    }
  }

  private onClose(conn: Conn | undefined, error: KomodoCcError): void {
    if (conn === undefined) return
    this.drop(conn, error)
  }

  /** Ends a connection: resends retryable reads on a new one, fails the rest with `error`. */
  private drop(conn: Conn, error: KomodoCcError): void {
    clearInterval(conn.ping)
    conn.socket.close()
    if (this.conn !== undefined) {
      const current = this.conn
      void current.then(
        (c) => {
          if (c === conn && this.conn === current) this.conn = undefined
        },
        () => {},
      )
    }
    const pending = [...conn.pending.values()]
    conn.pending.clear()
    // a protocol violation, a size refusal or a close: the transport is at fault; reads are resent, up to `retries`
    const resend: Pending[] = []
    for (const p of pending) {
      const transient = error.code === 'ELECTRUM_TRANSPORT' && this.closed === undefined
      if (p.retry && transient && p.tries <= this.opts.retries) resend.push(p)
      else
        p.reject(
          p.retry
            ? error
            : new KomodoCcError(error.code, error.message.replace(/^[A-Z_]+: /, ''), {
                ...error.details,
                method: p.method,
                uncertain: true,
              }),
        )
    }
    if (this.conn !== undefined) this.conn = undefined
    this.failures++
    if (resend.length > 0) this.send(resend).catch((e: KomodoCcError) => resend.forEach((p) => p.reject(e)))
  }
}

function inRange(v: string, range: readonly [string, string]): boolean {
  const parse = (s: string): number[] => s.split('.').map(Number)
  const cmp = (a: number[], b: number[]): number => {
    for (let i = 0; i < Math.max(a.length, b.length); i++) {
      const d = (a[i] ?? -1) - (b[i] ?? -1)
      if (d !== 0) return d
    }
    return 0
  }
  if (!/^\d+(\.\d+){0,3}$/.test(v)) return false
  return cmp(parse(v), parse(range[0])) >= 0 && cmp(parse(v), parse(range[1])) <= 0
}

const preview = (v: unknown): string => {
  let s: string
  try {
    s = typeof v === 'string' ? v : JSON.stringify(v, (_k, x: unknown) => (typeof x === 'bigint' ? String(x) : x))
  } catch {
    s = String(v)
  }
  return s.length > 120 ? s.slice(0, 120) + '…' : s
}
const aborted = (): KomodoCcError => new KomodoCcError('ABORTED', 'the Electrum call was aborted')
const protocolError = (label: string, what: string): KomodoCcError =>
  new KomodoCcError('RPC_RESULT', `${label} broke the protocol: ${what}`, { reason: 'protocol' })
const timeoutDrop = (label: string): KomodoCcError =>
  new KomodoCcError('ELECTRUM_TRANSPORT', `${label} did not answer a keep-alive ping`, { reason: 'timeout' })
