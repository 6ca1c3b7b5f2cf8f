// The publisher at the speed of signing (issue 34): against a devnet in its own process (so that this process's CPU
// is the publisher's alone), over its HTTP JSON-RPC —
//   builder+sign alone (the limit), the publisher's steady state (samples/s, ms and chain-source calls per sample,
//   CPU ms per sample of this process), the same behind a delaying proxy (50 ms round trip), and 100 oracles (one
//   key each) publishing every 10 s from one process (a pool where the library has one): CPU of this process in %
//   of one core over the window.
// Uses only what the library exported before issue 34 (and the pool when present), so that the same file measures
// an older tree. Run with tsx; prints one JSON object. BENCH_SHORT: fewer samples and a shorter pool window.
import { spawn } from 'node:child_process'
import { createServer, connect, type Socket } from 'node:net'
import { fileURLToPath } from 'node:url'
import { bytesToHex, hexToBytes } from '../src/bytes/hex.js'
import { p2pkhAddress } from '../src/address/address.js'
import { batonKey } from '../src/cc/address.js'
import { sha256 } from '../src/hash/index.js'
import { keySigner } from '../src/tx/sign.js'
import { createKomodoRpc, type KomodoRpc } from '../src/rpc/client.js'
import { createRpcView } from '../src/rpc/view.js'
import { countingView } from '../src/cctx/counting-view.js'
import type { ChainView } from '../src/cctx/types.js'
import { StateReader, normalCoins, buildContextOf } from '../src/cctx/resolve.js'
import { buildOraclesData } from '../src/modules/oracles/build.js'
import { oraclesDataState } from '../src/modules/oracles/resolve-state.js'
import { encodeOracleData } from '../src/oracle-data/format.js'
import { createWallet, type WalletResult } from '../src/wallet/index.js'
import * as publisherKit from '../src/publisher/index.js'

const short = process.env.BENCH_SHORT !== undefined
const STEADY = short ? 120 : 400
const BLOCK_EVERY = 40
const PROXIED = short ? 15 : 40
const POOL = 100
const POOL_PERIOD_MS = 10_000
const POOL_WINDOW_MS = Number(process.env.BENCH_POOL_WINDOW_MS ?? (short ? 20_000 : 60_000))
/**
 * The pool's members reconcile with the chain every POOL_POLL_MS (BENCH_POOL_POLL_MS); unset, the library's default
 * (a lone publisher's 10 s; a pool member's 60 s since issue 34).
 */
const POOL_POLL_MS = process.env.BENCH_POOL_POLL_MS === undefined ? undefined : Number(process.env.BENCH_POOL_POLL_MS)
const round = (x: number, d = 2) => Number(x.toFixed(d))
const sample = (i: number): [number, string, string, bigint] => [
  1_700_000_000 + i,
  bytesToHex(sha256(new Uint8Array([i & 255, (i >> 8) & 255]))),
  '00'.repeat(32),
  BigInt(i),
]
const cpuMs = (): number => {
  const u = process.cpuUsage()
  return (u.user + u.system) / 1000
}

// ---- the devnet, in its own process ----
const child = spawn(
  process.execPath,
  ['--import', 'tsx', fileURLToPath(new URL('./_devnet-child.ts', import.meta.url))],
  {
    stdio: ['pipe', 'pipe', 'inherit'],
  },
)
const info = await new Promise<{
  url: string
  user: string
  password: string
  privateKey: string
  pubkey: string
  secp256k1?: string
}>((resolve, reject) => {
  let out = ''
  child.stdout!.on('data', (c: Buffer) => {
    out += String(c)
    const nl = out.indexOf('\n')
    if (nl >= 0) resolve(JSON.parse(out.slice(0, nl)))
  })
  child.once('exit', (code) => reject(new Error(`the devnet exited (${code})`)))
})
// the client the Node root exports (its own keep-alive HTTP/1.1 client on node:net since issue 34), else the fetch one
const nodeClient = (await import('../src/rpc/node-client.js' as string).catch(() => undefined)) as
  { createKomodoRpc: typeof createKomodoRpc } | undefined
const makeRpc = nodeClient?.createKomodoRpc ?? createKomodoRpc
const rpcAt = (url: string): KomodoRpc => makeRpc({ url, user: info.user, password: info.password })
const rpc = rpcAt(info.url)
const view = createRpcView(rpc)
const mine = (n = 1) => rpc.call('generate', [n])

// ---- oracles ----
let keyN = 0
type Oracle = { priv: Uint8Array; pub: string; oracle: string }
/** `n` fresh keys, each funded, with an IhhL oracle it registered (datafee 10000) and subscriptions for `samples`. */
async function oraclesFor(n: number, samples: number): Promise<Oracle[]> {
  const keys = Array.from({ length: n }, () => sha256(new TextEncoder().encode(`bench steady ${keyN++}`)))
  const pubs = keys.map((k) => bytesToHex(keySigner(k).publicKey))
  for (const pub of pubs) for (let i = 0; i < 2; i++) await rpc.call('sendtoaddress', [p2pkhAddress(pub), '5'])
  await mine()
  const wallets = keys.map((k) => createWallet({ privateKey: k, view }))
  const ids: string[] = []
  for (const [i, w] of wallets.entries())
    ids.push(((await w.oraclescreate(`S${keyN}_${i}`, 'bench', 'IhhL')) as WalletResult).txid)
  await mine()
  for (const [i, w] of wallets.entries()) await w.oraclesfund(ids[i]!)
  await mine()
  for (const [i, w] of wallets.entries()) await w.oraclesregister(ids[i]!, 10000n)
  await mine()
  for (const [i, id] of ids.entries()) {
    const r = (await rpc.call('oraclessubscribe', [id, pubs[i]!, (((samples + 2) * 10000) / 1e8).toFixed(8)])) as {
      hex: string
    }
    await rpc.sendrawtransaction(r.hex)
  }
  await mine()
  return keys.map((priv, i) => ({ priv, pub: pubs[i]!, oracle: ids[i]! }))
}

/** builder+sign alone (noble): the same resolved state built and signed `n` times. */
async function builderLimit(
  o: Oracle,
): Promise<{ samplesPerSec: number; msPerSample: number; cpuMsPerSample: number }> {
  const signer = keySigner(o.priv)
  const batonSigner = keySigner(batonKey(o.priv))
  const reader = new StateReader(view)
  const [state, utxos, height] = await Promise.all([
    oraclesDataState(reader, o.oracle, signer.publicKey, batonSigner.publicKey, { mempool: true }),
    normalCoins(reader, signer.publicKey),
    reader.height(),
  ])
  const ctx = buildContextOf({ view, pubkey: signer.publicKey, signer, batonSigner }, utxos, height)
  const n = short ? 300 : 1000
  const cpu0 = cpuMs()
  const t0 = performance.now()
  for (let i = 0; i < n; i++)
    buildOraclesData({ oracletxid: o.oracle, hexstr: encodeOracleData('IhhL', sample(i)) }, ctx, state)
  const ms = performance.now() - t0
  const cpu = cpuMs() - cpu0
  return { samplesPerSec: round((n / ms) * 1000, 1), msPerSample: round(ms / n), cpuMsPerSample: round(cpu / n) }
}

/** `count` samples one after another from a started publisher over `v`, a block every BLOCK_EVERY (timed). */
async function steady(o: Oracle, v: ChainView, count: number) {
  // the time spent waiting for broadcasts (the link and the node), apart from the publisher's own
  let broadcastMs = 0
  const timed: ChainView = {
    ...v,
    broadcast: async (hex) => {
      const t = performance.now()
      try {
        return await v.broadcast(hex)
      } finally {
        broadcastMs += performance.now() - t
      }
    },
  }
  const c = countingView(timed)
  const pub = await publisherKit.createOraclePublisher({
    oracletxid: o.oracle,
    privateKey: o.priv,
    view: c.view,
    journal: publisherKit.memoryJournalStorage(),
    // the default poll (a reconcile every 10 s; compaction of the journal as samples confirm)
  })
  for (let i = 0; i < 3; i++) await pub.publish(sample(i)) // warm-up
  c.reset()
  broadcastMs = 0
  const cpu0 = cpuMs()
  const t0 = performance.now()
  for (let i = 0; i < count; i++) {
    await pub.publish(sample(100 + i))
    if ((i + 1) % BLOCK_EVERY === 0) await mine()
  }
  const ms = performance.now() - t0
  const cpu = cpuMs() - cpu0
  const calls = c.total()
  const counts = Object.fromEntries(Object.entries(c.counts).filter(([, n]) => n > 0))
  await pub.close()
  await mine()
  return {
    samples: count,
    samplesPerSec: round((count / ms) * 1000, 1),
    msPerSample: round(ms / count),
    broadcastMsPerSample: round(broadcastMs / count),
    cpuMsPerSample: round(cpu / count),
    callsPerSample: round(calls / count),
    calls: counts,
  }
}

/** A TCP proxy to the devnet that holds every chunk `oneWayMs` in each direction (a round trip of 2 × oneWayMs). */
async function delayingProxy(target: string, oneWayMs: number): Promise<{ url: string; close: () => void }> {
  const t = new URL(target)
  const sockets = new Set<Socket>()
  const server = createServer((a) => {
    const b = connect(Number(t.port), t.hostname)
    sockets.add(a).add(b)
    const pipe = (from: Socket, to: Socket) =>
      from.on('data', (d) => setTimeout(() => to.writable && to.write(d), oneWayMs))
    pipe(a, b)
    pipe(b, a)
    const end = () => {
      a.destroy()
      b.destroy()
    }
    a.on('close', end).on('error', end)
    b.on('close', end).on('error', end)
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  const port = (server.address() as { port: number }).port
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => {
      for (const s of sockets) s.destroy()
      server.close()
    },
  }
}

/** POOL oracles publishing every POOL_PERIOD_MS (staggered) for POOL_WINDOW_MS: this process's CPU, % of one core. */
async function pool(os: Oracle[]) {
  const c = countingView(view)
  const make = (publisherKit as Record<string, unknown>).createPublisherPool as
    | ((o: unknown) => Promise<{ publish: (id: string, s: unknown) => Promise<unknown>; close: () => Promise<void> }>)
    | undefined
  const members = os.map((o) => ({
    oracletxid: o.oracle,
    privateKey: o.priv,
    journal: publisherKit.memoryJournalStorage(),
    ...(POOL_POLL_MS === undefined ? {} : { pollMs: POOL_POLL_MS }),
  }))
  let publish: (id: string, s: unknown) => Promise<unknown>
  let close: () => Promise<void>
  if (make !== undefined) {
    const p = await make({ view: c.view, members })
    publish = p.publish
    close = p.close
  } else {
    const pubs = new Map<string, Awaited<ReturnType<typeof publisherKit.createOraclePublisher>>>()
    for (const m of members) pubs.set(m.oracletxid, await publisherKit.createOraclePublisher({ ...m, view: c.view }))
    publish = (id, s) => pubs.get(id)!.publish(s as never)
    close = async () => void (await Promise.all([...pubs.values()].map((p) => p.close())))
  }
  c.reset()
  let sent = 0
  let failed = 0
  const errors = new Set<string>()
  const inFlight = new Set<Promise<unknown>>()
  const timers: ReturnType<typeof setInterval>[] = []
  const cpu0 = cpuMs()
  const t0 = performance.now()
  os.forEach((o, i) => {
    let n = 0
    const tick = () =>
      inFlight.add(
        publish(o.oracle, sample(1000 + n++)).then(
          () => sent++,
          (e: unknown) => {
            failed++
            errors.add(String((e as { code?: unknown })?.code ?? e))
          },
        ),
      )
    timers.push(
      setTimeout(
        () => {
          tick()
          timers.push(setInterval(tick, POOL_PERIOD_MS))
        },
        Math.floor((i * POOL_PERIOD_MS) / os.length),
      ) as unknown as ReturnType<typeof setInterval>,
    )
  })
  const blocks = setInterval(() => void mine(), POOL_PERIOD_MS)
  await new Promise((r) => setTimeout(r, POOL_WINDOW_MS))
  for (const t of timers) clearInterval(t)
  clearInterval(blocks)
  const ms = performance.now() - t0
  const cpu = cpuMs() - cpu0
  const calls = c.total()
  await Promise.all(inFlight) // the samples already asked for, then close
  await close()
  return {
    oracles: os.length,
    periodMs: POOL_PERIOD_MS,
    pollMs: POOL_POLL_MS ?? 'default',
    windowMs: POOL_WINDOW_MS,
    pooled: make !== undefined,
    samplesSent: sent,
    failed,
    errors: [...errors],
    cpuPercentOfOneCore: round((cpu / ms) * 100),
    callsPerSample: sent === 0 ? null : round(calls / sent),
  }
}

// which secp256k1 the devnet's mempool checks signatures with (bench/_devnet-child.ts; absent before issue 34's third pass)
const out: Record<string, unknown> = { short, devnetSecp256k1: info.secp256k1 ?? '@noble/secp256k1' }
try {
  const [a, b, p] = await oraclesFor(3, STEADY + 200)
  out.builderSign = await builderLimit(a!)
  out.steadyJsonRpc = await steady(a!, view, STEADY)
  const proxy = await delayingProxy(info.url, 25)
  try {
    out.steadyBehind50msRtt = await steady(b!, createRpcView(rpcAt(proxy.url)), PROXIED)
  } finally {
    proxy.close()
  }
  const st = out.steadyJsonRpc as { samplesPerSec: number; cpuMsPerSample: number }
  const bs = out.builderSign as { samplesPerSec: number; cpuMsPerSample: number }
  // the publisher's rate over build+sign's: by wall time (the broadcast's round trip included), and by this process's
  // CPU per sample (the rate one core could sustain with broadcasts overlapped, what the machine's load leaves alone)
  out.shareOfBuildSign = round(st.samplesPerSec / bs.samplesPerSec)
  out.cpuShareOfBuildSign = round(bs.cpuMsPerSample / st.cpuMsPerSample)
  void p
  const many = await oraclesFor(POOL, Math.ceil(POOL_WINDOW_MS / POOL_PERIOD_MS) + 5)
  out.pool = await pool(many)
} finally {
  child.stdin!.end()
}
process.stdout.write(JSON.stringify(out) + '\n')
process.exit(0)
