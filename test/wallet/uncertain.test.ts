// Uncertain broadcasts stay pending over every source (issue 28, finding 7): when the node may have relayed a
// transaction but the wallet cannot know (an Electrum connection dropped after the broadcast was written, a reply
// naming another txid, a JSON-RPC timeout), the transaction stays in wallet.pending() and the next call spends
// around it instead of signing a conflicting spend. A refusal by the node is certain: nothing stays pending.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { connect, createServer, type Socket } from 'node:net'
import { hexToBytes } from '../../src/bytes/hex.js'
import { mempoolTokenCreate as tokencreate } from '../_util/stand-in-resolver.js'
import type { ChainView } from '../../src/cctx/types.js'
import type { Devnet } from '../../src/devnet/server.js'
import { startTestDevnet } from '../_util/devnet.js'
import { createWallet, type WalletResult } from '../../src/wallet/wallet.js'
import { createElectrumView } from '../../src/electrum/view.js'
import { KomodoCcError } from '../../src/errors.js'

let dev: Devnet
beforeAll(async () => {
  dev = await startTestDevnet({ electrum: true, privateKey: '31'.repeat(32) })
  await dev.mine(1)
})
afterAll(() => dev.stop())

/** The devnet view whose broadcast relays the transaction, then fails as `fault` says (a node that took it). */
const relayThen = (fault: (txid: string) => Promise<string>): ChainView => ({
  ...dev.view,
  broadcast: async (hex) => fault(await dev.view.broadcast(hex)),
})

const inputsOf = (r: WalletResult) => r.build.tx.vin.map((i) => `${i.txid}:${i.vout}`)

/** One call whose broadcast fails with `fault`, then a second call: pending, and no input spent twice. */
async function uncertainThenNext(view: ChainView, code: string) {
  const wallet = createWallet({ privateKey: hexToBytes(dev.privateKey), view, methods: [tokencreate] })
  const first = await wallet.call('tokencreate', { name: 'U1', supply: '0.0001' }).then(
    () => undefined,
    (e: unknown) => e,
  )
  expect(first).toBeInstanceOf(KomodoCcError)
  expect((first as KomodoCcError).code).toBe(code)
  const [p] = wallet.pending()
  expect(p).toMatchObject({ uncertain: true })
  expect(dev.chain.mempool).toContain(p!.txid) // the node did take it
  // the next call spends around it: its change, never its inputs (devnet accepts: no conflict)
  const next = await wallet.call('tokencreate', { name: 'U2', supply: '0.0001' }, { broadcast: false })
  const spentBefore = p!.result.tx.vin.map((i) => `${i.txid}:${i.vout}`)
  expect(inputsOf(next).filter((k) => spentBefore.includes(k))).toEqual([])
  await expect(dev.view.broadcast(next.hex)).resolves.toBe(next.txid)
  await dev.mine(1)
}

describe('uncertain means pending', () => {
  test('a JSON-RPC timeout after the node took it', () =>
    uncertainThenNext(
      relayThen(async () => {
        throw new KomodoCcError('RPC_TIMEOUT', 'sendrawtransaction timed out')
      }),
      'RPC_TIMEOUT',
    ))

  test('a reply naming another txid (a view checking the answer: CHAIN_MISMATCH)', () =>
    uncertainThenNext(
      relayThen(async () => {
        throw new KomodoCcError('CHAIN_MISMATCH', 'the server answered another txid')
      }),
      'CHAIN_MISMATCH',
    ))

  test("a reply naming another txid (a view that returns it: the wallet's RPC_RESULT)", () =>
    uncertainThenNext(
      relayThen(async () => '00'.repeat(32)),
      'RPC_RESULT',
    ))

  test('Electrum: the connection drops after the server relayed the broadcast (ELECTRUM_TRANSPORT, uncertain)', async () => {
    // a proxy that forwards everything to the devnet's Electrum server but, when the broadcast's answer comes back,
    // drops the client's connection instead of passing it on
    const sockets = new Set<Socket>()
    const server = createServer((client) => {
      sockets.add(client)
      const up = connect(dev.electrum!.port, '127.0.0.1')
      sockets.add(up)
      const broadcastIds = new Set<unknown>()
      let inBuf = ''
      client.setEncoding('utf8')
      client.on('data', (d: string) => {
        inBuf += d
        let i
        while ((i = inBuf.indexOf('\n')) >= 0) {
          const line = inBuf.slice(0, i)
          inBuf = inBuf.slice(i + 1)
          for (const m of [JSON.parse(line)].flat())
            if (m?.method === 'blockchain.transaction.broadcast') broadcastIds.add(m.id)
          up.write(line + '\n')
        }
      })
      let outBuf = ''
      up.setEncoding('utf8')
      up.on('data', (d: string) => {
        outBuf += d
        let i
        while ((i = outBuf.indexOf('\n')) >= 0) {
          const line = outBuf.slice(0, i)
          outBuf = outBuf.slice(i + 1)
          if ([JSON.parse(line)].flat().some((m: { id?: unknown }) => broadcastIds.has(m?.id))) {
            client.destroy()
            up.destroy()
            return
          }
          client.write(line + '\n')
        }
      })
      const end = () => {
        client.destroy()
        up.destroy()
      }
      client.on('error', end)
      up.on('error', end)
      client.on('close', end)
      up.on('close', end)
    })
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
    const port = (server.address() as { port: number }).port
    const view = createElectrumView({
      url: `tcp://127.0.0.1:${port}`,
      pubkeys: [dev.pubkey],
      timeoutMs: 3000,
      backoffMs: 10,
      pingIntervalMs: 0,
    })
    try {
      await uncertainThenNext(view, 'ELECTRUM_TRANSPORT')
    } finally {
      view.close()
      for (const s of sockets) s.destroy()
      await new Promise((r) => server.close(r))
    }
  })

  test("a node's refusal is certain: nothing pending", async () => {
    const wallet = createWallet({
      privateKey: hexToBytes(dev.privateKey),
      view: {
        ...dev.view,
        broadcast: async () => {
          throw new KomodoCcError('RPC_ERROR', '16: bad-txns-inputs-spent')
        },
      },
      methods: [tokencreate],
    })
    await expect(wallet.call('tokencreate', { name: 'R', supply: '0.0001' })).rejects.toMatchObject({
      code: 'RPC_ERROR',
    })
    expect(wallet.pending()).toEqual([])
  })
})
