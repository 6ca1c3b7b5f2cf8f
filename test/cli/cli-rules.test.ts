// The CLI's common rules (issue 21): one duration rule, one secret rule, rpc parameters as komodo-cli sends them,
// amounts in coins (--sats for satoshis), help by absence, shell completion, and the devnet keeping out of ~/.komodo.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { execFileSync, spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { KomodoCcError } from '../../src/errors.js'
import { encodeWif, p2pkhAddress } from '../../src/address/address.js'
import { hexToBytes } from '../../src/bytes/hex.js'
import { keySigner } from '../../src/tx/sign.js'
import type { Devnet } from '../../src/devnet/server.js'
import { startTestDevnet } from '../_util/devnet.js'
import { createKomodoRpc } from '../../src/rpc/client.js'
import { komodoDataDir } from '../../src/rpc/conf.js'
import { COIN_KEYS, jsonText, parseDuration } from '../../src/cli/core.js'
import { cliParams } from '../../src/cli/rpc-convert.js'
import { amountStyle } from '../../src/cli/rpc.js'
import { COMMANDS } from '../../src/cli/commands.js'
import { completionScript } from '../../src/cli/completion.js'
import { cli } from '../_util/cli.js'
import { reap, startDevnetChild, type DevnetChild } from '../devnet/_child.js'

const codeOf = (f: () => unknown): { code: string; reason: unknown } => {
  try {
    f()
  } catch (e) {
    if (e instanceof KomodoCcError) return { code: e.code, reason: e.details.reason }
    throw e
  }
  throw new Error('did not throw')
}

describe('durations: a bare number is seconds; ms, s, m, h suffixes', () => {
  test('values', () => {
    expect(parseDuration('30s', 't')).toBe(30_000)
    expect(parseDuration('500ms', 't')).toBe(500)
    expect(parseDuration('2m', 't')).toBe(120_000)
    expect(parseDuration('1h', 't')).toBe(3_600_000)
    expect(parseDuration('2', 't')).toBe(2000)
    expect(parseDuration('1.5', 't')).toBe(1500)
    expect(parseDuration('0.25s', 't')).toBe(250)
  })
  test('junk, negative, overflow, below the minimum: typed CLI_USAGE with a reason', () => {
    for (const junk of ['soon', '', '1e3', '30 s', '30sec', '0x10', '1.', '.5s', 'ms'])
      expect(codeOf(() => parseDuration(junk, 't'))).toEqual({ code: 'CLI_USAGE', reason: 'syntax' })
    expect(codeOf(() => parseDuration('-5', 't'))).toEqual({ code: 'CLI_USAGE', reason: 'negative' })
    expect(codeOf(() => parseDuration('-5ms', 't'))).toEqual({ code: 'CLI_USAGE', reason: 'negative' })
    expect(codeOf(() => parseDuration('999999999999h', 't'))).toEqual({ code: 'CLI_USAGE', reason: 'range' })
    expect(codeOf(() => parseDuration('9'.repeat(400), 't'))).toEqual({ code: 'CLI_USAGE', reason: 'range' })
    expect(codeOf(() => parseDuration('25d', 't'))).toEqual({ code: 'CLI_USAGE', reason: 'syntax' })
    expect(codeOf(() => parseDuration('0', 't'))).toEqual({ code: 'CLI_USAGE', reason: 'range' })
    expect(codeOf(() => parseDuration('50ms', 't', { minMs: 100 }))).toEqual({ code: 'CLI_USAGE', reason: 'range' })
    // 2^31 − 1 ms is the longest; one more is refused
    expect(parseDuration('2147483647ms', 't')).toBe(2147483647)
    expect(codeOf(() => parseDuration('2147483648ms', 't'))).toEqual({ code: 'CLI_USAGE', reason: 'range' })
  })
  test('a bare number above bareMax (flags that used to be milliseconds) is refused with a hint', () => {
    let message = ''
    try {
      parseDuration('30000', 'timeout', { bareMax: 3600 })
    } catch (e) {
      message = (e as Error).message
    }
    expect(message).toMatch(/did you mean 30000ms\?/)
    expect(parseDuration('30000ms', 'timeout', { bareMax: 3600 })).toBe(30_000)
    expect(parseDuration('3600', 'timeout', { bareMax: 3600 })).toBe(3_600_000)
  })
})

describe('rpc parameters as komodo-cli sends them (our table of komodod client.cpp facts)', () => {
  test('JSON at the listed indexes, text elsewhere and for methods not listed', () => {
    expect(cliParams('generate', ['1'])).toEqual([1])
    expect(cliParams('getblock', ['00ab', '2'])).toEqual(['00ab', 2])
    expect(cliParams('getrawmempool', ['true'])).toEqual([true])
    expect(cliParams('sendtoaddress', ['RAddr', '0.5', 'c', 'to', 'true'])).toEqual(['RAddr', 0.5, 'c', 'to', true])
    expect(cliParams('getaddressutxos', ['{"addresses":["R1"]}'])).toEqual([{ addresses: ['R1'] }])
    expect(cliParams('nosuchmethod', ['1', 'true'])).toEqual(['1', 'true'])
    expect(cliParams('getblockhash', ['12'])).toEqual([12])
    expect(codeOf(() => cliParams('generate', ['one'])).code).toBe('CLI_USAGE')
  })
})

describe('amounts: coins as komodo-cli prints them, exact from the bigint', () => {
  test('8 decimals, exact beyond 2^53 satoshis, negative, and --sats', () => {
    expect(jsonText({ amount: 10000n }, { coinKeys: COIN_KEYS })).toBe('{\n  "amount": 0.00010000\n}')
    expect(jsonText({ fee: 11980000014280999n }, { coinKeys: COIN_KEYS }, true)).toBe('{"fee":119800000.14280999}')
    expect(jsonText({ value: -1n }, { coinKeys: COIN_KEYS }, true)).toBe('{"value":-0.00000001}')
    expect(jsonText({ amount: 10000n }, { coinKeys: COIN_KEYS, sats: true }, true)).toBe('{"amount":"10000"}')
    // only coin keys convert; other bigints are JSON numbers written digit for digit (as komodo-cli prints int64s),
    // digit strings with --sats; nesting and arrays as JSON.stringify writes them
    const v = { satoshis: 5n, list: [{ amount: 150000000n, n: 1 }], empty: [], o: {} }
    expect(JSON.parse(jsonText(v, { coinKeys: COIN_KEYS }))).toEqual({
      satoshis: 5,
      list: [{ amount: 1.5, n: 1 }],
      empty: [],
      o: {},
    })
    expect(jsonText(v, { coinKeys: COIN_KEYS })).toContain('"amount": 1.50000000')
    expect(jsonText(v)).toBe(JSON.stringify({ ...v, satoshis: 5, list: [{ amount: 150000000, n: 1 }] }, null, 2))
    expect(jsonText(v, { sats: true })).toBe(
      JSON.stringify({ ...v, satoshis: '5', list: [{ amount: '150000000', n: 1 }] }, null, 2),
    )
    // exact beyond 2^53: the digits as they are, never through a float
    expect(jsonText({ supply: 9223372036854775807n }, {}, true)).toBe('{"supply":9223372036854775807}')
    // the publisher's low-funds event: its normal coins in coins too, not satoshis beside coins (was "9999690000")
    expect(
      jsonText(
        { event: 'low-funds', funds: 90000n, datafee: 10000n, normalFunds: 9999690000n },
        { coinKeys: COIN_KEYS },
        true,
      ),
    ).toBe('{"event":"low-funds","funds":0.00090000,"datafee":0.00010000,"normalFunds":99.99690000}')
    // sbits is a name's 64-bit form, not a quantity: a digit string always (most exceed 2^53)
    expect(jsonText({ sbits: 28538276415819083n }, {}, true)).toBe('{"sbits":"28538276415819083"}')
  })
  test('rpc: balance keys of <module>address in coins; tokenbalance in units; daemon strings stay strings', () => {
    const address = { mybalance: 0, 'myCCbalance(Tokens)': 1.5, TokensCCBalance: 0.0001, CCaddress: 'R' }
    expect(jsonText(address, amountStyle('tokenaddress', false), true)).toBe(
      '{"mybalance":0.00000000,"myCCbalance(Tokens)":1.50000000,"TokensCCBalance":0.00010000,"CCaddress":"R"}',
    )
    expect(jsonText({ balance: 100 }, amountStyle('tokenbalance', false), true)).toBe('{"balance":100}')
    expect(jsonText({ funding: '1100.00000000' }, amountStyle('faucetinfo', false), true)).toBe(
      '{"funding":"1100.00000000"}',
    )
    expect(jsonText(0.5, amountStyle('getbalance', false))).toBe('0.50000000')
    expect(jsonText(0.5, amountStyle('getbalance', true))).toBe('"50000000"')
    expect(jsonText({ amount: 0.0001, n: 2 }, amountStyle('listtransactions', true), true)).toBe(
      '{"amount":"10000","n":2}',
    )
  })
})

const KEY = hexToBytes('5c'.repeat(32))
const ME = keySigner(KEY).publicKey

describe('against the devnet', () => {
  let dev: Devnet
  let conn: string[]
  beforeAll(async () => {
    dev = await startTestDevnet()
    await dev.rpc.call('sendtoaddress', [p2pkhAddress(ME), '12.3456789'])
    await dev.mine(1)
    conn = ['--conf', dev.confPath]
  }, 60_000)
  afterAll(async () => {
    await dev.stop()
  })

  test('rpc generate 1 works without --raw (a typed number, as komodo-cli sends it)', async () => {
    const before = dev.chain.height
    const r = await cli(['rpc', 'generate', '1', ...conn])
    expect(r.stderr).toBe('')
    expect(r.status).toBe(0)
    expect(r.json).toHaveLength(1)
    expect(dev.chain.height).toBe(before + 1)
  })

  test('rpc listunspent prints amounts in coins (8 decimals, exact), --sats in satoshis', async () => {
    // a payment of 12.3456789 to the devnet's own wallet, which listunspent lists
    const mine = p2pkhAddress(hexToBytes(dev.pubkey))
    const txid = (await dev.rpc.call('sendtoaddress', [mine, '12.3456789'])) as string
    await dev.mine(1)
    const paid = (r: { json: { txid: string; amount: unknown }[] }) => r.json.filter((u) => u.txid === txid)
    const r = await cli(['rpc', 'listunspent', ...conn])
    expect(r.status).toBe(0)
    expect(paid(r).map((u) => u.amount)).toContain(12.3456789)
    expect(r.stdout).toMatch(/"amount": 12\.34567890,/)
    expect(r.stdout).not.toMatch(/"amount": "/)
    // komodo-cli's own form of the addresses parameter (a JSON array) reads the same
    const k = await cli(['rpc', 'listunspent', '0', '9999', JSON.stringify([mine]), ...conn])
    expect(k.status).toBe(0)
    expect(paid(k).map((u) => u.amount)).toContain(12.3456789)
    const s = await cli(['rpc', 'listunspent', '--sats', ...conn])
    expect(paid(s).map((u) => u.amount)).toContain('1234567890')
  })

  test('rpc --timeout: a duration; a bare number above an hour is refused with the ms hint', async () => {
    expect((await cli(['rpc', 'getblockcount', '--timeout', '30s', ...conn])).status).toBe(0)
    expect((await cli(['rpc', 'getblockcount', '--timeout', '30000ms', ...conn])).status).toBe(0)
    const bad = await cli(['rpc', 'getblockcount', '--timeout', '30000', ...conn])
    expect(bad.status).toBe(1)
    expect(bad.error.code).toBe('CLI_USAGE')
    expect(bad.error.message).toMatch(/did you mean 30000ms/)
  })

  test('the password rule: --password-env NAME and --password-stdin with --url; KOMODO_RPC_PASSWORD still read', async () => {
    const url = ['--url', dev.url, '--user', dev.user]
    const viaEnv = await cli(['rpc', 'getblockcount', ...url, '--password-env', 'MY_PW'], { MY_PW: dev.password })
    expect(viaEnv.stderr).toBe('')
    expect(viaEnv.json).toBe(dev.chain.height)
    const viaStdin = await cli(['rpc', 'getblockcount', ...url, '--password-stdin'], {}, dev.password + '\n')
    expect(viaStdin.json).toBe(dev.chain.height)
    const fallback = await cli(['rpc', 'getblockcount', ...url], { KOMODO_RPC_PASSWORD: dev.password })
    expect(fallback.json).toBe(dev.chain.height)
    const unset = await cli(['rpc', 'getblockcount', ...url, '--password-env', 'NOT_SET'])
    expect(unset.error.code).toBe('CLI_USAGE')
    const both = await cli(['rpc', 'getblockcount', ...url, '--password-env', 'MY_PW', '--password-stdin'], {
      MY_PW: dev.password,
    })
    expect(both.error.code).toBe('CLI_USAGE')
    const withConf = await cli(['rpc', 'getblockcount', ...conn, '--password-env', 'MY_PW'], { MY_PW: 'x' })
    expect(withConf.error.message).toMatch(/goes with --url/)
  })

  test('the key rule: --wif-env NAME / --wif-stdin on build, wallet and faucet get; one secret on stdin at most', async () => {
    const wif = encodeWif(KEY)
    const utxos = JSON.stringify(
      (await dev.rpc.getaddressutxos([p2pkhAddress(ME)])).map((u) => ({ ...u, satoshis: String(u.satoshis) })),
    )
    const args = ['build', 'oraclescreate', 'N', 'd', 'L', '--utxos', utxos, '--height', '10']
    const env = await cli([...args, '--wif-env', 'K'], { K: wif })
    const stdin = await cli([...args, '--wif-stdin'], {}, wif + '\n')
    expect(env.status).toBe(0)
    expect(stdin.json.hex).toBe(env.json.hex)
    // fee in coins, --sats in satoshis
    expect(env.stdout).toMatch(/"fee": 0\.\d{8},/)
    expect((await cli([...args, '--wif-env', 'K', '--sats'], { K: wif })).json.fee).toMatch(/^\d+$/)
    expect((await cli([...args, '--wif-env', 'K', '--wif-stdin'], { K: wif }, wif)).error.code).toBe('CLI_USAGE')
    // the key itself given to --wif-env is refused without echoing it
    const leaked = await cli([...args, '--wif-env', wif])
    expect(leaked.error.code).toBe('CLI_USAGE')
    expect(leaked.stderr).not.toContain(wif)
    const w = await cli(['wallet', 'faucetfund', '1', '--no-broadcast', '--wif-stdin', ...conn], {}, wif)
    expect(w.status).toBe(0)
    expect(w.stdout).toMatch(/"fee": 0\.\d{8},/)
    const two = await cli(['wallet', 'faucetfund', '1', '--wif-stdin', '--url', dev.url, '--password-stdin'], {}, wif)
    expect(two.error.message).toMatch(/only one secret/)
  })
})

describe('help by absence, exit 0', () => {
  const groups = [
    ...new Set(
      Object.keys(COMMANDS)
        .filter((k) => k.includes(' '))
        .map((k) => k.split(' ')[0]!),
    ),
  ]
  test('every group without a sub-command lists its sub-commands on stdout, exit 0', async () => {
    expect(groups).toEqual(expect.arrayContaining(['tx', 'cc', 'oracle', 'rpc', 'kdf', 'faucet', 'opret']))
    for (const g of groups) {
      const r = await cli([g])
      expect({ g, status: r.status, stderr: r.stderr }).toEqual({ g, status: 0, stderr: '' })
      for (const sub of Object.keys(COMMANDS).filter((k) => k.startsWith(`${g} `)))
        expect(r.stdout, `${g} lists ${sub}`).toContain(`komodo-cc ${sub}`)
    }
  })
  test('a command that needs arguments, given none, prints its help (exit 0)', async () => {
    for (const c of ['rpc', 'wallet', 'build', 'publish', 'info', 'inspect', 'address', 'completion']) {
      const r = await cli([c])
      expect({ c, status: r.status, stderr: r.stderr }).toEqual({ c, status: 0, stderr: '' })
      expect(r.stdout).toContain(COMMANDS[c]!.help)
    }
  })
  test('an unknown command is still an error (exit 1)', async () => {
    const r = await cli(['nosuch'])
    expect(r.status).toBe(1)
    expect(r.error.code).toBe('CLI_USAGE')
  })
})

describe('komodo-cc completion', () => {
  const bash = completionScript('bash', COMMANDS)
  const dir = mkdtempSync(join(tmpdir(), 'completion-'))
  afterAll(() => rmSync(dir, { recursive: true, force: true }))
  /** What bash's completion function offers for the words (the last one being completed). */
  const complete = (words: string[]): string[] => {
    const file = join(dir, 'c.bash')
    writeFileSync(file, bash)
    const script = `source ${JSON.stringify(file)}; COMP_WORDS=(${words.map((w) => `'${w}'`).join(' ')}); COMP_CWORD=${words.length - 1}; _komodo_cc; printf '%s\\n' "\${COMPREPLY[@]}"`
    return execFileSync('bash', ['--norc', '--noprofile', '-c', script], { encoding: 'utf8' })
      .split('\n')
      .filter((l) => l !== '')
  }
  test('bash parses it (bash -n)', () => {
    const file = join(dir, 'n.bash')
    writeFileSync(file, bash)
    expect(spawnSync('bash', ['-n', file]).status).toBe(0)
  })
  test('komodo-cc tx <TAB> offers decode id sign; flags complete per command', () => {
    expect(complete(['komodo-cc', 'tx', ''])).toEqual(['decode', 'id', 'sign'])
    expect(complete(['komodo-cc', 'tx', 'sign', '--wif'])).toEqual(['--wif', '--wif-env', '--wif-stdin'])
    expect(complete(['komodo-cc', 'rpc', '--sa'])).toEqual(['--sats'])
    expect(complete(['komodo-cc', 'rpc', 'submit', '--w'])).toEqual(['--wait'])
    expect(complete(['komodo-cc', 'completion', ''])).toEqual(['bash', 'zsh', 'fish'])
    expect(complete(['komodo-cc', 'dev'])).toEqual(['devnet'])
    expect(complete(['komodo-cc', 'devnet', '--conf'])).toEqual(['--conf-dir'])
  })
  test('zsh and fish scripts: syntax-checked when the shell is installed, else their shape', () => {
    const zsh = completionScript('zsh', COMMANDS)
    const fish = completionScript('fish', COMMANDS)
    expect(zsh.startsWith('#compdef komodo-cc\n')).toBe(true)
    expect(zsh).toContain('"tx sign") flags=(')
    for (const line of fish.split('\n').filter((l) => l !== '' && !l.startsWith('#')))
      expect(line).toMatch(/^complete -c komodo-cc /)
    expect(fish).toContain("-n '__fish_seen_subcommand_from tx; and __fish_seen_subcommand_from sign' -l wif-env")
    for (const [shell, text, args] of [
      ['zsh', zsh, ['-n']],
      ['fish', fish, ['--no-execute']],
    ] as const) {
      if (spawnSync(shell, ['-c', 'true']).error !== undefined) continue // not installed: not installed for this
      const file = join(dir, `c.${shell}`)
      writeFileSync(file, text)
      expect(spawnSync(shell, [...args, file]).status, `${shell} parses its script`).toBe(0)
    }
  })
  test('through the CLI: the same script, and an unknown shell is a usage error', async () => {
    expect((await cli(['completion', 'bash'])).stdout).toBe(bash)
    expect((await cli(['completion', 'tcsh'])).error.code).toBe('CLI_USAGE')
  })
})

describe('komodo-cc devnet keeps out of ~/.komodo', () => {
  test('--devnet reads ~/.komodo/DEVNET/DEVNET.conf: missing, a usage error saying how; there, it connects', async () => {
    const home = mkdtempSync(join(tmpdir(), 'home-'))
    let dev: Devnet | undefined
    try {
      const pk = ['--pubkey', '02' + 'aa'.repeat(32)]
      const env = { HOME: home, APPDATA: join(home, 'AppData') }
      const missing = await cli(['wallet', 'faucetinfo', ...pk, '--devnet'], env)
      expect(missing.error.code).toBe('CLI_USAGE')
      const dir = komodoDataDir('DEVNET', process.platform, { HOME: home, APPDATA: join(home, 'AppData') }, home)
      expect(dir.startsWith(home)).toBe(true)
      expect(missing.error.message).toContain(`--conf-dir ${dir}`)
      dev = await startTestDevnet({ dataDir: dir, removeConf: true })
      const r = await cli(['wallet', 'faucetinfo', ...pk, '--devnet'], env)
      expect(r.stderr).toBe('')
      expect(r.json).toMatchObject({ result: 'success', name: 'Faucet' })
    } finally {
      await dev?.stop()
      rmSync(home, { recursive: true, force: true })
    }
  })

  test('HOME untouched: the conf goes into a temporary directory it prints, removed at SIGTERM; exit 0', async () => {
    const home = mkdtempSync(join(tmpdir(), 'home-'))
    let c: DevnetChild | undefined
    try {
      c = await startDevnetChild([], 20_000, { HOME: home })
      expect(c.info.confPath).toBe(join(c.info.confDir, 'DEVNET.conf'))
      expect(dirname(c.info.confDir)).toBe(tmpdir())
      expect(existsSync(c.info.confPath)).toBe(true)
      // the conf it printed reaches it
      expect(await createKomodoRpc({ confPath: c.info.confPath }).getblockcount()).toBe(c.info.height)
      c.child.kill('SIGTERM')
      const exit = await c.exited
      expect(exit).toEqual({ code: 0, signal: null })
      expect(c.stderr()).toBe('')
      expect(existsSync(c.info.confDir)).toBe(false)
      expect(readdirSync(home)).toEqual([])
    } finally {
      await reap(c)
      rmSync(home, { recursive: true, force: true })
    }
  }, 40_000)
  test('--conf-dir DIR: the conf file is there (as --chain NAME --datadir DIR finds it), deleted at SIGINT', async () => {
    const home = mkdtempSync(join(tmpdir(), 'home-'))
    const dir = join(home, 'confs')
    let c: DevnetChild | undefined
    try {
      c = await startDevnetChild(['--conf-dir', dir, '--chain', 'CONFDIR'], 20_000, { HOME: home })
      expect(c.info.confPath).toBe(join(dir, 'CONFDIR.conf'))
      expect(await createKomodoRpc({ chain: 'CONFDIR', dataDir: dir }).getblockcount()).toBe(c.info.height)
      c.child.kill('SIGINT')
      expect(await c.exited).toEqual({ code: 0, signal: null })
      expect(readdirSync(home)).toEqual(['confs'])
      expect(readdirSync(dir)).toEqual([])
    } finally {
      await reap(c)
      rmSync(home, { recursive: true, force: true })
    }
  }, 40_000)
})
