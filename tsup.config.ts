import { defineConfig } from 'tsup'
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'

/** Every string target under package.json "exports". */
function exportTargets(): string[] {
  const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { exports: unknown }
  const targets: string[] = []
  const walk = (v: unknown): void => {
    if (typeof v === 'string') targets.push(v)
    else if (typeof v === 'object' && v !== null) Object.values(v).forEach(walk)
  }
  walk(pkg.exports)
  return targets
}

/**
 * One entry per public subpath, read from the "types" targets of package.json "exports", so that a new subpath (a new
 * module's) is added there only: `./dist/<dir>/index.d.ts` is made from `src/<dir>/index.ts`, or else from a module
 * folder's `src/modules/<dir>/index.ts`; the root and the Node root are `src/index.ts` and `src/node.ts`. The
 * JavaScript of each subpath is the built file of that source (`./dist/modules/tokens/index.js` from
 * `src/modules/tokens/index.ts`).
 */
export function subpathEntries(): Record<string, string> {
  const entry: Record<string, string> = {}
  for (const t of exportTargets()) {
    const m = /^\.\/dist\/(.+)\.d\.ts$/.exec(t)
    if (m === null) continue
    const name = m[1]!
    const dir = name.replace(/\/index$/, '')
    entry[name] =
      name === 'index'
        ? 'src/index.ts'
        : name === 'node/index'
          ? 'src/node.ts'
          : existsSync(new URL(`./src/${dir}/index.ts`, import.meta.url))
            ? `src/${dir}/index.ts`
            : `src/modules/${dir}/index.ts`
  }
  return entry
}

/** Every source file: the build keeps one output file per source file (see below). */
function sourceFiles(dir = 'src'): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f)
    return statSync(p).isDirectory() ? sourceFiles(p) : p.endsWith('.ts') ? [p] : []
  })
}

const entry = subpathEntries()

// The JavaScript is not bundled: each source file becomes its own module under dist/ (imports stay relative), so a
// user's bundler drops unused files whole under "sideEffects": false, exactly as from the sources. Bundling into
// shared chunks merged unrelated files and so kept their top-level tables: `buildTokenTransfer` alone cost 152 KB
// minified from the package against 129 KB from the sources (issue 32; docs/perf.md "Bundle sizes"). The types are
// bundled per subpath.
export default defineConfig({
  entry: sourceFiles(),
  outDir: 'dist',
  format: ['esm'],
  dts: { entry },
  target: 'es2022',
  platform: 'neutral',
  bundle: false,
  splitting: false,
  treeshake: false,
  clean: true,
  sourcemap: false,
})
