// Importing one module's builders bundles no other module (issue 17): each builder of `komodo-cc/<module>`, imported
// from the module's subpath entry (src/modules/<m>/index.ts), bundled with esbuild for the browser, pulls in no file
// of another module's folder, no inspector and no registry. The allowed cross-module edges are gateways' own: a
// gateway moves tokens (its builders encode the tokens opret and CC outputs) and is bound to an oracle (gatewaysbind
// reads the oracle's create opret), as in komodod.
import { describe, expect, test } from 'vitest'
import { build } from 'esbuild'
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'

const ROOT = resolve(__dirname, '..')
const MODULES = ['tokens', 'faucet', 'dice', 'oracles', 'gateways', 'rewards', 'tokensv2', 'assetsv2']
const ALLOWED: Record<string, readonly string[]> = { gateways: ['tokens', 'oracles'], assetsv2: ['tokensv2'] }
const SHARED = /(^|\/)src\/(inspect\/|inspect-build\.ts|modules\/registry\/)/

function buildersOf(m: string): string[] {
  const src = readFileSync(resolve(ROOT, 'src', 'modules', m, 'build.ts'), 'utf8')
  return [...src.matchAll(/^export (?:async )?function (build\w+)/gm)].map((x) => x[1]!)
}

describe("one module's builders bundle alone", () => {
  test.each(MODULES)(
    'komodo-cc/%s builders',
    async (m) => {
      const names = buildersOf(m)
      expect(names.length).toBeGreaterThan(0)
      const result = await build({
        stdin: {
          contents: `export { ${names.join(', ')} } from './src/modules/${m}/index.ts'`,
          resolveDir: ROOT,
          loader: 'ts',
        },
        bundle: true,
        platform: 'browser',
        format: 'esm',
        write: false,
        logLevel: 'silent',
        metafile: true,
        minify: true,
      })
      const inputs = Object.keys(result.metafile.inputs)
      const others = inputs.filter((p) => {
        const hit = /(^|\/)src\/modules\/([a-z]+)\//.exec(p)
        return hit !== null && hit[2] !== m && !(ALLOWED[m] ?? []).includes(hit[2]!)
      })
      expect(others).toEqual([])
      expect(inputs.filter((p) => SHARED.test(p))).toEqual([])
      expect(inputs.some((p) => p.includes(`src/modules/${m}/build.ts`))).toBe(true)
    },
    60_000,
  )
})

// Issue 35: BIP39/BIP32 (@scure/bip39, @scure/bip32 and the secp256k1 of @noble/curves they bring) are in a bundle only
// when it imports a key function: a module's builders, the wallet and the inspector from the root carry none of them.
describe('the keys dependencies stay out of bundles that do not import keys', () => {
  const SCURE = /node_modules\/(@scure\/bip39|@scure\/bip32|@noble\/curves)\//
  const bundleInputs = async (contents: string): Promise<string[]> => {
    const result = await build({
      stdin: { contents, resolveDir: ROOT, loader: 'ts' },
      bundle: true,
      platform: 'browser',
      format: 'esm',
      write: false,
      logLevel: 'silent',
      metafile: true,
      minify: true,
    })
    // the files that put bytes in the output (metafile.inputs also lists files parsed, then shaken away whole)
    const out = Object.values(result.metafile.outputs)[0]!
    return Object.entries(out.inputs)
      .filter(([, v]) => v.bytesInOutput > 0)
      .map(([k]) => k)
  }
  test.each([
    ['tokens builders from the root', `export { buildTokenTransfer, buildTokenCreate } from './src/index.ts'`],
    ['oracles builders from their subpath', `export { buildOraclesData } from './src/modules/oracles/index.ts'`],
    ['the inspector and the wallet from the root', `export { inspectTransaction, createWallet } from './src/index.ts'`],
    ['addresses and WIF', `export { p2pkhAddress, decodeWif } from './src/address/index.ts'`],
  ])(
    '%s',
    async (_name, contents) => {
      expect((await bundleInputs(contents)).filter((p) => SCURE.test(p))).toEqual([])
    },
    60_000,
  )
  test('a bundle of the seed-phrase functions does carry them (the check above can fail)', async () => {
    const inputs = await bundleInputs(`export { keyFromMnemonic } from './src/index.ts'`)
    expect(inputs.some((p) => p.includes('node_modules/@scure/bip39/'))).toBe(true)
    expect(inputs.some((p) => p.includes('node_modules/@scure/bip32/'))).toBe(true)
    // the passphrase key alone needs neither
    const pass = await bundleInputs(`export { keyFromPassphrase } from './src/keys/index.ts'`)
    expect(pass.filter((p) => SCURE.test(p))).toEqual([])
  }, 60_000)
})
