#!/usr/bin/env node
// Runs the whole vitest suite (or, with `--group unit|chain`, one group of scripts/test-groups.mjs), then prints one
// plain summary line ("tests: N passed, N failed, N skipped") that CI systems can read, and exits with vitest's status.
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { join, dirname } from 'node:path'
import { fileURLToPath } from 'node:url'
import { testGroup } from './test-groups.mjs'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const out = join(root, 'node_modules', '.vitest-results.json')
const judged = join(root, 'node_modules', '.komodod-judge')
rmSync(out, { force: true })
rmSync(judged, { recursive: true, force: true })
const vitest = join(root, 'node_modules', 'vitest', 'vitest.mjs')
const args = process.argv.slice(2)
const g = args.indexOf('--group')
if (g >= 0) {
  const group = args[g + 1]
  if (group !== 'unit' && group !== 'chain') {
    console.error('--group takes unit or chain')
    process.exit(2)
  }
  args.splice(g, 2, ...testGroup(group))
}
const res = spawnSync(
  process.execPath,
  [vitest, 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${out}`, ...args],
  { cwd: root, stdio: 'inherit' },
)
// what komodod's own validators judged (test/_util/komodod-judge.ts writes one file per test file)
if (existsSync(judged)) {
  const stats = readdirSync(judged).map((f) => JSON.parse(readFileSync(join(judged, f), 'utf8')))
  const sum = (k) => stats.reduce((s, x) => s + (x[k] ?? 0), 0)
  console.log(
    `\nkomodod judged ${sum('txs')} devnet transaction(s) from ${sum('chains')} chain(s) in ${stats.length} test file(s): ` +
      `${sum('failures')} refused, ${sum('policy')} valid but over a default node's relay policy, ${sum('exempt')} chain(s) exempt`,
  )
} else if (!existsSync(join(root, '.ccoracle', 'ccoracle')) && process.env.KOMODO_CC_CCORACLE === undefined) {
  console.log(
    '\n*** komodod oracle not built: no devnet transaction was judged by komodod (tools/komodod-oracle/build) ***',
  )
}
if (existsSync(out)) {
  const r = JSON.parse(readFileSync(out, 'utf8'))
  const skipped = (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0)
  console.log(`\ntests: ${r.numPassedTests} passed, ${r.numFailedTests} failed, ${skipped} skipped`)
  if (r.numTotalTests === 0) {
    console.error('no test ran')
    process.exit(1)
  }
}
process.exit(res.status ?? 1)
