#!/usr/bin/env node
// Runs every benchmark under bench/ with vitest, then writes bench/results.json and prints the Speed table.
//   node bench/run.mjs           full run (README figures)
//   node bench/run.mjs --short   short run for CI (BENCH_SHORT=1)
// Rows: one per describe() group and peer: { name, opsPerSec, vs: { name, opsPerSec, ratio } | null }.
// With bench/baseline.json present, a row whose ratio against its peer fell below half the baseline's ratio fails the
// run (ratios, not ops/s, because CI machines differ in speed and load; 2× because 2-core runners are noisy).
import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const BATCH = 20 // must equal BATCH in bench/_opts.ts
const OURS = 'komodo-cc'
const here = dirname(fileURLToPath(import.meta.url))
const root = join(here, '..')
const short = process.argv.includes('--short')
const files = process.argv.slice(2).filter((a) => !a.startsWith('--'))
const outJson = join(here, 'out.json')

const env = { ...process.env, ...(short ? { BENCH_SHORT: '1' } : {}) }
const vitest = join(root, 'node_modules', 'vitest', 'vitest.mjs')
const res = spawnSync(process.execPath, [vitest, 'bench', '--run', '--outputJson', outJson, ...files], { cwd: root, env, stdio: ['ignore', 'ignore', 'inherit'] })
if (res.status !== 0) {
  console.error(`vitest bench failed with status ${res.status}`)
  process.exit(res.status ?? 1)
}

const report = JSON.parse(readFileSync(outJson, 'utf8'))
const rows = []
for (const file of report.files) {
  for (const group of file.groups) {
    const name = group.fullName.split(' > ').slice(1).join(' > ')
    const ours = group.benchmarks.find((b) => b.name === OURS)
    if (!ours) continue
    const opsPerSec = Math.round(ours.hz * BATCH)
    const peers = group.benchmarks.filter((b) => b.name !== OURS)
    if (peers.length === 0) rows.push({ name, opsPerSec, vs: null })
    for (const p of peers) {
      const peerOps = Math.round(p.hz * BATCH)
      rows.push({ name, opsPerSec, vs: { name: p.name, opsPerSec: peerOps, ratio: Number((opsPerSec / peerOps).toFixed(2)) } })
    }
  }
}
writeFileSync(join(here, 'results.json'), JSON.stringify({ short, date: new Date().toISOString(), node: process.version, rows }, null, 2) + '\n')

const fmt = (n) => n.toLocaleString('en-US')
console.log('| operation | komodo-cc ops/s | peer | peer ops/s | ratio |')
console.log('|---|---:|---|---:|---:|')
for (const r of rows) console.log(`| ${r.name} | ${fmt(r.opsPerSec)} | ${r.vs ? r.vs.name : '—'} | ${r.vs ? fmt(r.vs.opsPerSec) : '—'} | ${r.vs ? `${r.vs.ratio}×` : '—'} |`)

const baselinePath = join(here, 'baseline.json')
if (existsSync(baselinePath)) {
  const baseline = JSON.parse(readFileSync(baselinePath, 'utf8'))
  const key = (r) => `${r.name} :: ${r.vs ? r.vs.name : ''}`
  const base = new Map(baseline.rows.map((r) => [key(r), r]))
  const regressions = []
  for (const r of rows) {
    const b = base.get(key(r))
    // rows whose baseline ratio is tiny (e.g. against native hashing) are dominated by noise: not gated
    if (b && b.vs && r.vs && b.vs.ratio >= 0.1 && r.vs.ratio < b.vs.ratio / 2) regressions.push(`${key(r)}: ratio ${r.vs.ratio}× vs baseline ${b.vs.ratio}×`)
  }
  if (regressions.length > 0) {
    console.error(`\nGross regressions (ratio below half the baseline's):\n  ${regressions.join('\n  ')}`)
    process.exit(1)
  }
  console.log(`\nNo gross regression against bench/baseline.json (${rows.length} rows compared by name).`)
}
