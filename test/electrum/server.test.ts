// The devnet's Electrum server on the wire: version negotiation, ElectrumX's error codes and texts, semantics of the
// script-hash methods, headers, merkle proofs, notifications, limits; KDF's request replay (electrum.md 10); an
// independent client from npm; recorded ElectrumX replies as shape vectors.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createRequire } from 'node:module'
import { hexToBytes } from '../../src/bytes/hex.js'
import { hash160 } from '../../src/hash/index.js'
import { p2pkScript, p2pkhScript } from '../../src/script/script.js'
import type { Devnet } from '../../src/devnet/server.js'
import { startTestDevnet } from '../_util/devnet.js'
import { startElectrumServer } from '../../src/devnet/electrum.js'
import { devnetBlockHeader } from '../../src/devnet/chain.js'
import { scripthash, electrumStatus } from '../../src/electrum/scripthash.js'
import { merkleBranch, merkleRootFromBranch, parseKomodoHeader, parseKomodoHeaders } from '../../src/electrum/merkle.js'
import { txidToInternalBytes, internalBytesToTxid } from '../../src/bytes/uint256.js'
import transcript from '../../vectors/electrum/transcript.json' with { type: 'json' }
import { buildChainState, rawSession } from './_helpers.js'

let dev: Devnet
let p2pk: string
let p2pkh: string
let tokenid: string
beforeAll(async () => {
  dev = await startTestDevnet({ electrum: true })
  ;({ tokenid } = await buildChainState(dev))
  p2pk = scripthash(p2pkScript(hexToBytes(dev.pubkey)))
  p2pkh = scripthash(p2pkhScript(hash160(hexToBytes(dev.pubkey))))
}, 30_000)
afterAll(async () => {
  await dev?.stop()
})

const session = async (version: unknown = ['1.4', '1.4']) => {
  const s = await rawSession(dev.electrum!.port)
  if (version !== null) {
    const r = await s.call('server.version', ['test', version], 0)
    expect(r.error).toBeUndefined()
  }
  return s
}

describe('version negotiation (electrum.md 3)', () => {
  test.each([
    [['1.2', '1.4'], '1.4'],
    [['1.4', '1.4.3'], '1.4.3'],
    [['1.4', '1.6'], '1.6'],
    ['1.4', '1.4'],
    [['1.4', '2.0'], '1.6'],
  ])('%j → %s', async (offered, negotiated) => {
    const s = await rawSession(dev.electrum!.port)
    const r = await s.call('server.version', ['c', offered], 0)
    expect(r.result[1]).toBe(negotiated)
    expect(typeof r.result[0]).toBe('string')
    // a second server.version is refused, the connection kept
    const again = await s.call('server.version', ['c', offered], 1)
    expect(again.error).toEqual({ code: 1, message: 'server.version already sent' })
    expect((await s.call('server.ping', [], 2)).result).toBeNull()
    s.close()
  })
  test('no common version: code 1, then the door', async () => {
    const s = await rawSession(dev.electrum!.port)
    const r = await s.call('server.version', ['c', ['1.0', '1.2']], 0)
    expect(r.error).toEqual({ code: 1, message: "unsupported protocol version: ['1.0', '1.2']" })
    await expect(s.next(1000)).rejects.toThrow('closed')
  })
  test('extra arguments are ignored (protocol 1.6 text)', async () => {
    const s = await rawSession(dev.electrum!.port)
    const r = await s.call('server.version', ['electrum/4.6.2', ['1.4', '1.6'], 'trailing', 9999.9, {}], 0)
    expect(r.result[1]).toBe('1.6')
    s.close()
  })
  test('anything before server.version: two argument-less notifications, code 1, disconnection (ElectrumX ≥ 1.19)', async () => {
    const s = await rawSession(dev.electrum!.port)
    s.send({ jsonrpc: '2.0', id: 5, method: 'server.ping', params: [] })
    expect(await s.next()).toEqual({ jsonrpc: '2.0', method: 'blockchain.relayfee' })
    expect(await s.next()).toEqual({ jsonrpc: '2.0', method: 'blockchain.estimatefee' })
    expect(await s.next()).toEqual({
      jsonrpc: '2.0',
      error: { code: 1, message: 'use server.version to identify client' },
      id: 5,
    })
    await expect(s.next(1000)).rejects.toThrow('closed')
  })
})

describe('errors as ElectrumX words them (electrum.md 5)', () => {
  test('JSON-RPC layer', async () => {
    const s = await session()
    s.send('{not json')
    expect(await s.next()).toEqual({ jsonrpc: '2.0', error: { code: -32700, message: 'invalid JSON' }, id: null })
    s.socket.write(Buffer.from([0xff, 0xfe, 0x0a]))
    expect((await s.next()).error).toEqual({ code: -32700, message: 'messages must be encoded in UTF-8' })
    s.send('[]')
    expect((await s.next()).error).toEqual({ code: -32600, message: 'batch is empty' })
    expect((await s.call('no.such', [], 7)).error).toEqual({ code: -32601, message: 'unknown method "no.such"' })
    expect((await s.call('blockchain.scripthash.get_balance', [], 8)).error).toEqual({
      code: -32602,
      message: '0 arguments passed to method "blockchain.scripthash.get_balance" but it requires 1',
    })
    expect((await s.call('server.ping', [1], 9)).error).toEqual({
      code: -32602,
      message: '1 arguments passed to method server.ping taking at most 0',
    })
    // strict 2.0 once the first message said so
    s.send({ id: 10, method: 'server.ping', params: [] })
    expect((await s.next()).error).toEqual({ code: -32600, message: '"jsonrpc" is not "2.0"' })
    // a notification (no id) is processed and never answered
    s.send({ jsonrpc: '2.0', method: 'server.ping', params: [] })
    expect((await s.call('server.ping', [], 'str-id')).id).toBe('str-id')
    s.close()
  })
  test('parameter values, not-found in the Python rendering KDF matches, relayfee gone in 1.6', async () => {
    const s = await session()
    expect((await s.call('blockchain.scripthash.listunspent', ['xyz'], 1)).error).toEqual({
      code: 1,
      message: 'xyz is not a valid script hash',
    })
    expect((await s.call('blockchain.transaction.get', ['12'], 2)).error).toEqual({
      code: 1,
      message: '12 should be a transaction hash',
    })
    expect((await s.call('blockchain.transaction.get', [tokenid, 'yes'], 3)).error).toEqual({
      code: 1,
      message: '"verbose" must be a boolean',
    })
    const nf = await s.call('blockchain.transaction.get', ['ab'.repeat(32)], 4)
    expect(nf.error).toEqual({
      code: 2,
      message: "daemon error: DaemonError({'code': -5, 'message': 'No information available about transaction'})",
    })
    expect(nf.error.message).toContain("'code': -5")
    expect((await s.call('blockchain.block.header', [10_000], 5)).error).toEqual({
      code: 1,
      message: 'height 10,000 out of range',
    })
    expect((await s.call('blockchain.block.header', [-1], 6)).error).toEqual({
      code: 1,
      message: '-1 should be a non-negative integer',
    })
    expect((await s.call('blockchain.transaction.get_merkle', [tokenid, 1], 7)).error).toEqual({
      code: 1,
      message: `tx ${tokenid} not in block at height 1`,
    })
    expect((await s.call('blockchain.transaction.get_merkle', [tokenid, 5000], 8)).error.message).toBe(
      `db error: DBError('block 5,000 not on disk (>${dev.chain.height})')`,
    )
    expect((await s.call('blockchain.estimatefee', [2], 9)).result).toBe(-1)
    expect((await s.call('blockchain.estimatefee', [2, 'fast'], 10)).error).toEqual({
      code: 1,
      message: 'unknown estimatefee mode: fast',
    })
    expect((await s.call('blockchain.estimatefee', [2, 'ECONOMICAL'], 11)).error.code).toBe(2)
    expect((await s.call('blockchain.relayfee', [], 12)).result).toBe(0.000001)
    s.close()
    const s6 = await session(['1.4', '1.6'])
    expect((await s6.call('blockchain.relayfee', [], 1)).error.code).toBe(-32601)
    expect((await s6.call('mempool.get_info', [], 2)).result).toEqual({
      mempoolminfee: 0.000001,
      minrelaytxfee: 0.000001,
      incrementalrelayfee: 0.000001,
    })
    s6.close()
  })
  test('broadcast rejection: code 1, the fixed sentence, the daemon reason, the hex in brackets', async () => {
    const s = await session()
    const a = await dev.rpc.tokencreate('RJA', '0.000001')
    const b = await dev.rpc.tokencreate('RJB', '0.000002')
    expect((await s.call('blockchain.transaction.broadcast', [a.hex], 1)).result).toMatch(/^[0-9a-f]{64}$/)
    // again: already in the mempool is a success with the same txid
    const again = await s.call('blockchain.transaction.broadcast', [a.hex], 2)
    expect(again.result).toMatch(/^[0-9a-f]{64}$/)
    const r = await s.call('blockchain.transaction.broadcast', [b.hex], 3)
    expect(r.error.code).toBe(1)
    expect(r.error.message).toMatch(
      /^the transaction was rejected by network rules\.\n\n18: txn-mempool-conflict\n\[[0-9a-f]+\]$/,
    )
    expect((await s.call('blockchain.transaction.broadcast', ['zz'], 4)).error).toEqual({
      code: 1,
      message: 'zz should be a hex string',
    })
    s.close()
  })
})

describe('script-hash semantics (electrum.md 4.3, 6)', () => {
  test('listunspent, get_balance, get_mempool, get_history and the status agree with the chain', async () => {
    const s = await session()
    const chain = dev.chain
    for (const sh of [p2pk, p2pkh]) {
      const lu = (await s.call('blockchain.scripthash.listunspent', [sh], 1)).result as {
        tx_hash: string
        tx_pos: number
        height: number
        value: number
      }[]
      const mp = (await s.call('blockchain.scripthash.get_mempool', [sh], 2)).result as {
        tx_hash: string
        height: number
        fee: number
      }[]
      const hist = (await s.call('blockchain.scripthash.get_history', [sh], 3)).result as {
        tx_hash: string
        height: number
      }[]
      const bal = (await s.call('blockchain.scripthash.get_balance', [sh], 4)).result
      const status = (await s.call('blockchain.scripthash.subscribe', [sh], 5)).result
      // no mempool-spent outpoint, mempool outputs at height 0, never −1
      for (const u of lu) {
        expect(chain.spentInMempool(u.tx_hash, u.tx_pos)).toBe(false)
        expect(u.height).toBeGreaterThanOrEqual(0)
        if (chain.txs.get(u.tx_hash)!.height < 0) expect(u.height).toBe(0)
      }
      // canonical mempool order, heights 0/−1 by inputs
      const sorted = [...mp].sort((a, b) => b.height - a.height || (a.tx_hash < b.tx_hash ? -1 : 1))
      expect(mp).toEqual(sorted)
      for (const m of mp) {
        const tx = chain.txs.get(m.tx_hash)!.tx
        expect(m.height).toBe(tx.vin.some((i) => chain.mempool.includes(i.txid)) ? -1 : 0)
      }
      // history = confirmed (chain order) then get_mempool; the status is its hash
      expect(hist.slice(hist.length - mp.length)).toEqual(mp)
      const heights = hist.slice(0, hist.length - mp.length).map((h) => h.height)
      expect(heights).toEqual([...heights].sort((x, y) => x - y))
      expect(status).toBe(electrumStatus(hist.map((h) => ({ txid: h.tx_hash, height: h.height }))))
      // confirmed = all confirmed unspent (incl. mempool-spent); unconfirmed = mempool delta
      const script = sh === p2pk ? p2pkScript(hexToBytes(dev.pubkey)) : p2pkhScript(hash160(hexToBytes(dev.pubkey)))
      const hex = Buffer.from(script).toString('hex')
      let confirmed = 0n
      for (const c of chain.utxos.values()) if (Buffer.from(c.script).toString('hex') === hex) confirmed += c.value
      let delta = 0n
      for (const id of chain.mempool) {
        const tx = chain.txs.get(id)!.tx
        for (const i of tx.vin) {
          const o = chain.txs.get(i.txid)!.tx.vout[i.vout]!
          if (Buffer.from(o.script).toString('hex') === hex) delta -= o.value
        }
        for (const o of tx.vout) if (Buffer.from(o.script).toString('hex') === hex) delta += o.value
      }
      expect(bal).toEqual({ confirmed: Number(confirmed), unconfirmed: Number(delta) })
    }
    // an unknown script hash is not an error
    const none = '00'.repeat(32)
    expect((await s.call('blockchain.scripthash.listunspent', [none], 6)).result).toEqual([])
    expect((await s.call('blockchain.scripthash.get_balance', [none], 7)).result).toEqual({
      confirmed: 0,
      unconfirmed: 0,
    })
    expect((await s.call('blockchain.scripthash.subscribe', [none], 8)).result).toBeNull()
    s.close()
  })
  test('notifications: a new block notifies headers and the statuses that changed, to the spelling subscribed', async () => {
    const s = await session(['1.4', '1.4.3']) // unsubscribe is 1.4.2+
    const upper = p2pk.toUpperCase()
    const st = (await s.call('blockchain.scripthash.subscribe', [upper], 1)).result
    const tip = (await s.call('blockchain.headers.subscribe', [], 2)).result
    expect(tip.height).toBe(dev.chain.height)
    await dev.mine(1)
    const got: any[] = [await s.next(), await s.next()]
    const h = got.find((m) => m.method === 'blockchain.headers.subscribe')
    const n = got.find((m) => m.method === 'blockchain.scripthash.subscribe')
    expect(h.params[0].height).toBe(dev.chain.height)
    expect(h.params[0].hex.length).toBe(2974)
    expect(n.params[0]).toBe(upper)
    expect(n.params[1]).not.toBe(st)
    expect(n.params[1]).toBe((await s.call('blockchain.scripthash.subscribe', [p2pk], 3)).result)
    expect((await s.call('blockchain.scripthash.unsubscribe', [upper], 4)).result).toBe(true)
    expect((await s.call('blockchain.scripthash.unsubscribe', [upper], 5)).result).toBe(false)
    s.close()
  })
})

describe('headers and proofs (electrum.md 7, 8)', () => {
  test('full 1487-byte version-4 headers whose hash is the block hash, chained by prev', async () => {
    const s = await session()
    const r = (await s.call('blockchain.block.headers', [0, 3000], 1)).result
    expect(r.max).toBe(2016)
    expect(r.count).toBe(dev.chain.height + 1)
    const hs = parseKomodoHeaders(hexToBytes(r.hex))
    expect(hs.length).toBe(r.count)
    hs.forEach((h, i) => {
      expect(h.size).toBe(1487)
      expect(h.version).toBe(4)
      expect(h.hash).toBe(dev.chain.blocks[i]!.hash)
      expect(h.merkleRoot).toBe(dev.chain.blocks[i]!.merkleRoot)
      if (i > 0) expect(h.prevHash).toBe(hs[i - 1]!.hash)
    })
    expect((await s.call('blockchain.block.header', [2], 2)).result).toBe(r.hex.slice(2 * 2974, 3 * 2974))
    const past = (await s.call('blockchain.block.headers', [dev.chain.height + 5, 2], 3)).result
    expect(past).toEqual({ hex: '', count: 0, max: 2016 })
    // cp_height: the header's branch in the tree of block hashes 0..cp leads to root
    const cp = dev.chain.height
    const p = (await s.call('blockchain.block.header', [1, cp], 4)).result
    expect(p.header).toBe(r.hex.slice(2974, 2 * 2974))
    const leaves = dev.chain.blocks.slice(0, cp + 1).map((b) => b.hash)
    expect(merkleRootFromBranch(leaves[1]!, p.branch, 1)).toBe(p.root)
    const s6 = await session(['1.6', '1.6'])
    const r6 = (await s6.call('blockchain.block.headers', [0, 2], 1)).result
    expect(r6.headers).toEqual([r.hex.slice(0, 2974), r.hex.slice(2974, 2 * 2974)])
    s.close()
    s6.close()
  })
  test('get_merkle and id_from_pos lead to the header merkle root', async () => {
    const s = await session()
    const b = dev.chain.blocks.find((x) => x.txids.length >= 3)!
    for (const [pos, txid] of b.txids.entries()) {
      const m = (await s.call('blockchain.transaction.get_merkle', [txid, b.height], 1)).result
      expect(m.pos).toBe(pos)
      expect(m.block_height).toBe(b.height)
      expect(merkleRootFromBranch(txid, m.merkle, m.pos)).toBe(b.merkleRoot)
      expect((await s.call('blockchain.transaction.id_from_pos', [b.height, pos], 2)).result).toBe(txid)
    }
    s.close()
  })
  test("the protocol documentation's block 2473: both branches lead to one root", () => {
    const roots = transcript.merkle.proofs.map((p) => merkleRootFromBranch(p.txid, p.merkle, p.pos))
    expect(roots[0]).toBe(roots[1])
    const leaves = [transcript.merkle.coinbase, transcript.merkle.proofs[0]!.txid, transcript.merkle.proofs[1]!.txid]
    for (const [i, p] of transcript.merkle.proofs.entries()) {
      const { branch, root } = merkleBranch(
        leaves.map((t) => txidToInternalBytes(t)),
        i + 1,
      )
      expect(branch.map((x) => internalBytesToTxid(x))).toEqual(p.merkle)
      expect(internalBytesToTxid(root)).toBe(roots[0])
    }
  })
  test('a header parses exactly: trailing bytes and oversize solutions are refused', () => {
    const blk = dev.chain.blocks[1]!
    const bytes = devnetBlockHeader(blk.prevHash, blk.merkleRoot, blk.time, blk.height, blk.nonce)
    const h = parseKomodoHeader(bytes)
    expect([h.size, h.solution.length, h.bits, h.time, h.hash]).toEqual([1487, 1344, 0x200f0f0f, blk.time, blk.hash])
    expect(() => parseKomodoHeader(new Uint8Array([...bytes, 0]))).toThrow(
      expect.objectContaining({ code: 'TRAILING_BYTES' }),
    )
    expect(() => parseKomodoHeader(bytes.subarray(0, 1486))).toThrow(expect.objectContaining({ code: 'READ_PAST_END' }))
    const big = bytes.slice(0, 145)
    big.set([0xfe, 0x00, 0x00, 0x01, 0x00], 140) // CompactSize 65536
    expect(() => parseKomodoHeader(big)).toThrow(expect.objectContaining({ code: 'INT_RANGE' }))
    expect(parseKomodoHeaders(new Uint8Array(0))).toEqual([])
  })
})

describe('KDF request replay (electrum.md 10)', () => {
  test('what KDF sends, and the shapes its strict structs need', async () => {
    const s = await rawSession(dev.electrum!.port)
    // ids from 0; the version KDF parses as a 32-bit float
    const v = await s.call('server.version', ['komodo-wallet GUI/MM2 2.5.1-beta', ['1.2', '1.4']], 0)
    expect(v.result[1]).toBe('1.4')
    expect(Number.parseFloat(v.result[1])).toBe(1.4)
    // batches: one reply per id, any order
    s.send([
      { jsonrpc: '2.0', id: 1, method: 'blockchain.scripthash.listunspent', params: [p2pkh] },
      { jsonrpc: '2.0', id: 2, method: 'blockchain.scripthash.listunspent', params: [p2pk] },
      { jsonrpc: '2.0', id: 3, method: 'blockchain.scripthash.get_balance', params: [p2pkh] },
      { jsonrpc: '2.0', id: 4, method: 'blockchain.scripthash.get_balance', params: [p2pk] },
      { jsonrpc: '2.0', id: 5, method: 'blockchain.scripthash.get_history', params: [p2pkh] },
    ])
    const batch = (await s.next()) as any[]
    expect(batch.map((r) => r.id).sort()).toEqual([1, 2, 3, 4, 5])
    for (const r of batch.filter((x) => x.id <= 2))
      for (const u of r.result) {
        expect(Object.keys(u).sort()).toEqual(['height', 'tx_hash', 'tx_pos', 'value'])
        expect(u.height).toBeGreaterThanOrEqual(0) // a negative height breaks KDF's whole reply
      }
    for (const r of batch.filter((x) => x.id === 3 || x.id === 4))
      expect(Object.keys(r.result).sort()).toEqual(['confirmed', 'unconfirmed'])
    // verbose transactions: mined ones with height, confirmations, rawconfirmations; mempool ones with none
    const mined = dev.chain.blocks[1]!.txids[0]!
    const pending = await dev.rpc.sendrawtransaction((await dev.rpc.tokencreate('KDF', '0.000001')).hex)
    s.send([
      { jsonrpc: '2.0', id: 6, method: 'blockchain.transaction.get', params: [mined, true] },
      { jsonrpc: '2.0', id: 7, method: 'blockchain.transaction.get', params: [pending, true] },
    ])
    const txs = (await s.next()) as any[]
    const m = txs.find((x) => x.id === 6).result
    const p = txs.find((x) => x.id === 7).result
    for (const k of ['hex', 'txid', 'version', 'locktime', 'vin', 'vout']) expect(m).toHaveProperty(k)
    expect(m.height).toBe(1)
    expect(m.confirmations).toBe(dev.chain.height)
    expect(m.rawconfirmations).toBe(dev.chain.height)
    for (const k of ['blockhash', 'time', 'blocktime']) expect(m).toHaveProperty(k)
    for (const k of ['height', 'confirmations', 'rawconfirmations', 'blockhash']) expect(p).not.toHaveProperty(k)
    for (const o of m.vout)
      expect([
        'nonstandard',
        'pubkey',
        'pubkeyhash',
        'scripthash',
        'multisig',
        'nulldata',
        'cryptocondition',
      ]).toContain(o.scriptPubKey.type)
    // median time past: 11 headers ending at the tip, version 4, count and max present
    const start = Math.max(0, dev.chain.height - 10)
    const hd = (await s.call('blockchain.block.headers', [start, 11], 8)).result
    expect(hd.max).toBe(2016)
    expect(hd.count).toBe(dev.chain.height - start + 1)
    for (const h of parseKomodoHeaders(hexToBytes(hd.hex))) expect(h.version).toBe(4)
    const genesis = parseKomodoHeader(hexToBytes((await s.call('blockchain.block.header', [0], 9)).result))
    expect(genesis.version).toBe(4) // KDF cannot parse a version-1 genesis
    const tip = (await s.call('blockchain.headers.subscribe', [], 10)).result
    expect(Object.keys(tip).sort()).toEqual(['height', 'hex'])
    // "is it on chain": the not-found text carries 'code': -5
    expect((await s.call('blockchain.transaction.get', ['cd'.repeat(32), true], 11)).error.message).toContain(
      "'code': -5",
    )
    expect((await s.call('server.ping', [], 12)).result).toBeNull()
    s.close()
  })
  test("KDF's browser build sends a trailing LF inside each WebSocket message: tolerated", async () => {
    const { ElectrumClient } = await import('../../src/electrum/client.js')
    // our WebSocket client sends none; send raw frames with a trailing LF through a tiny client of our own framing
    const { connect } = await import('node:net')
    const { encodeWsFrame, WsReader, WS_OP, wsAcceptKey } = await import('../../src/electrum/framing.js')
    const sock = connect(dev.electrum!.port, '127.0.0.1')
    await new Promise((r) => sock.once('connect', r))
    const key = 'dGhlIHNhbXBsZSBub25jZQ=='
    sock.write(
      `GET / HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: ${key}\r\nSec-WebSocket-Version: 13\r\n\r\n`,
    )
    const reader = new WsReader('client', 1e7)
    let head: Buffer | null = Buffer.alloc(0)
    const messages: string[] = []
    sock.on('data', (d: Buffer) => {
      let data: Buffer = d
      if (head !== null) {
        head = Buffer.concat([head, d])
        const end = head.indexOf('\r\n\r\n')
        if (end < 0) return
        expect(head.subarray(0, end).toString()).toContain(`Sec-WebSocket-Accept: ${wsAcceptKey(key)}`)
        data = head.subarray(end + 4) as Buffer
        head = null
      }
      for (const e of reader.push(new Uint8Array(data)))
        if (e.kind === 'message') messages.push(Buffer.from(e.data).toString())
    })
    const mask = new Uint8Array([1, 2, 3, 4])
    const send = (o: unknown) =>
      sock.write(encodeWsFrame(WS_OP.TEXT, new TextEncoder().encode(JSON.stringify(o) + '\n'), mask))
    send({ jsonrpc: '2.0', id: 0, method: 'server.version', params: ['kdf-wasm', ['1.2', '1.4']] })
    send({ jsonrpc: '2.0', id: 1, method: 'blockchain.headers.subscribe', params: [] })
    const deadline = Date.now() + 3000
    while (messages.length < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20))
    expect(JSON.parse(messages[0]!).result[1]).toBe('1.4')
    expect(JSON.parse(messages[1]!).result.height).toBe(dev.chain.height)
    sock.destroy()
    void ElectrumClient
  })
})

describe('an independent client from npm (@mempool/electrum-client) against the devnet', () => {
  test('version, balance, unspent, history, headers, transactions, merkle, broadcast, subscriptions', async () => {
    const require = createRequire(import.meta.url)
    const ElectrumClient = require('@mempool/electrum-client')
    const c = new ElectrumClient(dev.electrum!.port, '127.0.0.1', 'tcp', undefined, { onLog: () => {} })
    await c.initElectrum(
      { client: 'mempool-electrum-client', version: ['1.4', '1.4'] },
      { retryPeriod: 0, maxRetry: 0, pingPeriod: 600000, callback: null },
    )
    expect(c.versionInfo[1]).toBe('1.4')
    const bal = await c.blockchainScripthash_getBalance(p2pk)
    expect(typeof bal.confirmed).toBe('number')
    const [lu1, lu2] = await c.blockchainScripthash_listunspentBatch([p2pk, p2pkh])
    expect(lu1.result.length + lu2.result.length).toBeGreaterThan(50)
    const hist = await c.blockchainScripthash_getHistory(p2pkh)
    expect(hist.length).toBeGreaterThan(0)
    // (its blockchainHeaders_subscribe sends protocol 1.2's `raw` argument, which ElectrumX ≥ 1.3 refuses as we do)
    const tip = await c.request('blockchain.headers.subscribe', [])
    expect(tip.height).toBe(dev.chain.height)
    const hdr = await c.request('blockchain.block.header', [1]) // (its blockchainBlock_getHeader names a removed method)
    expect(hdr.length).toBe(2974)
    const id = dev.chain.blocks[1]!.txids[0]!
    expect(await c.blockchainTransaction_get(id)).toBe(dev.chain.txs.get(id)!.hex)
    const [t1] = await c.blockchainTransaction_getBatch([id], true)
    expect(t1.result.txid).toBe(id)
    const m = await c.blockchainTransaction_getMerkle(id, 1)
    expect(merkleRootFromBranch(id, m.merkle, m.pos)).toBe(dev.chain.blocks[1]!.merkleRoot)
    const status = await c.blockchainScripthash_subscribe(p2pk)
    const notified = new Promise<unknown[]>((r) => c.subscribe.on('blockchain.scripthash.subscribe', r))
    const a = await dev.rpc.tokencreate('IND', '0.000001')
    const txid = await c.blockchainTransaction_broadcast(a.hex)
    expect(dev.chain.mempool).toContain(txid)
    const [sh, newStatus] = (await notified) as [string, string]
    expect(sh).toBe(p2pk)
    expect(newStatus).not.toBe(status)
    await expect(c.blockchainTransaction_get('ef'.repeat(32))).rejects.toBeDefined()
    c.close()
  })
})

describe('recorded ElectrumX replies (protocol documentation) as shape vectors', () => {
  const typeOf = (v: unknown): string => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v)
  const sameShape = (got: unknown, want: unknown, extra: readonly string[] = [], missing: readonly string[] = []) => {
    expect(typeOf(got)).toBe(typeOf(want))
    if (typeOf(want) === 'object') {
      const w = want as Record<string, unknown>
      const g = got as Record<string, unknown>
      const wantKeys = Object.keys(w).filter((k) => !missing.includes(k))
      for (const k of wantKeys) {
        expect(g, k).toHaveProperty(k)
        if (w[k] !== null) expect([k, typeOf(g[k])]).toEqual([k, typeOf(w[k])])
      }
      for (const k of Object.keys(g)) expect([...wantKeys, ...extra], k).toContain(k)
    }
    if (typeOf(want) === 'array' && (want as unknown[]).length > 0 && typeOf((want as unknown[])[0]) === 'object')
      for (const x of got as unknown[]) sameShape(x, (want as unknown[])[0])
    if (typeof want === 'string' && /^[0-9a-f]+$/.test(want)) expect(got).toMatch(/^[0-9a-f]*$/)
  }
  test.each(transcript.replies.map((r, i) => [`${r.method} ${i}`, r] as const))('%s', async (_n, r) => {
    const s = await session(r.method === 'server.version' ? null : ['1.4', '1.4'])
    const mined = dev.chain.blocks[1]!.txids[0]!
    const subst: Record<string, unknown> = {
      $height1: 1,
      $tip: dev.chain.height,
      $walletP2pk: p2pk,
      $minedTxid: mined,
      $minedHeight: 1,
      $newTx: (await dev.rpc.tokencreate('SHP', '0.000001')).hex,
    }
    const params = r.params.map((p) => (typeof p === 'string' && p in subst ? subst[p] : p))
    const res = await s.call(r.method, r.method === 'server.version' ? ['c', ['1.4', '1.4']] : params, 1)
    expect(res.error).toBeUndefined()
    const rr = r as { extraKeys?: string[]; missingKeys?: string[]; mempoolItem?: unknown }
    if (r.method === 'blockchain.scripthash.get_history')
      for (const h of res.result)
        sameShape(h, dev.chain.txs.get(h.tx_hash)!.height >= 0 ? (r.result as unknown[])[0] : rr.mempoolItem)
    else if (r.method === 'blockchain.estimatefee') expect(typeof res.result).toBe('number')
    else sameShape(res.result, r.result, rr.extraKeys, rr.missingKeys)
    s.close()
  })
})

describe('limits (electrum.md 11)', () => {
  test('a reply over MAX_SEND is −32600 "response too large", also inside a batch; history too large is code 1', async () => {
    const el = await startElectrumServer({ chain: dev.chain, validators: new Map() } as never, {
      maxSend: 5000,
      historyLimit: 3,
    })
    try {
      const s = await rawSession(el.port)
      await s.call('server.version', ['c', '1.4'], 0)
      expect((await s.call('blockchain.scripthash.listunspent', [p2pk], 1)).error).toEqual({
        code: -32600,
        message: 'response too large (over 5,000 bytes',
      })
      s.send([
        { jsonrpc: '2.0', id: 2, method: 'server.ping', params: [] },
        { jsonrpc: '2.0', id: 3, method: 'blockchain.block.header', params: [0] },
        { jsonrpc: '2.0', id: 4, method: 'blockchain.block.header', params: [1] },
      ])
      const b = (await s.next()) as any[]
      expect(b[0].result).toBeNull()
      expect(b[1].result.length).toBe(2974)
      expect(b[2].error.code).toBe(-32600) // the running total passed the cap
      expect((await s.call('blockchain.scripthash.get_history', [p2pk], 5)).error).toEqual({
        code: 1,
        message: 'history too large',
      })
      s.close()
    } finally {
      await el.close()
    }
  })
  test('a line over MAX_RECV is dropped without reply; the session goes on', async () => {
    const el = await startElectrumServer({ chain: dev.chain, validators: new Map() } as never, { maxRecv: 2000 })
    try {
      const s = await rawSession(el.port)
      await s.call('server.version', ['c', '1.4'], 0)
      s.send({ jsonrpc: '2.0', id: 1, method: 'server.ping', params: ['x'.repeat(5000)] })
      expect((await s.call('server.ping', [], 2)).id).toBe(2)
      s.close()
    } finally {
      await el.close()
    }
  })
  test('sessions over MAX_SESSIONS are closed at once; an idle session is closed after SESSION_TIMEOUT', async () => {
    const el = await startElectrumServer({ chain: dev.chain, validators: new Map() } as never, {
      maxSessions: 1,
      sessionTimeout: 0.3,
    })
    try {
      const a = await rawSession(el.port)
      await a.call('server.version', ['c', '1.4'], 0)
      const b = await rawSession(el.port)
      await expect(b.next(1000)).rejects.toThrow('closed')
      await expect(a.next(2000)).rejects.toThrow('closed') // idle
    } finally {
      await el.close()
    }
  })
  test('padding (ElectrumX ≥ 1.18): small replies padded to 1024 bytes with spaces before the last bracket', async () => {
    const el = await startElectrumServer({ chain: dev.chain, validators: new Map() } as never, { padding: true })
    try {
      const s = await rawSession(el.port)
      const r = await s.call('server.version', ['c', '1.4'], 0)
      expect(r.result[1]).toBe('1.4')
      let raw = ''
      s.socket.on('data', (d: string) => (raw += d))
      s.send({ jsonrpc: '2.0', id: 1, method: 'server.ping', params: [] })
      expect(await s.next()).toEqual({ jsonrpc: '2.0', result: null, id: 1 })
      expect(raw.length).toBe(1024)
      expect(raw).toMatch(/^\{"jsonrpc":"2\.0","result":null,"id":1 +\}\n$/)
      s.close()
    } finally {
      await el.close()
    }
  })
})
