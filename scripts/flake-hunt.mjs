#!/usr/bin/env node
// Runs the devnet-backed test files (scripts/test-groups.mjs chain, or the files named) under N seeds, one vitest run
// per seed with KOMODO_CC_SEED set (test/_util/seed.ts: every fixed test key, hence every txid and order, changes
// with it), and lists every failing seed with its failing tests. A test that fails under some seed passes by luck
// under the default one: fix it at its cause, then replay the seed with
//   KOMODO_CC_SEED=<seed> npx vitest run <file>
//
//   node scripts/flake-hunt.mjs [--seeds 20] [--from 1] [--workers 1] [files…]
// Exits 1 when a seed failed. Budget: each seed is one run of the chosen files (the whole chain group is several
// CPU-minutes on a 2-core machine); name fewer files or fewer workers on a shared machine.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { testGroup } from './test-groups.mjs'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const args = process.argv.slice(2)
const opt = (name, fallback, min = 1) => {
  const i = args.indexOf(name)
  if (i < 0) return fallback
  const v = Number(args[i + 1])
  args.splice(i, 2)
  if (!Number.isInteger(v) || v < min) {
    console.error(`${name} takes an integer ≥ ${min}`)
    process.exit(2)
  }
  return v
}
const seeds = opt('--seeds', 20)
const from = opt('--from', 1, 0)
const workers = opt('--workers', 1)
const files = args.length > 0 ? args : testGroup('chain')
const vitest = join(root, 'node_modules', 'vitest', 'vitest.mjs')
const dir = mkdtempSync(join(tmpdir(), 'flake-hunt-'))

const failing = []
try {
  for (let seed = from; seed < from + seeds; seed++) {
    const out = join(dir, `seed-${seed}.json`)
    const started = Date.now()
    const res = spawnSync(
      process.execPath,
      [
        vitest,
        'run',
        `--maxWorkers=${workers}`,
        '--reporter=dot',
        '--reporter=json',
        `--outputFile.json=${out}`,
        ...files,
      ],
      { cwd: root, env: { ...process.env, KOMODO_CC_SEED: String(seed) }, stdio: ['ignore', 'ignore', 'pipe'] },
    )
    const seconds = ((Date.now() - started) / 1000).toFixed(0)
    let failed = []
    if (existsSync(out)) {
      const r = JSON.parse(readFileSync(out, 'utf8'))
      for (const f of r.testResults ?? []) {
        for (const t of f.assertionResults ?? [])
          if (t.status === 'failed')
            failed.push(
              `${f.name.replace(root + '/', '')} › ${t.fullName}\n    ${String(t.failureMessages?.[0] ?? '').split('\n')[0]}`,
            )
        if (f.status === 'failed' && !(f.assertionResults ?? []).some((t) => t.status === 'failed'))
          failed.push(`${f.name.replace(root + '/', '')} (${f.message || 'the file failed'})`)
      }
    }
    if (res.status !== 0 && failed.length === 0)
      failed.push(`vitest exited ${res.status}: ${String(res.stderr).slice(-500)}`)
    console.log(`seed ${seed}: ${failed.length === 0 ? 'pass' : `${failed.length} failed`} (${seconds} s)`)
    for (const f of failed) console.log(`  ${f}`)
    if (failed.length > 0) failing.push({ seed, failed })
  }
} finally {
  rmSync(dir, { recursive: true, force: true })
}
console.log(
  `\n${seeds} seed(s) from ${from}, ${files.length} file(s): ${failing.length === 0 ? 'no failure' : `failing seeds: ${failing.map((f) => f.seed).join(', ')}`}`,
)
process.exit(failing.length === 0 ? 0 : 1)
