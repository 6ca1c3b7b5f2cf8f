#!/usr/bin/env node
// Moves test files that call the devnet's startDevnet onto the test helper (test/_util/devnet.ts): the import of
// startDevnet from src/devnet/server.js becomes `import { startTestDevnet } from '<rel>/_util/devnet.js'` (other names
// stay on their import), and each `startDevnet(` call becomes `startTestDevnet(`. A test of the devnet's own key
// handling (a key drawn and saved in its data file) then needs `serverKey: true` by hand.
//   node scripts/to-test-devnet.mjs test/some/file.test.ts …   (from the repository root)
import { readFileSync, writeFileSync } from 'node:fs'
import { relative, dirname } from 'node:path'
const files = process.argv.slice(2)
for (const f of files) {
  let s = readFileSync(f, 'utf8')
  const re = /^import \{([^}]*)\} from '((?:\.\.\/)+src\/devnet\/server\.js)'\n/m
  const m = s.match(re)
  if (!m) {
    console.log('NO IMPORT', f)
    continue
  }
  const names = m[1]
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean)
  if (!names.includes('startDevnet')) {
    console.log('no startDevnet import', f)
    continue
  }
  const rest = names.filter((n) => n !== 'startDevnet')
  let rel = relative(dirname(f), 'test/_util/devnet.js')
  if (!rel.startsWith('.')) rel = './' + rel
  let repl = ''
  if (rest.length) {
    const allTypes = rest.every((n) => n.startsWith('type '))
    repl += allTypes
      ? `import type { ${rest.map((n) => n.slice(5)).join(', ')} } from '${m[2]}'\n`
      : `import { ${rest.join(', ')} } from '${m[2]}'\n`
  }
  repl += `import { startTestDevnet } from '${rel}'\n`
  s = s.replace(re, repl)
  const before = (s.match(/\bstartDevnet\(/g) || []).length
  s = s.replace(/(?<![A-Za-z.])startDevnet\(/g, 'startTestDevnet(')
  writeFileSync(f, s)
  console.log(f, before)
}
