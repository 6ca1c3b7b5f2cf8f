#!/usr/bin/env node
// Writes the Speed table of README.md (between <!-- speed-table --> markers) from bench/results.json.
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
  ...results.rows.map((r) => `| ${r.name} | ${fmt(r.opsPerSec)} | ${r.vs ? r.vs.name : '—'} | ${r.vs ? fmt(r.vs.opsPerSec) : '—'} | ${r.vs ? `${r.vs.ratio}×` : '—'} |`),
]
const readme = readFileSync(join(root, 'README.md'), 'utf8')
const start = readme.indexOf('<!-- speed-table -->')
const end = readme.indexOf('<!-- /speed-table -->')
if (start < 0 || end < start) throw new Error('README.md has no <!-- speed-table --> … <!-- /speed-table --> markers')
writeFileSync(join(root, 'README.md'), readme.slice(0, start) + '<!-- speed-table -->\n' + lines.join('\n') + '\n' + readme.slice(end))
console.log(`README Speed table: ${results.rows.length} rows`)
