// The Electrum client's TLS paths (ssl:// and wss://) against the devnet's Electrum server behind a local TLS proxy
// presenting a self-signed certificate for 127.0.0.1 (test/fixtures/tls): trusted through `ca`, refused without it.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { readFileSync } from 'node:fs'
import { connect as netConnect } from 'node:net'
import { createServer, type Server } from 'node:tls'
import { resolve } from 'node:path'
import type { Devnet } from '../../src/devnet/server.js'
import { startTestDevnet } from '../_util/devnet.js'
import { createElectrumView } from '../../src/electrum/view.js'
import { createWallet } from '../../src/wallet/wallet.js'
import { KomodoCcError } from '../../src/errors.js'

const dir = resolve(__dirname, '../fixtures/tls')
const cert = readFileSync(resolve(dir, 'cert.pem'), 'utf8')
const key = readFileSync(resolve(dir, 'key.pem'), 'utf8')

let dev: Devnet
let proxy: Server
let port = 0
beforeAll(async () => {
  dev = await startTestDevnet({ electrum: true })
  proxy = createServer({ key, cert }, (tlsSocket) => {
    const plain = netConnect({ host: '127.0.0.1', port: dev.electrum!.port })
    tlsSocket.pipe(plain).pipe(tlsSocket)
    const end = () => {
      tlsSocket.destroy()
      plain.destroy()
    }
    tlsSocket.on('error', end)
    plain.on('error', end)
    tlsSocket.on('close', end)
    plain.on('close', end)
  })
  await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', () => r()))
  port = (proxy.address() as { port: number }).port
}, 60_000)
afterAll(async () => {
  await new Promise<void>((r) => proxy.close(() => r()))
  await dev.stop()
})

describe('Electrum over TLS', () => {
  test('ssl://: a key-local wallet builds, signs and sends through the TLS endpoint', async () => {
    const view = createElectrumView({ url: `ssl://127.0.0.1:${port}`, ca: cert })
    try {
      const wallet = createWallet({ privateKey: '7b'.repeat(32), view })
      await dev.rpc.call('sendtoaddress', [wallet.address, '5'])
      await dev.mine(1)
      const r = await wallet.oraclescreate('TLS', 'over ssl', 'L')
      expect(dev.chain.mempool).toContain(r.txid)
    } finally {
      view.close()
    }
  })

  test('wss://: the WebSocket transport over TLS reads the chain', async () => {
    const view = createElectrumView({ url: `wss://127.0.0.1:${port}`, ca: cert })
    try {
      expect(await view.getHeight()).toBe(dev.chain.height)
    } finally {
      view.close()
    }
  })

  test('a certificate the client does not trust is refused with a typed error', async () => {
    const view = createElectrumView({ url: `ssl://127.0.0.1:${port}` })
    try {
      const e = await view.getHeight().catch((x: unknown) => x)
      expect(e).toBeInstanceOf(KomodoCcError)
    } finally {
      view.close()
    }
  })
})
