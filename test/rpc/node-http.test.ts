// The JSON-RPC client of the Node root (issue 34): a keep-alive HTTP/1.1 client of its own over node:net held by the
// client, not undici's fetch nor node:http; a custom fetch still wins, and the browser path (no
// process.getBuiltinModule) keeps globalThis.fetch. Foreign servers (raw TCP) check the framings and the reuse rules.
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest'
import { createServer, type Server } from 'node:http'
import { createServer as createTcpServer, type AddressInfo, type Socket } from 'node:net'
import { startTestDevnet } from '../_util/devnet.js'
import { p2pkhAddress } from '../../src/address/address.js'
import { createRpcView } from '../../src/rpc/view.js'
import { createKomodoRpc } from '../../src/rpc/node-client.js'
import { nodeHttpFetch } from '../../src/rpc/node-http.js'

let server: Server
let url = ''
/** What the server does with the next requests (default: answer 7). */
let misbehave: ((res: import('node:http').ServerResponse) => void) | undefined
const connections: Socket[] = []
beforeAll(async () => {
  server = createServer((req, res) => {
    let body = ''
    req.on('data', (c: Buffer) => (body += String(c)))
    req.on('end', () => {
      if (misbehave !== undefined) return misbehave(res)
      const { id } = JSON.parse(body) as { id: string }
      res.setHeader('content-type', 'application/json')
      res.end(JSON.stringify({ result: 7, error: null, id }))
    })
  })
  server.on('connection', (s: Socket) => connections.push(s))
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(async () => {
  for (const s of connections) s.destroy()
  await new Promise<void>((r) => server.close(() => r()))
})
afterEach(() => {
  vi.unstubAllGlobals()
  misbehave = undefined
})

describe('the JSON-RPC transport under Node', () => {
  test('calls go over a connection of the client, not globalThis.fetch, one kept-alive connection per client', async () => {
    const fetchSpy = vi.fn(() => Promise.reject(new Error('globalThis.fetch must not be called')))
    vi.stubGlobal('fetch', fetchSpy)
    const before = connections.length
    const rpc = createKomodoRpc({ url, user: 'u', password: 'p' })
    for (let i = 0; i < 5; i++) expect(await rpc.getblockcount()).toBe(7)
    expect(fetchSpy).not.toHaveBeenCalled()
    expect(connections.length - before).toBe(1) // five requests, one TCP connection
  })

  test('calls in parallel each take a connection; idle ones (at most 8) serve the next burst', async () => {
    const rpc = createKomodoRpc({ url, user: 'u', password: 'p' })
    const before = connections.length
    expect(await Promise.all(Array.from({ length: 12 }, () => rpc.getblockcount()))).toEqual(Array(12).fill(7))
    const first = connections.length - before
    expect(first).toBeGreaterThanOrEqual(2)
    expect(first).toBeLessThanOrEqual(12)
    expect(await Promise.all(Array.from({ length: 8 }, () => rpc.getblockcount()))).toEqual(Array(8).fill(7))
    expect(connections.length - before - first).toBe(Math.max(0, 8 - Math.min(first, 8))) // kept ones reused
  })

  test('a custom fetch is used as given', async () => {
    const custom = vi.fn((u: string | URL | Request, i?: RequestInit) => globalThis.fetch(u, i))
    const rpc = createKomodoRpc({ url, user: 'u', password: 'p', fetch: custom as typeof fetch })
    expect(await rpc.getblockcount()).toBe(7)
    expect(custom).toHaveBeenCalledTimes(1)
  })

  test('without process.getBuiltinModule (a browser) there is no node transport: globalThis.fetch is used', () => {
    vi.stubGlobal('process', { ...process, getBuiltinModule: undefined })
    expect(nodeHttpFetch()).toBeUndefined()
  })

  test("the Node root's createKomodoRpc is this one; the browser root's is the fetch one", async () => {
    const nodeRoot = await import('../../src/node.js')
    const browserRoot = await import('../../src/index.js')
    expect(nodeRoot.createKomodoRpc).toBe(createKomodoRpc)
    expect(browserRoot.createKomodoRpc).not.toBe(createKomodoRpc)
  })

  test("the exchange's bounds hold over node:http: redirect, size, truncation, timeout", async () => {
    const rpc = createKomodoRpc({ url, user: 'u', password: 'p', maxResponseBytes: 1000, timeoutMs: 300 })
    misbehave = (res) => res.writeHead(302, { location: 'http://127.0.0.1:1/' }).end()
    await expect(rpc.getblockcount()).rejects.toMatchObject({ code: 'RPC_REDIRECT' })
    misbehave = (res) => res.writeHead(200, { 'content-length': '5000' }).end('x'.repeat(5000))
    await expect(rpc.getblockcount()).rejects.toMatchObject({ code: 'RESPONSE_TOO_LARGE' })
    misbehave = (res) => {
      res.writeHead(200, { 'content-length': '100' })
      res.write('{"result":')
      setTimeout(() => res.destroy(), 20)
    }
    await expect(rpc.getblockcount()).rejects.toMatchObject({ code: 'RPC_HTTP', details: { reason: 'truncated' } })
    misbehave = () => undefined // never answers
    await expect(rpc.getblockcount()).rejects.toMatchObject({ code: 'RPC_TIMEOUT' })
  })

  test('a refused connection is RPC_HTTP with the socket code, as over fetch', async () => {
    const closed = createServer()
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r))
    const port = (closed.address() as AddressInfo).port
    await new Promise<void>((r) => closed.close(() => r()))
    const rpc = createKomodoRpc({ url: `http://127.0.0.1:${port}`, user: 'u', password: 'p' })
    await expect(rpc.getblockcount()).rejects.toMatchObject({
      code: 'RPC_HTTP',
      details: { reason: 'connect' },
      message: expect.stringContaining('ECONNREFUSED'),
    })
  })
})

/**
 * A raw TCP server: for each request (read up to the end of its body by Content-Length), `reply(n)` gives the bytes
 * to write for the n-th request overall, and whether to close after them. Counts connections.
 */
async function tcpServer(reply: (n: number, id: string) => { bytes: string; close?: boolean }) {
  let n = 0
  const sockets = new Set<Socket>()
  let connections = 0
  const server = createTcpServer((s) => {
    connections++
    sockets.add(s)
    s.on('close', () => sockets.delete(s))
    let buf = ''
    s.on('data', (d: Buffer) => {
      buf += d.toString('latin1')
      for (;;) {
        const end = buf.indexOf('\r\n\r\n')
        if (end < 0) return
        const len = Number(/content-length: (\d+)/i.exec(buf.slice(0, end))?.[1] ?? 0)
        if (buf.length < end + 4 + len) return
        const body = buf.slice(end + 4, end + 4 + len)
        buf = buf.slice(end + 4 + len)
        const id = (JSON.parse(body) as { id: string }).id
        const r = reply(n++, id)
        s.write(r.bytes)
        if (r.close === true) s.end()
      }
    })
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    connections: () => connections,
    close: async () => {
      for (const s of sockets) s.destroy()
      await new Promise<void>((r) => server.close(() => r()))
    },
  }
}
const json = (id: string) => `{"result":7,"error":null,"id":"${id}"}`
const lengthReply = (id: string, extra = '') =>
  `HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: ${json(id).length}\r\n${extra}\r\n${json(id)}`

describe('foreign servers (raw HTTP/1.1 over TCP)', () => {
  test('a chunked reply, split anywhere, reads as one result; the connection is kept', async () => {
    const srv = await tcpServer((_n, id) => {
      const body = json(id)
      return {
        bytes: `HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n3\r\n${body.slice(0, 3)}\r\n${(body.length - 3).toString(16)};x=y\r\n${body.slice(3)}\r\n0\r\n\r\n`,
      }
    })
    try {
      const rpc = createKomodoRpc({ url: srv.url, user: 'u', password: 'p' })
      for (let i = 0; i < 3; i++) expect(await rpc.getblockcount()).toBe(7)
      expect(srv.connections()).toBe(1)
    } finally {
      await srv.close()
    }
  })

  /** Two calls against `reply`: both answered, over two connections (the first one was not kept). */
  async function notReused(reply: Parameters<typeof tcpServer>[0]): Promise<void> {
    const srv = await tcpServer(reply)
    try {
      const rpc = createKomodoRpc({ url: srv.url, user: 'u', password: 'p' })
      expect(await rpc.getblockcount()).toBe(7)
      expect(await rpc.getblockcount()).toBe(7)
      expect(srv.connections()).toBe(2)
    } finally {
      await srv.close()
    }
  }

  test('an HTTP/1.0 reply without a length runs to the close; the next call opens a new connection', async () => {
    await notReused((_n, id) => ({
      bytes: `HTTP/1.0 200 OK\r\nContent-Type: application/json\r\n\r\n${json(id)}`,
      close: true,
    }))
  })

  test('Connection: close, a short Keep-Alive timeout, or stray bytes after the reply: the connection is not reused', async () => {
    await notReused((_n, id) => ({ bytes: lengthReply(id, 'Connection: close\r\n') }))
    await notReused((_n, id) => ({ bytes: lengthReply(id, 'Keep-Alive: timeout=1\r\n') }))
    await notReused((_n, id) => ({ bytes: lengthReply(id) + 'HTTP/1.1 200 OK\r\n' }))
  })

  test('a server that closes an idle connection: the next call goes out on a new one', async () => {
    const srv = await tcpServer((_n, id) => ({ bytes: lengthReply(id) }))
    try {
      const rpc = createKomodoRpc({ url: srv.url, user: 'u', password: 'p' })
      expect(await rpc.getblockcount()).toBe(7)
      await srv.close() // drops every connection (and stops listening)
      const again = await tcpServer((_n, id) => ({ bytes: lengthReply(id) }))
      try {
        const rpc2 = createKomodoRpc({ url: again.url, user: 'u', password: 'p' })
        expect(await rpc2.getblockcount()).toBe(7)
      } finally {
        await again.close()
      }
      // the first client's idle connection was closed under it: its next call is a connect failure, typed
      await expect(rpc.getblockcount()).rejects.toMatchObject({ code: 'RPC_HTTP', details: { reason: 'connect' } })
    } finally {
      await srv.close().catch(() => undefined)
    }
  })

  test('a malformed reply is RPC_HTTP naming the fault; a reply cut inside a chunked body is truncated', async () => {
    const bad = await tcpServer(() => ({
      bytes: 'HTTP/1.1 200 OK\r\nContent-Length: 2\r\nTransfer-Encoding: chunked\r\n\r\n',
    }))
    const cut = await tcpServer(() => ({
      bytes: 'HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n10\r\n{"result"',
      close: true,
    }))
    try {
      await expect(createKomodoRpc({ url: bad.url, user: 'u', password: 'p' }).getblockcount()).rejects.toMatchObject({
        code: 'RPC_HTTP',
        message: expect.stringContaining('HPE_UNEXPECTED_CONTENT_LENGTH'),
      })
      await expect(createKomodoRpc({ url: cut.url, user: 'u', password: 'p' }).getblockcount()).rejects.toMatchObject({
        code: 'RPC_HTTP',
        details: { reason: 'truncated' },
      })
    } finally {
      await bad.close()
      await cut.close()
    }
  })

  test('a header value with CR or LF is refused before anything is sent', async () => {
    const f = nodeHttpFetch()!
    await expect(
      f('http://127.0.0.1:1/', { method: 'POST', body: '{}', headers: { 'x-a': 'b\r\nHost: evil' } }),
    ).rejects.toBeInstanceOf(TypeError)
  })
})

describe("the devnet's server", () => {
  test('reads and a broadcast over one kept-alive connection; a refusal is the typed RPC_ERROR', async () => {
    const dev = await startTestDevnet()
    try {
      const rpc = createKomodoRpc({ url: dev.url, user: dev.user, password: dev.password })
      const view = createRpcView(rpc)
      const h0 = await view.getHeight()
      await rpc.call('generate', [2])
      expect(await view.getHeight()).toBe(h0 + 2)
      const txid = (await rpc.call('sendtoaddress', [p2pkhAddress(dev.pubkey), '1'])) as string
      const hex = await view.getTransaction(txid)
      expect(await view.getMempool()).toContain(txid)
      // the same bytes again: known, the txid answered; other bytes under the same signatures: refused, typed
      expect(await view.broadcast(hex)).toBe(txid)
      const other = hex.slice(0, -2) + (hex.endsWith('00') ? '01' : '00')
      await expect(view.broadcast(other)).rejects.toMatchObject({ code: 'RPC_ERROR' })
    } finally {
      await dev.stop()
    }
  })
})
