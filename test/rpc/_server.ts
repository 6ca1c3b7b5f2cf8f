// A bounded local HTTP server for the I/O tests: 127.0.0.1, ephemeral port, closed by the caller (afterAll).
import { createServer } from 'node:http'
import type { IncomingHttpHeaders, ServerResponse } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'

export type Captured = { method: string; url: string; headers: IncomingHttpHeaders; body: string }
export type Handler = (req: Captured, res: ServerResponse) => void | Promise<void>

export type TestServer = {
  url: string
  port: number
  requests: Captured[]
  setHandler(h: Handler): void
  close(): Promise<void>
}

const MAX_BODY = 1 << 20

export async function startServer(initial: Handler): Promise<TestServer> {
  let handler = initial
  const requests: Captured[] = []
  const sockets = new Set<Socket>()
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    let size = 0
    req.on('data', (c: Buffer) => {
      size += c.length
      if (size > MAX_BODY) req.destroy()
      else chunks.push(c)
    })
    req.on('end', () => {
      const cap: Captured = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      }
      requests.push(cap)
      Promise.resolve(handler(cap, res)).catch(() => res.destroy())
    })
  })
  server.on('connection', (s) => {
    sockets.add(s)
    s.on('close', () => sockets.delete(s))
  })
  server.requestTimeout = 10_000
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.address() as AddressInfo).port
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    requests,
    setHandler(h) {
      handler = h
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy()
        server.close(() => resolve())
      }),
  }
}

export function sendJson(res: ServerResponse, status: number, value: unknown): void {
  const body = JSON.stringify(value)
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) })
  res.end(body)
}

export function sendText(res: ServerResponse, status: number, body: string, contentType = 'text/plain'): void {
  res.writeHead(status, { 'content-type': contentType, 'content-length': Buffer.byteLength(body) })
  res.end(body)
}

/** Announces `declared` bytes, sends only `body`, then cuts the connection. */
export function sendTruncated(res: ServerResponse, body: string, declared: number): void {
  res.writeHead(200, { 'content-type': 'application/json', 'content-length': declared })
  res.write(body)
  setTimeout(() => res.socket?.destroy(), 10)
}

/** A port nothing listens on (bound, then closed). */
export async function deadPort(): Promise<number> {
  const s = createServer()
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve))
  const port = (s.address() as AddressInfo).port
  await new Promise<void>((resolve) => s.close(() => resolve()))
  return port
}
