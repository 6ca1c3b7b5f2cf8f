// The JSON-RPC client of the Node root (issue 34): node:http with a keep-alive agent held by the client, not undici's
// fetch; a custom fetch still wins, and the browser path (no process.getBuiltinModule) keeps globalThis.fetch.
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest'
import { createServer, type Server } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
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
  test('calls go through node:http, not globalThis.fetch, over one kept-alive connection per client', async () => {
    const fetchSpy = vi.fn(() => Promise.reject(new Error('globalThis.fetch must not be called')))
    vi.stubGlobal('fetch', fetchSpy)
    const before = connections.length
    const rpc = createKomodoRpc({ url, user: 'u', password: 'p' })
    for (let i = 0; i < 5; i++) expect(await rpc.getblockcount()).toBe(7)
    expect(fetchSpy).not.toHaveBeenCalled()
    expect(connections.length - before).toBe(1) // five requests, one TCP connection
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
