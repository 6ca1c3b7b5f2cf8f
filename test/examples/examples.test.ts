// The examples are scripts a user copies: this checks their shape (test/package/packed.test.ts runs each one against
// the packed package and checks what it prints, with test/examples/expected.ts).
import { describe, expect, test } from 'vitest'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { EXAMPLES, exampleCommand } from './expected.js'

const root = join(import.meta.dirname, '..', '..')
const dir = join(root, 'examples')
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.mjs'))
  .sort()
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  exports: Record<string, unknown>
  dependencies: Record<string, string>
}
const subpaths = new Set(Object.keys(pkg.exports).map((k) => (k === '.' ? 'komodo-cc' : `komodo-cc/${k.slice(2)}`)))

test('there are examples, each has its expected output (expected.ts) and a line in examples/README.md', () => {
  expect(files.length).toBeGreaterThanOrEqual(13)
  expect(Object.keys(EXAMPLES).sort()).toEqual(files)
  const readme = readFileSync(join(dir, 'README.md'), 'utf8')
  for (const f of files) expect(readme).toContain(`[${f}](${f})`)
})

describe.each(files)('examples/%s', (file) => {
  const text = readFileSync(join(dir, file), 'utf8')
  const lines = text.split('\n')

  test('opens with a 2–3 line comment saying what it shows and how to run it: with plain node, no build, no tool', () => {
    const header = lines.slice(
      0,
      lines.findIndex((l) => !l.startsWith('//')),
    )
    expect(header.length).toBeGreaterThanOrEqual(2)
    expect(header.length).toBeLessThanOrEqual(3)
    expect(exampleCommand(text)).toBe(`node examples/${file}`)
  })

  test('is a plain ES module (no TypeScript syntax: Node runs it as it is)', () => {
    // Node (≥ 20.19, the package's engines) cannot strip types: a type annotation or import is a SyntaxError there
    expect(text).not.toMatch(/^import type |[{,] type [A-Z]|\bas [A-Z][A-Za-z]*\b|\)!\.|\]!\./m)
    expect(file.endsWith('.mjs'), 'top-level await needs ESM whatever the project\'s "type"').toBe(true)
  })

  test('is short: at most 60 lines', () => {
    expect(text.trimEnd().split('\n').length).toBeLessThanOrEqual(60)
  })

  test("imports only the package by its name (its exported subpaths) and Node's own modules", () => {
    const specifiers = [...text.matchAll(/^import[^'"]*from '([^']+)'/gm)].map((m) => m[1]!)
    expect(specifiers.length).toBeGreaterThan(0)
    for (const s of specifiers) expect(subpaths.has(s) || s.startsWith('node:'), s).toBe(true)
    const code = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/\/\/.*$/gm, '')
    expect(code).not.toMatch(/\bimport\(/) // no dynamic imports around the rule
    // types named in JSDoc comments (`import('komodo-cc/tx').Transaction`) come from the package's subpaths too
    for (const m of text.matchAll(/import\('([^']+)'\)/g)) expect(subpaths.has(m[1]!), m[1]).toBe(true)
  })

  test('runs as it is: top-level code, nothing exported for tests', () => {
    expect(text).not.toMatch(/^export /m)
  })

  test('has no elided values', () => {
    // an ellipsis is fine in a comment or a printed label, never in a value the script uses
    for (const line of lines) expect(line.replace(/\/\/.*$/, ''), line).not.toMatch(/'[^']*…[^']*'/)
  })
})
