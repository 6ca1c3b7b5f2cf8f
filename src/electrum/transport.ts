// The Electrum transports (electrum.md 2.1–2.3): newline-delimited JSON over TCP or TLS (Node), and one JSON text
// per WebSocket message (the global `WebSocket` where there is one — browsers, Node ≥ 22 — else our own RFC 6455
// client over node:net/node:tls). Node's modules are reached through `process.getBuiltinModule` (Node ≥ 20.16), not
// imported, so a browser bundle of the package root pulls nothing Node-specific.
import type * as Net from 'node:net'
import type * as Tls from 'node:tls'
import { KomodoCcError } from '../errors.js'
import { utf8ToBytes } from '../bytes/utils.js'
import { LineFramer, WsReader, WS_OP, encodeWsFrame, wsAcceptKey, base64 } from './framing.js'

/** Where an Electrum server is: TCP (`tls` for SSL) or WebSocket (`ws`, with `tls` for WSS). */
export type ElectrumServerAddress = { host: string; port: number; tls?: boolean; ws?: boolean; path?: string }

/** One open connection: send a JSON text, close it. */
export type ElectrumSocket = {
  /**
   * Sends one JSON text (the TCP transports add the newline; WebSocket sends it as one text message). Ignored once
   * closed.
   */
  send(text: string): void
  /** Closes the connection from this side; `onClose` is not called for it. */
  close(): void
}

/** What a connection reports: each whole message's text, and its end (with the reason when it failed). */
export type ElectrumSocketEvents = {
  /** One whole message (a line without its newline, or one WebSocket message), as text. */
  onMessage(text: string): void
  /**
   * The connection ended other than by `close()`, at most once. `error` says why: ELECTRUM_TRANSPORT (failed or closed
   * by the server), RESPONSE_TOO_LARGE (a message over `maxReplyBytes`), RPC_RESULT (a message that is not UTF-8).
   */
  onClose(error?: KomodoCcError): void
}

/** Opens a connection; resolves once it is open (TCP connected, TLS verified, WebSocket upgraded). */
export type ElectrumConnector = (events: ElectrumSocketEvents) => Promise<ElectrumSocket>

/** Transport settings. */
export type TransportOptions = {
  /** Largest reply line or WebSocket message accepted, in bytes (the connection is dropped beyond it). */
  maxReplyBytes: number
  /** Milliseconds to connect (TCP, TLS, WebSocket upgrade). */
  connectTimeoutMs: number
  /** TLS: refuse certificates that do not verify (default true). */
  rejectUnauthorized?: boolean
  /** TLS: extra trusted CA certificates (PEM), e.g. a devnet's self-signed one. */
  ca?: string | string[]
}

const transportError = (message: string, details: Record<string, unknown> = {}): KomodoCcError =>
  new KomodoCcError('ELECTRUM_TRANSPORT', message, details)

function nodeModule<T>(name: string): T {
  const proc = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process
  if (typeof proc?.getBuiltinModule !== 'function')
    throw transportError(
      `Electrum over ${name === 'node:tls' ? 'TLS' : 'TCP'} needs Node (≥ 20.16); use ws:// or wss://`,
    )
  return proc.getBuiltinModule(name) as T
}

/**
 * Parses `tcp://host:port`, `ssl://host:port` (or `tls://`), `ws://host:port[/path]`, `wss://…`; `host:port` alone is
 * TCP. IPv6 hosts in brackets.
 * @throws KomodoCcError ARG_INVALID
 * @example parseElectrumUrl('ssl://kmd.electrum1.cipig.net:20001') // { host: 'kmd.electrum1.cipig.net', port: 20001, tls: true, ws: false }
 */
export function parseElectrumUrl(url: string): ElectrumServerAddress {
  if (typeof url !== 'string')
    throw new KomodoCcError('ARG_INVALID', 'url expected a string such as tcp://host:port', { name: 'url' })
  const m = /^(?:(tcp|ssl|tls|ws|wss):\/\/)?(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9.-]+):(\d{1,5})(\/[^\s]*)?$/.exec(url.trim())
  const port = m === null ? NaN : Number(m[3])
  if (m === null || !(port >= 1 && port <= 65535) || (m[4] !== undefined && !(m[1] ?? '').startsWith('ws')))
    throw new KomodoCcError(
      'ARG_INVALID',
      'url expected tcp://, ssl://, ws:// or wss:// then host:port (a path only for ws/wss)',
      { name: 'url' },
    )
  const scheme = m[1] ?? 'tcp'
  const host = m[2]!.startsWith('[') ? m[2]!.slice(1, -1) : m[2]!
  return {
    host,
    port,
    tls: scheme === 'ssl' || scheme === 'tls' || scheme === 'wss',
    ws: scheme === 'ws' || scheme === 'wss',
    ...(m[4] === undefined ? {} : { path: m[4] }),
  }
}

/**
 * The connector for an address: TCP/TLS lines in Node; WebSocket through the global `WebSocket` when there is one,
 * else our own client over node:net/node:tls.
 * @example const connect = electrumConnector({ host: '127.0.0.1', port: 50001 }, { maxReplyBytes: 8_100_000, connectTimeoutMs: 10_000 })
 */
export function electrumConnector(address: ElectrumServerAddress, options: TransportOptions): ElectrumConnector {
  if (address.ws === true) {
    const G = (globalThis as { WebSocket?: typeof WebSocket }).WebSocket
    return typeof G === 'function' ? globalWsConnector(G, address, options) : nodeWsConnector(address, options)
  }
  return lineConnector(address, options)
}

/** Opens a TCP or TLS socket (Node) and resolves when it is ready. */
function openSocket(address: ElectrumServerAddress, options: TransportOptions): Promise<Net.Socket> {
  return new Promise((resolve, reject) => {
    let socket: Net.Socket
    const fail = (e: unknown): void => {
      clearTimeout(timer)
      socket?.destroy()
      reject(
        e instanceof KomodoCcError
          ? e
          : transportError(
              `cannot connect to ${address.host}:${address.port} (${(e as { code?: string })?.code ?? (e as Error)?.message ?? 'error'})`,
              { host: address.host, port: address.port, reason: (e as { code?: string })?.code },
            ),
      )
    }
    const timer = setTimeout(
      () => fail(transportError(`connecting to ${address.host}:${address.port} timed out`, { reason: 'timeout' })),
      options.connectTimeoutMs,
    )
    try {
      if (address.tls === true) {
        const tls = nodeModule<typeof Tls>('node:tls')
        const isIp = /^[\d.]+$|:/.test(address.host)
        socket = tls.connect({
          host: address.host,
          port: address.port,
          ...(isIp ? {} : { servername: address.host }),
          rejectUnauthorized: options.rejectUnauthorized ?? true,
          ...(options.ca === undefined ? {} : { ca: options.ca }),
        })
        socket.once('secureConnect', () => {
          clearTimeout(timer)
          socket.off('error', fail)
          resolve(socket)
        })
      } else {
        const net = nodeModule<typeof Net>('node:net')
        socket = net.connect({ host: address.host, port: address.port })
        socket.once('connect', () => {
          clearTimeout(timer)
          socket.off('error', fail)
          resolve(socket)
        })
      }
      socket.once('error', fail)
    } catch (e) {
      fail(e)
    }
  })
}

/** Newline-delimited JSON over TCP or TLS. */
function lineConnector(address: ElectrumServerAddress, options: TransportOptions): ElectrumConnector {
  return async (events) => {
    const socket = await openSocket(address, options)
    socket.setNoDelay(true)
    const framer = new LineFramer(options.maxReplyBytes, 'error')
    const decoder = new TextDecoder('utf-8', { fatal: true })
    let done = false
    const finish = (error?: KomodoCcError): void => {
      if (done) return
      done = true
      socket.destroy()
      events.onClose(error)
    }
    socket.on('data', (chunk: Uint8Array) => {
      if (done) return
      try {
        for (const line of framer.push(chunk)) {
          if (done) return
          events.onMessage(decoder.decode(line))
        }
      } catch (e) {
        finish(
          e instanceof KomodoCcError
            ? e
            : new KomodoCcError('RPC_RESULT', 'the server sent a line that is not UTF-8', { reason: 'utf8' }),
        )
      }
    })
    socket.on('error', (e: Error & { code?: string }) =>
      finish(
        transportError(`connection to ${address.host}:${address.port} failed (${e.code ?? 'error'})`, {
          reason: e.code,
        }),
      ),
    )
    socket.on('close', () =>
      finish(transportError(`${address.host}:${address.port} closed the connection`, { reason: 'closed' })),
    )
    return {
      send: (text) => {
        if (!done) socket.write(text + '\n')
      },
      close: () => {
        if (done) return
        done = true
        socket.destroy()
      },
    }
  }
}

/** WebSocket through the platform's `WebSocket` (browsers, Node ≥ 22). */
function globalWsConnector(
  WS: typeof WebSocket,
  address: ElectrumServerAddress,
  options: TransportOptions,
): ElectrumConnector {
  return (events) =>
    new Promise((resolve, reject) => {
      const host = address.host.includes(':') ? `[${address.host}]` : address.host
      const url = `${address.tls === true ? 'wss' : 'ws'}://${host}:${address.port}${address.path ?? '/'}`
      let ws: WebSocket
      try {
        ws = new WS(url)
      } catch (e) {
        reject(transportError(`cannot open ${url} (${(e as Error).message})`))
        return
      }
      let open = false
      let done = false
      const timer = setTimeout(() => {
        if (open) return
        done = true
        ws.close()
        reject(transportError(`connecting to ${url} timed out`, { reason: 'timeout' }))
      }, options.connectTimeoutMs)
      const finish = (error?: KomodoCcError): void => {
        if (done) return
        done = true
        try {
          ws.close()
        } catch {
          /* already closed */
        }
        events.onClose(error)
      }
      ws.binaryType = 'arraybuffer'
      ws.onopen = () => {
        open = true
        clearTimeout(timer)
        resolve({
          send: (text) => {
            if (!done) ws.send(text)
          },
          close: () => {
            done = true
            ws.close()
          },
        })
      }
      ws.onmessage = (ev: MessageEvent) => {
        if (done) return
        const data = ev.data as unknown
        const text = typeof data === 'string' ? data : new TextDecoder().decode(new Uint8Array(data as ArrayBuffer))
        // a string's UTF-16 length bounds its UTF-8 size from below: enough for a cap
        if (text.length > options.maxReplyBytes) {
          finish(
            new KomodoCcError('RESPONSE_TOO_LARGE', `a message is longer than the ${options.maxReplyBytes}-byte cap`, {
              limit: options.maxReplyBytes,
            }),
          )
          return
        }
        events.onMessage(text)
      }
      ws.onerror = () => {
        if (!open) {
          clearTimeout(timer)
          done = true
          reject(transportError(`cannot connect to ${url}`, { reason: 'error' }))
        } else finish(transportError(`${url} failed`, { reason: 'error' }))
      }
      ws.onclose = () => {
        if (!open) {
          clearTimeout(timer)
          if (!done) reject(transportError(`cannot connect to ${url}`, { reason: 'closed' }))
          done = true
          return
        }
        finish(transportError(`${url} closed the connection`, { reason: 'closed' }))
      }
    })
}

/** WebSocket client of our own over node:net/node:tls (Node 20 has no stable global WebSocket). */
function nodeWsConnector(address: ElectrumServerAddress, options: TransportOptions): ElectrumConnector {
  return async (events) => {
    const socket = await openSocket(address, options)
    socket.setNoDelay(true)
    const randomBytes = (n: number): Uint8Array => {
      const b = new Uint8Array(n)
      globalThis.crypto.getRandomValues(b)
      return b
    }
    const key = base64(randomBytes(16))
    const hostHeader = address.host.includes(':') ? `[${address.host}]` : address.host
    socket.write(
      `GET ${address.path ?? '/'} HTTP/1.1\r\nHost: ${hostHeader}:${address.port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
        `Sec-WebSocket-Key: ${key}\r\nSec-WebSocket-Version: 13\r\n\r\n`,
    )
    const reader = new WsReader('client', options.maxReplyBytes)
    const decoder = new TextDecoder('utf-8', { fatal: true })
    let done = false
    let upgraded = false
    let head: Uint8Array = new Uint8Array(0)
    const ready = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        reject(transportError(`WebSocket upgrade of ${address.host}:${address.port} timed out`, { reason: 'timeout' }))
        socket.destroy()
      }, options.connectTimeoutMs)
      const finishEarly = (e: KomodoCcError): void => {
        clearTimeout(timer)
        reject(e)
      }
      const onData = (chunk: Uint8Array): void => {
        if (done) return
        try {
          let data = chunk
          if (!upgraded) {
            const joined = new Uint8Array(head.length + data.length)
            joined.set(head)
            joined.set(data, head.length)
            head = joined
            let end = -1
            for (let i = 0; i + 3 < head.length; i++)
              if (head[i] === 13 && head[i + 1] === 10 && head[i + 2] === 13 && head[i + 3] === 10) {
                end = i
                break
              }
            if (end < 0) {
              if (head.length > 16384) throw transportError('WebSocket upgrade reply too long')
              return
            }
            const text = new TextDecoder('latin1').decode(head.subarray(0, end))
            const accept = /^sec-websocket-accept:[ \t]*(\S+)[ \t]*$/im.exec(text)?.[1]
            if (!/^HTTP\/1\.1 101/.test(text) || accept !== wsAcceptKey(key))
              throw transportError(`${address.host}:${address.port} refused the WebSocket upgrade`, {
                reason: 'upgrade',
              })
            upgraded = true
            clearTimeout(timer)
            resolve()
            data = head.subarray(end + 4)
            head = new Uint8Array(0)
          }
          for (const ev of reader.push(data)) {
            if (done) return
            if (ev.kind === 'message') events.onMessage(decoder.decode(ev.data))
            else if (ev.kind === 'ping') socket.write(encodeWsFrame(WS_OP.PONG, ev.data, randomBytes(4)))
            else if (ev.kind === 'close')
              finish(transportError(`${address.host}:${address.port} closed the WebSocket`, { reason: 'closed' }))
          }
        } catch (e) {
          const err =
            e instanceof KomodoCcError
              ? e
              : new KomodoCcError('RPC_RESULT', 'the server sent a message that is not UTF-8', { reason: 'utf8' })
          if (!upgraded) finishEarly(err)
          finish(err)
        }
      }
      socket.on('data', onData)
      socket.on('error', (e: Error & { code?: string }) => {
        const err = transportError(`connection to ${address.host}:${address.port} failed (${e.code ?? 'error'})`, {
          reason: e.code,
        })
        if (!upgraded) finishEarly(err)
        finish(err)
      })
      socket.on('close', () => {
        const err = transportError(`${address.host}:${address.port} closed the connection`, { reason: 'closed' })
        if (!upgraded) finishEarly(err)
        finish(err)
      })
    })
    const finish = (error?: KomodoCcError): void => {
      if (done) return
      done = true
      socket.destroy()
      if (upgraded) events.onClose(error)
    }
    await ready
    return {
      send: (text) => {
        if (!done) socket.write(encodeWsFrame(WS_OP.TEXT, utf8ToBytes(text), randomBytes(4)))
      },
      close: () => {
        if (done) return
        done = true
        socket.end(encodeWsFrame(WS_OP.CLOSE, new Uint8Array([0x03, 0xe8]), randomBytes(4)))
        socket.destroy()
      },
    }
  }
}
