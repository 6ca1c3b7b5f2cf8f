// docs/errors.md lists every code of the ErrorCode union (src/errors.ts), in its order, and nothing else; and it is
// what scripts/gen-errors-doc.mjs writes (so each code has its "raised when" and "what to do").
import { expect, test } from 'vitest'
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'

const root = resolve(__dirname, '..')

test('docs/errors.md holds every ErrorCode and nothing else', () => {
  const src = readFileSync(resolve(root, 'src/errors.ts'), 'utf8')
  const start = src.indexOf('export type ErrorCode =')
  const body = src.slice(start, src.indexOf('\n\n', start)) // the union ends at the first blank line
  const codes = [...body.matchAll(/'([A-Z][A-Z0-9_]*)'/g)].map((m) => m[1])
  expect(codes.length).toBeGreaterThan(60)
  const page = readFileSync(resolve(root, 'docs/errors.md'), 'utf8')
  const listed = [...page.matchAll(/^## `([A-Z0-9_]+)`$/gm)].map((m) => m[1])
  expect(listed).toEqual(codes)
  // every code section says both what raises it and what to do
  for (const section of page.split(/^## /m).slice(1)) {
    expect(section).toMatch(/\*\*Raised when:\*\* \S/)
    expect(section).toMatch(/\*\*What to do:\*\* \S/)
  }
})

test('docs/errors.md is the generator’s output', () => {
  execFileSync(process.execPath, [resolve(root, 'scripts/gen-errors-doc.mjs'), '--check'], { stdio: 'pipe' })
})
