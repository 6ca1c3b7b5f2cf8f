// The devnet Electrum server's bounds (issue 28, "Bounds"): a client that never reads its replies is first no longer
// read from, then dropped, its buffers freed, while other clients are served; a full session table of idle sockets
// gives way to a new client instead of locking everyone out for SESSION_TIMEOUT.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { connect, type Socket } from 'node:net'
import type { Devnet } from '../../src/devnet/server.js'
import { startTestDevnet } from '../_util/devnet.js'
import { startElectrumServer } from '../../src/devnet/electrum.js'
import { rawSession } from './_helpers.js'

let dev: Devnet
beforeAll(async () => {
  dev = await startTestDevnet({ privateKey: '61'.repeat(32) })
  await dev.mine(60)
}, 30_000)
afterAll(() => dev.stop())

const node = () => ({ chain: dev.chain, validators: new Map() }) as never
const open = (port: number): Promise<Socket> =>
  new Promise((resolve, reject) => {
    const s = connect(port, '127.0.0.1', () => resolve(s))
    s.on('error', reject)
  })
const until = async (cond: () => boolean, ms: number): Promise<void> => {
  const end = Date.now() + ms
  while (!cond()) {
    if (Date.now() > end) throw new Error(`not within ${ms} ms`)
    await new Promise((r) => setTimeout(r, 20))
  }
}

describe('a client that never reads', () => {
  test('is paused, then dropped within stallTimeout; another client is served meanwhile', async () => {
    const el = await startElectrumServer(node(), { maxPendingBytes: 64 * 1024, stallTimeout: 0.5 })
    const sockets: Socket[] = []
    try {
      const greedy = await open(el.port)
      sockets.push(greedy)
      greedy.pause() // never reads
      let closed = false
      greedy.on('close', () => (closed = true))
      // 300 requests of 61 headers (about 180 kB of reply each): far more than the socket buffers hold
      const req = (id: number) =>
        JSON.stringify({ jsonrpc: '2.0', id, method: 'blockchain.block.headers', params: [0, 61] })
      greedy.write(
        JSON.stringify({ jsonrpc: '2.0', id: 'v', method: 'server.version', params: ['greedy', '1.4'] }) + '\n',
      )
      await new Promise((r) => setTimeout(r, 100))
      greedy.write(Array.from({ length: 300 }, (_, i) => req(i)).join('\n') + '\n')
      await until(() => el.sessions === 1, 2000)
      // another client is answered while the greedy one is stalled
      const other = await rawSession(el.port)
      const r = await other.call('server.version', ['c', '1.4'], 0)
      expect(r.result[1]).toBe('1.4')
      other.close()
      // the greedy session is dropped within stallTimeout (its buffers go with the socket)
      await until(() => el.sessions === 0, 3000)
      greedy.resume()
      await until(() => closed, 3000)
    } finally {
      sockets.forEach((s) => s.destroy())
      await el.close()
    }
  })
})

describe('idle sockets do not lock others out', () => {
  test('a full table of 200 silent sockets: a new client gets in (the longest silent gives way)', async () => {
    const el = await startElectrumServer(node(), { maxSessions: 200 })
    const idle: Socket[] = []
    try {
      for (let i = 0; i < 200; i++) idle.push(await open(el.port))
      await until(() => el.sessions === 200, 2000)
      await new Promise((r) => setTimeout(r, 1100)) // silent for over a second
      const s = await rawSession(el.port)
      const r = await s.call('server.version', ['c', '1.4'], 0)
      expect(r.result[1]).toBe('1.4')
      expect(el.sessions).toBe(200)
      s.close()
    } finally {
      idle.forEach((x) => x.destroy())
      await el.close()
    }
  })
})
