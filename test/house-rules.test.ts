// DESIGN.md and STYLE.md rules checked mechanically over src/.
import { describe, expect, test } from 'vitest'
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative, dirname, resolve } from 'node:path'

const SRC = resolve(__dirname, '..', 'src')
const files = (dir: string): string[] =>
  readdirSync(dir).flatMap((f) => {
    const p = join(dir, f)
    return statSync(p).isDirectory() ? files(p) : p.endsWith('.ts') ? [p] : []
  })
const all = files(SRC).map((p) => ({ path: relative(SRC, p).replaceAll('\\', '/'), text: readFileSync(p, 'utf8') }))
const IO = ['rpc/', 'kdf/', 'electrum/', 'cli/', 'devnet/', 'wallet/', 'publisher/']
// A module folder's I/O parts and the registry's lists of them are files inside modules/ of the I/O layers: its RPC
// client part and the registry's client list (`modules/registry/rpc.ts`) are the client's layer (7), its devnet part,
// its demo flow and the registry's devnet list (`registry/io.ts`, and `registry/node.ts`, the Node root's module
// exports) the devnet's (8), its CLI part (`modules/<m>/cli.ts` or `cli/`) and the registry's CLI list the CLI's (9).
const IO_FILES: readonly (readonly [RegExp, number])[] = [
  [/^modules\/registry\/rpc\.ts$/, 7],
  [/^modules\/[^/]+\/rpc\.ts$/, 7],
  [/^modules\/registry\/(io|node)\.ts$/, 8],
  [/^modules\/[^/]+\/(devnet|demo)(\.ts$|\/)/, 8],
  [/^modules\/registry\/cli\.ts$/, 9],
  [/^modules\/[^/]+\/cli(\.ts$|\/)/, 9],
]
// The rest of the registry folder — its core list (`modules/registry/core.ts`) and the root's list of the modules'
// public parts (`registry/public.ts`) — is layer 6, above the module folders (5).
const CORE_FILES: readonly (readonly [RegExp, number])[] = [[/^modules\/registry\//, 6]]
const isIo = (p: string) => IO.some((d) => p.startsWith(d)) || IO_FILES.some(([r]) => r.test(p))

// Layer of each area (DESIGN.md's numbers); an import may only go to the same or a lower layer. Module folders and
// their shared files (opret, inspection, descriptor, offline-info) are 5; the registry's core list and the generic
// inspector are 6, so a builder or a module's reader cannot reach them. A module's devnet part (`modules/<m>/devnet.ts`
// or `modules/<m>/devnet/`), its demo flow (`modules/<m>/demo.ts`) and the registry's devnet list
// (`modules/registry/io.ts`) are the devnet's layer, 8: no core file may import them. A module's CLI part
// (`modules/<m>/cli.ts`) and the registry's CLI list (`modules/registry/cli.ts`) are the CLI's layer, 9: not even the
// devnet or the registry's devnet list may import them.
const LAYER: Record<string, number> = {
  'errors.ts': 0,
  bytes: 0,
  hash: 1,
  'amount.ts': 1,
  'sbits.ts': 1,
  address: 2,
  'oracle-data': 2,
  cc: 3,
  keys: 3,
  script: 3,
  tx: 4,
  modules: 5,
  cctx: 5,
  'inspect-build.ts': 6,
  inspect: 6,
  rpc: 7,
  kdf: 7,
  electrum: 7,
  wallet: 7,
  publisher: 7,
  devnet: 8,
  cli: 9,
  'index.ts': 10,
  'node.ts': 10,
  // the kits' entries (issue 32): re-export lists over the layers below, like the root
  resolve: 10,
  advanced: 10,
  testing: 10,
}
const layerOf = (p: string): number | undefined =>
  [...IO_FILES, ...CORE_FILES].find(([r]) => r.test(p))?.[1] ?? LAYER[p] ?? LAYER[p.split('/')[0]!]
// Known upward imports, each to be removed by a named step; the test fails on any other, and on a listed one that
// is gone (so the list only shrinks).
const LAYER_EXCEPTIONS: readonly string[] = [
  // (none: BuildResult.inspection went in issue 17's builder step; builders return the transaction, callers inspect)
]
const upwardImports = (sources: readonly { path: string; text: string }[] = all): string[] => {
  const bad: string[] = []
  for (const f of sources) {
    const from = layerOf(f.path)
    if (from === undefined) continue
    for (const m of f.text.matchAll(/from ['"](\.{1,2}\/[^'"]+)['"]/g)) {
      const target = relative(SRC, resolve(SRC, dirname(f.path), m[1]!))
        .replaceAll('\\', '/')
        .replace(/\.js$/, '.ts')
      const to = layerOf(target)
      if (to !== undefined && to > from) bad.push(`${f.path} → ${target}`)
    }
  }
  return bad
}

describe('house rules', () => {
  test('no node: imports and no Buffer below the I/O layers (the core runs in browsers)', () => {
    const bad = all.filter(
      (f) =>
        !isIo(f.path) &&
        (/from ['"]node:/.test(f.text) || /\bBuffer\b/.test(f.text.replace(/\/\/.*$|\/\*[\s\S]*?\*\//gm, ''))),
    )
    expect(bad.map((f) => f.path)).toEqual([])
  })
  test('lower layers never import higher ones (but the listed exceptions)', () => {
    const bad = upwardImports()
    expect(bad.filter((b) => !LAYER_EXCEPTIONS.includes(b))).toEqual([])
    expect(LAYER_EXCEPTIONS.filter((x) => !bad.includes(x))).toEqual([])
  })
  test('the layer map sees a module folder importing the registry or the inspector', () => {
    expect(layerOf('modules/tokens/build.ts')).toBe(5)
    expect(layerOf('modules/registry/core.ts')).toBe(6)
    expect(layerOf('modules/registry/public.ts')).toBe(6)
    expect(layerOf('inspect/inspect.ts')).toBe(6)
    expect(layerOf('modules/tokens/inspect.ts')! < layerOf('inspect/inspect.ts')!).toBe(true)
  })
  test("module devnet parts and the registry's devnet list are layer 8: a core file importing one fails", () => {
    for (const p of [
      'modules/tokens/devnet.ts',
      'modules/gateways/devnet/rpc.ts',
      'modules/faucet/demo.ts',
      'modules/registry/io.ts',
      'modules/registry/node.ts',
    ])
      expect([p, layerOf(p)]).toEqual([p, 8])
    for (const p of ['modules/tokens/build.ts', 'modules/devnetish.ts', 'modules/registry/core.ts'])
      expect(layerOf(p)! < 8).toBe(true)
    expect(isIo('modules/faucet/devnet.ts') && isIo('modules/registry/io.ts') && !isIo('modules/faucet/build.ts')).toBe(
      true,
    )
    const core = [
      { path: 'modules/tokens/build.ts', text: "import { tokensDevnet } from './devnet.js'" },
      { path: 'modules/registry/core.ts', text: "import { IO_MODULES } from './io.js'" },
      { path: 'inspect/inspect.ts', text: "import { validateGateways } from '../modules/gateways/devnet/validate.js'" },
    ]
    expect(upwardImports(core)).toEqual([
      'modules/tokens/build.ts → modules/tokens/devnet.ts',
      'modules/registry/core.ts → modules/registry/io.ts',
      'inspect/inspect.ts → modules/gateways/devnet/validate.ts',
    ])
    // the devnet's own files may import them (same layer)
    expect(
      upwardImports([{ path: 'devnet/rpc.ts', text: "import { IO_MODULES } from '../modules/registry/io.js'" }]),
    ).toEqual([])
  })
  test("module CLI parts and the registry's CLI list are layer 9: the devnet or its list importing one fails", () => {
    for (const p of ['modules/faucet/cli.ts', 'modules/gateways/cli/bind.ts', 'modules/registry/cli.ts'])
      expect([p, layerOf(p)]).toEqual([p, 9])
    for (const p of ['modules/faucet/client.ts', 'modules/faucetcli.ts']) expect(layerOf(p)).toBe(5)
    expect(isIo('modules/faucet/cli.ts') && isIo('modules/registry/cli.ts')).toBe(true)
    expect(
      upwardImports([
        { path: 'modules/registry/io.ts', text: "import { faucetCli } from '../faucet/cli.js'" },
        { path: 'devnet/rpc.ts', text: "import { CLI_MODULES } from '../modules/registry/cli.js'" },
        { path: 'modules/faucet/devnet.ts', text: "import { faucetGetCommand } from './cli.js'" },
      ]),
    ).toEqual([
      'modules/registry/io.ts → modules/faucet/cli.ts',
      'devnet/rpc.ts → modules/registry/cli.ts',
      'modules/faucet/devnet.ts → modules/faucet/cli.ts',
    ])
    // the CLI's own files may import them (same layer)
    expect(
      upwardImports([{ path: 'cli/build.ts', text: "import { CLI_MODULES } from '../modules/registry/cli.js'" }]),
    ).toEqual([])
  })
  test("module RPC parts and the registry's client list are layer 7: a core file importing one fails, the client may", () => {
    for (const p of ['modules/oracles/rpc.ts', 'modules/registry/rpc.ts'])
      expect([p, layerOf(p), isIo(p)]).toEqual([p, 7, true])
    expect(
      upwardImports([
        { path: 'modules/oracles/info.ts', text: "import { parseOraclesInfo } from './rpc.js'" },
        { path: 'modules/registry/core.ts', text: "import { RPC_MODULES } from './rpc.js'" },
      ]),
    ).toEqual([
      'modules/oracles/info.ts → modules/oracles/rpc.ts',
      'modules/registry/core.ts → modules/registry/rpc.ts',
    ])
    expect(
      upwardImports([{ path: 'rpc/client.ts', text: "import { RPC_MODULES } from '../modules/registry/rpc.js'" }]),
    ).toEqual([])
  })
  test('bn.js and bs58check are never imported at run time (bs58check is a devDependency: the tests cross-check)', () => {
    expect(all.filter((f) => /from ['"]bn\.js['"]/.test(f.text)).map((f) => f.path)).toEqual([])
    expect(
      all.filter((f) => /(?:from|import\(|require\()\s*['"]bs58check['"]/.test(f.text)).map((f) => f.path),
    ).toEqual([])
    const pkg = JSON.parse(readFileSync(join(SRC, '..', 'package.json'), 'utf8')) as {
      dependencies: Record<string, string>
      devDependencies: Record<string, string>
    }
    expect(Object.keys(pkg.dependencies)).not.toContain('bs58check')
    expect(Object.keys(pkg.devDependencies)).toContain('bs58check')
  })
  test('every exported function and class in the core has TSDoc with @example; every exported const has TSDoc', () => {
    const missing: string[] = []
    for (const f of all) {
      if (isIo(f.path) || f.path === 'index.ts' || f.path === 'node.ts') continue
      const lines = f.text.split('\n')
      lines.forEach((line, i) => {
        const m = /^export (?:async )?(function|class|const) (\w+)/.exec(line)
        if (m === null) return
        // overload signatures share the implementation's doc
        if (m[1] === 'function' && !line.trimEnd().endsWith('{') && lines[i - 1]?.startsWith('export function ' + m[2]))
          return
        let j = i - 1
        while (j >= 0 && lines[j]!.trim() === '') j--
        if (!lines[j]?.trim().endsWith('*/')) {
          if (!lines.slice(0, i).some((l) => l.startsWith('export function ' + m[2])))
            missing.push(`${f.path}: ${m[2]} (no TSDoc)`)
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
