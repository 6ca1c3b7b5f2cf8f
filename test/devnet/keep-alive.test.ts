// Kept-alive connections to the devnet (issue 30: ECONNRESET / UND_ERR_SOCKET under load). The server used to close
// an idle connection after 5 s and advertise `Keep-Alive: timeout=5`; undici then kept it for 3 s counted in 500 ms
// ticks of its own, which fall behind the wall clock when the event loop is late (a loaded machine, a long
// synchronous stretch in a test), so it sometimes sent a request on a connection the server had just closed. Now the
// server keeps an idle connection for requestTimeout (komodod's -rpcservertimeout, 30 s) and advertises nothing, as
// komodod does: a client keeps its connections for its own few seconds, far inside the server's time.
// A raw socket stands for a client whose idle clock lagged: no timing luck, only waits longer than the old 5 s.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { connect, type Socket } from 'node:net'
import type { Devnet } from '../../src/devnet/server.js'
import { startTestDevnet } from '../_util/devnet.js'

let dev: Devnet
beforeAll(async () => {
  dev = await startTestDevnet()
})
afterAll(async () => {
  await dev.stop()
})

function request(d: Devnet, id: number): string {
  const body = JSON.stringify({ jsonrpc: '1.0', id, method: 'getblockcount', params: [] })
  return (
    `POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: text/plain\r\n` +
    `Authorization: Basic ${btoa(`${d.user}:${d.password}`)}\r\nContent-Length: ${body.length}\r\n\r\n${body}`
  )
}

/** A connection to the devnet's RPC port. */
async function open(d: Devnet): Promise<Socket> {
  const socket = connect(Number(new URL(d.url).port), '127.0.0.1')
  await new Promise<void>((r) => socket.once('connect', () => r()))
  return socket
}

/** Sends one request on `socket` and resolves with what came back: the reply, or how the connection ended. */
function exchange(socket: Socket, text: string): Promise<{ reply: string; ended?: string }> {
  return new Promise((resolve) => {
    if (socket.readyState !== 'open')
      return resolve({ reply: '', ended: `closed before the request (${socket.readyState})` })
    let reply = ''
    const done = (r: { reply: string; ended?: string }): void => {
      socket.removeAllListeners('data').removeAllListeners('error').removeAllListeners('close')
      resolve(r)
    }
    socket.on('data', (d: Buffer) => {
      reply += d.toString('latin1')
      if (/"id":\d+\}\s*$/.test(reply)) done({ reply })
    })
    socket.on('error', (e: NodeJS.ErrnoException) => done({ reply, ended: e.code ?? e.message }))
    socket.on('close', () => done({ reply, ended: 'closed' }))
    socket.write(text)
  })
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

describe('devnet HTTP: kept-alive connections', () => {
  test('no Keep-Alive timeout advertised; a connection idle 6.5 s is still served (the server keeps it 30 s)', async () => {
    const socket = await open(dev)
    try {
      const first = await exchange(socket, request(dev, 1))
      expect(first.reply).toMatch(/^HTTP\/1\.1 200 /)
      await sleep(6_500) // past the old 5 s (and the 1 s Node 20 adds to it)
      const second = await exchange(socket, request(dev, 2))
      expect(second.ended).toBeUndefined()
      expect(second.reply).toMatch(/^HTTP\/1\.1 200 /)
      expect(second.reply).toContain('"id":2}')
      expect(first.reply).not.toMatch(/^keep-alive:/im)
    } finally {
      socket.destroy()
    }
  }, 20_000)

  test('an idle connection is closed once requestTimeout has passed with nothing sent', async () => {
    const d = await startTestDevnet({ requestTimeout: 1 })
    try {
      const socket = await open(d)
      const first = await exchange(socket, request(d, 3))
      expect(first.reply).toMatch(/^HTTP\/1\.1 200 /)
      const started = Date.now()
      await new Promise<void>((r) => socket.once('close', () => r()))
      const waited = Date.now() - started
      expect(waited).toBeGreaterThanOrEqual(950)
      expect(waited).toBeLessThan(10_000)
    } finally {
      await d.stop()
    }
  }, 20_000)
})
