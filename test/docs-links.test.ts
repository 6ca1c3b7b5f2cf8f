// Docs that travel (issue 21): every relative link in the README, docs/ and examples/README.md points at a file that
// exists, and every file the README or docs link to is shipped in the package (package.json "files"), so the links
// work in node_modules/komodo-cc as they do in a clone.
import { expect, test } from 'vitest'
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, normalize, relative, resolve } from 'node:path'

const repo = resolve(__dirname, '..')
const markdown = (dir: string): string[] =>
  readdirSync(join(repo, dir), { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? e.name === 'api'
        ? []
        : markdown(join(dir, e.name))
      : e.name.endsWith('.md')
        ? [join(dir, e.name)]
        : [],
  )
const pages = ['README.md', ...markdown('docs'), ...(existsSync(join(repo, 'examples')) ? ['examples/README.md'] : [])]

/** Relative link targets of a Markdown page, code blocks left out. */
function links(page: string): string[] {
  const text = readFileSync(join(repo, page), 'utf8').replace(/```[\s\S]*?```/g, '')
  return [...text.matchAll(/\]\(([^)\s#]+)(?:#[^)]*)?\)/g)]
    .map((m) => m[1]!)
    .filter((l) => !/^[a-z]+:/i.test(l))
    .map((l) => normalize(join(dirname(page), l)))
}

const pkg = JSON.parse(readFileSync(join(repo, 'package.json'), 'utf8')) as { files: string[] }
/** True when package.json "files" ships the path (a listed file, or a file under a listed folder, not negated). */
function shipped(path: string): boolean {
  const inList = (entry: string) => path === entry || path.startsWith(entry.replace(/\/$/, '') + '/')
  return (
    pkg.files.some((f) => !f.startsWith('!') && inList(f)) &&
    !pkg.files.some((f) => f.startsWith('!') && inList(f.slice(1)))
  )
}

test('the pages checked include the README, the docs and the examples index', () => {
  expect(pages).toContain('README.md')
  expect(pages.filter((p) => p.startsWith('docs/')).length).toBeGreaterThan(20)
})

test('every relative link resolves to a file in the repository', () => {
  const broken: string[] = []
  for (const page of pages)
    for (const target of links(page)) if (!existsSync(join(repo, target))) broken.push(`${page} → ${target}`)
  expect(broken).toEqual([])
})

/** Pages for contributors, kept in the repository and left out of the package ("files": `!docs/<page>`). */
const CONTRIBUTOR_PAGES = ['docs/testing.md']

test('every page and file the README and docs link to ships in the package (contributor pages aside)', () => {
  const missing: string[] = []
  expect(pages.filter((p) => !shipped(p))).toEqual(CONTRIBUTOR_PAGES)
  for (const page of pages) {
    if (CONTRIBUTOR_PAGES.includes(page)) continue
    for (const target of links(page)) {
      const isDir = existsSync(join(repo, target)) && statSync(join(repo, target)).isDirectory()
      if (!shipped(isDir ? target + '/' : target)) missing.push(`${page} → ${relative('.', target)}`)
    }
  }
  expect(missing).toEqual([])
})

test('shipped() reads "files" as npm does for the cases used here', () => {
  expect(shipped('README.md')).toBe(true)
  expect(shipped('src/index.ts')).toBe(false)
})
