// Builders do not import the inspector: a build returns the transaction and the caller asks for the reading
// (inspectBuild, src/inspect-build.ts). Bundling one module's builders pulls in no inspector and no registry.
import { describe, expect, test } from 'vitest'
import { build } from 'esbuild'
import { resolve } from 'node:path'
import { getPublicKey } from '@noble/secp256k1'
import { buildTokenCreate } from '../src/modules/tokens/build.js'
import { inspectTransaction } from '../src/inspect/index.js'
import { inspectBuild } from '../src/inspect-build.js'
import { p2pkScript } from '../src/script/script.js'
import { sha256 } from '../src/hash/index.js'

const MODULES = ['tokens', 'faucet', 'dice', 'oracles', 'gateways', 'rewards']
const INSPECTOR = /(^|\/)src\/(inspect(\.ts|\/)|info\.ts|modules\/registry\/|modules\/[a-z]+\/(inspect|info)\.ts)/

describe('builders and the inspector', () => {
  test.each(MODULES)(
    'src/modules/%s/build.ts bundles without the inspector',
    async (m) => {
      const result = await build({
        entryPoints: [resolve(__dirname, '..', 'src', 'modules', m, 'build.ts')],
        bundle: true,
        platform: 'browser',
        format: 'esm',
        write: false,
        logLevel: 'silent',
        metafile: true,
      })
      expect(Object.keys(result.metafile.inputs).filter((p) => INSPECTOR.test(p))).toEqual([])
    },
    60_000,
  )

  test('inspectBuild(result) is inspectTransaction(result.tx) with the spent values the build carries', () => {
    const priv = sha256(new TextEncoder().encode('inspect build'))
    const pubkey = getPublicKey(priv, true)
    const r = buildTokenCreate(
      { name: 'IB', supply: '1' },
      {
        pubkey,
        utxos: [{ txid: '11'.repeat(32), vout: 0, satoshis: 1_000_000_000n, script: p2pkScript(pubkey) }],
        height: 5,
        privateKey: priv,
      },
    )
    const ins = inspectBuild(r)
    expect(ins).toMatchObject({ module: 'tokens', method: 'tokencreate', txid: r.txid, fee: r.fee })
    expect(ins).toEqual(inspectTransaction(r.tx, { prevouts: r.inputs.map((i) => ({ value: i.satoshis })) }))
    expect(inspectBuild(r, { chain: 'KMD' })).toEqual(ins)
  })
})

test('inspectBuild and parseMerkleBlock refuse what is not theirs with a typed error', async () => {
  const { parseMerkleBlock } = await import('../src/tx/merkle.js')
  for (const bad of [undefined, null, 5, 'zz', {}, [], { tx: 5 }, { tx: {}, inputs: [1] }])
    expect(() => inspectBuild(bad as never)).toThrow(expect.objectContaining({ code: 'ARG_INVALID' }))
  for (const bad of [undefined, null, 'zz', 5])
    expect(() => parseMerkleBlock(bad as never)).toThrow(expect.objectContaining({ code: 'BYTES_TYPE' }))
})
