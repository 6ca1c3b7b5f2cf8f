// What the CLI prints, as a user sees it: the real `komodo-cc` process (from source through tsx), its output piped,
// and on a terminal (a pseudo-terminal from util-linux's `script`). The version flags; errors as text on a terminal
// and as JSON when piped or with --json; one unit per printed object (coins as komodo-cli prints them, token units as
// numbers, satoshis with --sats); `rpc help` as text.
import { describe, expect, test } from 'vitest'
import { spawn, spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { reap, startDevnetChild, type DevnetChild } from '../devnet/_child.js'

const MAIN = fileURLToPath(new URL('../../src/cli/main.ts', import.meta.url))
const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }
const quote = (a: string) => `'${a.replaceAll("'", "'\\''")}'`

type Ran = { code: number | null; stdout: string; stderr: string }
/** Runs the CLI with its output piped (not a terminal). */
function piped(args: string[], env: Record<string, string> = {}): Promise<Ran> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', MAIN, ...args], {
      env: { ...process.env, NODE_OPTIONS: '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()))
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()))
    child.on('error', reject)
    child.on('close', (code) => resolve({ code, stdout, stderr }))
  })
}
/** Runs the CLI on a pseudo-terminal: stdout and stderr both are the terminal (what a person at a shell sees). */
function onTerminal(args: string[]): Ran & { text: string } {
  const cmd = [process.execPath, '--import', 'tsx', MAIN, ...args].map(quote).join(' ')
  const r = spawnSync('script', ['-qec', cmd, '/dev/null'], {
    env: { ...process.env, NODE_OPTIONS: '', NO_COLOR: '1' },
    encoding: 'utf8',
    timeout: 60_000,
  })
  return { code: r.status, stdout: r.stdout, stderr: r.stderr, text: r.stdout.replaceAll('\r\n', '\n') }
}
const hasScript = spawnSync('script', ['--version'], { encoding: 'utf8' }).status === 0

describe('komodo-cc as a process: version, errors, units', () => {
  test.each([['-v'], ['--version'], ['version']])('%s prints the package version, exit 0', async (flag) => {
    const r = await piped([flag])
    expect(r).toEqual({ code: 0, stdout: `${pkg.version}\n`, stderr: '' })
  })

  test('piped: an error is one line of JSON on stderr, exit 1', async () => {
    const r = await piped(['address', 'zz'])
    expect(r.code).toBe(1)
    expect(r.stdout).toBe('')
    expect(JSON.parse(r.stderr)).toEqual({
      error: {
        code: 'HEX_INVALID',
        message: expect.stringContaining('non-hex'),
        details: { name: 'pubkey', offset: 0 },
      },
    })
  })

  test.skipIf(!hasScript)('on a terminal: the code, the message and where, as text; --json keeps JSON', () => {
    const r = onTerminal(['address', 'zz'])
    expect(r.code).toBe(1)
    expect(r.text).toBe(
      'error HEX_INVALID: pubkey has a non-hex character "z" at offset 0\n  name: pubkey\n  offset: 0\n',
    )
    const json = onTerminal(['address', 'zz', '--json'])
    expect(json.code).toBe(1)
    expect(JSON.parse(json.text).error).toMatchObject({ code: 'HEX_INVALID', details: { name: 'pubkey', offset: 0 } })
    // an unknown command too (raised before any command runs)
    expect(onTerminal(['nosuch']).text).toMatch(/^error CLI_USAGE: unknown command "nosuch"/)
  })

  test('against a devnet: rpc help as text, token units as numbers, one unit per object, --sats', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'cli-output-')), 'devnet.conf')
    const env = { KOMODO_CC_DEVNET_FILE: file }
    let c: DevnetChild | undefined
    try {
      c = await startDevnetChild(['--accounts', '1', '--balance', '10'], 20_000, env)
      const account = (c.info as unknown as { accounts: { wif: string; pubkey: string }[] }).accounts[0]!
      // komodod's help is text: printed as komodo-cli prints it (a list of methods here), not a JSON string
      const help = await piped(['rpc', 'help', '--devnet'], env)
      expect(help.code, help.stderr).toBe(0)
      expect(help.stdout.startsWith('"')).toBe(false)
      expect(help.stdout.split('\n')).toContain('tokenbalance')

      const made = await piped(['wallet', 'tokencreate', 'UNITS', '0.001', 'd', '--devnet', '--wif-env', 'W'], {
        ...env,
        W: account.wif,
      })
      expect(made.code, made.stderr).toBe(0)
      expect(made.stdout).toMatch(/"fee": 0\.00010000,?\n/)
      const tokenid = JSON.parse(made.stdout).txid as string
      await piped(['rpc', 'generate', '1', '--devnet'], env)
      // tokenbalance: a number, as komodo-cli prints it, from the typed RPC and from the key-local read alike
      for (const args of [
        ['rpc', 'tokenbalance', tokenid, account.pubkey, '--devnet'],
        ['wallet', 'tokenbalance', tokenid, '--devnet', '--pubkey', account.pubkey],
      ]) {
        const r = await piped(args, env)
        expect(r.code, r.stderr).toBe(0)
        expect(r.stdout).toMatch(/"balance": 100000,?\n/)
      }
      // an unsigned build: the fee and every input's value in coins; with --sats, all of them satoshi digit strings
      const unsigned = [
        'wallet',
        'tokencreate',
        'U2',
        '0.001',
        'd',
        '--devnet',
        '--unsigned',
        '--pubkey',
        account.pubkey,
      ]
      const coins = JSON.parse((await piped(unsigned, env)).stdout) as { fee: number; inputs: { value: unknown }[] }
      expect(coins.fee).toBe(0.0001)
      expect(coins.inputs.every((i) => typeof i.value === 'number')).toBe(true)
      const sats = await piped([...unsigned, '--sats'], env)
      const s = JSON.parse(sats.stdout) as { fee: unknown; inputs: { value: unknown; vout: unknown }[] }
      expect(s.fee).toBe('10000')
      expect(s.inputs.every((i) => typeof i.value === 'string' && /^\d+$/.test(i.value))).toBe(true)
      expect(s.inputs.every((i) => typeof i.vout === 'number')).toBe(true)
    } finally {
      if (c !== undefined) c.child.kill('SIGTERM')
      await reap(c)
    }
  }, 90_000)
})
