// Zero import circles in src/ (issue 32): every relative import of every source file — static, type-only,
// re-exports and dynamic `import()` alike — is an edge; the files must form no cycle (no strongly connected
// component of more than one file, no file importing itself). A circle makes load order matter and keeps a bundler
// from dropping either side; a type-only one still ties the two files' layers together.
import { describe, expect, test } from 'vitest'
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'

const SRC = resolve(__dirname, '..', 'src')
const files = (dir: string): string[] =>
  readdirSync(dir).flatMap((f) => {
    const p = join(dir, f)
    return statSync(p).isDirectory() ? files(p) : p.endsWith('.ts') ? [p] : []
  })

/** The relative imports of a source text, as paths relative to src/ (`.js` read as the `.ts` it is built from). */
function importsOf(path: string, text: string, known: ReadonlySet<string>): string[] {
  const code = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '')
  const out = new Set<string>()
  for (const m of code.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s*)['"](\.{1,2}\/[^'"]+)['"]/gm)) {
    const target = relative(SRC, resolve(SRC, dirname(path), m[1]!)).replaceAll('\\', '/')
    const ts = target.replace(/\.js$/, '.ts')
    const hit = [ts, `${target}.ts`, `${target}/index.ts`].find((t) => known.has(t))
    if (hit !== undefined) out.add(hit)
  }
  return [...out]
}

/** Tarjan's strongly connected components of size > 1 (or a self-loop), each sorted. */
function cycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  let index = 0
  const idx = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const on = new Set<string>()
  const out: string[][] = []
  const visit = (v: string): void => {
    idx.set(v, index)
    low.set(v, index++)
    stack.push(v)
    on.add(v)
    for (const w of graph.get(v) ?? []) {
      if (!idx.has(w)) {
        visit(w)
        low.set(v, Math.min(low.get(v)!, low.get(w)!))
      } else if (on.has(w)) low.set(v, Math.min(low.get(v)!, idx.get(w)!))
    }
    if (low.get(v) === idx.get(v)) {
      const scc: string[] = []
      let w: string
      do {
        w = stack.pop()!
        on.delete(w)
        scc.push(w)
      } while (w !== v)
      if (scc.length > 1 || (graph.get(v) ?? []).includes(v)) out.push(scc.sort())
    }
  }
  for (const v of [...graph.keys()].sort()) if (!idx.has(v)) visit(v)
  return out
}

function graphOf(sources: readonly { path: string; text: string }[]): Map<string, string[]> {
  const known = new Set(sources.map((s) => s.path))
  return new Map(sources.map((s) => [s.path, importsOf(s.path, s.text, known)]))
}

describe('import circles', () => {
  test('src/ has none', () => {
    const sources = files(SRC).map((p) => ({
      path: relative(SRC, p).replaceAll('\\', '/'),
      text: readFileSync(p, 'utf8'),
    }))
    const graph = graphOf(sources)
    expect(graph.size).toBeGreaterThan(250)
    // the walk sees the imports: the root reaches the wallet, the CLI's table reaches the completion command
    expect(graph.get('index.ts')).toContain('wallet/index.ts')
    expect(graph.get('cli/commands.ts')).toContain('cli/completion.ts')
    expect(cycles(graph)).toEqual([])
  })
  test('the check finds the circles of issue 32 (type-only, dynamic and through a folder index)', () => {
    const found = cycles(
      graphOf([
        { path: 'rpc/client.ts', text: "import { createRpcView } from './view.js'" },
        { path: 'rpc/view.ts', text: "import type { KomodoRpc } from './client.js'" },
        { path: 'cli/commands.ts', text: "import { completionCommands } from './completion.js'" },
        { path: 'cli/completion.ts', text: "const { COMMANDS } = await import('./commands.js')" },
        { path: 'a/index.ts', text: "export * from './x.js'" },
        { path: 'a/x.ts', text: "import { y } from '../b/y.js'" },
        { path: 'b/y.ts', text: "import { a } from '../a'" },
        { path: 'c.ts', text: "// import { d } from './d.js'\nimport { e } from './e.js'" },
        { path: 'd.ts', text: "import { c } from './c.js'" },
        { path: 'e.ts', text: '' },
      ]),
    )
    expect(found).toEqual([
      ['a/index.ts', 'a/x.ts', 'b/y.ts'],
      ['cli/commands.ts', 'cli/completion.ts'],
      ['rpc/client.ts', 'rpc/view.ts'],
    ])
  })
})
