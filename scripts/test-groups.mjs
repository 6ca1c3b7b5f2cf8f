// Splits the test files in two for daily work (npm test still runs them all):
// - chain: a file that starts a devnet (test/_util/devnet.ts or a `komodo-cc devnet` process), opens a socket or a
//   server, or starts a process — itself or through a test helper it imports (test/**, followed transitively);
// - unit: every other file: no devnet, no network, no child process.
// `node scripts/test-groups.mjs chain|unit` prints one group, one file a line.
import { readFileSync, readdirSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const MARKS =
  /\bstartTestDevnet\(|\b(?:devnetCommand|demoCommand|runDevnetDemo|runRemoteDemo)\b|127\.0\.0\.1:9\b|\bstartDevnetChild\(|\bstartDevnet\(|from 'node:(?:child_process|net|http|https|tls|dgram)'|\bstartElectrumServer\b|\bchromium\b/

function walk(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? walk(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  )
}

/**
 * Makes a test of `file` (a test file or helper under test/): whether its text matches `mark`, itself or through a
 * test helper it imports (followed transitively; src/ is the code under test, not a test set-up; `skip` names helpers
 * not followed). Each test keeps its own memo.
 */
function reaches(mark, skip = new Set()) {
  const memo = new Map()
  const test = (file, seen = new Set()) => {
    if (memo.has(file)) return memo.get(file)
    if (seen.has(file)) return false
    seen.add(file)
    let text
    try {
      text = readFileSync(file, 'utf8')
    } catch {
      return false
    }
    let hit = mark.test(text)
    if (!hit)
      for (const m of text.matchAll(/from '(\.{1,2}\/[^']+)'/g)) {
        const target = resolve(dirname(file), m[1]).replace(/\.js$/, '.ts')
        if (!target.startsWith(join(root, 'test')) || skip.has(target)) continue
        if (test(target, seen)) {
          hit = true
          break
        }
      }
    memo.set(file, hit)
    return hit
  }
  return test
}

// whether a file reaches a devnet, the network or a process; the devnet helper also holds the fixed test accounts, so
// a file starts a devnet only if it names startTestDevnet
const isChain = reaches(MARKS, new Set([join(root, 'test', '_util', 'devnet.ts')]))

// vitest runs test files in shared workers (isolate: false: each worker imports the library once, not once a file);
// a file that mocks modules, fakes timers or spies on globals, itself or through a helper it imports, gets a fresh
// worker of its own (vitest.config.ts), so what it replaces cannot reach another file.
const ISOLATE = /\bvi\.(?:mock|doMock|unmock|hoisted|stubGlobal|stubEnv|resetModules|useFakeTimers|spyOn)\(/
const needsIsolation = reaches(ISOLATE)

/** The test files that need a worker of their own (they mock, fake timers or spy), relative to the root, sorted. */
export function isolatedFiles() {
  return walk(join(root, 'test'))
    .filter((f) => f.endsWith('.test.ts') && needsIsolation(f))
    .map((f) => relative(root, f))
    .sort()
}

/** The test files of one group, relative to the repository root, sorted. */
export function testGroup(group) {
  const files = walk(join(root, 'test')).filter((f) => f.endsWith('.test.ts'))
  return files
    .filter((f) => isChain(f) === (group === 'chain'))
    .map((f) => relative(root, f))
    .sort()
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const group = process.argv[2]
  if (group !== 'chain' && group !== 'unit') {
    console.error('usage: node scripts/test-groups.mjs chain|unit')
    process.exit(2)
  }
  console.log(testGroup(group).join('\n'))
}
