// The CLI's files (src/cli/, the modules' CLI parts and the registry's CLI list) import each other without a cycle, and
// every command lives in the file named after its group.
import { describe, expect, test } from 'vitest'
import { readdirSync, readFileSync, existsSync } from 'node:fs'
import { dirname, relative, resolve } from 'node:path'
import { COMMANDS } from '../../src/cli/commands.js'

const SRC = resolve(__dirname, '..', '..', 'src')
const MODULES = readdirSync(resolve(SRC, 'modules'), { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .map((e) => e.name)
const CLI_FILES = [
  ...readdirSync(resolve(SRC, 'cli'))
    .filter((f) => f.endsWith('.ts'))
    .map((f) => `cli/${f}`),
  // each module's CLI part, and the registry's CLI list (modules/registry/cli.ts)
  ...MODULES.map((m) => `modules/${m}/cli.ts`).filter((p) => existsSync(resolve(SRC, p))),
]

/** Relative imports of each file, kept to the files of `nodes`. */
function importGraph(nodes: readonly string[], read: (p: string) => string): Map<string, string[]> {
  const set = new Set(nodes)
  return new Map(
    nodes.map((p) => {
      const to = [...read(p).matchAll(/from ['"](\.{1,2}\/[^'"]+)['"]/g)].map((m) =>
        relative(SRC, resolve(SRC, dirname(p), m[1]!))
          .replaceAll('\\', '/')
          .replace(/\.js$/, '.ts'),
      )
      return [p, to.filter((t) => set.has(t))]
    }),
  )
}

/** One import cycle of the graph (as a path that returns to its start), or null. */
function findCycle(graph: ReadonlyMap<string, readonly string[]>): string[] | null {
  const state = new Map<string, 'open' | 'done'>()
  const path: string[] = []
  const visit = (n: string): string[] | null => {
    if (state.get(n) === 'done') return null
    if (state.get(n) === 'open') return [...path.slice(path.indexOf(n)), n]
    state.set(n, 'open')
    path.push(n)
    for (const t of graph.get(n) ?? []) {
      const c = visit(t)
      if (c !== null) return c
    }
    path.pop()
    state.set(n, 'done')
    return null
  }
  for (const n of graph.keys()) {
    const c = visit(n)
    if (c !== null) return c
  }
  return null
}

describe('CLI files', () => {
  test('no import cycle between the CLI files', () => {
    expect(CLI_FILES.length).toBeGreaterThan(20)
    expect(findCycle(importGraph(CLI_FILES, (p) => readFileSync(resolve(SRC, p), 'utf8')))).toBeNull()
  })
  test('the cycle finder finds a cycle (the one build.ts and build-tokens-faucet-dice.ts had)', () => {
    const files: Record<string, string> = {
      'cli/build.ts': "import { X } from './build-tfd.js'\nimport { core } from './core.js'",
      'cli/build-tfd.ts': "import { utxoFromJson } from './build.js'",
      'cli/core.ts': '',
    }
    expect(findCycle(importGraph(Object.keys(files), (p) => files[p]!))).toEqual([
      'cli/build.ts',
      'cli/build-tfd.ts',
      'cli/build.ts',
    ])
    delete files['cli/build-tfd.ts']
    expect(findCycle(importGraph(Object.keys(files), (p) => files[p]!))).toBeNull()
  })
  test("one file per command group: each command is exported by src/cli/<group>.ts, or by its module's cli.ts", async () => {
    const misplaced: string[] = []
    for (const [words, command] of Object.entries(COMMANDS)) {
      const group = words.split(' ')[0]!
      const file = MODULES.includes(group) ? `modules/${group}/cli.ts` : `cli/${group}.ts`
      const mod = existsSync(resolve(SRC, file)) ? ((await import(resolve(SRC, file))) as Record<string, unknown>) : {}
      const exported = Object.values(mod).flatMap((v) =>
        typeof v === 'object' && v !== null
          ? [v, ...Object.values(v), ...Object.values((v as { commands?: object }).commands ?? {})]
          : [],
      )
      if (!exported.includes(command)) misplaced.push(`${words} (not in ${file})`)
    }
    expect(misplaced).toEqual([])
  })
})
