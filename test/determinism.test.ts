// House rules of a repeatable suite (issue 30): every in-process devnet of the tests starts through
// test/_util/devnet.ts (fixed keys, one stop hook), and nothing draws from Math.random where a run's bytes or order
// come from: the tests, the devnet, the modules' devnet handlers, the scripts. Variety comes from test/_util/seed.ts.
import { describe, expect, test } from 'vitest'
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'

const root = join(import.meta.dirname, '..')
const walk = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? walk(join(dir, e.name)) : /\.(ts|mjs)$/.test(e.name) ? [join(dir, e.name)] : [],
  )
const rel = (f: string) => relative(root, f).split('\\').join('/')
/** The lines of `files` matching `re`, as `path:line: text`. */
const hits = (files: string[], re: RegExp): string[] =>
  files.flatMap((f) =>
    readFileSync(f, 'utf8')
      .split('\n')
      .flatMap((line, i) => (re.test(line) ? [`${rel(f)}:${i + 1}: ${line.trim()}`] : [])),
  )

const START = new RegExp('\\bstartDevnet' + '\\(')
const RANDOM = new RegExp('Math\\.' + 'random\\s*\\(')

describe('a repeatable test suite', () => {
  test('every in-process devnet of the tests starts through startTestDevnet (test/_util/devnet.ts)', () => {
    const found = hits(
      walk(join(root, 'test')).filter((f) => rel(f) !== 'test/_util/devnet.ts'),
      START,
    )
    // the one exception: a script run in a child process (to see its exit clean up), where no test helper reaches
    expect(found).toEqual([
      expect.stringMatching(/^test\/devnet\/cleanup\.test\.ts:\d+: const dev = await startDevnet\(\)$/),
    ])
  })

  test('no Math.random in the tests, the devnet, the modules’ devnet handlers or the scripts', () => {
    const files = [
      ...walk(join(root, 'test')),
      ...walk(join(root, 'src', 'devnet')),
      ...walk(join(root, 'src', 'modules')).filter((f) => f.endsWith('/devnet.ts')),
      ...walk(join(root, 'scripts')),
    ]
    expect(files.length).toBeGreaterThan(100)
    expect(hits(files, RANDOM)).toEqual([])
  })
})
