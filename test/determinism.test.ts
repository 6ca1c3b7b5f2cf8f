// House rules of a repeatable suite (issue 30): every in-process devnet of the tests starts through
// test/_util/devnet.ts (fixed keys, one stop hook), and nothing draws from Math.random where a run's bytes or order
// come from: the tests, the devnet, the modules' devnet handlers, the scripts. Variety comes from test/_util/seed.ts.
import { describe, expect, test } from 'vitest'
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import type { ChainView } from '../src/cctx/types.js'
import { lyingView } from './_util/lie.js'
import { seededRandom, seedBytes } from './_util/seed.js'
import { TEST_ACCOUNTS, testAccount } from './_util/devnet.js'

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

describe('the helpers behind it', () => {
  const honest = { getHeight: async () => 7, getMempool: async () => ['a', 'b'] } as unknown as ChainView
  // made outside a test, so that the one that tells nothing is not failed by its own end-of-test check
  const same = lyingView(honest, { getHeight: async () => 7 })
  const other = lyingView(honest, { getHeight: async () => 8, getMempool: async () => ['b', 'a'] })
  const failing = lyingView(honest, {
    getHeight: async () => {
      throw new Error('down')
    },
  })

  test('lyingView counts the answers that differ from the honest view, errors included, per method', async () => {
    expect(await same.view.getHeight()).toBe(7)
    expect(same.told()).toBe(0)
    expect(await other.view.getHeight()).toBe(8)
    expect(await other.view.getMempool()).toEqual(['b', 'a'])
    expect([other.told(), other.told('getHeight'), other.told('getMempool'), other.told('listUnspent')]).toEqual([
      2, 1, 1, 0,
    ])
    await expect(failing.view.getHeight()).rejects.toThrow('down')
    expect(failing.told()).toBe(1)
  })

  test('fixed accounts and seeded draws repeat; labels are separate streams', () => {
    expect(testAccount('alice')).toEqual(TEST_ACCOUNTS.alice)
    expect(TEST_ACCOUNTS.alice.pubkey).not.toBe(TEST_ACCOUNTS.bob.pubkey)
    expect(seedBytes('x')).toEqual(seedBytes('x'))
    const a = seededRandom('one')
    const b = seededRandom('one')
    const xs = [a(), a(), a()]
    expect([b(), b(), b()]).toEqual(xs)
    expect(new Set(xs).size).toBe(3)
    expect(xs.every((x) => x >= 0 && x < 1)).toBe(true)
    expect(seededRandom('two')()).not.toBe(xs[0])
  })
})
