// DESIGN.md and STYLE.md rules checked mechanically over src/.
import { describe, expect, test } from 'vitest'
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative, dirname, resolve } from 'node:path'

const SRC = resolve(__dirname, '..', 'src')
const files = (dir: string): string[] => readdirSync(dir).flatMap((f) => {
  const p = join(dir, f)
  return statSync(p).isDirectory() ? files(p) : p.endsWith('.ts') ? [p] : []
})
const all = files(SRC).map((p) => ({ path: relative(SRC, p).replaceAll('\\', '/'), text: readFileSync(p, 'utf8') }))
const IO = ['rpc/', 'kdf/', 'cli/', 'devnet/']
const isIo = (p: string) => IO.some((d) => p.startsWith(d))

// Layer of each top-level area; an import may only go to the same or a lower layer.
const LAYER: Record<string, number> = {
  'errors.ts': 0, bytes: 0, hash: 1, 'amount.ts': 1, 'sbits.ts': 1, address: 2, oracles: 2,
  cc: 3, script: 3, tx: 4, modules: 5, build: 5, cctx: 5, 'inspect.ts': 5, 'info.ts': 5, rpc: 7, kdf: 7, devnet: 8, cli: 9, 'index.ts': 10, entry: 10,
}
const areaOf = (p: string) => p.split('/')[0]!

describe('house rules', () => {
  test('no node: imports and no Buffer below the I/O layers (the core runs in browsers)', () => {
    const bad = all.filter((f) => !isIo(f.path) && (/from ['"]node:/.test(f.text) || /\bBuffer\b/.test(f.text.replace(/\/\/.*$|\/\*[\s\S]*?\*\//gm, ''))))
    expect(bad.map((f) => f.path)).toEqual([])
  })
  test('lower layers never import higher ones', () => {
    const bad: string[] = []
    for (const f of all) {
      const from = LAYER[areaOf(f.path)]
      if (from === undefined) continue
      for (const m of f.text.matchAll(/from ['"](\.{1,2}\/[^'"]+)['"]/g)) {
        const target = relative(SRC, resolve(SRC, dirname(f.path), m[1]!)).replaceAll('\\', '/')
        const to = LAYER[areaOf(target)]
        if (to !== undefined && to > from) bad.push(`${f.path} → ${target}`)
      }
    }
    expect(bad).toEqual([])
  })
  test('bn.js is never imported at run time; bs58check only where allowed', () => {
    expect(all.filter((f) => /from ['"]bn\.js['"]/.test(f.text)).map((f) => f.path)).toEqual([])
  })
  test('every exported function and class in the core has TSDoc with @example; every exported const has TSDoc', () => {
    const missing: string[] = []
    for (const f of all) {
      if (isIo(f.path) || f.path === 'index.ts' || f.path.startsWith('entry/')) continue
      const lines = f.text.split('\n')
      lines.forEach((line, i) => {
        const m = /^export (?:async )?(function|class|const) (\w+)/.exec(line)
        if (m === null) return
        // overload signatures share the implementation's doc
        if (m[1] === 'function' && !line.trimEnd().endsWith('{') && lines[i - 1]?.startsWith('export function ' + m[2])) return
        let j = i - 1
        while (j >= 0 && lines[j]!.trim() === '') j--
        if (!lines[j]?.trim().endsWith('*/')) {
          if (!lines.slice(0, i).some((l) => l.startsWith('export function ' + m[2]))) missing.push(`${f.path}: ${m[2]} (no TSDoc)`)
          return
        }
        if (m[1] === 'const') return
        let k = j
        while (k >= 0 && !lines[k]!.includes('/**')) k--
        const doc = lines.slice(k, j + 1).join('\n')
        if (!doc.includes('@example') && !doc.includes('@internal')) missing.push(`${f.path}: ${m[2]}`)
      })
    }
    expect(missing).toEqual([])
  })
})
