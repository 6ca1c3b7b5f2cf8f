// Headless Chromium (Debian's `chromium`) for the browser paths: serves pages from 127.0.0.1 and returns the DOM
// that the page's script leaves behind. CI installs Chromium (.ci/run); elsewhere the tests that need it are skipped
// when it is missing, and in CI a missing Chromium fails them.
import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser']

/** The Chromium binary, or undefined when none is installed. */
export const chromiumPath: string | undefined = process.env.CHROMIUM ?? CANDIDATES.find((p) => existsSync(p))

/** Whether the browser tests run: Chromium is there, or this is CI (where its absence must fail them). */
export const browserTestsRun = chromiumPath !== undefined || process.env.CI === 'true'

/** One page: its body and headers (e.g. a Content-Security-Policy). */
export type Page = { body: string; type: string; headers?: Record<string, string> }

/** An endpoint the page's script calls (`fetch(path, { method: 'POST', body })`): the request body in, a page out. */
export type Endpoint = (body: string) => Promise<Page>

/** Serves `pages` (path → page, or an endpoint answering a request's body) on 127.0.0.1 for the duration of `fn`. */
export async function withPages<T>(
  pages: Record<string, Page | Endpoint>,
  fn: (origin: string) => Promise<T>,
): Promise<T> {
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const page = pages[req.url ?? '']
    if (page === undefined) {
      res.writeHead(404).end()
      return
    }
    if (typeof page !== 'function') {
      res.writeHead(200, { 'content-type': page.type, ...page.headers }).end(page.body)
      return
    }
    const chunks: Buffer[] = []
    req.on('data', (d: Buffer) => chunks.push(d))
    req.on('end', () => {
      page(Buffer.concat(chunks).toString('utf8')).then(
        (p) => res.writeHead(200, { 'content-type': p.type, ...p.headers }).end(p.body),
        (e: unknown) => res.writeHead(500, { 'content-type': 'text/plain' }).end(String(e)),
      )
    })
  })
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok))
  try {
    return await fn(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)
  } finally {
    server.closeAllConnections()
    await new Promise((ok) => server.close(ok))
  }
}

/** The flags of every run: headless, and every background service that would reach beyond 127.0.0.1 off. */
function chromiumArgs(profile: string): string[] {
  return [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-dev-shm-usage',
    '--no-first-run',
    '--no-default-browser-check',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--disable-default-apps',
    '--disable-extensions',
    '--disable-domain-reliability',
    '--disable-client-side-phishing-detection',
    '--metrics-recording-only',
    '--no-pings',
    '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1',
    `--user-data-dir=${profile}`,
  ]
}

/**
 * Loads `url` in headless Chromium and returns the serialized DOM after the page's scripts ran (`--dump-dom`).
 * Every background service that would reach beyond 127.0.0.1 is switched off.
 */
export async function dumpDom(url: string, timeoutMs = 30_000): Promise<string> {
  if (chromiumPath === undefined) throw new Error('chromium is not installed (apt-get install chromium)')
  const profile = mkdtempSync(join(tmpdir(), 'komodo-cc-chromium-'))
  const args = [...chromiumArgs(profile), '--virtual-time-budget=10000', '--dump-dom', url]
  try {
    return await new Promise<string>((resolve, reject) => {
      const child = spawn(chromiumPath!, args, { stdio: ['ignore', 'pipe', 'pipe'] })
      let out = ''
      let err = ''
      const timer = setTimeout(() => {
        child.kill('SIGKILL')
        reject(new Error(`chromium timed out after ${timeoutMs} ms: ${err.slice(-500)}`))
      }, timeoutMs)
      child.stdout.on('data', (d: Buffer) => {
        out += d.toString('utf8')
      })
      child.stderr.on('data', (d: Buffer) => {
        err += d.toString('utf8')
      })
      child.on('error', (e) => {
        clearTimeout(timer)
        reject(e)
      })
      child.on('close', (code) => {
        clearTimeout(timer)
        if (code === 0) resolve(out)
        else reject(new Error(`chromium exited ${code}: ${err.slice(-500)}`))
      })
    })
  } finally {
    rmSync(profile, { recursive: true, force: true })
  }
}

/**
 * Opens `url` in headless Chromium in real time (no virtual clock: the page may wait on sockets) and keeps it open
 * until `until` settles — typically when the page's script reported to an {@link Endpoint} —, then ends that
 * Chromium. Rejects when Chromium exits first or `timeoutMs` passes.
 */
export async function openPageUntil<T>(url: string, until: Promise<T>, timeoutMs = 60_000): Promise<T> {
  if (chromiumPath === undefined) throw new Error('chromium is not installed (apt-get install chromium)')
  const profile = mkdtempSync(join(tmpdir(), 'komodo-cc-chromium-'))
  const child = spawn(chromiumPath, [...chromiumArgs(profile), url], { stdio: ['ignore', 'ignore', 'pipe'] })
  let err = ''
  child.stderr.on('data', (d: Buffer) => {
    err += d.toString('utf8')
    if (err.length > 20_000) err = err.slice(-10_000)
  })
  const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)))
  let timer: ReturnType<typeof setTimeout> | undefined
  try {
    return await Promise.race([
      until,
      new Promise<never>((_, reject) => {
        child.on('error', reject)
        exited.then((code) => reject(new Error(`chromium exited ${code} first: ${err.slice(-500)}`)))
        timer = setTimeout(
          () => reject(new Error(`no result from the page within ${timeoutMs} ms: ${err.slice(-500)}`)),
          timeoutMs,
        )
      }),
    ])
  } finally {
    clearTimeout(timer)
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
    await exited
    rmSync(profile, { recursive: true, force: true })
  }
}
