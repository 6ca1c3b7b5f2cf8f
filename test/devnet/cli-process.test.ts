// The real `komodo-cc devnet` process (run from source through tsx): how it exits, and what a `kill -9` keeps.
import { describe, expect, test } from 'vitest'
import { existsSync, mkdtempSync, readFileSync, readdirSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createKomodoRpc } from '../../src/rpc/client.js'
import { DEVNET_FLUSH_MS } from '../../src/devnet/server.js'
import { startTestDevnet } from '../_util/devnet.js'
import { reap, startDevnetChild, type DevnetChild } from './_child.js'

const tmp = () => mkdtempSync(join(tmpdir(), 'devnet-proc-'))
const within = <T>(p: Promise<T>, ms: number, what: string): Promise<T> =>
  Promise.race([
    p,
    new Promise<T>((_r, reject) => setTimeout(() => reject(new Error(`${what}: not within ${ms} ms`)), ms)),
  ])

/** A devnet-built transaction submitted over RPC: returns its txid once sendrawtransaction has answered. */
async function submitOne(c: DevnetChild, chain: string, dataDir: string): Promise<string> {
  const rpc = createKomodoRpc({ chain, dataDir })
  const { hex } = await rpc.oraclescreate('CRASH', 'kill -9 test', 's')
  return rpc.sendrawtransaction(hex)
}

/** Starts the devnet in-process on the data file a killed child left, and reads its wallet, height and mempool. */
async function restartOn(
  dataFile: string,
  dir: string,
): Promise<{ pubkey: string; height: number; mempool: string[] }> {
  // the key is the one the child devnet drew and saved in the data file
  const dev = await startTestDevnet({ dataFile, dataDir: join(dir, 'restart'), serverKey: true })
  try {
    return { pubkey: dev.pubkey, height: dev.chain.height, mempool: await dev.rpc.getrawmempool() }
  } finally {
    await dev.stop()
  }
}

describe('komodo-cc devnet as a process', () => {
  test('the stop RPC makes it exit 0 (not 13, the unsettled top-level await)', async () => {
    const dir = tmp()
    let c: DevnetChild | undefined
    try {
      c = await startDevnetChild(['--conf-dir', dir, '--chain', 'PSTOP'])
      const rpc = createKomodoRpc({ chain: 'PSTOP', dataDir: dir })
      expect(await rpc.call('stop')).toBe('Komodo server stopping')
      expect(await within(c.exited, 10_000, 'exit after stop')).toEqual({ code: 0, signal: null })
      expect(existsSync(c.info.confPath)).toBe(false)
    } finally {
      await reap(c)
    }
  })
  for (const signal of ['SIGTERM', 'SIGINT'] as const)
    test(`${signal} is a clean stop: exit 0, the data file holds what was answered, the conf file it wrote is gone`, async () => {
      const dir = tmp()
      const dataFile = join(dir, 'chain.json')
      const chain = `P${signal}`
      let c: DevnetChild | undefined
      try {
        c = await startDevnetChild(['--conf-dir', dir, '--chain', chain, '--data', dataFile])
        expect(c.info.confPath).toBe(join(dir, `${chain}.conf`))
        expect(existsSync(c.info.confPath)).toBe(true)
        const txid = await submitOne(c, chain, dir)
        const hex = await createKomodoRpc({ chain, dataDir: dir }).getrawtransaction(txid)
        c.child.kill(signal)
        expect(await within(c.exited, 10_000, `exit after ${signal}`)).toEqual({ code: 0, signal: null })
        expect(c.stderr()).toBe('')
        expect(readFileSync(dataFile, 'utf8')).toContain(JSON.stringify(hex))
        expect(readdirSync(dir)).toEqual(['chain.json'])
        const after = await restartOn(dataFile, dir)
        expect(after.pubkey).toBe(c.info.pubkey)
        expect(after.mempool).toEqual([txid])
      } finally {
        await reap(c)
      }
    })
  test('--sync: kill -9 right after sendrawtransaction answers, restart on the same data file: the transaction is in the mempool', async () => {
    const dir = tmp()
    const dataFile = join(dir, 'chain.json')
    let c: DevnetChild | undefined
    try {
      c = await startDevnetChild(['--conf-dir', dir, '--chain', 'PSYNC', '--data', dataFile, '--sync'])
      const txid = await submitOne(c, 'PSYNC', dir)
      c.child.kill('SIGKILL')
      expect((await within(c.exited, 10_000, 'kill -9')).signal).toBe('SIGKILL')
      expect(statSync(dataFile).mode & 0o777).toBe(0o600)
      const after = await restartOn(dataFile, dir)
      expect(after.pubkey).toBe(c.info.pubkey)
      expect(after.mempool).toEqual([txid])
    } finally {
      await reap(c)
    }
  })
  test(`without --sync a kill -9 loses at most the last ${DEVNET_FLUSH_MS} ms: a transaction older than that is kept, and so is the generated wallet key`, async () => {
    const dir = tmp()
    const dataFile = join(dir, 'chain.json')
    let c: DevnetChild | undefined
    try {
      c = await startDevnetChild(['--conf-dir', dir, '--chain', 'PLAZY', '--data', dataFile])
      const txid = await submitOne(c, 'PLAZY', dir)
      // the documented bound, plus slack for a loaded machine
      await new Promise((r) => setTimeout(r, DEVNET_FLUSH_MS + 700))
      expect(readFileSync(dataFile, 'utf8')).toContain(
        JSON.stringify(await createKomodoRpc({ chain: 'PLAZY', dataDir: dir }).getrawtransaction(txid)),
      )
      c.child.kill('SIGKILL')
      await within(c.exited, 10_000, 'kill -9')
      const after = await restartOn(dataFile, dir)
      expect(after.pubkey).toBe(c.info.pubkey)
      expect(after.mempool).toEqual([txid])
    } finally {
      await reap(c)
    }
  })
  test('--sync without --data is a usage error', async () => {
    await expect(startDevnetChild(['--sync', '--conf-dir', tmp()], 15_000)).rejects.toThrow(/exited \(1\)/)
  })
})
