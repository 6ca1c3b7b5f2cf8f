#!/usr/bin/env node
// Writes the full Speed tables of docs/perf.md (the README keeps a six-row headline table) (between <!-- speed-table --> and <!-- share-table --> markers) from
// bench/results.json.
import { readFileSync, writeFileSync } from 'node:fs'
import { join, dirname } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const results = JSON.parse(readFileSync(join(root, 'bench', 'results.json'), 'utf8'))
const fmt = (n) => n.toLocaleString('en-US')
const lines = [
  `Measured ${results.date.slice(0, 10)} with \`npm run bench\`${results.short ? ' (short run)' : ''}, Node ${results.node}, 2 cores.`,
  '',
  '| operation | komodo-cc ops/s | peer | peer ops/s | ratio |',
  '|---|---:|---|---:|---:|',
  ...results.rows.map(
    (r) =>
      `| ${r.name} | ${fmt(r.opsPerSec)} | ${r.vs ? r.vs.name : '—'} | ${r.vs ? fmt(r.vs.opsPerSec) : '—'} | ${r.vs ? `${r.vs.ratio}×` : '—'} |`,
  ),
]
if (!results.shares)
  throw new Error('bench/results.json has no shares: run the whole `npm run bench`, not chosen files')
const shareLines = [
  `Measured in the same run (bench/share.ts: ${results.shares.rounds} rounds of ${results.shares.roundMs} ms per line, medians).`,
  '',
  '| builder | backend | BLAKE2b | builds/s | µs per build | µs in sign() | µs outside sign() | non-signing share |',
  '|---|---|---|---:|---:|---:|---:|---:|',
  ...results.shares.rows.map(
    (r) =>
      `| ${r.builder} | ${r.backend} | ${r.blake2b} | ${fmt(r.buildsPerSec)} | ${r.perBuildUs} | ${r.signUs ?? '—'} | ${r.outsideUs} | ${r.share === null ? '—' : `${r.share}%`} |`,
  ),
]
/** Replaces the text between `<!-- name -->` and `<!-- /name -->`. */
function between(text, name, body) {
  const start = text.indexOf(`<!-- ${name} -->`)
  const end = text.indexOf(`<!-- /${name} -->`)
  if (start < 0 || end < start) throw new Error(`docs/perf.md has no <!-- ${name} --> … <!-- /${name} --> markers`)
  return text.slice(0, start) + `<!-- ${name} -->\n` + body.join('\n') + '\n' + text.slice(end)
}
const perfPath = join(root, 'docs', 'perf.md')
const perf = readFileSync(perfPath, 'utf8')
writeFileSync(perfPath, between(between(perf, 'speed-table', lines), 'share-table', shareLines))
console.log(`docs/perf.md Speed tables: ${results.rows.length} rows, ${results.shares.rows.length} share lines`)
