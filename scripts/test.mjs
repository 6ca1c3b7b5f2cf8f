#!/usr/bin/env node
// Runs the whole vitest suite, then prints one plain summary line ("tests: N passed, N failed, N skipped") that
// CI systems can read, and exits with vitest's status.
import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync, rmSync } from 'node:fs'
import { join, dirname } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const out = join(root, 'node_modules', '.vitest-results.json')
rmSync(out, { force: true })
const vitest = join(root, 'node_modules', 'vitest', 'vitest.mjs')
const res = spawnSync(
  process.execPath,
  [vitest, 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${out}`, ...process.argv.slice(2)],
  { cwd: root, stdio: 'inherit' },
)
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
