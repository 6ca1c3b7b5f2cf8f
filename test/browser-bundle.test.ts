// The core must run in browsers: the package root bundles for the browser platform with no Node built-in.
import { expect, test } from 'vitest'
import { build } from 'esbuild'
import { resolve } from 'node:path'

test('src/index.ts bundles for the browser without any Node built-in module', async () => {
  const result = await build({
    entryPoints: [resolve(__dirname, '..', 'src', 'index.ts')],
    bundle: true,
    platform: 'browser',
    format: 'esm',
    write: false,
    logLevel: 'silent',
    metafile: true,
  })
  expect(result.errors).toEqual([])
  const inputs = Object.keys(result.metafile.inputs)
  expect(inputs.some((p) => p.includes('src/rpc/conf.ts'))).toBe(true) // present, but without node: imports
  expect(inputs.filter((p) => p.startsWith('node:') || /^(fs|os|path|http|crypto)$/.test(p))).toEqual([])
}, 60_000)
