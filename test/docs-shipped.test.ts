// The docs that ship in the package speak to a package user: no "(issue N)" tags (a user has no issue tracker of
// ours to look them up in) and no paths into this repository that the package does not ship (src/, test/, bench/,
// scripts/, tools/, vectors/): they point to the API reference or a docs page instead. Which files ship is read from
// package.json "files". A path that names komodod's source (src/main.cpp, src/cc/oracles.cpp) is not ours and stays:
// a path is ours when it exists in this repository.
import { expect, test } from 'vitest'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'

const repo = resolve(__dirname, '..')
const pkg = JSON.parse(readFileSync(join(repo, 'package.json'), 'utf8')) as { files: string[] }

/** True when package.json "files" ships the path (a listed file, or a file under a listed folder, not negated). */
function shipped(path: string): boolean {
  const inList = (entry: string) => path === entry || path.startsWith(entry.replace(/\/$/, '') + '/')
  return (
    pkg.files.some((f) => !f.startsWith('!') && inList(f)) &&
    !pkg.files.some((f) => f.startsWith('!') && inList(f.slice(1)))
  )
}
const walk = (dir: string): string[] =>
  readdirSync(join(repo, dir), { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? walk(`${dir}/${e.name}`) : [`${dir}/${e.name}`],
  )
/** The shipped text a user reads: the Markdown pages and the examples (their comments). */
const pages = ['README.md', 'CHANGELOG.md', ...walk('docs'), ...walk('examples')]
  .filter((p) => /\.(md|mjs|js)$/.test(p))
  .filter(shipped)

const ISSUE_TAG = /\bissues? #?\d+/gi
const REPO_PATH = /(?<![\w/.@-])(?:src|test|bench|scripts|tools|vectors)\/[\w./-]*/g

/** Each line of `text` holding a match of `re` (`file:line: match`), with what `keep` lets through left out. */
function hits(file: string, re: RegExp, keep: (m: string) => boolean = () => false): string[] {
  return readFileSync(join(repo, file), 'utf8')
    .split('\n')
    .flatMap((line, i) =>
      [...line.matchAll(re)]
        .map((m) => m[0])
        .filter((m) => !keep(m))
        .map((m) => `${file}:${i + 1}: ${m}`),
    )
}
/** A path of this repository: it exists here (a file or a folder), trailing punctuation aside. */
const ours = (m: string): boolean => {
  const path = m.replace(/[.,:;]+$/, '')
  return existsSync(join(repo, path))
}

test('the shipped pages are the README, the changelog, the docs and the examples', () => {
  expect(pages).toContain('README.md')
  expect(pages).toContain('CHANGELOG.md')
  expect(pages).toContain('examples/README.md')
  expect(pages.filter((p) => p.startsWith('docs/')).length).toBeGreaterThan(20)
  expect(pages.some((p) => p.startsWith('docs/api/'))).toBe(false)
})

test('no "(issue N)" tags in what ships', () => {
  expect(pages.flatMap((p) => hits(p, ISSUE_TAG))).toEqual([])
})

/**
 * Pages that still name repository paths, and at most how many: none now (the API reference's table names the
 * package's files). A page on this list may only go down (lower the number with the change, remove the page at 0),
 * and any other shipped page holds none.
 */
const PATHS_LEFT: Readonly<Record<string, number>> = {}

test('no paths into the repository that the package does not ship (src/, test/, bench/, scripts/, tools/, vectors/)', () => {
  const counts: Record<string, number> = {}
  const elsewhere: string[] = []
  for (const p of pages) {
    const found = hits(p, REPO_PATH, (m) => !ours(m))
    if (Object.hasOwn(PATHS_LEFT, p)) counts[p] = found.length
    else elsewhere.push(...found)
  }
  expect(elsewhere).toEqual([])
  for (const [page, most] of Object.entries(PATHS_LEFT)) expect(counts[page] ?? 0, page).toBeLessThanOrEqual(most)
})

test('the checks catch what they look for (a tag, a path of ours) and let komodod paths through', () => {
  expect('fixed (issue 31) and issue 7'.match(ISSUE_TAG)).toEqual(['issue 31', 'issue 7'])
  expect('see src/devnet/server.ts and test/cli/'.match(REPO_PATH)).toEqual(['src/devnet/server.ts', 'test/cli/'])
  expect(ours('src/devnet/server.ts')).toBe(true)
  expect(ours('src/main.cpp')).toBe(false) // komodod's
  expect('dist/index.js, docs/cli.md, node_modules/x/src/y'.match(REPO_PATH)).toEqual(null)
})
