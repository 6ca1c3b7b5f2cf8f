// Helpers of the Electrum tests: a raw line session, fake servers, and the devnet chain built for them.
import { connect, createServer, type Server, type Socket } from 'node:net'
import { p2pkhAddress } from '../../src/address/address.js'
import type { Devnet } from '../../src/devnet/server.js'

/** A raw newline-JSON session: send objects or text, read whole lines (parsed), with a deadline per read. */
export async function rawSession(port: number, host = '127.0.0.1') {
  const socket = connect(port, host)
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve())
    socket.once('error', reject)
  })
  let buf = ''
  const lines: string[] = []
  const waiters: (() => void)[] = []
  let closed = false
  socket.setEncoding('utf8')
  socket.on('data', (d: string) => {
    buf += d
    let i
    while ((i = buf.indexOf('\n')) >= 0) {
      lines.push(buf.slice(0, i))
      buf = buf.slice(i + 1)
    }
    waiters.splice(0).forEach((w) => w())
  })
  socket.on('close', () => {
    closed = true
    waiters.splice(0).forEach((w) => w())
  })
  socket.on('error', () => {})
  const next = async (ms = 3000): Promise<any> => {
    const deadline = Date.now() + ms
    while (lines.length === 0) {
      if (closed) throw new Error('closed')
      if (Date.now() > deadline) throw new Error('no line within ' + ms + ' ms')
      await new Promise<void>((r) => {
        waiters.push(r)
        setTimeout(r, 50)
      })
    }
    return JSON.parse(lines.shift()!)
  }
  let lastId = 0 // request ids count up per session (no Math.random: a rerun sends the same bytes)
  return {
    socket,
    send: (v: unknown) => socket.write((typeof v === 'string' ? v : JSON.stringify(v)) + '\n'),
    next,
    call: async (method: string, params: unknown[] = [], id: number | string = ++lastId) => {
      socket.write(JSON.stringify({ jsonrpc: '2.0', id, method, params }) + '\n')
      const r = await next()
      return r
    },
    get closed() {
      return closed
    },
    pendingLines: lines,
    close: () => socket.destroy(),
  }
}

/** A scripted fake Electrum server: `onLine(line, socket)` for every line received. */
export async function fakeServer(onLine: (msg: any, socket: Socket, raw: string) => void): Promise<{
  port: number
  url: string
  server: Server
  connections: number
  close: () => Promise<void>
}> {
  const sockets = new Set<Socket>()
  const state = { connections: 0 }
  const server = createServer((s) => {
    state.connections++
    sockets.add(s)
    s.on('close', () => sockets.delete(s))
    s.on('error', () => {})
    let buf = ''
    s.setEncoding('utf8')
    s.on('data', (d: string) => {
      buf += d
      let i
      while ((i = buf.indexOf('\n')) >= 0) {
        const raw = buf.slice(0, i)
        buf = buf.slice(i + 1)
        let msg: any
        try {
          msg = JSON.parse(raw)
        } catch {
          msg = undefined
        }
        onLine(msg, s, raw)
      }
    })
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()))
  const port = (server.address() as { port: number }).port
  return {
    port,
    url: `tcp://127.0.0.1:${port}`,
    server,
    get connections() {
      return state.connections
    },
    close: () =>
      new Promise<void>((r) => {
        for (const s of sockets) s.destroy()
        server.close(() => r())
      }),
  }
}

/** Replies to a request object. */
export const reply = (s: Socket, id: unknown, result: unknown) =>
  s.write(JSON.stringify({ jsonrpc: '2.0', result, id }) + '\n')

/** A devnet chain with confirmed and mempool state at the wallet's P2PK/P2PKH/CC scripts (returns the token id). */
export async function buildChainState(dev: Devnet): Promise<{ tokenid: string; transfer: string }> {
  await dev.mine(2)
  const tokenid = await dev.rpc.sendrawtransaction((await dev.rpc.tokencreate('TOK', '0.00001', 'contract')).hex)
  await dev.rpc.call('sendtoaddress', [p2pkhAddress(dev.pubkey), '2.5'])
  await dev.mine(1)
  // mempool: a spend of a premine output paying the wallet's P2PKH, and a token transfer (CC spend and CC outputs)
  await dev.rpc.call('sendtoaddress', [p2pkhAddress(dev.pubkey), '1.5'])
  const transfer = await dev.rpc.sendrawtransaction(
    (await dev.rpc.tokentransfer(tokenid, '0279be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798', 300n))
      .hex, // to G, a key on the curve
  )
  return { tokenid, transfer }
}
