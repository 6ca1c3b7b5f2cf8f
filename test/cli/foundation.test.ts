import { describe, expect, test } from 'vitest'
import { spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { cli } from '../_util/cli.js'

describe('CLI: oracle, sbits, address', () => {
  test('oracle encode → the oraclesdata hexstr', async () => {
    const r = await cli(['oracle', 'encode', '--format', 'sL', '["teststring", "18446744069414584320"]'])
    expect(r.status).toBe(0)
    expect(r.json).toEqual({ format: 'sL', hex: '0a74657374737472696e67' + '00000000ffffffff', size: 19 })
  })
  test('oracle decode: typed, and --daemon for the printed form', async () => {
    const typed = await cli(['oracle', 'decode', '--format', 'Ih', 'ffffffff' + '00000000ffffffff'.repeat(4)])
    expect(typed.json.values).toEqual([4294967295, 'ffffffff00000000'.repeat(4)])
    const daemon = await cli(['oracle', 'decode', '--format', 'sI', '0007000000', '--daemon'])
    expect(daemon.json).toEqual({ format: 'sI', data: [''] })
  })
  test('errors are JSON on stderr with the code and exit 1', async () => {
    const r = await cli(['oracle', 'decode', '--format', 's', '05aa'])
    expect(r.status).toBe(1)
    expect(r.error.code).toBe('READ_PAST_END')
    expect((await cli(['oracle', 'encode', '--format', 'C', '[256]'])).error.code).toBe('INT_RANGE')
    expect((await cli(['oracle', 'encode', '--format', 'C', 'nope'])).error.code).toBe('CLI_USAGE')
    expect((await cli(['oracle', 'encode', '--bogus'])).error.code).toBe('CLI_USAGE')
    expect((await cli(['frobnicate'])).error.code).toBe('CLI_USAGE')
  })
  test('sbits both ways', async () => {
    expect((await cli(['sbits', 'KMDDice'])).json).toEqual({
      name: 'KMDDice',
      sbits: '28538276415819083',
      wire: '4b4d444469636500',
    })
    expect((await cli(['sbits', '--bits', '1162037572'])).json).toEqual({ sbits: '1162037572', name: 'DICE' })
  })
  test('address with chains', async () => {
    const pk = '0279be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798'
    expect((await cli(['address', pk])).json.address).toBe('RKxTdfmtxtfLDKZBgx6SvNkBtNu9jRYnLh')
    expect((await cli(['address', pk, '--chain', 'BTC'])).json.address).toBe('1BgGZ9tcN4rm9KBzDn7KprQz87SZ26SAMH')
    expect((await cli(['address', pk, '--chain', '{"pubtype":0,"p2shtype":5,"wiftype":128}'])).json.address).toBe(
      '1BgGZ9tcN4rm9KBzDn7KprQz87SZ26SAMH',
    )
    expect((await cli(['address', 'zz'])).error.code).toBe('HEX_INVALID')
  })
  test('--help everywhere', async () => {
    for (const args of [
      ['--help'],
      ['oracle', 'encode', '--help'],
      ['oracle', 'decode', '--help'],
      ['sbits', '--help'],
      ['address', '--help'],
      ['demo', '--help'],
      ['tour', '--help'],
    ]) {
      const r = await cli(args)
      expect(r.status).toBe(0)
      expect(r.stdout).toMatch(/komodo-cc/)
    }
  })
  test('no arguments: the help on stdout, exit 0 (in process and as a real process)', async () => {
    const help = await cli(['--help'])
    const none = await cli([])
    expect(none).toMatchObject({ status: 0, stdout: help.stdout, stderr: '' })
    expect(none.stdout).toMatch(/^komodo-cc \S+ — [\s\S]*Usage:/)
    const main = fileURLToPath(new URL('../../src/cli/main.ts', import.meta.url))
    const p = spawnSync(process.execPath, ['--import', 'tsx', main], {
      encoding: 'utf8',
      env: { ...process.env, NODE_OPTIONS: '' },
      timeout: 30_000,
    })
    expect({ status: p.status, stderr: p.stderr }).toEqual({ status: 0, stderr: '' })
    expect(p.stdout).toBe(help.stdout)
  }, 40_000)
  test('tour runs the offline tour and exits 0', async () => {
    const r = await cli(['tour'])
    expect(r.status).toBe(0)
    expect(r.stdout).toContain('RKxTdfmtxtfLDKZBgx6SvNkBtNu9jRYnLh')
    expect(r.stdout).toContain('daemon prints [""]')
    expect(r.stdout).toMatch(/build oraclesdata #2 .*signatures verify/)
    expect(r.stdout).not.toContain('FAIL')
  })
})
