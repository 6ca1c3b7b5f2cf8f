// `komodo-cc publish` (issue 20): samples as JSON lines on stdin, over JSON-RPC and Electrum; --every/--cmd; a real
// process stopped by SIGTERM with its journal flushed.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { encodeWif } from '../../src/address/address.js'
import { batonPubkey, ccAddress } from '../../src/cc/address.js'
import { runCli } from '../../src/cli/run.js'
import type { PublishIo } from '../../src/cli/publish.js'
import type { Devnet } from '../../src/devnet/server.js'
import { startTestDevnet } from '../_util/devnet.js'
import { fundedKey, registeredOracle, subscribe, type Publisher } from './_setup.js'

const MAIN = fileURLToPath(new URL('../../src/cli/main.ts', import.meta.url))
let dev: Devnet
let P: Publisher
let O: string
let env: Record<string, string>
const dir = mkdtempSync(join(tmpdir(), 'publisher-cli-'))

async function publish(args: string[], lines: string[], signal?: AbortSignal, watch?: (stdout: string) => void) {
  let stdout = ''
  let stderr = ''
  const io: PublishIo = {
    stdout: (s) => {
      stdout += s
      watch?.(stdout)
    },
    stderr: (s) => void (stderr += s),
    env,
    isTty: false,
    readStdin: async () => lines.join('\n'),
    stdinLines: async function* () {
      for (const l of lines) yield l
    },
    ...(signal ? { signal } : {}),
  }
  const status = await runCli(['publish', '--oracle', O, '--wif-env', 'PUB_WIF', ...args], io)
  const events = stdout
    .trim()
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => JSON.parse(l) as Record<string, any>)
  return { status, stdout, stderr, events }
}
const onChain = async (): Promise<string[]> =>
  (
    (await dev.rpc.call('oraclessamples', [O, ccAddress(0xec, batonPubkey(P.priv)), '0'])) as {
      samples: { data: string[] }[]
    }
  ).samples.map((s) => s.data.join(','))

beforeAll(async () => {
  dev = await startTestDevnet({ electrum: true })
  P = await fundedKey(dev, 'cli')
  O = await registeredOracle(dev, P, 'IL', 'CLI')
  await subscribe(dev, O, P, 40, 2)
  env = { PUB_WIF: encodeWif(P.priv) }
}, 60_000)
afterAll(async () => {
  await dev.stop()
  rmSync(dir, { recursive: true, force: true })
})

describe('komodo-cc publish', () => {
  test('JSON lines on stdin over JSON-RPC: sent events, a closing status; a replay with seq publishes nothing twice', async () => {
    const journal = join(dir, 'rpc.json')
    const lines = ['[1, 100]', '[2, "200"]', '{"seq": 2, "values": [3, 300]}']
    const r = await publish(['--conf', dev.confPath, '--journal', journal], lines)
    expect(r.stderr).toBe('')
    expect(r.status).toBe(0)
    // said at start: an IL record (12 bytes) fits the node's default 208-byte OP_RETURN (records up to 104)
    expect(r.events[0]).toMatchObject({
      event: 'fit',
      fits: 'always',
      min: 12,
      max: 12,
      limit: 104,
      datacarriersize: 208,
    })
    expect(r.events.filter((e) => e.event === 'sent').map((e) => e.seq)).toEqual([0, 1, 2])
    expect(r.events.at(-1)).toMatchObject({ event: 'closed', published: 3, inMempool: 3, datafee: 0.0001 }) // coins, as komodo-cli prints amounts (--sats: '10000')
    const again = await publish(
      ['--conf', dev.confPath, '--journal', journal],
      ['{"seq": 1, "values": [2, 200]}', '{"seq": 3, "values": [4, 400]}'],
    )
    expect(again.status).toBe(0)
    expect(again.events.filter((e) => e.event === 'sent').map((e) => e.seq)).toEqual([3])
    await dev.mine(1)
    expect((await onChain()).slice(0, 4)).toEqual(['4,400', '3,300', '2,200', '1,100'])
    expect(JSON.parse(readFileSync(journal, 'utf8'))).toMatchObject({ next: 4 })
  }, 60_000)

  test('--datacarriersize N: the node option; a record its OP_RETURN cannot carry is refused before signing', async () => {
    // without --strict: an error event for the sample, and the run goes on to its end (exit 0)
    const soft = await publish(['--conf', dev.confPath, '--datacarriersize', '110'], ['[7, 700]'])
    expect(soft.status).toBe(0)
    expect(soft.events.filter((e) => e.event === 'error')).toEqual([
      { event: 'error', source: 'input', line: 1, error: { code: 'TX_NONSTANDARD', message: expect.any(String) } },
    ])
    expect(soft.events.at(-1)).toMatchObject({ event: 'closed', errors: 1 })
    const r = await publish(['--conf', dev.confPath, '--datacarriersize', '110', '--strict'], ['[7, 700]'])
    expect(r.events[0]).toMatchObject({
      event: 'fit',
      fits: 'never',
      limit: 6,
      datacarriersize: 110,
      datacarriersizeForAll: 116,
    })
    expect(r.status).toBe(1)
    expect(r.stderr).toMatch(/TX_NONSTANDARD/)
    expect(r.stderr).toMatch(/-datacarriersize=116/)
    expect(r.events.filter((e) => e.event === 'sent')).toHaveLength(0)
    const bad = await publish(['--conf', dev.confPath, '--datacarriersize', 'x'], [])
    expect(bad.status).not.toBe(0)
  }, 60_000)

  test('over Electrum, without a journal (a warning); bad lines are error events and the valid lines after them go out', async () => {
    const lines = ['[5, 500]', '[6]', 'not json', '["x", 1]', '[8, 800]']
    const r = await publish(['--electrum', dev.electrum!.url], lines)
    expect(r.status).toBe(0)
    expect(r.stderr).toMatch(/NO_JOURNAL/)
    expect(r.events.filter((e) => e.event === 'error').map((e) => [e.source, e.line, e.error.code])).toEqual([
      ['input', 2, 'ORACLE_VALUE'],
      ['input', 3, 'ARG_INVALID'],
      ['input', 4, 'ORACLE_VALUE'],
    ])
    expect(r.events.filter((e) => e.event === 'sent')).toHaveLength(2) // lines 1 and 5
    expect(r.events.at(-1)).toMatchObject({ event: 'closed', errors: 3 })
    await dev.mine(1)
    expect(await onChain()).toEqual(expect.arrayContaining(['5,500', '8,800']))
  }, 60_000)

  test('--strict: the first bad line stops the run with a typed error (exit 1); the lines after it are not read', async () => {
    const r = await publish(['--electrum', dev.electrum!.url, '--strict'], ['[15, 1500]', '[6]', '[18, 1800]'])
    expect(r.status).toBe(1)
    expect(r.stderr).toMatch(/ORACLE_VALUE/)
    expect(r.events.filter((e) => e.event === 'sent')).toHaveLength(1)
    expect(r.events.filter((e) => e.event === 'error')).toHaveLength(0)
    expect(r.events.at(-1)).toMatchObject({ event: 'closed', errors: 0 })
  }, 60_000)

  test('--every --cmd: a failing run (exit status 3) or one printing no sample is an error event; the loop goes on', async () => {
    const counter = join(dir, 'runs')
    // runs 1 and 3 fail, run 2 prints junk, runs 4, 5, … print a sample
    const cmd = `n=$(cat ${counter} 2>/dev/null || echo 0); n=$((n+1)); echo $n > ${counter}; [ $n = 1 ] && exit 3; [ $n = 3 ] && exit 3; [ $n = 2 ] && echo junk && exit 0; echo "[11, 1100]"`
    const stop = new AbortController()
    const r = await publish(['--conf', dev.confPath, '--every', '100ms', '--cmd', cmd], [], stop.signal, (out) => {
      if ((out.match(/"event":"sent"/g) ?? []).length >= 2) stop.abort()
    })
    expect(r.status).toBe(0)
    expect(r.events.filter((e) => e.event === 'error').map((e) => [e.source, e.run, e.error.code])).toEqual([
      ['cmd', 1, 'ARG_INVALID'],
      ['cmd', 2, 'ARG_INVALID'],
      ['cmd', 3, 'ARG_INVALID'],
    ])
    expect(r.events.filter((e) => e.event === 'error')[0]!.error.message).toMatch(/--cmd failed/)
    expect(r.events.filter((e) => e.event === 'sent').length).toBeGreaterThanOrEqual(2)
    // --strict: the first failing run ends the command
    rmSync(counter, { force: true })
    const strict = await publish(['--conf', dev.confPath, '--every', '100ms', '--cmd', cmd, '--strict'], [])
    expect(strict.status).toBe(1)
    expect(strict.stderr).toMatch(/--cmd failed/)
    expect(strict.events.filter((e) => e.event === 'sent')).toHaveLength(0)
  }, 60_000)

  test('--every 200ms --cmd: the command’s JSON array is each next sample', async () => {
    const stop = new AbortController()
    // exactly two samples, whatever the machine's speed: the command answers twice, then waits until the stop (sent
    // after the second sample went out) kills it, so no third run can slip in before the stop
    const runs = join(dir, 'every-runs')
    const cmd =
      `n=$(cat '${runs}' 2>/dev/null || echo 0); n=$((n+1)); echo $n > '${runs}'; ` +
      `if [ $n -le 2 ]; then echo "[7, 700]"; else exec sleep 60; fi`
    const r = await publish(['--conf', dev.confPath, '--every', '200ms', '--cmd', cmd], [], stop.signal, (out) => {
      if ((out.match(/"event":"sent"/g) ?? []).length >= 2) stop.abort()
    })
    expect(r.status).toBe(0)
    const sent = r.events.filter((e) => e.event === 'sent')
    expect(sent).toHaveLength(2)
    await dev.mine(1)
    expect((await onChain()).filter((s) => s === '7,700').length).toBe(sent.length)
  }, 60_000)

  test('a real process: stdin lines, SIGTERM, the journal flushed and its lock released; a second start refuses while one runs', async () => {
    const journal = join(dir, 'proc.json')
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        MAIN,
        'publish',
        '--oracle',
        O,
        '--wif-env',
        'PUB_WIF',
        '--conf',
        dev.confPath,
        '--journal',
        journal,
      ],
      { stdio: ['pipe', 'pipe', 'pipe'], env: { ...process.env, ...env, NODE_OPTIONS: '' } },
    )
    let out = ''
    let err = ''
    child.stdout.on('data', (c: Buffer) => (out += String(c)))
    child.stderr.on('data', (c: Buffer) => (err += String(c)))
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
    child.stdin.write('[8, 800]\n[9, 900]\n')
    for (let i = 0; i < 200 && (out.match(/"sent"/g) ?? []).length < 2; i++) await new Promise((r) => setTimeout(r, 50))
    expect((out.match(/"sent"/g) ?? []).length, err).toBe(2)
    // a second publisher on the same journal refuses to start
    const second = await publish(['--conf', dev.confPath, '--journal', journal], ['[10, 1000]'])
    expect(second.status).toBe(1)
    expect(second.stderr).toMatch(/JOURNAL_LOCKED/)
    child.kill('SIGTERM')
    expect(await exited).toBe(0)
    expect(out).toMatch(/"event":"closed"/)
    expect(JSON.parse(readFileSync(journal, 'utf8'))).toMatchObject({ next: 2 })
    expect(() => readFileSync(journal + '.lock')).toThrow()
  }, 60_000)
})
