// An HTTP/1.1 reply parser for the Node root's JSON-RPC transport (issue 34): bytes in, the status, the headers and
// the body's pieces out, with strict framing (RFC 9112 §6: Content-Length, chunked, or the close of the connection)
// and bounded state. No I/O and no Node modules: src/rpc/node-http.ts feeds it what a socket reads.

/** Largest status line plus headers (and, after a chunked body, trailers) read, in bytes: node:http's default. */
export const MAX_HTTP_HEAD_BYTES = 16 * 1024
/** Longest chunk-size line (size, extensions) of a chunked body, in bytes. */
const MAX_CHUNK_LINE = 1024

/**
 * A reply that does not follow HTTP/1.1. `code` is llhttp's name for the same fault (what node:http reported before),
 * so errors read the same over either transport.
 */
export class Http1Error extends Error {
  override readonly name = 'Http1Error'
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message)
  }
}

/** A reply's status line and headers (names lowercased; repeated headers keep every value in order). */
export type Http1Head = { version: '1.0' | '1.1'; status: number; headers: ReadonlyMap<string, readonly string[]> }

/** What one `feed` found: the head once (when complete), body bytes, and whether the reply is complete. */
export type Http1Step = {
  head?: Http1Head
  body: Uint8Array[]
  done: boolean
  /** Bytes after a complete reply: a server that sent more than one reply for one request. */
  extra: number
}

type Framing =
  | { kind: 'length'; left: number }
  | { kind: 'chunked'; stage: 'size' | 'data' | 'data-end' | 'trailer'; left: number; line: number[] }
  | { kind: 'close' }

const CR = 13
const LF = 10
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/
const STATUS_LINE = /^HTTP\/1\.([01]) (\d{3})(?: [\t\x20-\x7e\x80-\xff]*)?$/
const FIELD_VALUE = /^[\t\x20-\x7e\x80-\xff]*$/
const CHUNK_SIZE = /^([0-9a-fA-F]{1,12})[\t ]*(?:;[\t\x20-\x7e]*)?$/

const latin1 = (b: readonly number[] | Uint8Array, from = 0, to = b.length): string => {
  let s = ''
  for (let i = from; i < to; i++) s += String.fromCharCode(b[i]!)
  return s
}

/**
 * Parses one reply to a request that is not HEAD. Framing (RFC 9112 §6.3): 1xx replies are skipped (101 is refused:
 * nothing here switches protocols); 204 and 304 have no body; `Transfer-Encoding: chunked` (the only coding
 * accepted) is decoded, with strict hex sizes and bounded size lines and trailers; otherwise `Content-Length` (one
 * value, digits only; repeated values must agree); otherwise the body runs to the close of the connection. A reply
 * carrying both `Transfer-Encoding` and `Content-Length` is refused (a smuggling shape). Every fault is an
 * {@link Http1Error}.
 * @example
 * const p = new Http1ReplyParser()
 * const step = p.feed(new TextEncoder().encode('HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok'))
 * step.head?.status // 200
 * step.done // true
 */
export class Http1ReplyParser {
  private current: Http1Head | undefined
  private headBytes: number[] = []
  private headTotal = 0
  private framing: Framing | undefined
  private finished = false

  /** The reply's status line and headers, once read. */
  get head(): Http1Head | undefined {
    return this.current
  }

  /** Whether the complete reply lets the connection carry another request (HTTP/1.1, no `Connection: close`). */
  get reusable(): boolean {
    if (!this.finished || this.current === undefined || this.current.version !== '1.1') return false
    if (this.framing?.kind === 'close') return false
    const connection = this.current.headers.get('connection') ?? []
    return !connection.some((v) => /(^|,)\s*close\s*(,|$)/i.test(v))
  }

  /** Whether the reply is complete. */
  get done(): boolean {
    return this.finished
  }

  /** Reads the next bytes of the connection. */
  feed(chunk: Uint8Array): Http1Step {
    const step: Http1Step = { body: [], done: false, extra: 0 }
    let i = 0
    while (i < chunk.length) {
      if (this.finished) {
        step.extra += chunk.length - i
        break
      }
      if (this.framing === undefined) i = this.readHead(chunk, i, step)
      else i = this.readBody(chunk, i, step)
    }
    if (this.framing !== undefined && !this.finished && this.framing.kind === 'length' && this.framing.left === 0)
      this.finished = true
    step.done = this.finished
    return step
  }

  /** The connection closed: completes a body that runs to the close, else the reply was cut off. */
  end(): void {
    if (this.finished) return
    if (this.framing?.kind === 'close') {
      this.finished = true
      return
    }
    throw new Http1Error(
      'ECONNRESET',
      this.current === undefined ? 'the connection closed before a reply' : 'the connection closed inside the body',
    )
  }

  private readHead(chunk: Uint8Array, from: number, step: Http1Step): number {
    let i = from
    for (; i < chunk.length; i++) {
      const c = chunk[i]!
      this.headBytes.push(c)
      if (++this.headTotal > MAX_HTTP_HEAD_BYTES)
        throw new Http1Error('HPE_HEADER_OVERFLOW', `the reply's head is over ${MAX_HTTP_HEAD_BYTES} bytes`)
      const n = this.headBytes.length
      if (
        c === LF &&
        n >= 4 &&
        this.headBytes[n - 2] === CR &&
        this.headBytes[n - 3] === LF &&
        this.headBytes[n - 4] === CR
      ) {
        i++
        const head = this.parseHead(latin1(this.headBytes, 0, n - 4))
        this.headBytes = []
        if (head.status >= 100 && head.status < 200) {
          if (head.status === 101) throw new Http1Error('HPE_INVALID_CONSTANT', 'the server switched protocols')
          continue // an interim reply (100 Continue, 103): the real one follows
        }
        this.current = head
        step.head = head
        this.framing = this.framingOf(head)
        if (this.framing.kind === 'length' && this.framing.left === 0) this.finished = true
        return i
      }
    }
    return i
  }

  private parseHead(text: string): Http1Head {
    const lines = text.split('\r\n')
    const m = STATUS_LINE.exec(lines[0]!)
    if (m === null)
      throw new Http1Error('HPE_INVALID_CONSTANT', 'the reply does not start with an HTTP/1.x status line')
    const headers = new Map<string, string[]>()
    for (const line of lines.slice(1)) {
      const colon = line.indexOf(':')
      const name = colon > 0 ? line.slice(0, colon) : ''
      // no obsolete line folding, no whitespace before the colon (RFC 9112 §5.1, §5.2)
      if (!TOKEN.test(name)) throw new Http1Error('HPE_INVALID_HEADER_TOKEN', 'a header line of the reply is malformed')
      const value = line.slice(colon + 1).trim()
      if (!FIELD_VALUE.test(value))
        throw new Http1Error('HPE_INVALID_HEADER_TOKEN', 'a header value of the reply is malformed')
      const key = name.toLowerCase()
      const list = headers.get(key)
      if (list === undefined) headers.set(key, [value])
      else list.push(value)
    }
    return { version: m[1] === '1' ? '1.1' : '1.0', status: Number(m[2]), headers }
  }

  private framingOf(head: Http1Head): Framing {
    const te = head.headers.get('transfer-encoding')
    const cl = head.headers.get('content-length')
    if (te !== undefined && cl !== undefined)
      throw new Http1Error('HPE_UNEXPECTED_CONTENT_LENGTH', 'the reply has both Transfer-Encoding and Content-Length')
    if (head.status === 204 || head.status === 304) return { kind: 'length', left: 0 }
    if (te !== undefined) {
      const codings = te
        .join(',')
        .split(',')
        .map((s) => s.trim().toLowerCase())
      if (codings.length !== 1 || codings[0] !== 'chunked' || head.version !== '1.1')
        throw new Http1Error('HPE_INVALID_TRANSFER_ENCODING', `the reply's Transfer-Encoding is not chunked alone`)
      return { kind: 'chunked', stage: 'size', left: 0, line: [] }
    }
    if (cl !== undefined) {
      const values = new Set(
        cl
          .join(',')
          .split(',')
          .map((s) => s.trim()),
      )
      const [only] = values
      if (values.size !== 1 || !/^\d{1,15}$/.test(only!))
        throw new Http1Error('HPE_INVALID_CONTENT_LENGTH', `the reply's Content-Length is not one whole number`)
      return { kind: 'length', left: Number(only) }
    }
    return { kind: 'close' }
  }

  private readBody(chunk: Uint8Array, from: number, step: Http1Step): number {
    const f = this.framing!
    if (f.kind === 'close') {
      step.body.push(chunk.subarray(from))
      return chunk.length
    }
    if (f.kind === 'length') {
      const n = Math.min(f.left, chunk.length - from)
      if (n > 0) step.body.push(chunk.subarray(from, from + n))
      f.left -= n
      if (f.left === 0) this.finished = true
      return from + n
    }
    let i = from
    while (i < chunk.length && !this.finished) {
      if (f.stage === 'data') {
        const n = Math.min(f.left, chunk.length - i)
        step.body.push(chunk.subarray(i, i + n))
        f.left -= n
        i += n
        if (f.left === 0) f.stage = 'data-end'
        continue
      }
      const c = chunk[i++]!
      if (f.stage === 'data-end') {
        // CRLF after each chunk's data
        f.line.push(c)
        if (f.line.length === 2) {
          if (f.line[0] !== CR || f.line[1] !== LF)
            throw new Http1Error('HPE_STRICT', 'a chunk of the reply does not end with CRLF')
          f.line = []
          f.stage = 'size'
        }
        continue
      }
      f.line.push(c)
      if (f.stage === 'size' && f.line.length > MAX_CHUNK_LINE)
        throw new Http1Error('HPE_INVALID_CHUNK_SIZE', 'a chunk-size line of the reply is too long')
      if (f.stage === 'trailer' && ++this.headTotal > MAX_HTTP_HEAD_BYTES)
        throw new Http1Error('HPE_HEADER_OVERFLOW', `the reply's trailers are over ${MAX_HTTP_HEAD_BYTES} bytes`)
      const n = f.line.length
      if (c !== LF) continue
      if (n < 2 || f.line[n - 2] !== CR)
        throw new Http1Error('HPE_STRICT', 'a line of the chunked reply ends without CR')
      const line = latin1(f.line, 0, n - 2)
      f.line = []
      if (f.stage === 'size') {
        const m = CHUNK_SIZE.exec(line)
        if (m === null) throw new Http1Error('HPE_INVALID_CHUNK_SIZE', 'a chunk size of the reply is not hex')
        f.left = parseInt(m[1]!, 16)
        f.stage = f.left === 0 ? 'trailer' : 'data'
        this.headTotal = 0
      } else if (line === '')
        this.finished = true // the empty line after the trailers
      else if (!/^[!#$%&'*+.^_`|~0-9A-Za-z-]+:/.test(line))
        throw new Http1Error('HPE_INVALID_HEADER_TOKEN', 'a trailer line of the reply is malformed')
    }
    return i
  }
}
