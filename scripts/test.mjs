#!/usr/bin/env node
// Runs the whole vitest suite (or, with `--group unit|chain`, one group of scripts/test-groups.mjs), then prints one
// plain summary line ("tests: N passed, N failed, N skipped") that CI systems can read, and exits with vitest's status.
// With `--checks` (npm test) the typecheck, the format check and the API docs check run beside vitest, each in its
// own process at a lower priority (they fill the time vitest's workers spend waiting), their output printed when they
// end; the exit status is non-zero if any of them or vitest failed.
import { spawn } from 'node:child_process'
import { setPriority } from 'node:os'
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
const c = args.indexOf('--checks')
if (c >= 0) args.splice(c, 1)
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm'
// typedoc's own type errors are the typecheck's (the same tsconfig): --skipErrorChecking halves its time
const CHECKS = [
  ['typecheck', ['run', '-s', 'typecheck']],
  ['format', ['run', '-s', 'format:check']],
  ['docs', ['run', '-s', 'docs:check', '--', '--skipErrorChecking']],
]
const started = Date.now()
const secs = () => ((Date.now() - started) / 1000).toFixed(0)
/** Runs a command, its output kept; resolves with its exit status once it has ended and been reported. */
function check(name, argv) {
  return new Promise((done) => {
    const child = spawn(npm, argv, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] })
    try {
      setPriority(child.pid, 10)
    } catch {
      // not allowed here: it runs at vitest's priority
    }
    let out = ''
    child.stdout.on('data', (d) => (out += d))
    child.stderr.on('data', (d) => (out += d))
    child.on('error', (e) => ((out += String(e)), done(1)))
    child.on('close', (code) => {
      const ok = code === 0
      process.stdout.write(`\n[${name}] ${ok ? 'passed' : `FAILED (exit ${code})`} at ${secs()} s\n${ok ? '' : out}`)
      done(ok ? 0 : 1)
    })
  })
}
const checks = c >= 0 ? CHECKS.map(([name, argv]) => check(name, argv)) : []
const g = args.indexOf('--group')
if (g >= 0) {
  const group = args[g + 1]
  if (group !== 'unit' && group !== 'chain') {
    console.error('--group takes unit or chain')
    process.exit(2)
  }
  args.splice(g, 2, ...testGroup(group))
}
const status = await new Promise((done) => {
  const child = spawn(
    process.execPath,
    [vitest, 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${out}`, ...args],
    { cwd: root, stdio: 'inherit' },
  )
  child.on('error', () => done(1))
  child.on('close', (code) => done(code ?? 1))
})
const failedChecks = (await Promise.all(checks)).filter((s) => s !== 0).length
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
if (c >= 0) console.log(`${CHECKS.length - failedChecks} of ${CHECKS.length} checks passed; ${secs()} s in all`)
process.exit(status !== 0 ? status : failedChecks > 0 ? 1 : 0)
