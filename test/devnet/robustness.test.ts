// Keep it found: the devnet's HTTP front against hostile or broken clients. Every test is bounded to a few seconds,
// talks only to 127.0.0.1 and closes what it opens.
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { request, type IncomingHttpHeaders } from 'node:http'
import { connect, type Socket } from 'node:net'
import { timingSafeEqual } from 'node:crypto'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DEVNET_FLUSH_MS, type Devnet } from '../../src/devnet/server.js'
import { startTestDevnet } from '../_util/devnet.js'
import { MAX_JSON_DEPTH } from '../../src/devnet/jsonscan.js'

// the comparison of credentials, watched: every refused request must reach it (no length or format shortcut)
vi.mock('node:crypto', async (importOriginal) => {
  const m = await importOriginal<typeof import('node:crypto')>()
  return { ...m, timingSafeEqual: vi.fn(m.timingSafeEqual) }
})

type Answer = { status: number; text: string; headers: IncomingHttpHeaders }

const basic = (dev: Devnet, password = dev.password): string =>
  `Basic ${Buffer.from(`${dev.user}:${password}`).toString('base64')}`

/** One POST on a fresh connection (no pooling, so every test controls its own sockets). */
function post(
  dev: Devnet,
  body: string | Uint8Array,
  headers: Record<string, string> = { authorization: basic(dev) },
  timeoutMs = 5000,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(
      dev.url,
      { method: 'POST', agent: false, headers: { 'content-type': 'text/plain', ...headers } },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (c: Buffer) => chunks.push(c))
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8'), headers: res.headers }),
        )
        res.on('error', reject)
      },
    )
    req.setTimeout(timeoutMs, () => req.destroy(new Error('timeout')))
    req.on('error', reject)
    req.end(body)
  })
}

const call = (dev: Devnet, id: string, method = 'getblockcount', params = '[]'): Promise<Answer> =>
  post(dev, `{"method":"${method}","params":${params},"id":${id}}`)

/** The server still answers a normal call. */
async function stillServes(dev: Devnet): Promise<void> {
  expect(await dev.rpc.getblockcount()).toBe(dev.chain.height)
}

/** Opens a raw TCP connection to the devnet. */
function socketTo(dev: Devnet): Promise<Socket> {
  const { port } = new URL(dev.url)
  return new Promise((resolve, reject) => {
    const s = connect(Number(port), '127.0.0.1', () => resolve(s))
    s.on('error', reject)
  })
}

/** Resolves with the milliseconds until the server closes `s` (rejects after `ms`). */
function closedWithin(s: Socket, ms: number): Promise<number> {
  const t0 = Date.now()
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`socket still open after ${ms} ms`)), ms)
    s.on('error', () => {})
    s.once('close', () => {
      clearTimeout(timer)
      resolve(Date.now() - t0)
    })
  })
}

const nest = (depth: number): string => '['.repeat(depth) + ']'.repeat(depth)

let dev: Devnet
beforeAll(async () => {
  dev = await startTestDevnet({ requestTimeout: 1.5, maxBodyBytes: 64 * 1024 })
})
afterAll(async () => {
  await dev.stop()
})

describe('devnet robustness: authentication', () => {
  const wrong: [string, (d: Devnet) => Record<string, string>][] = [
    [
      'a wrong password of the right length',
      (d) => ({
        authorization: basic(
          d,
          d.password.replace(/^./, (c) => (c === 'x' ? 'y' : 'x')),
        ),
      }),
    ],
    ['a one-character password', (d) => ({ authorization: basic(d, 'x') })],
    ['a 600-character password', (d) => ({ authorization: basic(d, 'p'.repeat(600)) })],
    ['no Authorization header', () => ({})],
    ['malformed base64', () => ({ authorization: 'Basic !!!*** not base64 ***' })],
    ['another scheme', (d) => ({ authorization: `Bearer ${d.password}` })],
    ['an 8 KiB header', (d) => ({ authorization: basic(d, d.password + 'a'.repeat(8192)) })],
  ]
  test.each(wrong)(
    '%s: HTTP 401, empty body, and exactly one constant-time digest comparison',
    async (_name, headers) => {
      const spy = vi.mocked(timingSafeEqual)
      spy.mockClear()
      const r = await post(dev, '{"method":"getblockcount","params":[],"id":1}', headers(dev))
      expect(r.status).toBe(401)
      expect(r.text).toBe('')
      expect(r.headers['www-authenticate']).toBe('Basic realm="jsonrpc"')
      expect(spy).toHaveBeenCalledTimes(1)
      const [a, b] = spy.mock.calls[0]! as [Uint8Array, Uint8Array]
      expect([a.length, b.length]).toEqual([32, 32])
    },
  )
  test('the right credentials still pass through the same comparison', async () => {
    const spy = vi.mocked(timingSafeEqual)
    spy.mockClear()
    expect((await call(dev, '1')).status).toBe(200)
    expect(spy).toHaveBeenCalledTimes(1)
  })
  test("a header past Node's 16 KiB limit is refused before the handler (431 or a closed connection); the server keeps serving", async () => {
    const r = await post(dev, '{}', { authorization: `Basic ${'A'.repeat(64 * 1024)}` }).catch(() => null)
    if (r !== null) expect([401, 431]).toContain(r.status)
    await stillServes(dev)
  })
})

describe('devnet robustness: request ids (item 7)', () => {
  test('an id of 2^64-1 sent as a bare number comes back as the same 20 digits', async () => {
    const r = await call(dev, '18446744073709551615')
    expect(r.status).toBe(200)
    expect(r.text).toBe(`{"result":${dev.chain.height},"error":null,"id":18446744073709551615}\n`)
  })
  test.each([
    ['a string with escapes', '"a\\u0041\\"b\\n"'],
    ['null', 'null'],
    ['an object holding big numbers', '{"n": [1, {"big": -18446744073709551616}], "f": 1.50e+400}'],
    ['-0', '-0'],
    ['true', 'true'],
    ['a string of non-ASCII text', '"réseau ☃"'],
  ])('%s is echoed byte for byte', async (_name, id) => {
    const r = await call(dev, id)
    expect(r.text).toBe(`{"result":${dev.chain.height},"error":null,"id":${id}}\n`)
  })
  test('no id: null; an error reply echoes the id too; duplicate ids: the last, as JSON.parse reads it', async () => {
    expect(JSON.parse((await post(dev, '{"method":"getblockcount","params":[]}')).text)).toMatchObject({ id: null })
    const r = await call(dev, '18446744073709551615', 'nosuchmethod')
    expect(r.status).toBe(404)
    expect(r.text).toBe(
      '{"result":null,"error":{"code":-32601,"message":"Method not found"},"id":18446744073709551615}\n',
    )
    expect((await post(dev, '{"id":1,"method":"getblockcount","\\u0069d":[2]}')).text).toMatch(/"id":\[2\]\}\n$/)
  })
  test('a batch echoes each id as sent, in order; a non-object element answers -32600 with id null', async () => {
    const r = await post(
      dev,
      '[{"method":"getblockcount","id":18446744073709551615}, 7, {"method":"nope","id":{"k":"v"}}, {"method":"getblockcount"}]',
    )
    expect(r.status).toBe(200)
    const h = dev.chain.height
    expect(r.text).toBe(
      `[{"result":${h},"error":null,"id":18446744073709551615},{"result":null,"error":{"code":-32600,"message":"Invalid Request object"},"id":null},` +
        `{"result":null,"error":{"code":-32601,"message":"Method not found"},"id":{"k":"v"}},{"result":${h},"error":null,"id":null}]\n`,
    )
  })
})

describe('devnet robustness: deep JSON (item 7)', () => {
  test('an id nested 5,000 levels deep: -32700 Parse error, id null, and the server keeps serving', async () => {
    const r = await call(dev, nest(5000))
    expect(r.status).toBe(500)
    expect(JSON.parse(r.text)).toEqual({ result: null, error: { code: -32700, message: 'Parse error' }, id: null })
    await stillServes(dev)
  })
  test('params nested 5,000 levels deep, and a batch holding one such request: -32700', async () => {
    expect(JSON.parse((await call(dev, '1', 'getblockcount', `[${nest(5000)}]`)).text).error.code).toBe(-32700)
    expect(
      JSON.parse((await post(dev, `[{"method":"getblockcount","id":1},{"method":"help","params":${nest(5000)}}]`)).text)
        .error.code,
    ).toBe(-32700)
    await stillServes(dev)
  })
  test(`the bound is komodod's: ${MAX_JSON_DEPTH} levels including the request object are read, one more is refused`, async () => {
    const deepest = nest(MAX_JSON_DEPTH - 1)
    const ok = await call(dev, deepest)
    expect(ok.status).toBe(200)
    expect(ok.text.endsWith(`"id":${deepest}}\n`)).toBe(true)
    expect(JSON.parse((await call(dev, nest(MAX_JSON_DEPTH))).text).error.code).toBe(-32700)
  })
})

describe('devnet robustness: bodies', () => {
  test('invalid UTF-8 (a stray 0xff, an encoded surrogate, an overlong slash) is a -32700 Parse error', async () => {
    const head = new TextEncoder().encode('{"method":"getblockcount","params":[],"id":"')
    for (const bad of [[0xff], [0xed, 0xa0, 0x80], [0xc0, 0xaf]]) {
      const r = await post(dev, new Uint8Array([...head, ...bad, 0x22, 0x7d]))
      expect(r.status).toBe(500)
      expect(JSON.parse(r.text)).toEqual({ result: null, error: { code: -32700, message: 'Parse error' }, id: null })
    }
    await stillServes(dev)
  })
  test('a declared body above maxBodyBytes: 413 before any of it is sent', async () => {
    const s = await socketTo(dev)
    try {
      const got = new Promise<string>((resolve) => {
        let t = ''
        s.on('data', (c: Buffer) => {
          t += String(c)
          if (t.includes('\r\n\r\n')) resolve(t)
        })
      })
      s.write(
        `POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: ${basic(dev)}\r\nContent-Length: ${1024 ** 3}\r\n\r\n`,
      )
      expect(await got).toMatch(/^HTTP\/1\.1 413 /)
      await closedWithin(s, 3000)
    } finally {
      s.destroy()
    }
  })
  test('a chunked body that keeps coming: 413 once maxBodyBytes have arrived, while the client is still sending', async () => {
    const s = await socketTo(dev)
    try {
      let text = ''
      const got = new Promise<void>((resolve) => {
        s.on('data', (c: Buffer) => {
          text += String(c)
          if (text.includes('\r\n\r\n')) resolve()
        })
      })
      s.on('error', () => {})
      s.write(
        `POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: ${basic(dev)}\r\nTransfer-Encoding: chunked\r\n\r\n`,
      )
      const piece = `${(16 * 1024).toString(16)}\r\n${'0'.repeat(16 * 1024)}\r\n`
      let sent = 0
      // up to 4 MiB, far past the 64 KiB bound; the answer must come long before
      while (text === '' && sent < 256 && !s.destroyed) {
        s.write(piece)
        sent++
        await new Promise((r) => setTimeout(r, 2))
      }
      await Promise.race([got, new Promise((r) => setTimeout(r, 2000))])
      expect(text).toMatch(/^HTTP\/1\.1 413 /)
      expect(sent).toBeLessThan(64)
    } finally {
      s.destroy()
    }
    await stillServes(dev)
  })
})

describe('devnet robustness: slow and many clients', () => {
  test('a body sent one byte per 100 ms blocks nobody, and the request timeout closes it', async () => {
    const s = await socketTo(dev)
    const closed = closedWithin(s, 6000)
    const body = '{"method":"getblockcount","params":[],"id":1}'
    s.write(
      `POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: ${basic(dev)}\r\nContent-Length: ${body.length}\r\n\r\n`,
    )
    let i = 0
    const drip = setInterval(() => {
      if (i < body.length && !s.destroyed) s.write(body[i++]!)
    }, 100)
    try {
      const t0 = Date.now()
      for (let k = 0; k < 5; k++) await stillServes(dev)
      expect(Date.now() - t0).toBeLessThan(1000)
      // requestTimeout is 1.5 s; Node checks at least every 375 ms here
      expect(await closed).toBeLessThan(4000)
      expect(i).toBeLessThan(body.length)
    } finally {
      clearInterval(drip)
      s.destroy()
    }
  })
  test('headers sent one byte per 100 ms: closed by the headers timeout', async () => {
    const s = await socketTo(dev)
    const closed = closedWithin(s, 6000)
    const head = `POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ${'z'.repeat(200)}`
    let i = 0
    const drip = setInterval(() => {
      if (!s.destroyed) s.write(head[i++ % head.length]!)
    }, 100)
    try {
      expect(await closed).toBeLessThan(4000)
    } finally {
      clearInterval(drip)
      s.destroy()
    }
    await stillServes(dev)
  })
  test('200 concurrent connections each get their answer', async () => {
    const all = await Promise.all(Array.from({ length: 200 }, (_v, i) => call(dev, String(i))))
    expect(all.map((r) => r.status)).toEqual(Array(200).fill(200))
    expect(all.map((r) => (JSON.parse(r.text) as { id: number }).id)).toEqual(Array.from({ length: 200 }, (_v, i) => i))
  })
  test('connections beyond maxConnections are closed at once; the server serves again when they go', async () => {
    const small = await startTestDevnet({ maxConnections: 20 })
    const idle: Socket[] = []
    try {
      for (let k = 0; k < 20; k++) idle.push(await socketTo(small))
      const extra = await socketTo(small)
      expect(await closedWithin(extra, 3000)).toBeLessThan(3000)
      for (const s of idle) s.destroy()
      for (const until = Date.now() + 3000; Date.now() < until;) {
        const ok = await small.rpc.getblockcount().then(
          () => true,
          () => false,
        )
        if (ok) break
        await new Promise((r) => setTimeout(r, 50))
      }
      await stillServes(small)
    } finally {
      for (const s of idle) s.destroy()
      await small.stop()
    }
  })
  test('requestTimeout and maxConnections are checked', async () => {
    for (const bad of [
      { requestTimeout: 0 },
      { requestTimeout: Number.NaN },
      { maxConnections: 0 },
      { maxConnections: 1.5 },
    ])
      await expect(startTestDevnet(bad)).rejects.toMatchObject({ code: 'DEVNET' })
  })
})

describe('devnet robustness: restart', () => {
  test("a node started on a running node's data file (as after a crash) has its chain, wallet and mempool", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'devnet-robust-'))
    const dataFile = join(dir, 'chain.json')
    const a = await startTestDevnet({ dataFile, dataDir: join(dir, 'a') })
    try {
      await a.rpc.call('sendtoaddress', ['RXL3YXG2ceaB6C5hfJcN4fvmLH2C34knhA', '1'])
      await a.rpc.call('generate', [2])
      const pending = (await a.rpc.call('sendtoaddress', ['RXL3YXG2ceaB6C5hfJcN4fvmLH2C34knhA', '2'])) as string
      await new Promise((r) => setTimeout(r, DEVNET_FLUSH_MS + 500))
      const b = await startTestDevnet({ dataFile, dataDir: join(dir, 'b') })
      try {
        expect(b.pubkey).toBe(a.pubkey)
        expect(b.privateKey).toBe(a.privateKey)
        expect(b.chain.tip.hash).toBe(a.chain.tip.hash)
        expect(await b.rpc.getrawmempool()).toEqual([pending])
        const balance = (d: Devnet) =>
          d.rpc.call('getaddressbalance', [{ addresses: ['RXL3YXG2ceaB6C5hfJcN4fvmLH2C34knhA'] }])
        expect(await balance(b)).toEqual(await balance(a))
      } finally {
        await b.stop()
      }
    } finally {
      await a.stop()
    }
  })
})
