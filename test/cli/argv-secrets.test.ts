// Secrets on the command line (issue 16 item 15): a password in --url and --unsafe-argv-wif keep working, with a
// warning on stderr that names the safer form and never the secret; --help points to the env/stdin forms.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import ccSpend from '../../vectors/tx/cc-spend.json' with { type: 'json' }
import { rpcCommands } from '../../src/cli/rpc.js'
import { txSignCommand } from '../../src/cli/tx.js'
import { demoCommand as devnetDemoCommand } from '../../src/cli/demo.js'
import { runCli } from '../../src/cli/run.js'
import type { CliIo } from '../../src/cli/core.js'
import { encodeWif } from '../../src/address/address.js'
import { hexToBytes } from '../../src/bytes/hex.js'
import { deadPort, sendJson, startServer } from '../rpc/_server.js'
import type { TestServer } from '../rpc/_server.js'

const PW = 'cli-Pa55w0rd-visible'
let server: TestServer
beforeAll(async () => {
  server = await startServer((req, res) =>
    sendJson(res, 200, { result: 42, error: null, id: (JSON.parse(req.body) as { id: unknown }).id }),
  )
})
afterAll(async () => {
  await server.close()
})

function io(env: Record<string, string> = {}, stdin = ''): CliIo & { out: string[]; err: string[] } {
  const out: string[] = []
  const err: string[] = []
  return {
    out,
    err,
    stdout: (s) => out.push(s),
    stderr: (s) => err.push(s),
    env,
    readStdin: async () => stdin,
    isTty: false,
  }
}
const warnings = (o: { err: string[] }): { code: string; message: string }[] =>
  o.err
    .join('')
    .split('\n')
    .filter((l) => l.includes('"warning"'))
    .map((l) => (JSON.parse(l) as { warning: { code: string; message: string } }).warning)

describe('a password in --url', () => {
  test('still works, with one warning on stderr naming KOMODO_RPC_PASSWORD / --password-stdin and not the password', async () => {
    const o = io()
    const url = server.url.replace('http://', `http://alice:${PW}@`)
    expect(await rpcCommands.rpc!.run(['getblockcount', '--url', url], o)).toBe(0)
    expect(JSON.parse(o.out.join(''))).toBe(42)
    expect(server.requests.at(-1)!.headers.authorization).toBe(`Basic ${Buffer.from(`alice:${PW}`).toString('base64')}`)
    const w = warnings(o)
    expect(w).toHaveLength(1)
    expect(w[0]!.code).toBe('ARGV_SECRET')
    expect(w[0]!.message).toMatch(/visible to other processes/)
    expect(w[0]!.message).toContain('KOMODO_RPC_PASSWORD')
    expect(w[0]!.message).toContain('--password-stdin')
    expect(o.err.join('')).not.toContain(PW)
  })

  test('no warning when the password comes from the environment or stdin', async () => {
    const a = io({ KOMODO_RPC_USER: 'alice', KOMODO_RPC_PASSWORD: PW })
    expect(await rpcCommands.rpc!.run(['getblockcount', '--url', server.url], a)).toBe(0)
    const b = io({}, `${PW}\n`)
    expect(
      await rpcCommands.rpc!.run(
        ['getblockcount', '--url', server.url.replace('http://', 'http://alice@'), '--password-stdin'],
        b,
      ),
    ).toBe(0)
    expect([...a.err, ...b.err]).toEqual([])
  })

  test('malformed percent-encoding in it is a typed RPC_CONFIG error (issue 16 item 6), not an INTERNAL one', async () => {
    const o = io()
    expect(await runCli(['rpc', 'getblockcount', '--url', `http://alice:${PW}%zz@127.0.0.1:${server.port}`], o)).toBe(1)
    const printed = o.err.join('')
    expect(printed).toContain('"code":"RPC_CONFIG"')
    expect(
      printed
        .split('\n')
        .filter((l) => l.includes('"error"'))
        .join(''),
    ).not.toContain(PW)
  })

  test('demo --url with a password warns too (pointing to --password-env)', async () => {
    const o = io()
    const port = await deadPort()
    // nothing listens there: the demo fails at its first call, after the warning
    expect(
      await Promise.resolve(
        devnetDemoCommand.run(['--url', `http://alice:${PW}@127.0.0.1:${port}`, '--timeout', '1'], o),
      ).catch(() => 1),
    ).toBe(1)
    const w = warnings(o)
    expect(w).toHaveLength(1)
    expect(w[0]!.message).toContain('--password-env')
    expect(o.err.join('')).not.toContain(PW)
  })

  test('--help says so and points to the env/stdin forms', async () => {
    for (const argv of [
      ['rpc', '--help'],
      ['rpc', 'submit', '--help'],
    ]) {
      const o = io()
      expect(await runCli(argv, o)).toBe(0)
      const help = o.out.join('')
      expect(help).toContain('KOMODO_RPC_PASSWORD')
      expect(help).toContain('--password-stdin')
      expect(help).toMatch(/password inside the URL[\s\S]*warning[\s\S]*other processes/)
    }
    const d = io()
    await runCli(['demo', '--help'], d)
    expect(d.out.join('')).toMatch(/--password-env[\s\S]*password inside the URL[\s\S]*warning/)
  })
})

describe('--unsafe-argv-wif', () => {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const ex = (ccSpend.cases as Record<string, any>[]).find((c) => c.kind === 'tx_cc_spend_example')!
  const prevouts = JSON.stringify([{ value: String(ex.spentOutput.value), script: ex.spentOutput.scriptPubKey }])
  const wif = encodeWif(hexToBytes(ex.privkey))

  test('still signs, with a warning naming --wif-env / --wif-stdin and not the key', async () => {
    const o = io()
    expect(await txSignCommand.run([ex.unsignedTx, '--prevouts', prevouts, '--wif', wif, '--unsafe-argv-wif'], o)).toBe(
      0,
    )
    expect(JSON.parse(o.out.join('')).txid).toBe(ex.txid)
    const w = warnings(o)
    expect(w).toHaveLength(1)
    expect(w[0]!.message).toMatch(/visible to other processes/)
    expect(w[0]!.message).toContain('--wif-env NAME')
    expect(w[0]!.message).toContain('--wif-stdin')
    expect(o.err.join('')).not.toContain(wif)
    // the safe forms print nothing
    const s = io({}, wif)
    expect(await txSignCommand.run([ex.unsignedTx, '--prevouts', prevouts, '--wif-stdin'], s)).toBe(0)
    expect(s.err).toEqual([])
    const e = io({ SIGNKEY: wif })
    expect(await txSignCommand.run([ex.unsignedTx, '--prevouts', prevouts, '--wif-env', 'SIGNKEY'], e)).toBe(0)
    expect(e.err).toEqual([])
  })

  test('--help points to --wif-env / --wif-stdin and says the argv form warns', async () => {
    const o = io()
    expect(await runCli(['tx', 'sign', '--help'], o)).toBe(0)
    expect(o.out.join('')).toMatch(/--wif-env NAME[\s\S]*--wif-stdin[\s\S]*--unsafe-argv-wif, which prints a warning/)
  })
})
