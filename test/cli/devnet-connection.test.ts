// `komodo-cc devnet` as a user runs it: it prints its funded test accounts and keeps a connection file where every
// other command's `--devnet` looks, with no other flag; the file goes when the devnet stops (SIGINT, SIGTERM, the
// stop RPC); a file left by a devnet that is gone, or none at all, is a usage error saying how to start one.
import { describe, expect, test } from 'vitest'
import { existsSync, mkdirSync, mkdtempSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { cli } from '../_util/cli.js'
import { reap, startDevnetChild, type DevnetChild } from '../devnet/_child.js'
import { devnetCommand } from '../../src/cli/devnet.js'
import type { CliIo } from '../../src/cli/core.js'

const connectionFile = () => join(mkdtempSync(join(tmpdir(), 'devnet-conn-')), 'nested', 'devnet.conf')
const within = <T>(p: Promise<T>, ms: number, what: string): Promise<T> =>
  Promise.race([
    p,
    new Promise<T>((_r, reject) => setTimeout(() => reject(new Error(`${what}: not within ${ms} ms`)), ms)),
  ])
type Printed = {
  connectionFile: string
  height: number
  mnemonic: string
  accounts: { address: string; wif: string; pubkey: string; balance: number }[]
}

describe('komodo-cc devnet: funded accounts and the connection file --devnet finds', () => {
  test('prints N accounts with their balance in coins; --devnet reaches it with no other flag; SIGINT removes the file', async () => {
    const file = connectionFile()
    const env = { KOMODO_CC_DEVNET_FILE: file }
    let c: DevnetChild | undefined
    try {
      c = await startDevnetChild(['--accounts', '2', '--balance', '5'], 20_000, env)
      const printed = c.info as unknown as Printed
      expect(printed.connectionFile).toBe(file)
      expect(printed.height).toBe(1)
      expect(printed.mnemonic).toBe('test test test test test test test test test test test junk')
      expect(printed.accounts).toHaveLength(2)
      expect(printed.accounts.map((a) => a.balance)).toEqual([5, 5])
      expect(c.stdout()).toMatch(/"balance": 5\.00000000\b/) // coins as komodo-cli prints them
      expect(existsSync(file)).toBe(true)
      if (process.platform !== 'win32') expect(statSync(file).mode & 0o777).toBe(0o600)

      // --devnet and nothing else: rpc, and a key-local wallet method signed with an account's key
      const count = await cli(['rpc', 'getblockcount', '--devnet'], env)
      expect(count.stdout.trim()).toBe('1')
      const made = await cli(
        ['wallet', 'tokencreate', 'ACCT', '0.0001', 'made over --devnet', '--devnet', '--wif-env', 'W'],
        {
          ...env,
          W: printed.accounts[0]!.wif,
        },
      )
      expect(made.status, made.stderr).toBe(0)
      expect(made.json.txid).toMatch(/^[0-9a-f]{64}$/)

      c.child.kill('SIGINT')
      expect(await within(c.exited, 10_000, 'exit after SIGINT')).toEqual({ code: 0, signal: null })
      expect(existsSync(file)).toBe(false)
      const gone = await cli(['rpc', 'getblockcount', '--devnet'], { ...env, HOME: join(file, '..', 'home') })
      expect(gone.status).toBe(1)
      expect(gone.error).toMatchObject({ code: 'CLI_USAGE', message: expect.stringContaining('komodo-cc devnet') })
    } finally {
      await reap(c)
    }
  })

  for (const how of ['SIGTERM', 'stop RPC'] as const)
    test(`${how}: the connection file is removed`, async () => {
      const file = connectionFile()
      let c: DevnetChild | undefined
      try {
        c = await startDevnetChild(['--accounts', '0'], 20_000, { KOMODO_CC_DEVNET_FILE: file })
        expect(existsSync(file)).toBe(true)
        if (how === 'SIGTERM') c.child.kill('SIGTERM')
        else expect((await cli(['rpc', 'stop', '--devnet'], { KOMODO_CC_DEVNET_FILE: file })).status).toBe(0)
        expect(await within(c.exited, 10_000, `exit after ${how}`)).toEqual({ code: 0, signal: null })
        expect(existsSync(file)).toBe(false)
      } finally {
        await reap(c)
      }
    })

  test('a connection file left by a devnet that is gone (SIGKILL) is reported as such, not dialled', async () => {
    const file = connectionFile()
    let c: DevnetChild | undefined
    try {
      c = await startDevnetChild(['--accounts', '0'], 20_000, { KOMODO_CC_DEVNET_FILE: file })
      c.child.kill('SIGKILL')
      await c.exited
      expect(existsSync(file)).toBe(true) // nothing runs at SIGKILL
      const r = await cli(['rpc', 'getblockcount', '--devnet'], { KOMODO_CC_DEVNET_FILE: file })
      expect(r.status).toBe(1)
      expect(r.error).toMatchObject({ code: 'CLI_USAGE', message: expect.stringContaining('no longer running') })
    } finally {
      await reap(c)
    }
  })

  test('on a terminal the accounts are also listed on stderr, with the phrase and the warning; a bad --balance is refused', async () => {
    const out: string[] = []
    const err: string[] = []
    const io: CliIo = {
      stdout: (t) => void out.push(t),
      stderr: (t) => void err.push(t),
      env: {}, // no HOME: no connection file written by this in-process run
      readStdin: async () => '',
      isTty: true,
    }
    const run = devnetCommand.run(['--accounts', '2', '--balance', '7.5'], io)
    while (out.length === 0) await new Promise((r) => setTimeout(r, 20))
    const printed = JSON.parse(out.join('')) as {
      connectionFile: unknown
      accounts: { address: string; wif: string }[]
    }
    expect(printed.connectionFile).toBe(null)
    const text = err.join('')
    for (const [i, a] of printed.accounts.entries()) {
      expect(text).toContain(`(${i}) ${a.address}  7.50000000 coins`)
      expect(text).toContain(`wif ${a.wif}`)
    }
    expect(text).toContain('"test test test test test test test test test test test junk"')
    expect(text).toMatch(/Use them on this devnet only/)
    process.emit('SIGINT')
    expect(await run).toBe(0)
    await expect(devnetCommand.run(['--balance', 'lots'], io)).rejects.toMatchObject({ code: 'AMOUNT_INVALID' })
    await expect(devnetCommand.run(['--accounts', '101'], io)).rejects.toMatchObject({ code: 'CLI_USAGE' })
  })

  test('--devnet with no devnet running: a usage error naming the file and the command that writes it', async () => {
    const file = connectionFile()
    mkdirSync(join(file, '..'), { recursive: true })
    const r = await cli(['rpc', 'getblockcount', '--devnet'], { KOMODO_CC_DEVNET_FILE: file, HOME: join(file, '..') })
    expect(r.status).toBe(1)
    expect(r.error.code).toBe('CLI_USAGE')
    expect(r.error.message).toContain(file)
    // --devnet goes alone
    writeFileSync(file, 'rpcuser=u\nrpcpassword=p\nrpcport=1\n')
    const both = await cli(['rpc', 'getblockcount', '--devnet', '--chain', 'X'], { KOMODO_CC_DEVNET_FILE: file })
    expect(both.error).toMatchObject({ code: 'CLI_USAGE', message: expect.stringContaining('--devnet takes no') })
  })
})
