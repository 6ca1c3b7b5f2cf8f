import { describe, expect, test } from 'vitest'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startTestDevnet } from '../_util/devnet.js'
import { buildData, setupOracle } from './_helpers.js'

const tmp = () => mkdtempSync(join(tmpdir(), 'devnet-persist-'))

describe('devnet persistence', () => {
  test('a restart from the data file keeps every confirmed transaction, the wallet key and the oracle state', async () => {
    const dir = tmp()
    const dataFile = join(dir, 'chain.json')
    // the devnet's own key (a fresh one, saved in the data file): that is what the restart must keep
    const a = await startTestDevnet({ dataFile, dataDir: join(dir, 'a'), serverKey: true })
    const o = await setupOracle(a)
    const d = await buildData(a, o, '0161' + '0100000000000000')
    await a.rpc.sendrawtransaction(d.hex)
    await a.mine(2)
    const pending = await buildData(a, o, '0162' + '0200000000000000')
    await a.rpc.sendrawtransaction(pending.hex)
    const confirmed = [...a.chain.txs.values()].filter((e) => e.height >= 0).map((e) => e.txid)
    const height = a.chain.height
    const info = await a.rpc.oraclesinfo(o.oracletxid)
    await a.stop()

    const b = await startTestDevnet({ dataFile, dataDir: join(dir, 'b'), serverKey: true })
    try {
      expect(b.pubkey).toBe(a.pubkey)
      expect(await b.rpc.getblockcount()).toBe(height)
      expect(b.chain.tip.hash).toBe(a.chain.tip.hash)
      for (const id of confirmed) expect(b.chain.confirmations(id)).toBeGreaterThan(0)
      expect(await b.rpc.getrawtransaction(d.txid)).toBe(d.hex)
      // the mempool is re-validated and kept
      expect(await b.rpc.getrawmempool()).toEqual([pending.txid])
      expect(await b.rpc.oraclesinfo(o.oracletxid)).toEqual(info)
      await b.mine(1)
      expect(b.chain.confirmations(pending.txid)).toBe(1)
    } finally {
      await b.stop()
    }
  })
  test('every mined block is on disk before generate answers (a crash loses no confirmed transaction)', async () => {
    const dir = tmp()
    const dataFile = join(dir, 'chain.json')
    const a = await startTestDevnet({ dataFile, dataDir: join(dir, 'a') })
    try {
      const txid = (await a.rpc.call('sendtoaddress', ['RXL3YXG2ceaB6C5hfJcN4fvmLH2C34knhA', '2'])) as string
      await a.rpc.call('generate', [1])
      // a second node reads the file while the first is still running (no stop, no flush)
      const b = await startTestDevnet({ dataFile: dataFile, dataDir: join(dir, 'b') })
      expect(b.chain.confirmations(txid)).toBe(1)
      await b.stop()
    } finally {
      await a.stop()
    }
  })
  test('a file that is not a devnet data file is refused with DEVNET', async () => {
    const dir = tmp()
    const dataFile = join(dir, 'bad.json')
    writeFileSync(dataFile, '{"hello":1}')
    await expect(startTestDevnet({ dataFile, dataDir: dir })).rejects.toMatchObject({ code: 'DEVNET' })
    writeFileSync(
      dataFile,
      JSON.stringify({
        format: 'komodo-cc-devnet/1',
        timeOffset: 0,
        blocks: [{ time: 1, hash: '00'.repeat(32), txs: [] }],
        mempool: [],
      }),
    )
    await expect(startTestDevnet({ dataFile, dataDir: dir })).rejects.toMatchObject({ code: 'DEVNET' })
  })
  test('options are checked', async () => {
    await expect(startTestDevnet({ port: -1 })).rejects.toMatchObject({ code: 'DEVNET' })
    await expect(startTestDevnet({ chain: '../x' })).rejects.toMatchObject({ code: 'DEVNET' })
    await expect(startTestDevnet({ blockTime: 0 })).rejects.toMatchObject({ code: 'DEVNET' })
  })
  test('blockTime mines on a timer; advanceTime moves block times forward', async () => {
    const dev = await startTestDevnet({ blockTime: 0.05 })
    try {
      const t0 = dev.chain.tip.time
      dev.advanceTime(86400)
      // wait for two timer blocks (polling, so a loaded CI machine only makes it slower, never red)
      for (const until = Date.now() + 10_000; dev.chain.height < 2 && Date.now() < until;)
        await new Promise((r) => setTimeout(r, 25))
      expect(dev.chain.height).toBeGreaterThanOrEqual(2)
      expect(dev.chain.tip.time).toBeGreaterThanOrEqual(t0 + 86400)
    } finally {
      await dev.stop()
    }
  })
})
