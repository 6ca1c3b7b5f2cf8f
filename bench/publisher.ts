// The oracle publisher's sustained rate (issue 20): samples per second into the devnet's mempool for a format `IhhL`
// sample, over the devnet's HTTP JSON-RPC and its Electrum server, with the noble and the tiny-secp256k1 backends,
// with a file journal (atomic write + fsync per sample) and an in-memory one; against the limit of the builder+sign
// alone (the same state, no chain reads, no broadcast). Samples go out in bursts of BURST chained through the
// mempool, a block mined between bursts (included in the time). The journal's added latency per sample: the median
// of one atomic fsync-ed write of a journal of BURST unconfirmed samples (journalWriteMedianMs).
// Run with tsx; prints one JSON object: { samples, burst, rows: [...] }. BENCH_SHORT: fewer samples (~15 s).
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import * as tiny from 'tiny-secp256k1'
import { bytesToHex } from '../src/bytes/hex.js'
import { p2pkhAddress } from '../src/address/address.js'
import { batonKey } from '../src/cc/address.js'
import { sha256 } from '../src/hash/index.js'
import { keySigner, nobleSecp256k1, tinySecp256k1Backend, type Secp256k1Backend } from '../src/tx/sign.js'
import { createKomodoRpc } from '../src/rpc/client.js'
import { createRpcView } from '../src/rpc/view.js'
import { createElectrumView } from '../src/electrum/view.js'
import type { ChainView } from '../src/cctx/types.js'
import { StateReader, normalCoins, buildContextOf } from '../src/cctx/resolve.js'
import { buildOraclesData } from '../src/modules/oracles/build.js'
import { oraclesDataState } from '../src/modules/oracles/resolve-state.js'
import { encodeOracleData } from '../src/oracle-data/format.js'
import { createWallet, type WalletResult } from '../src/wallet/index.js'
import { startDevnet, type Devnet } from '../src/devnet/server.js'
import { createOraclePublisher, memoryJournalStorage } from '../src/publisher/index.js'
import { fileJournal } from '../src/publisher/file-journal.js'

const short = process.env.BENCH_SHORT !== undefined
const SAMPLES = short ? 40 : 300
const BURST = 20
const round = (x: number, d = 1) => Number(x.toFixed(d))
const sample = (i: number) => [
  1_700_000_000 + i,
  bytesToHex(sha256(new Uint8Array([i & 255, i >> 8]))),
  '00'.repeat(32),
  BigInt(i),
]
const TINY = tinySecp256k1Backend(tiny)

const dev: Devnet = await startDevnet({ electrum: true })
const dir = mkdtempSync(join(tmpdir(), 'bench-publisher-'))
let keyN = 0

/** A fresh funded publisher with an IhhL oracle and subscriptions paying for `n` samples. */
async function oracleFor(n: number): Promise<{ priv: Uint8Array; oracle: string }> {
  const priv = sha256(new TextEncoder().encode(`bench publisher ${keyN++}`))
  const pub = bytesToHex(keySigner(priv).publicKey)
  for (let i = 0; i < 4; i++) await dev.rpc.call('sendtoaddress', [p2pkhAddress(pub), '10'])
  await dev.mine(1)
  const w = createWallet({ privateKey: priv, view: dev.view })
  const c = (await w.oraclescreate(`B${keyN}`, 'bench', 'IhhL')) as WalletResult
  await dev.mine(1)
  await w.oraclesfund(c.txid)
  await dev.mine(1)
  await w.oraclesregister(c.txid, 10000n)
  await dev.mine(1)
  const r = (await dev.rpc.call('oraclessubscribe', [c.txid, pub, (((n + 2) * 10000) / 1e8).toFixed(8)])) as {
    hex: string
  }
  await dev.rpc.sendrawtransaction(r.hex)
  await dev.mine(1)
  return { priv, oracle: c.txid }
}

async function run(source: 'json-rpc' | 'electrum', backend: 'noble' | 'tiny', journal: 'file' | 'memory') {
  const { priv, oracle } = await oracleFor(SAMPLES)
  const view: ChainView & { close?: () => void } =
    source === 'electrum'
      ? createElectrumView({ url: dev.electrum!.url })
      : createRpcView(createKomodoRpc({ url: dev.url, user: dev.user, password: dev.password }))
  const b: Secp256k1Backend = backend === 'tiny' ? TINY : nobleSecp256k1
  const pub = await createOraclePublisher({
    oracletxid: oracle,
    signer: keySigner(priv, b),
    batonSigner: keySigner(batonKey(priv), b),
    view,
    journal: journal === 'file' ? fileJournal(join(dir, `${keyN}.json`)) : memoryJournalStorage(),
    pollMs: 0,
  })
  const t0 = performance.now()
  for (let i = 0; i < SAMPLES; i += BURST) {
    await Promise.all(Array.from({ length: Math.min(BURST, SAMPLES - i) }, (_, k) => pub.publish(sample(i + k))))
    await dev.mine(1)
  }
  const ms = performance.now() - t0
  await pub.close()
  view.close?.()
  return { source, backend, journal, samplesPerSec: round((SAMPLES / ms) * 1000), msPerSample: round(ms / SAMPLES, 2) }
}

/** builder+sign alone: the same resolved state built and signed `n` times. */
async function builderLimit(backend: 'noble' | 'tiny') {
  const { priv, oracle } = await oracleFor(1)
  const b = backend === 'tiny' ? TINY : nobleSecp256k1
  const signer = keySigner(priv, b)
  const batonSigner = keySigner(batonKey(priv), b)
  const reader = new StateReader(dev.view)
  const [state, utxos, height] = await Promise.all([
    oraclesDataState(reader, oracle, signer.publicKey, batonSigner.publicKey, { mempool: true }),
    normalCoins(reader, signer.publicKey),
    reader.height(),
  ])
  const ctx = buildContextOf({ view: dev.view, pubkey: signer.publicKey, signer, batonSigner }, utxos, height)
  const n = short ? 200 : 1000
  const t0 = performance.now()
  for (let i = 0; i < n; i++)
    buildOraclesData({ oracletxid: oracle, hexstr: encodeOracleData('IhhL', sample(i)) }, ctx, state)
  const ms = performance.now() - t0
  return {
    source: 'none (builder+sign only)',
    backend,
    journal: 'none',
    samplesPerSec: round((n / ms) * 1000),
    msPerSample: round(ms / n, 2),
  }
}

/** The journal's own cost: one atomic, fsync-ed write of a journal holding BURST unconfirmed IhhL samples. */
function journalWriteMs(): number {
  const j = fileJournal(join(dir, 'latency.json'))
  const entry = (seq: number) => ({
    seq,
    hash: 'ab'.repeat(32),
    txid: 'cd'.repeat(32),
    hex: 'ef'.repeat(700),
    state: 'sent',
  })
  const text = JSON.stringify({ version: 1, entries: Array.from({ length: BURST }, (_, i) => entry(i)) })
  const n = short ? 50 : 200
  const times: number[] = []
  for (let i = 0; i < n; i++) {
    const t0 = performance.now()
    j.write(text)
    times.push(performance.now() - t0)
  }
  times.sort((a, b) => a - b)
  return round(times[Math.floor(n / 2)]!, 2)
}

const rows = []
let journalMs = 0
try {
  journalMs = journalWriteMs()
  await run('json-rpc', 'noble', 'memory') // warm-up, not reported
  rows.push(await builderLimit('noble'), await builderLimit('tiny'))
  rows.push(
    await run('json-rpc', 'noble', 'memory'),
    await run('json-rpc', 'noble', 'file'),
    await run('json-rpc', 'tiny', 'file'),
  )
  rows.push(await run('electrum', 'noble', 'file'))
  if (!short) rows.push(await run('electrum', 'tiny', 'file'))
} finally {
  await dev.stop()
  rmSync(dir, { recursive: true, force: true })
}
console.log(
  JSON.stringify({
    samples: SAMPLES,
    burst: BURST,
    journalWriteMedianMs: journalMs,
    rows,
  }),
)
