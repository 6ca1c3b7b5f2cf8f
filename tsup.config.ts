import { defineConfig } from 'tsup'
import { existsSync, readFileSync } from 'node:fs'

/**
 * One entry per public subpath, read from package.json "exports", so that a new subpath (a new module's) is added
 * there only: `./dist/<dir>/index.js` is built from `src/<dir>/index.ts`, or else from a module folder's
 * `src/modules/<dir>/index.ts`; the root and the Node root are `src/index.ts` and `src/node.ts`.
 */
export function subpathEntries(): Record<string, string> {
  const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { exports: unknown }
  const targets: string[] = []
  const walk = (v: unknown): void => {
    if (typeof v === 'string') targets.push(v)
    else if (typeof v === 'object' && v !== null) Object.values(v).forEach(walk)
  }
  walk(pkg.exports)
  const entry: Record<string, string> = {}
  for (const t of targets) {
    const m = /^\.\/dist\/(.+)\.js$/.exec(t)
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

const entry = subpathEntries()

export default defineConfig({
  entry: { ...entry, 'cli/main': 'src/cli/main.ts' },
  format: ['esm'],
  dts: { entry },
  target: 'es2022',
  platform: 'neutral',
  splitting: true,
  treeshake: true,
  clean: true,
  sourcemap: false,
  external: ['bs58check', '@noble/hashes', '@noble/secp256k1', '@scure/bip39', '@scure/bip32'],
})
