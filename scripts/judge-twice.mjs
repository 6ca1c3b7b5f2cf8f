#!/usr/bin/env node
// Runs test files twice (the chain group of scripts/test-groups.mjs, or the files named) and compares what the komodod
// judge counted per file (test/_util/komodod-judge.ts: chains and transactions). A file whose count differs between
// two runs does work that follows the clock (a loop until a deadline, a miner on a timer) instead of a fixed amount:
// its chains are not the same twice, and neither is what komodod judges. Exits 1 when a count differs or a run fails.
//
//   node scripts/judge-twice.mjs [files…]
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { testGroup } from './test-groups.mjs'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const judged = join(root, 'node_modules', '.komodod-judge')
const files = process.argv.length > 2 ? process.argv.slice(2) : testGroup('chain')

/** One run of the files through scripts/test.mjs; the judge's counts per file. */
function run(n) {
  const res = spawnSync(process.execPath, [join(root, 'scripts', 'test.mjs'), ...files], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  if (res.status !== 0) {
    console.error(`run ${n}: the tests failed (exit ${res.status}); run them alone to see why`)
    process.exit(1)
  }
  const counts = new Map()
  if (existsSync(judged))
    for (const f of readdirSync(judged).filter((f) => f.endsWith('.json'))) {
      const s = JSON.parse(readFileSync(join(judged, f), 'utf8'))
      counts.set(relative(root, s.file), { chains: s.chains, txs: s.txs })
    }
  return counts
}

const a = run(1)
const b = run(2)
const differ = []
for (const file of new Set([...a.keys(), ...b.keys()])) {
  const x = a.get(file)
  const y = b.get(file)
  if (x?.chains !== y?.chains || x?.txs !== y?.txs)
    differ.push(`${file}: ${x?.txs ?? 0} tx in ${x?.chains ?? 0} chain(s), then ${y?.txs ?? 0} in ${y?.chains ?? 0}`)
}
const total = (m) => [...m.values()].reduce((s, x) => s + x.txs, 0)
console.log(`komodod judged ${total(a)} then ${total(b)} transaction(s) in ${a.size} file(s)`)
if (differ.length > 0) {
  console.log(`the work of ${differ.length} file(s) follows the clock:\n  ${differ.join('\n  ')}`)
  process.exit(1)
}
console.log('the same counts in every file')
