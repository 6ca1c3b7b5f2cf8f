// The devnet explorer: the page at the HTTP root and its JSON, loaded in headless Chromium (Debian's chromium), shows
// a transaction this test made with the inspector's reading, the token balances it moved and the oracle samples it
// published as chart points; the offline inspector page (esbuild's browser bundle of the library's inspector) decodes
// pasted hex in the page. JSON-RPC keeps working on POST /.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { request } from 'node:http'
import { hexToBytes, bytesToHex } from '../../src/bytes/hex.js'
import { keySigner } from '../../src/tx/sign.js'
import { p2pkhAddress } from '../../src/address/address.js'
import type { Devnet } from '../../src/devnet/server.js'
import { startTestDevnet } from '../_util/devnet.js'
import { browserTestsRun, dumpDom, withPages } from '../_util/chromium.js'

const KEY1 = '00'.repeat(31) + '01'
const HOLDER = bytesToHex(keySigner(hexToBytes('00'.repeat(31) + '09')).publicKey)
/** 'L' records: 8-byte little-endian integers 101, 205, 150. */
const SAMPLES = [101n, 205n, 150n]
const le64 = (v: bigint): string => {
  const b = new Uint8Array(8)
  new DataView(b.buffer).setBigUint64(0, v, true)
  return bytesToHex(b)
}

let dev: Devnet
let tokenid: string
let oracletxid: string
let pending: string
const dataTxids: string[] = []

const send = async (method: string, params: (string | number)[]): Promise<string> => {
  const r = (await dev.rpc.call(method, params)) as { result: string; hex: string; error?: string }
  expect(r.result, `${method}: ${r.error}`).toBe('success')
  return dev.rpc.sendrawtransaction(r.hex)
}

beforeAll(async () => {
  dev = await startTestDevnet({ privateKey: KEY1, explorer: true })
  tokenid = await send('tokencreate', ['TOK', '0.00001', 'a thousand units'])
  await dev.mine(1)
  await send('tokentransfer', [tokenid, HOLDER, 250])
  await dev.mine(1)
  oracletxid = await send('oraclescreate', ['PRICE', 'a test price', 'L'])
  await dev.mine(1)
  await send('oraclesfund', [oracletxid])
  await dev.mine(1)
  await send('oraclesregister', [oracletxid, '0.0001'])
  await dev.mine(1)
  await send('oraclessubscribe', [oracletxid, dev.pubkey, '0.01'])
  await dev.mine(1)
  for (const v of SAMPLES) {
    dataTxids.push(await send('oraclesdata', [oracletxid, le64(v)]))
    await dev.mine(1)
    dev.advanceTime(60)
  }
  pending = (await dev.rpc.call('sendtoaddress', [p2pkhAddress(HOLDER), 1])) as string
}, 60_000)
afterAll(async () => {
  await dev.stop()
})

const get = async (path: string) => fetch(dev.url + path)

describe('devnet explorer over HTTP', () => {
  test('GET / is the page; POST / is still JSON-RPC; GET without the explorer stays 405', async () => {
    const r = await get('/')
    expect(r.status).toBe(200)
    expect(r.headers.get('content-type')).toMatch(/^text\/html/)
    const html = await r.text()
    expect(html).not.toContain('<circle') // the chart is drawn by the page's script from the JSON
    // nothing loaded from elsewhere: no src/href to another origin, no fetch of an absolute URL, no CSS import
    expect(html).not.toMatch(/(src|href)=["']?(https?:)?\/\//i)
    expect(html).not.toMatch(/fetch\(["']https?:/)
    expect(html).not.toContain('@import')
    expect(await dev.rpc.getblockcount()).toBe(dev.chain.height)
    const plain = await startTestDevnet()
    try {
      expect((await fetch(plain.url)).status).toBe(405)
    } finally {
      await plain.stop()
    }
  })
  test('the JSON: blocks, mempool, the token’s balances, the oracle’s samples', async () => {
    const s = (await (await get('/explorer/api/state')).json()) as any
    expect(s.height).toBe(dev.chain.height)
    expect(s.blocks[0].hash).toBe(dev.chain.tip.hash)
    expect(s.mempool).toEqual([expect.objectContaining({ txid: pending, module: null })])
    expect(s.tokens).toHaveLength(1)
    expect(s.tokens[0]).toMatchObject({ tokenid, name: 'TOK', supply: '1000', owner: dev.pubkey })
    const balances = Object.fromEntries(s.tokens[0].balances.map((b: any) => [b.pubkey, b.balance]))
    expect(balances).toEqual({ [dev.pubkey]: '750', [HOLDER]: '250' })
    expect(s.oracles).toHaveLength(1)
    expect(s.oracles[0].samples.map((x: any) => x.values)).toEqual(SAMPLES.map((v) => [String(v)]))
    expect(s.oracles[0].samples.map((x: any) => x.txid)).toEqual(dataTxids)
    const t = (await (await get(`/explorer/api/tx/${tokenid}`)).json()) as any
    expect(t.inspection).toMatchObject({ module: 'tokens', method: 'tokencreate' })
    expect(t.hex).toBe(dev.chain.txs.get(tokenid)!.hex)
    expect((await get(`/explorer/api/tx/${'00'.repeat(32)}`)).status).toBe(404)
    expect((await get('/nope')).status).toBe(404)
  })
  test('a request naming another host (DNS rebinding) is refused', async () => {
    const status = await new Promise<number>((ok, fail) => {
      const req = request(dev.url + '/explorer/api/state', { headers: { host: 'attacker.example:80' } }, (res) => {
        res.resume()
        ok(res.statusCode ?? 0)
      })
      req.on('error', fail)
      req.end()
    })
    expect(status).toBe(403)
  })
})

describe.runIf(browserTestsRun)('devnet explorer in headless Chromium', () => {
  test('the page shows the token creation with its reading, the balances and the chart of the samples', async () => {
    const dom = await dumpDom(`${dev.url}/#tx=${tokenid}`)
    expect(dom).toContain('data-loaded="true"')
    expect(dom).toContain(`<code id="tx-id">${tokenid}</code>`)
    expect(dom).toMatch(/<b id="tx-module">tokens<\/b>/)
    expect(dom).toMatch(/<b id="tx-method">tokencreate<\/b>/)
    expect(dom).toMatch(/"name": "TOK"/)
    // the chart: one point per published sample, in order, each carrying its value and its transaction
    const points = [
      ...dom.matchAll(/<circle[^>]*class="sample"[^>]*data-value="(\d+)"[^>]*data-txid="([0-9a-f]{64})"/g),
    ]
    expect(points.map((m) => m[1])).toEqual(SAMPLES.map(String))
    expect(points.map((m) => m[2])).toEqual(dataTxids)
    expect(dom).toMatch(/<polyline points="[\d.,\s]+" class="series">/)
    // balances
    expect(dom).toMatch(new RegExp(`<section class="token" data-tokenid="${tokenid}">.*<td>250</td>.*</section>`, 's'))
    // the mempool lists the pending payment
    expect(dom).toContain(`data-txid="${pending}"`)
  }, 60_000)

  test('the offline inspector page decodes pasted hex in the page (esbuild browser bundle)', async () => {
    const out = join(mkdtempSync(join(tmpdir(), 'inspector-page-')), 'inspector.html')
    execFileSync(process.execPath, [resolve(__dirname, '../../scripts/build-inspector.mjs'), out])
    const html = readFileSync(out, 'utf8')
    const explorerPage = await (await get('/')).text()
    // page weight, for the record
    console.log(
      `explorer page ${Buffer.byteLength(explorerPage)} bytes (HTML+CSS+JS inline); offline inspector ${Buffer.byteLength(html)} bytes`,
    )
    const hex = dev.chain.txs.get(dataTxids[0]!)!.hex
    const dom = await withPages({ '/': { body: html, type: 'text/html' } }, (origin) =>
      dumpDom(`${origin}/#hex=${hex}`),
    )
    expect(dom).toContain('data-loaded="true"')
    expect(dom).toMatch(/data-module="oracles"/)
    expect(dom).toMatch(/data-method="oraclesdata"/)
    expect(dom).toContain(`"oracletxid": "${oracletxid}"`)
    const bad = await withPages({ '/': { body: html, type: 'text/html' } }, (origin) => dumpDom(`${origin}/#hex=00`))
    expect(bad).toMatch(/<p id="what"[^>]*>READ_PAST_END|<p id="what"[^>]*>[A-Z_]+</)
  }, 60_000)
})
