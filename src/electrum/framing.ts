// Message framing of the Electrum transports (electrum.md 2.1–2.3): newline-delimited JSON over TCP/TLS, and a
// minimal RFC 6455 WebSocket codec (text and binary messages, fragmentation, ping/pong/close, masking) shared by the
// devnet's server and the Node client. Pure bytes: no I/O here.
import { sha1 } from '@noble/hashes/legacy.js'
import { KomodoCcError } from '../errors.js'
import { concatBytes, utf8ToBytes } from '../bytes/utils.js'

/**
 * Splits a byte stream on LF into lines of at most `maxLine` bytes (the LF not counted). On a line over the cap,
 * `onOverflow` decides: `'discard'` drops bytes up to the next LF and reports it once (ElectrumX's server framer),
 * `'error'` throws `RESPONSE_TOO_LARGE` (a client's reply cap).
 * @example const f = new LineFramer(1_000_000, 'error'); f.push(bytes).forEach(handle)
 */
export class LineFramer {
  private parts: Uint8Array[] = []
  private size = 0
  private discarding = false
  /** Lines dropped for being over the cap (discard mode). */
  dropped = 0

  constructor(
    readonly maxLine: number,
    readonly onOverflow: 'discard' | 'error',
  ) {}

  /** Bytes buffered without an LF yet. */
  get pending(): number {
    return this.size
  }

  /** Feeds bytes; returns the complete lines (without the LF), in order. */
  push(chunk: Uint8Array): Uint8Array[] {
    const out: Uint8Array[] = []
    let start = 0
    for (;;) {
      const lf = chunk.indexOf(0x0a, start)
      const end = lf < 0 ? chunk.length : lf
      const piece = chunk.subarray(start, end)
      if (!this.discarding) {
        if (this.size + piece.length > this.maxLine) {
          if (this.onOverflow === 'error')
            throw new KomodoCcError('RESPONSE_TOO_LARGE', `a message is longer than the ${this.maxLine}-byte cap`, {
              limit: this.maxLine,
            })
          this.discarding = true
          this.dropped++
          this.parts = []
          this.size = 0
        } else if (piece.length > 0) {
          this.parts.push(piece.slice())
          this.size += piece.length
        }
      }
      if (lf < 0) break
      if (this.discarding) this.discarding = false
      else {
        out.push(this.parts.length === 1 ? this.parts[0]! : concatBytes(...this.parts))
        this.parts = []
        this.size = 0
      }
      start = lf + 1
    }
    return out
  }
}

/** The GUID RFC 6455 appends to the client's key. */
const WS_GUID = '258EAFA5-E914-47DA-95CA-C5AB0DC85B11'

/**
 * `Sec-WebSocket-Accept` for a `Sec-WebSocket-Key`: base64(SHA-1(key ‖ GUID)) (RFC 6455 section 4.2.2).
 * @example wsAcceptKey('dGhlIHNhbXBsZSBub25jZQ==') // 's3pPLMBiTxaQ9kYGzzhZRbK+xOo='
 */
export function wsAcceptKey(key: string): string {
  return base64(sha1(utf8ToBytes(key + WS_GUID)))
}

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'

/** Standard base64 with padding. @internal */
export function base64(b: Uint8Array): string {
  let s = ''
  for (let i = 0; i < b.length; i += 3) {
    const n = (b[i]! << 16) | ((b[i + 1] ?? 0) << 8) | (b[i + 2] ?? 0)
    s += B64[(n >> 18) & 63]! + B64[(n >> 12) & 63]!
    s += i + 1 < b.length ? B64[(n >> 6) & 63]! : '='
    s += i + 2 < b.length ? B64[n & 63]! : '='
  }
  return s
}

/** WebSocket opcodes. */
export const WS_OP = /* @__PURE__ */ Object.freeze({
  CONTINUATION: 0,
  TEXT: 1,
  BINARY: 2,
  CLOSE: 8,
  PING: 9,
  PONG: 10,
})

/**
 * One WebSocket frame with FIN set: `mask` (4 bytes) masks the payload, as a client must; a server sends unmasked.
 * @example encodeWsFrame(WS_OP.TEXT, utf8ToBytes('{}'))
 */
export function encodeWsFrame(opcode: number, payload: Uint8Array, mask?: Uint8Array): Uint8Array {
  const n = payload.length
  const lenBytes = n < 126 ? 0 : n < 65536 ? 2 : 8
  const head = new Uint8Array(2 + lenBytes + (mask === undefined ? 0 : 4))
  head[0] = 0x80 | (opcode & 0x0f)
  head[1] = (mask === undefined ? 0 : 0x80) | (lenBytes === 0 ? n : lenBytes === 2 ? 126 : 127)
  const dv = new DataView(head.buffer)
  if (lenBytes === 2) dv.setUint16(2, n)
  else if (lenBytes === 8) dv.setBigUint64(2, BigInt(n))
  if (mask === undefined) return concatBytes(head, payload)
  head.set(mask, 2 + lenBytes)
  const body = new Uint8Array(n)
  for (let i = 0; i < n; i++) body[i] = payload[i]! ^ mask[i & 3]!
  return concatBytes(head, body)
}

/** A whole WebSocket message or control frame, as {@link WsReader} returns it. */
export type WsEvent =
  | { kind: 'message'; text: boolean; data: Uint8Array }
  | { kind: 'ping' | 'pong'; data: Uint8Array }
  | { kind: 'close'; code: number; reason: string }

/**
 * Reassembles WebSocket messages from a byte stream. `role` is the side reading: a server requires masked frames, a
 * client unmasked ones (RFC 6455 5.1). Messages over `maxMessage` bytes, reserved bits, unknown opcodes, fragmented or
 * oversize control frames throw `RESPONSE_TOO_LARGE` / `ARG_INVALID` (the caller closes the connection).
 * @example const r = new WsReader('client', 8_100_000); for (const e of r.push(chunk)) …
 */
export class WsReader {
  private buf: Uint8Array = new Uint8Array(0)
  private fragments: Uint8Array[] = []
  private fragmentSize = 0
  private fragmentText = false
  private inMessage = false

  constructor(
    readonly role: 'server' | 'client',
    readonly maxMessage: number,
  ) {}

  /** Feeds bytes; returns the complete events, in order. */
  push(chunk: Uint8Array): WsEvent[] {
    this.buf = this.buf.length === 0 ? chunk.slice() : concatBytes(this.buf, chunk)
    const out: WsEvent[] = []
    for (;;) {
      const b = this.buf
      if (b.length < 2) break
      const fin = (b[0]! & 0x80) !== 0
      if ((b[0]! & 0x70) !== 0) throw bad('reserved bits set (no extension was negotiated)')
      const op = b[0]! & 0x0f
      const masked = (b[1]! & 0x80) !== 0
      if (masked !== (this.role === 'server'))
        throw bad(this.role === 'server' ? 'a client frame must be masked' : 'a server frame must not be masked')
      let len = b[1]! & 0x7f
      let at = 2
      if (len === 126) {
        if (b.length < 4) break
        len = (b[2]! << 8) | b[3]!
        at = 4
      } else if (len === 127) {
        if (b.length < 10) break
        const big = new DataView(b.buffer, b.byteOffset + 2, 8).getBigUint64(0)
        if (big > BigInt(this.maxMessage)) throw tooLarge(this.maxMessage)
        len = Number(big)
        at = 10
      }
      if (op >= 8 && (len > 125 || !fin)) throw bad('a control frame must be whole and at most 125 bytes')
      if (len > this.maxMessage || (op < 8 && this.fragmentSize + len > this.maxMessage))
        throw tooLarge(this.maxMessage)
      const maskAt = at
      if (masked) at += 4
      if (b.length < at + len) break
      const payload = b.slice(at, at + len)
      if (masked) for (let i = 0; i < len; i++) payload[i]! ^= b[maskAt + (i & 3)]!
      this.buf = b.subarray(at + len)
      if (op === WS_OP.PING) out.push({ kind: 'ping', data: payload })
      else if (op === WS_OP.PONG) out.push({ kind: 'pong', data: payload })
      else if (op === WS_OP.CLOSE) {
        const code = payload.length >= 2 ? (payload[0]! << 8) | payload[1]! : 1005
        out.push({ kind: 'close', code, reason: new TextDecoder().decode(payload.subarray(2)) })
      } else if (op === WS_OP.TEXT || op === WS_OP.BINARY || op === WS_OP.CONTINUATION) {
        if (op === WS_OP.CONTINUATION ? !this.inMessage : this.inMessage)
          throw bad(op === WS_OP.CONTINUATION ? 'a continuation without a message' : 'a new message inside another')
        if (op !== WS_OP.CONTINUATION) {
          this.inMessage = true
          this.fragmentText = op === WS_OP.TEXT
        }
        this.fragments.push(payload)
        this.fragmentSize += len
        if (fin) {
          const data = this.fragments.length === 1 ? this.fragments[0]! : concatBytes(...this.fragments)
          out.push({ kind: 'message', text: this.fragmentText, data })
          this.fragments = []
          this.fragmentSize = 0
          this.inMessage = false
        }
      } else throw bad(`unknown opcode ${op}`)
    }
    return out
  }
}

const bad = (why: string): KomodoCcError => new KomodoCcError('ARG_INVALID', `WebSocket: ${why}`, { reason: why })
const tooLarge = (max: number): KomodoCcError =>
  new KomodoCcError('RESPONSE_TOO_LARGE', `WebSocket: a message is longer than the ${max}-byte cap`, { limit: max })
