import { describe, expect, test } from 'vitest'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createKomodoRpc } from '../../src/rpc/client.js'
import { devnetCommand } from '../../src/cli/devnet.js'
import { demoCommand as devnetDemoCommand } from '../../src/cli/demo.js'
import type { CliIo } from '../../src/cli/core.js'

function io(env: Record<string, string> = {}): CliIo & { out: string[]; err: string[] } {
  const out: string[] = []
  const err: string[] = []
  return {
    out,
    err,
    stdout: (t) => void out.push(t),
    stderr: (t) => void err.push(t),
    env,
    readStdin: async () => '',
    isTty: false,
  }
}

describe('komodo-cc devnet / demo', () => {
  test('devnet prints its endpoint (no credentials), serves the conf-file client, stops on SIGINT and keeps the data', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'devnet-cli-'))
    const o = io()
    const run = devnetCommand.run(['--conf-dir', dir, '--data', join(dir, 'chain.json'), '--chain', 'CLITEST'], o)
    while (o.out.length === 0) await new Promise((r) => setTimeout(r, 20))
    const printed = JSON.parse(o.out.join('')) as {
      url: string
      confPath: string
      chain: string
      pubkey: string
      height: number
    }
    expect(printed.chain).toBe('CLITEST')
    expect(printed.height).toBe(1) // the 10 test accounts' funding
    expect(printed.confPath).toBe(join(dir, 'CLITEST.conf'))
    expect(o.out.join('')).not.toMatch(/password/i)
    const rpc = createKomodoRpc({ chain: 'CLITEST', dataDir: dir })
    expect((await rpc.getinfo()).pubkey).toBe(printed.pubkey)
    await rpc.call('generate', [3])
    process.emit('SIGINT')
    expect(await run).toBe(0)
    // restart on the same data file: the same wallet and height
    const o2 = io()
    const run2 = devnetCommand.run(['--conf-dir', dir, '--data', join(dir, 'chain.json'), '--chain', 'CLITEST'], o2)
    while (o2.out.length === 0) await new Promise((r) => setTimeout(r, 20))
    const again = JSON.parse(o2.out.join('')) as { pubkey: string; height: number }
    expect(again).toMatchObject({ pubkey: printed.pubkey, height: printed.height + 3 }) // not funded again
    process.emit('SIGTERM')
    expect(await run2).toBe(0)
  })
  test("--datacarriersize N: the node's -datacarriersize, printed and enforced (64: scriptpubkey above it)", async () => {
    const o = io()
    const run = devnetCommand.run(['--datacarriersize', '300'], o)
    while (o.out.length === 0) await new Promise((r) => setTimeout(r, 20))
    const printed = JSON.parse(o.out.join('')) as { url: string; confPath: string; datacarriersize: number }
    expect(printed.datacarriersize).toBe(300)
    const rpc = createKomodoRpc({ confPath: printed.confPath })
    const hex = (await rpc.tokencreate('LONG', '1', 'd'.repeat(220))).hex // a 263-byte OP_RETURN: over 208, under 300
    expect(await rpc.sendrawtransaction(hex)).toMatch(/^[0-9a-f]{64}$/)
    const over = (await rpc.tokencreate('LONGER', '1', 'd'.repeat(300))).hex
    await expect(rpc.sendrawtransaction(over)).rejects.toMatchObject({
      rpcCode: -26,
      daemonMessage: expect.stringMatching(/^64: scriptpubkey/),
    })
    process.emit('SIGINT')
    expect(await run).toBe(0)
  })
  test('bad options are usage errors', async () => {
    await expect(devnetCommand.run(['--datacarriersize', '-1'], io())).rejects.toMatchObject({ code: 'CLI_USAGE' })
    await expect(devnetCommand.run(['--port', 'x'], io())).rejects.toMatchObject({ code: 'CLI_USAGE' })
    await expect(devnetCommand.run(['--nope'], io())).rejects.toMatchObject({ code: 'CLI_USAGE' })
    await expect(devnetCommand.run(['--wif-env', 'NO_SUCH_VAR_X'], io())).rejects.toMatchObject({ code: 'CLI_USAGE' })
  })
  test('demo runs the oracle publisher flow end to end and exits 0', async () => {
    const o = io()
    expect(await devnetDemoCommand.run(['--quick'], o)).toBe(0)
    const text = o.out.join('')
    // it speaks to a package user: no path into the repository's tests or sources (it once said "see test/wallet")
    expect(text).not.toMatch(/\b(test|src)\//)
    for (const step of [
      'dicefinish',
      'diceOutcome',
      'tokentransfer',
      'rewardsunlock (early)',
      'reward 0 is <= the transaction fee',
      'oraclescreate',
      'oraclesfund',
      'oraclesregister',
      'oraclessubscribe',
      'oraclesdata (offline)',
      'oraclesdata (rpc)',
      'oraclessamples',
      'mismatched datafee',
      'txn-mempool-conflict',
      // the Tokel step, on its own devnet in Tokel mode: an NFT's life
      'tokenv2createtokel',
      'tokenv2fillask',
      'royalty 0.20000000 to the creator',
      'tokenv2cancelask',
    ])
      expect(text).toContain(step)
    expect(o.err.join('')).toBe('')
  })
})
