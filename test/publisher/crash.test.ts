// Crash recovery (issue 20): a publisher process killed with SIGKILL — right after writing the journal (signed, not
// sent), right after a broadcast (sent, the journal not updated), and at seeded points of a 200-sample run — then
// restarted on the same journal file and replaying the same sequence numbers: every sample on chain exactly once,
// in order, none lost.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { bytesToHex } from '../../src/bytes/hex.js'
import { batonPubkey, ccAddress } from '../../src/cc/address.js'
import type { Devnet } from '../../src/devnet/server.js'
import { startTestDevnet } from '../_util/devnet.js'
import { fundedKey, registeredOracle, subscribe, type Publisher } from './_setup.js'
import { seededRandom } from '../_util/seed.js'

const CHILD = fileURLToPath(new URL('./_child.ts', import.meta.url))
let dev: Devnet
let dir: string

type Run = { code: number | null; signal: NodeJS.Signals | null; out: string; err: string }
function runChild(cfg: object): Promise<Run> {
  const child = spawn(process.execPath, ['--import', 'tsx', CHILD, JSON.stringify(cfg)], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, NODE_OPTIONS: '' },
  })
  let out = ''
  let err = ''
  child.stdout.on('data', (c: Buffer) => (out += String(c)))
  child.stderr.on('data', (c: Buffer) => (err += String(c)))
  return new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal, out, err })))
}

const samplesOf = async (oracle: string, p: Publisher): Promise<{ txid: string; data: string[] }[]> =>
  (
    (await dev.rpc.call('oraclessamples', [oracle, ccAddress(0xec, batonPubkey(p.priv)), '0'])) as {
      samples: { txid: string; data: string[] }[]
    }
  ).samples
const valueOf = (seq: number): string => String(seq * 1000 + 7)

beforeAll(async () => {
  dev = await startTestDevnet()
  dir = mkdtempSync(join(tmpdir(), 'publisher-crash-'))
}, 60_000)
afterAll(async () => {
  await dev.stop()
  rmSync(dir, { recursive: true, force: true })
})

describe('a publisher killed with SIGKILL and restarted on its journal', () => {
  test('killed after a journal write (signed, not sent), then after a broadcast (sent, journal not updated): 10 samples exactly once', async () => {
    const P = await fundedKey(dev, 'crash P')
    const O = await registeredOracle(dev, P, 'L', 'CRASH')
    await subscribe(dev, O, P, 20, 2)
    const cfg = {
      confPath: dev.confPath,
      oracletxid: O,
      key: bytesToHex(P.priv),
      journal: join(dir, 'a.json'),
      from: 0,
      to: 10,
    }
    const mempool0 = dev.chain.mempool.length
    const r1 = await runChild({ ...cfg, crash: 'journal:3' })
    expect(r1.signal, r1.err).toBe('SIGKILL')
    // samples 0 and 1 sent; 2 signed and journaled, never sent
    const j1 = JSON.parse(readFileSync(cfg.journal, 'utf8')) as {
      next: number
      entries: { state: string; txid: string }[]
    }
    expect(j1.next).toBe(3)
    expect(dev.chain.mempool.length - mempool0).toBe(2)
    expect(dev.chain.mempool).not.toContain(j1.entries[2]!.txid)
    const r2 = await runChild({ ...cfg, crash: 'broadcast:2' })
    expect(r2.signal, r2.err).toBe('SIGKILL')
    // on restart sample 2 went out (the same bytes), then 3 was sent and the process died before noting it
    expect(dev.chain.mempool).toContain(j1.entries[2]!.txid)
    const j2 = JSON.parse(readFileSync(cfg.journal, 'utf8')) as typeof j1
    expect(j2.next).toBe(4)
    expect(j2.entries[3]!.state).toBe('signed')
    expect(dev.chain.mempool).toContain(j2.entries[3]!.txid)
    expect(dev.chain.mempool.length - mempool0).toBe(4)
    const r3 = await runChild(cfg)
    expect(r3.code, r3.err).toBe(0)
    expect(dev.chain.mempool.length - mempool0).toBe(10)
    await dev.mine(1)
    const s = await samplesOf(O, P)
    expect(s.map((x) => x.data[0])).toEqual([...Array(10).keys()].reverse().map(valueOf))
    expect(new Set(s.map((x) => x.txid)).size).toBe(10)
  }, 120_000)

  test('200 samples in bursts, killed at seeded points several times, blocks mined between runs: each on chain once, in order', async () => {
    const P = await fundedKey(dev, 'crash random P')
    const O = await registeredOracle(dev, P, 'L', 'RANDOM')
    await subscribe(dev, O, P, 210, 7)
    const journal = join(dir, 'random.json')
    // the first six runs die at a point drawn from the seed (test/_util/seed.ts): right after the K-th journal write
    // or the K-th broadcast of that run, K in 1..30; each run has at least 40 samples it has not sent, so each kill
    // lands mid-run whatever the machine's speed (no timer)
    const rand = seededRandom('publisher crash points')
    const points = [...Array(6).keys()].map(
      () => `${rand() < 0.5 ? 'journal' : 'broadcast'}:${1 + Math.floor(rand() * 30)}`,
    )
    let kills = 0
    for (let run = 0; run < 12; run++) {
      const to = Math.min(200, 40 * (run + 1)) // bursts: each run replays from 0 and adds up to 40 more
      const crash = points[run]
      const r = await runChild({
        confPath: dev.confPath,
        oracletxid: O,
        key: bytesToHex(P.priv),
        journal,
        from: 0,
        to,
        ...(crash === undefined ? {} : { crash }),
      })
      if (crash !== undefined) {
        expect(r.signal, `run ${run} (${crash}): ${r.err}`).toBe('SIGKILL')
        kills++
      } else expect(r.code, r.err).toBe(0)
      if (run % 2 === 1) await dev.mine(1)
      if (to === 200 && r.code === 0) break
    }
    expect(kills).toBe(6)
    await dev.mine(1)
    const s = await samplesOf(O, P)
    expect(s.map((x) => x.data[0])).toEqual([...Array(200).keys()].reverse().map(valueOf))
    expect(new Set(s.map((x) => x.txid)).size).toBe(200)
  }, 300_000)
})
