// `komodo-cc publish` stops within 2 s of SIGINT/SIGTERM in every phase (issue 28, "ignored SIGTERM for 729 s while its
// source was unreachable"): here the chain source accepts connections and never answers, so the publisher is still
// reading the oracle at start-up (each read waiting for its timeout, then retried) when the stop comes.
import { afterAll, beforeAll, expect, test } from 'vitest'
import { createServer, type Server, type Socket } from 'node:net'
import { mkdtempSync, readFileSync, rmSync, existsSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { encodeWif } from '../../src/address/address.js'
import { hexToBytes } from '../../src/bytes/hex.js'
import { runCli } from '../../src/cli/run.js'
import type { PublishIo } from '../../src/cli/publish.js'

let server: Server
let port: number
const sockets = new Set<Socket>()
const dir = mkdtempSync(join(tmpdir(), 'publish-stop-'))
beforeAll(async () => {
  server = createServer((s) => {
    sockets.add(s) // accepted, never answered
    s.on('error', () => {})
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  port = (server.address() as { port: number }).port
})
afterAll(async () => {
  for (const s of sockets) s.destroy()
  await new Promise((r) => server.close(r))
  rmSync(dir, { recursive: true, force: true })
})

test('a stop during start-up retries against a silent Electrum server ends the command within 2 s', async () => {
  const stop = new AbortController()
  let stdout = ''
  const io: PublishIo = {
    stdout: (s) => void (stdout += s),
    stderr: () => {},
    env: { PUB_WIF: encodeWif(hexToBytes('71'.repeat(32))) },
    isTty: false,
    readStdin: async () => '',
    stdinLines: async function* () {},
    signal: stop.signal,
  }
  const journal = join(dir, 'pub.json')
  const args = ['publish', '--oracle', 'ab'.repeat(32), '--wif-env', 'PUB_WIF', '--electrum', `tcp://127.0.0.1:${port}`]
  const run = runCli([...args, '--journal', journal], io)
  await new Promise((r) => setTimeout(r, 500))
  const t0 = Date.now()
  stop.abort()
  const status = await run
  expect(Date.now() - t0).toBeLessThan(2000)
  expect(status).toBe(0)
  expect(stdout).toMatch(/"event":"closed"/)
  // the journal was never taken (the oracle was still being read): no lock left behind
  expect(existsSync(`${journal}.lock`)).toBe(false)
}, 20_000)
