// The RPCs a komodod user reaches for first (getbalance, getnewaddress, validateaddress, getblockchaininfo,
// getmempoolinfo, listunspent), the devnet-only snapshot / revert / advancetime, setTime, and the request log —
// over HTTP with the library's client and with plain fetch. Expected values come from published constants (key 1's
// hash160), node:crypto and bs58check, and komodod's field lists (src/wallet/rpcwallet.cpp, src/rpc/*.cpp).
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createHash } from 'node:crypto'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import bs58check from 'bs58check'
import type { Devnet } from '../../src/devnet/server.js'
import { startTestDevnet } from '../_util/devnet.js'
import type { DevnetLogEntry } from '../../src/devnet/log.js'
import { devnetCommand } from '../../src/cli/devnet.js'
import { createKomodoRpc } from '../../src/rpc/client.js'
import type { CliIo } from '../../src/cli/core.js'

// key 1: its compressed pubkey is the secp256k1 generator; HASH160(G) is a published constant
const KEY1 = '00'.repeat(31) + '01'
const H160_G = '751e76e8199196d454941c45d1b3a323f1433bd6'
// KMD's P2PKH version byte is 60, P2SH 85 (komodod chainparams.cpp base58Prefixes)
const ADDR_G = bs58check.encode(Uint8Array.from(Buffer.from('3c' + H160_G, 'hex')))
const OTHER_H160 = '06afd46bcdfd22ef94ac122aa11f241244a37ecc' // HASH160 of key 2's compressed pubkey
const ADDR_2 = bs58check.encode(Uint8Array.from(Buffer.from('3c' + OTHER_H160, 'hex')))
const P2SH = bs58check.encode(Uint8Array.from(Buffer.from('55' + '11'.repeat(20), 'hex')))

let dev: Devnet
const log: DevnetLogEntry[] = []
beforeAll(async () => {
  dev = await startTestDevnet({ privateKey: KEY1, log: (e) => void log.push(e) })
})
afterAll(async () => {
  await dev.stop()
})

/** The CLI's I/O, captured. */
const cliIo = (out: string[], err: string[]): CliIo => ({
  stdout: (t) => void out.push(t),
  stderr: (t) => void err.push(t),
  env: {},
  readStdin: async () => '',
  isTty: false,
})

/** An independent client: plain fetch, plain JSON.parse. */
async function plain(method: string, params: unknown[] = []): Promise<{ result: any; error: any }> {
  const r = await fetch(dev.url, {
    method: 'POST',
    body: JSON.stringify({ jsonrpc: '1.0', id: 7, method, params }),
    headers: { authorization: `Basic ${btoa(`${dev.user}:${dev.password}`)}` },
  })
  return (await r.json()) as { result: any; error: any }
}

describe('devnet: the first RPCs a komodod user reaches for', () => {
  test('getnewaddress is the wallet key’s address; validateaddress describes it as komodod does', async () => {
    expect(await dev.rpc.call('getnewaddress')).toBe(ADDR_G)
    expect((await plain('getnewaddress', [''])).result).toBe(ADDR_G)
    const v = (await plain('validateaddress', [ADDR_G])).result
    expect(v).toEqual({
      isvalid: true,
      address: ADDR_G,
      scriptPubKey: `76a914${H160_G}88ac`,
      segid: createHash('sha256').update(ADDR_G).digest()[0]! & 0x3f,
      ismine: true,
      iswatchonly: false,
      isscript: false,
      pubkey: '0279be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798',
      iscompressed: true,
      account: '',
    })
    const other = (await plain('validateaddress', [ADDR_2])).result
    expect(other).toMatchObject({
      isvalid: true,
      ismine: false,
      isscript: false,
      scriptPubKey: `76a914${OTHER_H160}88ac`,
    })
    expect(other).not.toHaveProperty('pubkey')
    expect((await plain('validateaddress', [P2SH])).result).toMatchObject({
      isvalid: true,
      isscript: true,
      scriptPubKey: `a914${'11'.repeat(20)}87`,
    })
    expect((await plain('validateaddress', ['RnotAnAddress'])).result).toEqual({ isvalid: false })
    expect((await plain('validateaddress', [])).error.code).toBe(-1)
  })

  test('getbalance, listunspent, getmempoolinfo and getblockchaininfo follow a send and a block', async () => {
    // genesis premine: 100 × 1000 coins to the wallet
    expect((await plain('getbalance')).result).toBe(100000)
    expect((await plain('getmempoolinfo')).result).toEqual({ size: 0, bytes: 0, usage: 0 })
    // 2 × 3 coins, immature: the devnet's wallet waits 100 blocks (KMD's maturity), and GetBalance skips them
    await dev.rpc.call('generate', [2])
    expect((await plain('getbalance')).result).toBe(100000)
    const txid = (await plain('sendtoaddress', [ADDR_2, 1])).result as string
    const hex = (await plain('getrawtransaction', [txid])).result as string
    expect((await plain('getmempoolinfo')).result).toMatchObject({ size: 1, bytes: hex.length / 2 })
    // the change comes back in a transaction whose every input is the wallet's: trusted at depth 0 (IsTrusted)
    expect((await plain('getbalance')).result).toBe(99998.9999)
    expect((await plain('getbalance', ['*', 1])).result).toBe(99998.9999)
    expect((await plain('getbalance', ['*', 1, 'x'])).error.code).toBe(-1)
    // listunspent 0 lists the change at 0 confirmations: what the spent input held less 1 coin and the 0.0001 fee
    const ls = (await plain('listunspent', [0])).result as { txid: string; confirmations: number; amount: number }[]
    const spent = (await plain('getrawtransaction', [txid, 1])).result.vin[0]
    const input = (await plain('getrawtransaction', [spent.txid, 1])).result.vout[spent.vout].value as number
    expect(ls.filter((u) => u.txid === txid)).toEqual([
      expect.objectContaining({ confirmations: 0, amount: Math.round((input - 1.0001) * 1e8) / 1e8 }),
    ])
    expect(ls.filter((u) => u.txid === txid && u.confirmations > 0)).toEqual([])
    expect((await plain('listunspent')).result.some((u: { txid: string }) => u.txid === txid)).toBe(false)
    await dev.rpc.call('generate', [1])
    expect((await plain('getmempoolinfo')).result.size).toBe(0)
    const info = (await plain('getblockchaininfo')).result
    expect(info).toMatchObject({
      chain: 'main',
      blocks: 3,
      headers: 3,
      bestblockhash: (await plain('getbestblockhash')).result,
      verificationprogress: 1,
      pruned: false,
      consensus: { chaintip: '76b809bb', nextblock: '76b809bb' },
    })
    expect(info.chainwork).toMatch(/^[0-9a-f]{64}$/)
    expect(info.upgrades['76b809bb']).toMatchObject({ name: 'Sapling', status: 'active' })
    expect(info.softforks.map((f: { id: string }) => f.id)).toEqual(['bip34', 'bip66', 'bip65'])
    // supply: premine + 3 blocks × 3 coins (fees are moved, not minted)
    expect(info.chainSupply).toEqual({ monitored: true, chainValue: 100009, chainValueZat: 10000900000000 })
  })
})

describe('devnet-only: snapshot, revert, the clock', () => {
  test('revert returns blocks, mempool and clock offset to the snapshot; the id is used up', async () => {
    const height = (await plain('getblockcount')).result as number
    const pending = (await plain('sendtoaddress', [ADDR_2, 2])).result as string
    const id = (await plain('snapshot')).result as string
    expect(typeof id).toBe('string')
    const offset = dev.chain.timeOffset
    const later = (await plain('sendtoaddress', [ADDR_2, 3])).result as string
    await dev.rpc.call('generate', [2])
    expect((await plain('advancetime', [3600])).result).toBeGreaterThanOrEqual(Math.floor(Date.now() / 1000) + 3600)
    expect((await plain('revert', [id])).result).toBe(true)
    expect((await plain('getblockcount')).result).toBe(height)
    expect((await plain('getrawmempool')).result).toEqual([pending])
    expect((await plain('getrawtransaction', [later])).error.code).toBe(-5)
    expect(dev.chain.timeOffset).toBe(offset)
    expect((await plain('revert', [id])).result).toBe(false)
    expect((await plain('revert', [1])).error.code).toBe(-3)
    // the library's handle does the same
    const id2 = await dev.snapshot()
    await dev.mine(1)
    expect(await dev.revert(id2)).toBe(true)
    expect(dev.chain.height).toBe(height)
  })
  test('setTime and setmocktime set the clock; advancetime refuses a negative step', async () => {
    dev.setTime(2_000_000_000)
    expect(dev.chain.now()).toBeGreaterThanOrEqual(2_000_000_000)
    expect(dev.chain.now()).toBeLessThan(2_000_000_005)
    await dev.rpc.call('generate', [1])
    expect(dev.chain.tip.time).toBeGreaterThanOrEqual(2_000_000_000)
    expect((await plain('setmocktime', [2_100_000_000])).error).toBeNull()
    expect(dev.chain.now()).toBeGreaterThanOrEqual(2_100_000_000)
    expect((await plain('advancetime', [-1])).error.code).toBe(-8)
    expect(() => dev.setTime(-5)).toThrow(expect.objectContaining({ code: 'DEVNET' }))
  })
})

describe('request log', () => {
  test('one entry per call with method, params and outcome; secrets and credentials never appear', async () => {
    log.length = 0
    const wif = (await plain('dumpprivkey', [ADDR_G])).result as string
    await plain('importprivkey', [wif, 'label'])
    await plain('decoderawtransaction', ['00'.repeat(200)])
    await plain('getblockcount')
    expect(log.map((e) => e.method)).toEqual(['dumpprivkey', 'importprivkey', 'decoderawtransaction', 'getblockcount'])
    expect(log[0]).toMatchObject({ params: [ADDR_G], error: null })
    expect(log[1]).toMatchObject({ params: ['[redacted]'], error: { code: -32601 } })
    expect(log[2]!.params).toEqual(['0000000000000000…(200 bytes)'])
    expect(log[3]!.ms).toBeGreaterThanOrEqual(0)
    const text = JSON.stringify(log)
    expect(text).not.toContain(wif)
    expect(text).not.toContain(dev.password)
  })
  test('komodo-cc devnet --log writes one line per call to stderr', async () => {
    const out: string[] = []
    const err: string[] = []
    const io = cliIo(out, err)
    const dir = mkdtempSync(join(tmpdir(), 'devnet-log-'))
    const run = devnetCommand.run(['--conf-dir', dir, '--chain', 'LOGTEST', '--log'], io)
    while (out.length === 0) await new Promise((r) => setTimeout(r, 20))
    const printed = JSON.parse(out.join('')) as { url: string; explorer?: string }
    // komodo-cc devnet serves the explorer by default (startDevnet does not: see explorer.test.ts)
    expect(printed.explorer).toBe(`${printed.url}/`)
    expect((await fetch(printed.explorer!)).status).toBe(200)
    const rpc = createKomodoRpc({ chain: 'LOGTEST', dataDir: dir })
    await rpc.call('getblockcount')
    await expect(rpc.call('nosuchmethod')).rejects.toMatchObject({ code: 'RPC_ERROR' })
    process.emit('SIGINT')
    expect(await run).toBe(0)
    const lines = err.join('').trim().split('\n')
    // GET requests (the explorer) are not JSON-RPC calls: only the two calls are logged
    expect(lines).toHaveLength(2)
    expect(lines[0]).toMatch(/^\d{4}-\d\d-\d\dT\S+ getblockcount \[\] → ok \(\d+\.\d ms\)$/)
    expect(lines[1]).toMatch(/ nosuchmethod \[\] → error -32601 Method not found /)
  })
  test('komodo-cc devnet --no-explorer answers GET with 405, as komodod', async () => {
    const out: string[] = []
    const io = cliIo(out, [])
    const run = devnetCommand.run(['--no-explorer'], io)
    while (out.length === 0) await new Promise((r) => setTimeout(r, 20))
    const printed = JSON.parse(out.join('')) as { url: string; explorer?: string }
    expect(printed.explorer).toBeUndefined()
    expect((await fetch(printed.url)).status).toBe(405)
    process.emit('SIGINT')
    expect(await run).toBe(0)
  })
})
