// The key-local wallet in a real browser (issue 19): headless Chromium loads a bundle of createElectrumView +
// createWallet, connects to the devnet's WebSocket Electrum endpoint through the browser's own WebSocket, and runs a
// wallet flow — tokencreate, tokentransfer of that token, oraclescreate — with a key only the page holds. The test
// checks that the devnet accepted each transaction, and that the bundle carries no Node module.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { build, type Metafile } from 'esbuild'
import { resolve } from 'node:path'
import { bytesToHex, hexToBytes } from '../../src/bytes/hex.js'
import { p2pkhAddress } from '../../src/address/address.js'
import { keySigner } from '../../src/tx/sign.js'
import type { Devnet } from '../../src/devnet/server.js'
import { startTestDevnet } from '../_util/devnet.js'
import { browserTestsRun, openPageUntil, withPages } from '../_util/chromium.js'

const KEY = '6b'.repeat(32) // the page's key: the devnet never sees it
const me = bytesToHex(keySigner(hexToBytes(KEY)).publicKey)
const FRIEND = bytesToHex(keySigner(hexToBytes('00'.repeat(31) + '09')).publicKey)

// The page: the wallet flow over ws://, each step reported; `/mine` asks the test to mine a block (a token must be
// confirmed before komodod's tokentransfer spends it). The global WebSocket is wrapped to count what the library opens.
const entry = (wsUrl: string) => `
import { createElectrumView } from './src/electrum/index.ts'
import { createWallet } from './src/wallet/index.ts'
const Native = globalThis.WebSocket
let sockets = 0
globalThis.WebSocket = class extends Native { constructor(...a) { super(...a); sockets++ } }
const post = (path, value) => fetch(path, { method: 'POST', body: JSON.stringify(value) })
async function run() {
  const view = createElectrumView({ url: ${JSON.stringify(wsUrl)} })
  const wallet = createWallet({ privateKey: ${JSON.stringify(KEY)}, view })
  const tok = await wallet.tokencreate('BTOK', '0.00001', 'made in a browser')
  await post('/mine', {})
  const transfer = await wallet.tokentransfer(tok.txid, ${JSON.stringify(FRIEND)}, 100n)
  const oracle = await wallet.oraclescreate('BRW', 'a browser oracle', 'Ihh')
  const stats = { ...view.client.stats }
  view.close()
  return {
    txids: [tok.txid, transfer.txid, oracle.txid],
    methods: [tok, transfer, oracle].map((r) => r.inspection.method),
    broadcast: [tok, transfer, oracle].every((r) => r.broadcast),
    sockets,
    nodeProcess: typeof process !== 'undefined',
    stats,
  }
}
run().then((r) => post('/result', r), (e) => post('/result', { error: String(e && e.stack || e) }))
`

let dev: Devnet
beforeAll(async () => {
  dev = await startTestDevnet({ electrum: true })
  await dev.rpc.call('sendtoaddress', [p2pkhAddress(me), '50'])
  await dev.mine(1)
}, 30_000)
afterAll(async () => {
  await dev?.stop()
})

describe.runIf(browserTestsRun)('the wallet in headless Chromium over Electrum (WebSocket)', () => {
  test('tokencreate, tokentransfer, oraclescreate: signed in the page, accepted by the devnet', async () => {
    const bundle = await build({
      stdin: { contents: entry(dev.electrum!.wsUrl), resolveDir: resolve(__dirname, '..', '..'), loader: 'ts' },
      bundle: true,
      platform: 'browser',
      format: 'esm',
      write: false,
      metafile: true,
      logLevel: 'silent',
      target: 'es2022',
    })
    // no Node module in the bundle: nothing imported from node:*, nothing of the devnet's or the CLI's
    const meta: Metafile = bundle.metafile
    const inputs = Object.keys(meta.inputs)
    const imports = Object.values(meta.inputs).flatMap((i) => i.imports.map((x) => x.path))
    expect(imports.filter((p) => p.startsWith('node:') || /^(net|tls|fs|http|crypto)$/.test(p))).toEqual([])
    expect(inputs.filter((p) => /src\/(devnet|cli|rpc\/node)/.test(p))).toEqual([])
    const js = bundle.outputFiles[0]!.text

    let settle!: (v: unknown) => void
    const result = new Promise<unknown>((r) => (settle = r))
    const mined: number[] = []
    const html =
      '<!doctype html><html><head><meta charset="utf-8"></head><body><script type="module" src="/app.js"></script></body></html>'
    const r = (await withPages(
      {
        '/': { body: html, type: 'text/html' },
        '/app.js': { body: js, type: 'text/javascript' },
        '/mine': async () => {
          await dev.mine(1)
          mined.push(dev.chain.height)
          return { body: '{}', type: 'application/json' }
        },
        '/result': async (body) => {
          settle(JSON.parse(body))
          return { body: '{}', type: 'application/json' }
        },
      },
      (origin) => openPageUntil(`${origin}/`, result, 90_000),
    )) as {
      error?: string
      txids: string[]
      methods: string[]
      broadcast: boolean
      sockets: number
      nodeProcess: boolean
      stats: { roundTrips: number; requests: number; connections: number }
    }
    expect(r.error).toBeUndefined()
    expect(r.methods).toEqual(['tokencreate', 'tokentransfer', 'oraclescreate'])
    expect(r.broadcast).toBe(true)
    // the browser's WebSocket carried it (one connection), in a page without Node's process
    expect(r.sockets).toBe(1)
    expect(r.stats.connections).toBe(1)
    expect(r.nodeProcess).toBe(false)
    expect(mined).toHaveLength(1)
    // the devnet validated and took every transaction: the first mined, the other two in its mempool
    for (const txid of r.txids) expect(dev.chain.txs.has(txid)).toBe(true)
    expect(dev.chain.mempool).toEqual(expect.arrayContaining(r.txids.slice(1)))
    await dev.mine(1)
    expect(await dev.rpc.call('tokenbalance', [r.txids[0]!, FRIEND])).toMatchObject({ balance: 100 })
    const info = (await dev.rpc.call('oraclesinfo', [r.txids[2]!])) as { name: string; format: string }
    expect(info).toMatchObject({ name: 'BRW', format: 'Ihh' })
    // eslint-disable-next-line no-console
    console.log('browser wallet over ws://, Electrum messages and requests:', JSON.stringify(r.stats))
  }, 120_000)
})
