// The Electrum view's bounds (issue 28, "Bounds"): its transaction cache is bounded in bytes, not only by count; a
// transaction above the consensus size is refused, never kept; verifyInclusion fetches at most maxHeaders headers from
// its checkpoint (HEADER_LIMIT beyond), so a server claiming a far height cannot make it read millions of headers.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { p2pkhAddress } from '../../src/address/address.js'
import type { Devnet } from '../../src/devnet/server.js'
import { startTestDevnet } from '../_util/devnet.js'
import { createElectrumView } from '../../src/electrum/view.js'
import { MAX_TX_SIZE_AFTER_SAPLING } from '../../src/tx/types.js'
import { compactTarget, KOMODO_POW_LIMIT } from '../../src/electrum/merkle.js'
import { connect, createServer, type Socket } from 'node:net'
import { fakeServer, reply } from './_helpers.js'

let dev: Devnet
let txids: string[]
beforeAll(async () => {
  dev = await startTestDevnet({ electrum: true, privateKey: '51'.repeat(32) })
  const to = p2pkhAddress('03' + '5a'.repeat(32))
  for (let i = 0; i < 6; i++) await dev.rpc.call('sendtoaddress', [to, '1'])
  await dev.mine(12)
  txids = dev.chain.blocks[1]!.txids.slice(1)
}, 30_000)
afterAll(() => dev.stop())

const quick = { timeoutMs: 3000, backoffMs: 10, pingIntervalMs: 0 }

describe('the transaction cache is bounded in bytes', () => {
  test('with room for about two transactions, reading six again fetches the evicted ones again', async () => {
    const size = dev.chain.txs.get(txids[0]!)!.hex.length // hex digits; the view counts 2 bytes a digit
    const view = createElectrumView({ url: dev.electrum!.url, maxCachedBytes: size * 2 * 2 + 10, ...quick })
    try {
      await view.getTransactions!(txids)
      const before = view.client.stats.requests
      await view.getTransaction(txids.at(-1)!) // the newest is kept
      expect(view.client.stats.requests).toBe(before)
      await view.getTransaction(txids[0]!) // the oldest was evicted: asked again
      expect(view.client.stats.requests).toBe(before + 1)
    } finally {
      view.close()
    }
  })

  test('by count as before, and the default keeps them all', async () => {
    const view = createElectrumView({ url: dev.electrum!.url, ...quick })
    try {
      await view.getTransactions!(txids)
      const before = view.client.stats.requests
      await view.getTransactions!(txids)
      expect(view.client.stats.requests).toBe(before)
    } finally {
      view.close()
    }
  })

  test('a transaction above the consensus size is refused (CHAIN_MISMATCH) and not kept', async () => {
    const big = '00'.repeat(MAX_TX_SIZE_AFTER_SAPLING + 1)
    let asked = 0
    const f = await fakeServer((m, s) => {
      if (m?.method === 'server.version') return reply(s, m.id, ['fake 1.0', '1.4'])
      if (m?.method === 'blockchain.transaction.get') {
        asked++
        reply(s, m.id, big)
      }
    })
    const view = createElectrumView({ url: f.url, ...quick })
    try {
      for (let i = 0; i < 2; i++)
        await expect(view.getTransaction('ab'.repeat(32))).rejects.toMatchObject({
          code: 'CHAIN_MISMATCH',
          details: { size: MAX_TX_SIZE_AFTER_SAPLING + 1 },
        })
      expect(asked).toBe(2)
    } finally {
      view.close()
      await f.close()
    }
  })
})

describe('verifyInclusion fetches a bounded number of headers', () => {
  test('a transaction 12 blocks above the checkpoint with maxHeaders 5: HEADER_LIMIT; with the default: verified', async () => {
    const address = p2pkhAddress('03' + '5a'.repeat(32))
    const checkpoint = { height: 0, hash: dev.chain.blocks[0]!.hash }
    const tight = createElectrumView({
      url: dev.electrum!.url,
      verifyInclusion: { checkpoint },
      maxHeaders: 5,
      ...quick,
    })
    const roomy = createElectrumView({ url: dev.electrum!.url, verifyInclusion: { checkpoint }, ...quick })
    try {
      await dev.rpc.call('sendtoaddress', [address, '1'])
      await dev.mine(1)
      await expect(tight.listUnspent(address)).rejects.toMatchObject({
        code: 'HEADER_LIMIT',
        details: { maxHeaders: 5, checkpoint: 0 },
      })
      expect((await roomy.listUnspent(address)).length).toBe(7)
    } finally {
      tight.close()
      roomy.close()
    }
  })

  test('maxHeaders and maxCachedBytes are checked', () => {
    expect(() => createElectrumView({ url: dev.electrum!.url, maxHeaders: 0 })).toThrow(
      expect.objectContaining({ code: 'ARG_INVALID' }),
    )
    expect(() => createElectrumView({ url: dev.electrum!.url, maxCachedBytes: -1 })).toThrow(
      expect.objectContaining({ code: 'ARG_INVALID' }),
    )
  })
})

describe("verifyInclusion holds each header's nBits to the chain's proof-of-work limit", () => {
  test('compactTarget as arith_uint256::SetCompact (Bitcoin Core arith_uint256_tests vectors), the limit 0f0f…', () => {
    expect(compactTarget(0x1d00ffff)).toBe(0xffffn << 208n)
    expect(compactTarget(0x01123456)).toBe(0x12n)
    expect(compactTarget(0x05009234)).toBe(0x92340000n)
    expect(compactTarget(0x20123456)).toBe(0x123456n << 232n)
    expect(compactTarget(0x01003456)).toBeNull() // zero
    expect(compactTarget(0x04923456)).toBeNull() // negative
    expect(compactTarget(0xff123456)).toBeNull() // overflow
    expect(KOMODO_POW_LIMIT).toBe(BigInt('0x' + '0f'.repeat(32)))
    expect(compactTarget(0x200f0f0f)! <= KOMODO_POW_LIMIT).toBe(true) // KOMODO_MINDIFF_NBITS
    expect(compactTarget(0x2010ffff)! > KOMODO_POW_LIMIT).toBe(true)
  })

  test('a server whose headers claim nBits beyond the limit: CHAIN_MISMATCH', async () => {
    // every header's nBits (offset 104) rewritten to 0x2010ffff
    await withHeaderProxy(
      (b, off) => b.writeUInt32LE(0x2010ffff, off + 104),
      async (url) => {
        const view = createElectrumView({ url, verifyInclusion: true, ...quick })
        try {
          await expect(view.listUnspent(p2pkhAddress('03' + '5a'.repeat(32)))).rejects.toMatchObject({
            code: 'CHAIN_MISMATCH',
            details: { bits: 0x2010ffff },
          })
        } finally {
          view.close()
        }
      },
    )
  })
})

describe("verifyInclusion holds each header's hash to its target (CheckProofOfWork, src/pow.cpp)", () => {
  test('the devnet mines headers that meet their nBits: verified under both rules', async () => {
    const address = p2pkhAddress('03' + '5a'.repeat(32))
    for (const proofOfWork of ['mindiff', 'nbits'] as const) {
      const view = createElectrumView({ url: dev.electrum!.url, verifyInclusion: true, proofOfWork, ...quick })
      try {
        expect((await view.listUnspent(address)).length).toBeGreaterThan(0)
      } finally {
        view.close()
      }
    }
    expect(() => createElectrumView({ url: dev.electrum!.url, proofOfWork: 'none' as 'nbits' })).toThrow(
      expect.objectContaining({ code: 'ARG_INVALID', details: { name: 'proofOfWork' } }),
    )
  })

  test('headers that carry no work (the nonce zeroed, as a forger who skips the grind serves them): CHAIN_MISMATCH', async () => {
    // the devnet's nonce word (offset 112) set back to 0: each header then hashes as it would without the grind
    const ground = dev.chain.blocks.filter((b) => b.nonce !== 0).map((b) => b.height)
    expect(ground.length).toBeGreaterThan(0) // the forgery changes at least one header
    await withHeaderProxy(
      (b, off) => b.writeUInt32LE(0, off + 112),
      async (url) => {
        const view = createElectrumView({ url, verifyInclusion: true, ...quick })
        try {
          const err = await view.listUnspent(p2pkhAddress('03' + '5a'.repeat(32))).catch((e: unknown) => e)
          expect(err).toMatchObject({ code: 'CHAIN_MISMATCH', message: expect.stringMatching(/above its target/) })
          expect(ground).toContain((err as { details: { height: number } }).details.height)
        } finally {
          view.close()
        }
      },
    )
  })

  test("with 'nbits', a header whose nBits asks for more work than its hash has: CHAIN_MISMATCH naming its nBits", async () => {
    // nBits 0x1d00ffff (Bitcoin's genesis target, within Komodo's limit): no devnet hash meets it
    await withHeaderProxy(
      (b, off) => b.writeUInt32LE(0x1d00ffff, off + 104),
      async (url) => {
        const view = createElectrumView({ url, verifyInclusion: true, proofOfWork: 'nbits', ...quick })
        try {
          await expect(view.listUnspent(p2pkhAddress('03' + '5a'.repeat(32)))).rejects.toMatchObject({
            code: 'CHAIN_MISMATCH',
            message: expect.stringMatching(/its nBits 0x1d00ffff/),
            details: { bits: 0x1d00ffff, height: 0 },
          })
        } finally {
          view.close()
        }
      },
    )
  })
})

/** Runs `body` against a proxy in front of the devnet's Electrum server that rewrites each served 1487-byte header. */
async function withHeaderProxy(
  rewrite: (headers: Buffer, offset: number) => void,
  body: (url: string) => Promise<void>,
): Promise<void> {
  const sockets = new Set<Socket>()
  const server = createServer((client) => {
    const up = connect(dev.electrum!.port, '127.0.0.1')
    sockets.add(client).add(up)
    const lines = (sock: Socket, on: (line: string) => void) => {
      let buf = ''
      sock.setEncoding('utf8')
      sock.on('data', (d: string) => {
        buf += d
        let i
        while ((i = buf.indexOf('\n')) >= 0) {
          on(buf.slice(0, i))
          buf = buf.slice(i + 1)
        }
      })
    }
    lines(client, (l) => up.write(l + '\n'))
    lines(up, (l) => {
      const msg = JSON.parse(l)
      const fix = (m: any) => {
        if (typeof m?.result?.hex === 'string' && typeof m.result.count === 'number') {
          const b = Buffer.from(m.result.hex, 'hex')
          for (let off = 0; off + 1487 <= b.length; off += 1487) rewrite(b, off)
          m.result.hex = b.toString('hex')
        }
        return m
      }
      client.write(JSON.stringify(Array.isArray(msg) ? msg.map(fix) : fix(msg)) + '\n')
    })
    for (const s of [client, up]) s.on('error', () => s.destroy())
    client.on('close', () => up.destroy())
    up.on('close', () => client.destroy())
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  try {
    await body(`tcp://127.0.0.1:${(server.address() as { port: number }).port}`)
  } finally {
    for (const s of sockets) s.destroy()
    await new Promise((r) => server.close(r))
  }
}
