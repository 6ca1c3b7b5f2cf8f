import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { readFileSync } from 'node:fs'
import { bytesToHex, hexToBytes } from '../../src/bytes/hex.js'
import { p2pkhAddress } from '../../src/address/address.js'
import { createKomodoRpc } from '../../src/rpc/client.js'
import { parseKomodoConf } from '../../src/rpc/conf.js'
import { p2pkScript } from '../../src/script/script.js'
import { keySigner } from '../../src/tx/sign.js'
import type { Devnet } from '../../src/devnet/server.js'
import { startTestDevnet } from '../_util/devnet.js'
import { DEVNET_PREMINE_OUTPUTS, DEVNET_PREMINE_VALUE, DEVNET_BLOCK_REWARD } from '../../src/devnet/chain.js'
import { expectRefused } from './_helpers.js'

// key 1 (secp256k1 generator): its compressed pubkey is a published constant
const KEY1 = '0000000000000000000000000000000000000000000000000000000000000001'
const G = '0279be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798'

let dev: Devnet
beforeAll(async () => {
  dev = await startTestDevnet({ privateKey: KEY1 })
})
afterAll(async () => {
  await dev.stop()
})

const raw = (body: string, auth?: string, method = 'POST') =>
  fetch(dev.url, {
    method,
    ...(method === 'POST' ? { body } : {}),
    headers: { 'content-type': 'text/plain;', authorization: auth ?? `Basic ${btoa(`${dev.user}:${dev.password}`)}` },
  })

describe('devnet server: helpers over the RPC client', () => {
  test('the wallet is the given key; the genesis premine is listed by listunspent and getaddressutxos', async () => {
    expect(dev.pubkey).toBe(G)
    const info = await dev.rpc.getinfo()
    expect(info.blocks).toBe(0)
    expect(info.pubkey).toBe(G)
    const utxos = await dev.rpc.getaddressutxos(p2pkhAddress(G))
    expect(utxos).toHaveLength(DEVNET_PREMINE_OUTPUTS)
    expect(utxos[0]).toMatchObject({
      address: p2pkhAddress(G),
      outputIndex: 0,
      satoshis: DEVNET_PREMINE_VALUE,
      height: 0,
      script: bytesToHex(p2pkScript(hexToBytes(G))),
    })
    const ls = await dev.rpc.listunspent(0)
    expect(ls).toHaveLength(DEVNET_PREMINE_OUTPUTS)
    expect(ls[0]!.amount).toBe(DEVNET_PREMINE_VALUE)
  })
  test('generate mines blocks paying the reward to the wallet; getblockcount follows', async () => {
    const hashes = (await dev.rpc.call('generate', [2])) as string[]
    expect(hashes).toHaveLength(2)
    expect(await dev.rpc.getblockcount()).toBe(2)
    expect(await dev.rpc.call('getbestblockhash')).toBe(hashes[1])
    const cb = (await dev.rpc.getaddressutxos(p2pkhAddress(G))).filter((u) => u.height === 2)
    expect(cb.map((u) => u.satoshis)).toEqual([DEVNET_BLOCK_REWARD])
  })
  test('sendtoaddress → getrawmempool → getrawtransaction/decoderawtransaction → mined', async () => {
    const dest = p2pkhAddress(keySigner(hexToBytes('00'.repeat(31) + '02')).publicKey)
    const txid = (await dev.rpc.call('sendtoaddress', [dest, '1.5'])) as string
    expect(await dev.rpc.getrawmempool()).toEqual([txid])
    const hex = await dev.rpc.getrawtransaction(txid)
    const dec = await dev.rpc.decoderawtransaction(hex)
    expect(dec.txid).toBe(txid)
    expect(await dev.rpc.getaddressutxos(dest)).toEqual([])
    await dev.mine(1)
    expect(await dev.rpc.getrawmempool()).toEqual([])
    const u = await dev.rpc.getaddressutxos(dest)
    expect(u.map((x) => x.satoshis)).toEqual([150000000n])
    const verbose = (await dev.rpc.call('getrawtransaction', [txid, 1])) as { confirmations: number; height: number }
    expect(verbose.confirmations).toBe(1)
    expect(verbose.height).toBe(3)
  })
  test('the conf file is in komodod layout and createKomodoRpc({ chain, dataDir }) finds it', async () => {
    expect(dev.confPath).toBe(`${dev.dataDir}/DEVNET.conf`)
    const conf = parseKomodoConf(readFileSync(dev.confPath, 'utf8'))
    expect(conf.rpcuser).toBe(dev.user)
    expect(conf.rpcport).toBe(new URL(dev.url).port)
    const viaConf = createKomodoRpc({ chain: 'DEVNET', dataDir: dev.dataDir })
    expect(await viaConf.getblockcount()).toBe(await dev.rpc.getblockcount())
  })
  test('ChainView over the client works against the devnet', async () => {
    const coins = await dev.rpc.listUnspent(p2pkhAddress(G))
    expect(coins.length).toBeGreaterThan(DEVNET_PREMINE_OUTPUTS)
    expect(await dev.rpc.getMempool()).toEqual([])
  })
})

describe('devnet server: bad requests get komodod shapes and never break the server', () => {
  test('unknown method: HTTP 404, -32601 Method not found', async () => {
    const r = await raw(JSON.stringify({ jsonrpc: '1.0', id: 'x', method: 'nosuchmethod', params: [] }))
    expect(r.status).toBe(404)
    expect(await r.json()).toEqual({ result: null, error: { code: -32601, message: 'Method not found' }, id: 'x' })
  })
  test('wrong parameter count: -1 with the usage text', async () => {
    await expectRefused(dev.rpc.call('oraclesinfo', []), -1, 'oraclesinfo oracletxid')
    await expectRefused(dev.rpc.call('getblockcount', [1]), -1, 'getblockcount')
  })
  test('wrong parameter types: -3 for core RPCs, -1 for module RPCs', async () => {
    await expectRefused(dev.rpc.call('sendrawtransaction', [5]), -3, 'Expected type string, got number')
    await expectRefused(dev.rpc.call('generate', ['1']), -3, 'Expected type number, got string')
    await expectRefused(dev.rpc.call('oraclesinfo', [5]), -1, 'JSON value is not a string as expected')
    await expectRefused(dev.rpc.call('getaddressutxos', [{ addresses: ['notanaddress'] }]), -5, 'Invalid address')
    await expectRefused(
      dev.rpc.call('getrawtransaction', ['00'.repeat(32)]),
      -5,
      'No information available about transaction',
    )
  })
  test('malformed JSON: HTTP 500, -32700 Parse error, id null', async () => {
    const r = await raw('{"method": "getinfo", ')
    expect(r.status).toBe(500)
    expect(await r.json()).toEqual({ result: null, error: { code: -32700, message: 'Parse error' }, id: null })
  })
  test('not an object / method not a string / params not an array: -32600', async () => {
    for (const body of ['"x"', '{"method": 5}', '{"method": "getinfo", "params": {"a": 1}}']) {
      const r = await raw(body)
      expect(r.status).toBe(400)
      expect(((await r.json()) as { error: { code: number } }).error.code).toBe(-32600)
    }
  })
  test('wrong credentials: HTTP 401 with an empty body', async () => {
    const r = await raw(JSON.stringify({ method: 'getinfo', params: [] }), `Basic ${btoa(`${dev.user}:wrong`)}`)
    expect(r.status).toBe(401)
    expect(await r.text()).toBe('')
    const r2 = await raw(JSON.stringify({ method: 'getinfo', params: [] }), 'Bearer x')
    expect(r2.status).toBe(401)
    const bad = createKomodoRpc({ url: dev.url, user: dev.user, password: 'nope' })
    await expect(bad.getblockcount()).rejects.toMatchObject({ code: 'RPC_HTTP', details: { reason: 'auth' } })
  })
  test('oversized body: HTTP 413, the server keeps serving', async () => {
    const big = JSON.stringify({ method: 'sendrawtransaction', params: ['00'.repeat(5 * 1024 * 1024)] })
    const r = await raw(big).catch(() => null)
    if (r !== null) expect(r.status).toBe(413)
    expect(await dev.rpc.getblockcount()).toBeGreaterThanOrEqual(0)
  })
  test('GET: HTTP 405', async () => {
    const r = await raw('', undefined, 'GET')
    expect(r.status).toBe(405)
  })
  test('batch requests answer an array in order', async () => {
    const r = await raw(
      JSON.stringify([
        { id: 1, method: 'getblockcount', params: [] },
        { id: 2, method: 'nope', params: [] },
      ]),
    )
    expect(r.status).toBe(200)
    const body = (await r.json()) as { id: number; error: unknown }[]
    expect(body.map((x) => x.id)).toEqual([1, 2])
    expect(body[1]!.error).toEqual({ code: -32601, message: 'Method not found' })
  })
  test('a hundred concurrent calls all answer', async () => {
    const all = await Promise.all(Array.from({ length: 100 }, () => dev.rpc.getblockcount()))
    expect(new Set(all).size).toBe(1)
  })
})
