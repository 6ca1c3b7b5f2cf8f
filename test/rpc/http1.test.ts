// The HTTP/1.1 reply parser of the Node transport (issue 34): framing by Content-Length, chunked and the close of the
// connection (RFC 9112 §6.3), fed whole and byte by byte; every malformed reply is an Http1Error with llhttp's code.
import { describe, expect, test } from 'vitest'
import { Http1Error, Http1ReplyParser, MAX_HTTP_HEAD_BYTES } from '../../src/rpc/http1.js'

const bytes = (s: string): Uint8Array => new TextEncoder().encode(s)
const text = (parts: Uint8Array[]): string => Buffer.concat(parts).toString('utf8')

/** Feeds `reply` in pieces of `step` bytes; returns the status, the body text, whether complete, and reusability. */
function run(reply: string, step = Infinity, close = false) {
  const p = new Http1ReplyParser()
  const all = bytes(reply)
  const body: Uint8Array[] = []
  let status: number | undefined
  let extra = 0
  for (let i = 0; i < all.length; i += Math.min(step, all.length)) {
    const r = p.feed(all.subarray(i, Math.min(all.length, i + step)))
    if (r.head !== undefined) status = r.head.status
    body.push(...r.body)
    extra += r.extra
  }
  if (close) p.end()
  return { status, body: text(body), done: p.done, reusable: p.reusable, extra }
}

const faultOf = (reply: string, step = Infinity, close = false): string => {
  try {
    run(reply, step, close)
  } catch (e) {
    expect(e).toBeInstanceOf(Http1Error)
    return (e as Http1Error).code
  }
  return 'no fault'
}

describe('framing', () => {
  const cl = 'HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 13\r\n\r\n{"result":7}\n'
  const chunked =
    'HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\n{"res\r\n8;ext=1\r\nult":7}\n\r\n0\r\nX-Trailer: a\r\n\r\n'
  test.each([1, 2, 3, 7, Infinity])('Content-Length, chunked: the same body fed in pieces of %s bytes', (step) => {
    expect(run(cl, step)).toEqual({ status: 200, body: '{"result":7}\n', done: true, reusable: true, extra: 0 })
    expect(run(chunked, step)).toEqual({ status: 200, body: '{"result":7}\n', done: true, reusable: true, extra: 0 })
  })

  test('a body to the close (no length): complete only at the close, and the connection is not reused', () => {
    const reply = 'HTTP/1.0 200 OK\r\nContent-Type: application/json\r\n\r\n{"result":7}'
    expect(run(reply)).toMatchObject({ body: '{"result":7}', done: false })
    expect(run(reply, 4, true)).toEqual({ status: 200, body: '{"result":7}', done: true, reusable: false, extra: 0 })
  })

  test('Connection: close, or HTTP/1.0, is not reused; 204 and 304 have no body; interim 100 is skipped', () => {
    expect(run('HTTP/1.1 200 OK\r\nConnection: keep-alive, close\r\nContent-Length: 0\r\n\r\n').reusable).toBe(false)
    expect(run('HTTP/1.0 200 OK\r\nContent-Length: 2\r\n\r\nok').reusable).toBe(false)
    expect(run('HTTP/1.1 204 No Content\r\n\r\n')).toMatchObject({ status: 204, done: true, body: '' })
    expect(run('HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok', 5)).toMatchObject({
      status: 200,
      body: 'ok',
      done: true,
    })
  })

  test('bytes after a complete reply are counted, never read as this reply', () => {
    expect(run('HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nokHTTP/1.1 200 OK\r\n')).toMatchObject({
      body: 'ok',
      extra: 17,
    })
  })

  test('repeated Content-Length values that agree are one length; headers keep their values in order', () => {
    const p = new Http1ReplyParser()
    const r = p.feed(bytes('HTTP/1.1 200 OK\r\nContent-Length: 2\r\ncontent-length: 2\r\nX-A: 1\r\nx-a: 2\r\n\r\nok'))
    expect(r.done).toBe(true)
    expect(r.head?.headers.get('x-a')).toEqual(['1', '2'])
  })
})

describe('malformed replies', () => {
  test.each([
    ['not HTTP', 'HELLO\r\n\r\n', 'HPE_INVALID_CONSTANT'],
    ['HTTP/2 status line', 'HTTP/2 200 OK\r\n\r\n', 'HPE_INVALID_CONSTANT'],
    ['a two-digit status', 'HTTP/1.1 20 OK\r\n\r\n', 'HPE_INVALID_CONSTANT'],
    ['101 switching protocols', 'HTTP/1.1 101 Switching\r\n\r\n', 'HPE_INVALID_CONSTANT'],
    ['a header without a colon', 'HTTP/1.1 200 OK\r\nbroken\r\n\r\n', 'HPE_INVALID_HEADER_TOKEN'],
    ['space before the colon', 'HTTP/1.1 200 OK\r\nContent-Length : 2\r\n\r\nok', 'HPE_INVALID_HEADER_TOKEN'],
    ['obsolete line folding', 'HTTP/1.1 200 OK\r\nX-A: 1\r\n  2\r\n\r\n', 'HPE_INVALID_HEADER_TOKEN'],
    ['a control byte in a value', 'HTTP/1.1 200 OK\r\nX-A: 1\u00012\r\n\r\n', 'HPE_INVALID_HEADER_TOKEN'],
    [
      'both framings',
      'HTTP/1.1 200 OK\r\nContent-Length: 2\r\nTransfer-Encoding: chunked\r\n\r\n',
      'HPE_UNEXPECTED_CONTENT_LENGTH',
    ],
    [
      'a coding other than chunked',
      'HTTP/1.1 200 OK\r\nTransfer-Encoding: gzip, chunked\r\n\r\n',
      'HPE_INVALID_TRANSFER_ENCODING',
    ],
    ['chunked in HTTP/1.0', 'HTTP/1.0 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n', 'HPE_INVALID_TRANSFER_ENCODING'],
    ['a signed length', 'HTTP/1.1 200 OK\r\nContent-Length: +2\r\n\r\nok', 'HPE_INVALID_CONTENT_LENGTH'],
    [
      'lengths that disagree',
      'HTTP/1.1 200 OK\r\nContent-Length: 2\r\nContent-Length: 3\r\n\r\n',
      'HPE_INVALID_CONTENT_LENGTH',
    ],
    ['a huge length', `HTTP/1.1 200 OK\r\nContent-Length: ${'9'.repeat(16)}\r\n\r\n`, 'HPE_INVALID_CONTENT_LENGTH'],
    ['a chunk size not hex', 'HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n', 'HPE_INVALID_CHUNK_SIZE'],
    [
      'a chunk size of 13 digits',
      `HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n${'f'.repeat(13)}\r\n`,
      'HPE_INVALID_CHUNK_SIZE',
    ],
    [
      'a chunk without its CRLF',
      'HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nokXX0\r\n\r\n',
      'HPE_STRICT',
    ],
    ['a size line ending in LF alone', 'HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n2\nok\r\n', 'HPE_STRICT'],
  ])('%s', (_name, reply, code) => {
    expect(faultOf(reply)).toBe(code)
    expect(faultOf(reply, 1)).toBe(code) // the same fault whatever the pieces
  })

  test('a head over 16 KiB, and trailers over it, are refused before more is kept', () => {
    const big = `HTTP/1.1 200 OK\r\nX-Big: ${'a'.repeat(MAX_HTTP_HEAD_BYTES)}\r\n\r\n`
    expect(faultOf(big, 1000)).toBe('HPE_HEADER_OVERFLOW')
    const trailers = `HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n0\r\nX-Big: ${'a'.repeat(MAX_HTTP_HEAD_BYTES)}\r\n\r\n`
    expect(faultOf(trailers, 1000)).toBe('HPE_HEADER_OVERFLOW')
    expect(faultOf(`HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n1;${'x'.repeat(2000)}\r\n`)).toBe(
      'HPE_INVALID_CHUNK_SIZE',
    )
  })

  test('a close before the head, inside a Content-Length body or inside a chunked body is ECONNRESET', () => {
    expect(faultOf('HTTP/1.1 200 OK\r\nContent-Le', Infinity, true)).toBe('ECONNRESET')
    expect(faultOf('HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\nok', Infinity, true)).toBe('ECONNRESET')
    expect(faultOf('HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nok\r\n', Infinity, true)).toBe(
      'ECONNRESET',
    )
  })
})
