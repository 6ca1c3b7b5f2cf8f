import { describe, expect, test } from 'vitest'
import { getPublicKey } from '@noble/secp256k1'
import { tokensCli } from '../../src/modules/tokens/cli.js'
import { faucetCli, faucetGetCommand, faucetProgressLine } from '../../src/modules/faucet/cli.js'
import { diceCli } from '../../src/modules/dice/cli.js'
import { buildTokenCreate } from '../../src/modules/tokens/build.js'
import { sha256 } from '../../src/hash/index.js'
import { bytesToHex } from '../../src/bytes/hex.js'
import { p2pkScript } from '../../src/script/script.js'
import { cc1of1 } from '../../src/cc/condition.js'
import { ccScript } from '../../src/script/cc.js'
import type { CliIo } from '../../src/cli/core.js'

const TOKENS_FAUCET_DICE_BUILD_METHODS = { ...tokensCli.build, ...faucetCli.build, ...diceCli.build }
const priv = sha256(new TextEncoder().encode('1'))
const pubkey = getPublicKey(priv, true)
function io(isTty = false) {
  const out: string[] = []
  const err: string[] = []
  const value: CliIo = {
    stdout: (t) => out.push(t),
    stderr: (t) => err.push(t),
    env: {},
    readStdin: async () => '',
    isTty,
  }
  return { value, out, err }
}

describe('CLI: build methods for tokens, faucet, dice', () => {
  const utxos = [{ txid: '11'.repeat(32), vout: 0, satoshis: 1_000_000_000n, script: p2pkScript(pubkey) }]
  test('tokencreate and tokentransfer through the method table', () => {
    const ctx = { pubkey, utxos, height: 10, privateKey: priv }
    const spec = TOKENS_FAUCET_DICE_BUILD_METHODS.tokencreate!
    const r = spec.call(['TOK', '1', 'desc', '-'], ctx, {})
    expect(spec.call(['TOK', '1', '-', '-'], ctx, {}).hex).toBe(buildTokenCreate({ name: 'TOK', supply: '1' }, ctx).hex)
    expect(r.hex).toBe(buildTokenCreate({ name: 'TOK', supply: '1', description: 'desc' }, ctx).hex)
    const t = TOKENS_FAUCET_DICE_BUILD_METHODS.tokentransfer!.call([r.txid, bytesToHex(pubkey), '5'], ctx, {
      create: r.hex,
      tokens: [{ txid: r.txid, vout: 1, satoshis: 100_000_000n, script: r.tx.vout[1]!.script }],
    })
    expect(t.tx.vout[0]!.value).toBe(5n)
    expect(() => TOKENS_FAUCET_DICE_BUILD_METHODS.dicebet!.call(['D', '00'.repeat(32), '1', 'x'], ctx, {})).toThrow(
      expect.objectContaining({ code: 'CLI_USAGE' }),
    )
  })
  test('faucet get: JSON result, progress lines, usage errors', async () => {
    const faucet = {
      txid: 'ab'.repeat(32),
      outputIndex: 0,
      satoshis: 1_000_000_000,
      script: bytesToHex(ccScript(cc1of1(0xe4, '03682b255c40d0cde8faee381a1a50bbb89980ff24539cb8518e294d3a63cefe12'))),
    }
    const o = io()
    const code = await faucetGetCommand.run(
      [
        '--pubkey',
        bytesToHex(pubkey),
        '--height',
        '1000',
        '--faucet-utxos',
        JSON.stringify([faucet]),
        '--start-nonce',
        '61999',
        '--progress',
        '--exact-signatures',
      ],
      o.value,
    )
    expect(code).toBe(0)
    const res = JSON.parse(o.out.join(''))
    expect(res.nonce).toBe(62000)
    expect(res.txid).toMatch(/^00[0-9a-f]{60}00$/)
    expect(JSON.parse(o.err[0]!)).toMatchObject({ tried: 2 })
    // the default fast search: another nonce, also a valid faucetget
    const fast = io()
    expect(
      await faucetGetCommand.run(
        ['--pubkey', bytesToHex(pubkey), '--height', '1000', '--faucet-utxos', JSON.stringify([faucet])],
        fast.value,
      ),
    ).toBe(0)
    expect(JSON.parse(fast.out.join('')).txid).toMatch(/^00[0-9a-f]{60}00$/)
    const tty = io(true)
    await faucetGetCommand.run(
      [
        '--pubkey',
        bytesToHex(pubkey),
        '--height',
        '1000',
        '--faucet-utxos',
        JSON.stringify([faucet]),
        '--start-nonce',
        '62000',
        '--exact-signatures',
      ],
      tty.value,
    )
    expect(tty.err.join('')).toContain('[')
    await expect(faucetGetCommand.run(['--height', '1000', '--faucet-utxos', '[]'], o.value)).rejects.toMatchObject({
      code: 'CLI_USAGE',
    })
    await expect(
      faucetGetCommand.run(['--pubkey', bytesToHex(pubkey), '--height', '1000', '--faucet-utxos', '{'], o.value),
    ).rejects.toMatchObject({ code: 'CLI_USAGE' })
    await expect(
      faucetGetCommand.run(['--pubkey', bytesToHex(pubkey), '--faucet-utxos', '[]'], o.value),
    ).rejects.toMatchObject({ code: 'CLI_USAGE' })
    await expect(
      faucetGetCommand.run(['--pubkey', bytesToHex(pubkey), '--height', '1', '--faucet-utxos', '[]'], o.value),
    ).rejects.toMatchObject({ code: 'INSUFFICIENT_FUNDS' })
  })
  test('progress line', () => {
    expect(faucetProgressLine(32768, 2)).toBe(
      '[' + '#'.repeat(15) + '.'.repeat(15) + '] 32768 nonces (65536 expected), 16384/s, 2.0 s',
    )
    expect(faucetProgressLine(200000, 0)).toContain('#'.repeat(30))
  })
})
