import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { demoCommand as devnetDemoCommand } from '../../src/cli/demo.js'
import type { CliIo } from '../../src/cli/core.js'
import { createKomodoRpc } from '../../src/rpc/client.js'
import { encodeWif, p2pkhAddress } from '../../src/address/address.js'
import { hexToBytes } from '../../src/bytes/hex.js'
import { waitForConfirmations } from '../../src/devnet/demo.js'
import type { Devnet } from '../../src/devnet/server.js'
import { startTestDevnet } from '../_util/devnet.js'

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

// A devnet started on its own (as `komodo-cc devnet --block-time` would run it): the demo reaches it only over HTTP,
// as it would a real komodod — nothing is mined by the demo, it waits for the timer's blocks.
let dev: Devnet
const dir = mkdtempSync(join(tmpdir(), 'demo-remote-'))
beforeAll(async () => {
  dev = await startTestDevnet({ chain: 'REMOTEDEMO', dataDir: dir, blockTime: 0.2 })
})
afterAll(async () => {
  await dev.stop()
})

describe('komodo-cc demo --url / --chain against a separately running daemon', () => {
  test('--url with --user/--password-env: every flow runs, waiting for blocks; the rewards unlock is skipped with a note', async () => {
    const o = io({ DEMO_PW: dev.password })
    const code = await devnetDemoCommand.run(
      ['--url', dev.url, '--user', dev.user, '--password-env', 'DEMO_PW', '--quick', '--poll', '50ms'],
      o,
    )
    const text = o.out.join('')
    expect(o.err.join(''), text).not.toMatch(/demo failed/)
    expect(code).toBe(0)
    expect(text).toContain('confirmations are awaited, nothing is mined here')
    for (const step of [
      'oraclesdata (offline)',
      'oraclesdata (rpc)',
      'oraclessamples',
      'mismatched datafee',
      'tokentransfer',
      'rewardsunlock (early)',
      'diceOutcome',
    ])
      expect(text).toContain(step)
    // The timer may mine sample 4 before the double spend is sent: then the refusal is the on-chain form.
    expect(text).toMatch(/double spend +refused: 18: (txn-mempool-conflict|bad-txns-inputs-spent)/)
    expect(text).toMatch(/rewardsunlock +skipped: the plan's minimum lock is one day/)
    expect(text).not.toContain(dev.password)
  }, 60_000)

  test('waitForConfirmations: progress lines, RPC_TIMEOUT when no block comes, resolves once one does', async () => {
    const still = await startTestDevnet() // no timer: nothing confirms until we mine
    try {
      const rpc = createKomodoRpc({ url: still.url, user: still.user, password: still.password })
      const txid = (await rpc.call('sendtoaddress', [p2pkhAddress(hexToBytes(still.pubkey)), '1'])) as string
      const o = io()
      await expect(
        waitForConfirmations(rpc, [txid], o, { timeoutMs: 300, pollMs: 40, progressMs: 100 }),
      ).rejects.toMatchObject({ code: 'RPC_TIMEOUT' })
      expect(o.err.join('')).toMatch(/waiting for 1 transaction\(s\) to confirm: height \d+, mempool 1/)
      const waiting = waitForConfirmations(rpc, [txid], o, { timeoutMs: 5000, pollMs: 40 })
      await still.mine(1)
      await waiting
      expect(still.chain.confirmations(txid)).toBe(1)
    } finally {
      await still.stop()
    }
  })

  test('--chain finds the daemon through its conf file; option misuse is a usage error', async () => {
    await expect(devnetDemoCommand.run(['--url', dev.url, '--chain', 'X'], io())).rejects.toMatchObject({
      code: 'CLI_USAGE',
    })
    await expect(devnetDemoCommand.run(['--user', 'u'], io())).rejects.toMatchObject({ code: 'CLI_USAGE' })
    await expect(
      devnetDemoCommand.run(['--url', dev.url, '--password-env', 'NO_SUCH_VAR_Y'], io()),
    ).rejects.toMatchObject({ code: 'CLI_USAGE' })
    // wrong credentials: the demo reports the daemon's refusal and exits 1, without the password
    const bad = io({ PW: 'wrong-password-x' })
    expect(await devnetDemoCommand.run(['--url', dev.url, '--user', dev.user, '--password-env', 'PW'], bad)).toBe(1)
    expect(bad.err.join('')).toMatch(/demo failed/)
    expect(bad.err.join('')).not.toContain('wrong-password-x')
    // --chain: credentials and port from REMOTEDEMO.conf; a bad --timeout is a usage error
    await expect(
      devnetDemoCommand.run(['--chain', 'REMOTEDEMO', '--datadir', dir, '--timeout', 'soon'], io()),
    ).rejects.toMatchObject({ code: 'CLI_USAGE' })
    // --chain reaches the daemon through REMOTEDEMO.conf: getinfo answers, then the given key is refused as not -pubkey's
    const other = io({ WIF: encodeWif(new Uint8Array(32).fill(7)) })
    expect(
      await devnetDemoCommand.run(['--chain', 'REMOTEDEMO', '--datadir', dir, '--wif-env', 'WIF', '--quick'], other),
    ).toBe(1)
    expect(other.err.join('')).toContain("the private key given is not the daemon's -pubkey key")
  })
})
