// The explorer's HTTP side: GET requests to the devnet's port (JSON-RPC stays on POST /).
import type { IncomingMessage, ServerResponse } from 'node:http'
import { existsSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { DevnetNode } from '../node.js'
import { explorerState, explorerTx, type ExplorerCache } from './data.js'
import { explorerHtml } from './page.js'

/** The explorer of one devnet server: its memo and the offline inspector page, found once. */
export type Explorer = { cache: ExplorerCache; inspectorHtml: string | null; html: string }

/**
 * The built offline inspector (`dist/inspector.html`, written by `node scripts/build-inspector.mjs` during the
 * package build), looked for beside this module and up to two folders above it; null when it is not there (running
 * from the sources).
 */
function findInspectorHtml(): string | null {
  let dir = dirname(fileURLToPath(import.meta.url))
  for (let i = 0; i < 3; i++) {
    const p = join(dir, 'inspector.html')
    if (existsSync(p)) return readFileSync(p, 'utf8')
    dir = dirname(dir)
  }
  return null
}

/**
 * Creates the explorer of one devnet server.
 * @example const ex = createExplorer('DEVNET')
 */
export function createExplorer(chain: string): Explorer {
  return { cache: { inspections: new Map() }, inspectorHtml: findInspectorHtml(), html: explorerHtml(chain) }
}

/** bigints as decimal strings (a browser's JSON.parse would round them), bytes as hex. */
function json(v: unknown): string {
  return JSON.stringify(v, (_k, x: unknown) =>
    typeof x === 'bigint'
      ? x.toString()
      : x instanceof Uint8Array
        ? Array.from(x, (b) => b.toString(16).padStart(2, '0')).join('')
        : x,
  )
}

/** A page or JSON reply; no caching, no cross-origin reads (no CORS header), no framing by other sites. */
function reply(res: ServerResponse, status: number, type: string, body: string): void {
  if (res.headersSent || res.destroyed) return
  res.writeHead(status, {
    'content-type': type,
    'content-length': String(Buffer.byteLength(body)),
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
  })
  res.end(body)
}

/**
 * Whether the request names this server as 127.0.0.1 or localhost (a page of another site that a DNS name was
 * pointed at 127.0.0.1 for — DNS rebinding — sends its own name and is refused).
 */
function localHost(req: IncomingMessage): boolean {
  const host = req.headers.host ?? ''
  return /^(127\.0\.0\.1|localhost|\[::1\])(:\d+)?$/i.test(host)
}

/**
 * Answers one GET request: `/` the explorer page, `/inspector` the offline inspector, `/explorer/api/state` the
 * front page's JSON, `/explorer/api/tx/<txid>` one transaction's; anything else 404. Read-only: no credentials are
 * asked for and none of the wallet's secrets is ever in a reply.
 * @example serveExplorer(node, explorer, req, res)
 */
export function serveExplorer(node: DevnetNode, ex: Explorer, req: IncomingMessage, res: ServerResponse): void {
  req.resume()
  if (!localHost(req)) return reply(res, 403, 'text/plain', 'the explorer answers only to 127.0.0.1 or localhost')
  const path = (req.url ?? '/').split('?')[0]!
  if (path === '/') return reply(res, 200, 'text/html; charset=utf-8', ex.html)
  if (path === '/inspector') {
    if (ex.inspectorHtml !== null) return reply(res, 200, 'text/html; charset=utf-8', ex.inspectorHtml)
    return reply(
      res,
      404,
      'text/plain',
      'the offline inspector page is built with the package (node scripts/build-inspector.mjs writes dist/inspector.html)',
    )
  }
  if (path === '/explorer/api/state') {
    explorerState(node, ex.cache).then(
      (s) => reply(res, 200, 'application/json', json(s)),
      () => reply(res, 500, 'application/json', '{"error":"internal error"}'),
    )
    return
  }
  const m = /^\/explorer\/api\/tx\/([0-9a-f]{64})$/.exec(path)
  if (m !== null) {
    const t = explorerTx(node, ex.cache, m[1]!)
    if (t === undefined) return reply(res, 404, 'application/json', '{"error":"unknown transaction"}')
    return reply(res, 200, 'application/json', json(t))
  }
  reply(res, 404, 'text/plain', 'not found')
}
