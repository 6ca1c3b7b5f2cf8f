import { describe, expect, test } from 'vitest'
import ccSpend from '../../vectors/tx/cc-spend.json' with { type: 'json' }
import raw from '../../vectors/tx/docs-antara-raw.json' with { type: 'json' }
import { txDecodeCommand, txIdCommand, txSignCommand } from '../../src/cli/tx.js'
import type { CliIo } from '../../src/cli/core.js'
import { encodeWif } from '../../src/address/address.js'
import { hexToBytes } from '../../src/bytes/hex.js'

const code = (c: string) => expect.objectContaining({ code: c })
function io(env: Record<string, string> = {}, stdin = ''): CliIo & { out: string[] } {
  const out: string[] = []
  return { out, stdout: (t) => out.push(t), stderr: () => {}, env, readStdin: async () => stdin, isTty: false }
}
const ex = (ccSpend.cases as Record<string, any>[]).find((c) => c.kind === 'tx_cc_spend_example')!
const faucet = raw.cases.find((c) => c.id === 'faucet-faucetfund-01')!

describe('komodo-cc tx', () => {
  test('decode prints the daemon JSON', async () => {
    const i = io()
    expect(await txDecodeCommand.run([faucet.hex], i)).toBe(0)
    const j = JSON.parse(i.out.join(''))
    expect(j.txid).toBe('f2baf8d9a1eaf42bb1a85462b5699ffc0f04e8c54aafc4661767df96be9022b7')
    expect(j.vout[0].scriptPubKey.addresses).toEqual(['R9zHrofhRbub7ER77B7NrVch3A63R39GuC'])
    const k = io()
    await txDecodeCommand.run([faucet.hex, '--value-sat'], k)
    expect(JSON.parse(k.out.join('')).vout[0].valueSat).toBe(10000000000)
  })
  test('id', async () => {
    const i = io()
    await txIdCommand.run([ex.signedTx], i)
    expect(JSON.parse(i.out.join(''))).toEqual({ txid: ex.txid, size: ex.signedTx.length / 2 })
    await expect(Promise.resolve().then(() => txIdCommand.run([], io()))).rejects.toThrow(code('CLI_USAGE'))
    await expect(Promise.resolve().then(() => txIdCommand.run([ex.signedTx + '00'], io()))).rejects.toThrow(
      code('TRAILING_BYTES'),
    )
  })
  const prevouts = JSON.stringify([{ value: String(ex.spentOutput.value), script: ex.spentOutput.scriptPubKey }])
  const wif = encodeWif(hexToBytes(ex.privkey))
  test('sign with the WIF from the environment (condition inferred) reproduces the reference spend', async () => {
    const i = io({ KOMODO_CC_WIF: wif })
    await txSignCommand.run([ex.unsignedTx, '--prevouts', prevouts], i)
    expect(JSON.parse(i.out.join(''))).toEqual({ hex: ex.signedTx, txid: ex.txid, signed: [0] })
  })
  test('sign with the WIF from stdin or a named variable, explicit condition', async () => {
    const explicit = JSON.stringify([
      {
        value: ex.spentOutput.value,
        script: ex.spentOutput.scriptPubKey,
        condition: { cc1of1: { eval: 'e4', pubkey: ex.pubkey } },
      },
    ])
    const a = io({}, wif + '\n')
    await txSignCommand.run([ex.unsignedTx, '--prevouts', explicit, '--wif', 'stdin'], a)
    const b = io({ MYKEY: wif })
    await txSignCommand.run([ex.unsignedTx, '--prevouts', explicit, '--wif', 'env:MYKEY'], b)
    expect(JSON.parse(a.out.join('')).hex).toBe(ex.signedTx)
    expect(JSON.parse(b.out.join('')).hex).toBe(ex.signedTx)
  })
  test('--wif-env NAME and --wif-stdin, as build/devnet/wallet take them; --wif env:NAME / stdin still work, with a DEPRECATED warning', async () => {
    const warned = (env: Record<string, string>, stdin = '') => {
      const i = io(env, stdin)
      const err: string[] = []
      return { ...i, stderr: (t: string) => void err.push(t), err }
    }
    const byEnv = warned({ SIGNKEY: wif })
    expect(await txSignCommand.run([ex.unsignedTx, '--prevouts', prevouts, '--wif-env', 'SIGNKEY'], byEnv)).toBe(0)
    expect(JSON.parse(byEnv.out.join(''))).toEqual({ hex: ex.signedTx, txid: ex.txid, signed: [0] })
    expect(byEnv.err).toEqual([])
    const byStdin = warned({}, wif + '\n')
    expect(await txSignCommand.run([ex.unsignedTx, '--prevouts', prevouts, '--wif-stdin'], byStdin)).toBe(0)
    expect(JSON.parse(byStdin.out.join('')).hex).toBe(ex.signedTx)
    expect(byStdin.err).toEqual([])
    // the old forms: same result, one warning naming the new flag (never the key)
    for (const [args, env, stdin, instead] of [
      [['--wif', 'env:SIGNKEY'], { SIGNKEY: wif }, '', '--wif-env SIGNKEY'],
      [['--wif', 'stdin'], {}, wif, '--wif-stdin'],
    ] as const) {
      const old = warned({ ...env }, stdin)
      expect(await txSignCommand.run([ex.unsignedTx, '--prevouts', prevouts, ...args], old)).toBe(0)
      expect(JSON.parse(old.out.join('')).hex).toBe(ex.signedTx)
      const w = old.err.map((l) => (JSON.parse(l) as { warning: { code: string; message: string } }).warning)
      expect(w).toHaveLength(1)
      expect(w[0]!.code).toBe('DEPRECATED')
      expect(w[0]!.message).toContain(instead)
      expect(old.err.join('')).not.toContain(wif)
    }
    // one source only; an unset variable is a usage error
    await expect(
      txSignCommand.run(
        [ex.unsignedTx, '--prevouts', prevouts, '--wif-env', 'SIGNKEY', '--wif-stdin'],
        io({ SIGNKEY: wif }, wif),
      ),
    ).rejects.toThrow(code('CLI_USAGE'))
    await expect(
      txSignCommand.run(
        [ex.unsignedTx, '--prevouts', prevouts, '--wif-env', 'SIGNKEY', '--wif', 'stdin'],
        io({ SIGNKEY: wif }, wif),
      ),
    ).rejects.toThrow(code('CLI_USAGE'))
    await expect(
      txSignCommand.run([ex.unsignedTx, '--prevouts', prevouts, '--wif-env', 'NO_SUCH_VAR_X'], io()),
    ).rejects.toThrow(code('CLI_USAGE'))
  })
  test('never takes the key from argv by default; errors are typed', async () => {
    await expect(txSignCommand.run([ex.unsignedTx, '--prevouts', prevouts, '--wif', wif], io())).rejects.toThrow(
      code('CLI_USAGE'),
    )
    const ok = io()
    await txSignCommand.run([ex.unsignedTx, '--prevouts', prevouts, '--wif', wif, '--unsafe-argv-wif'], ok)
    expect(JSON.parse(ok.out.join('')).txid).toBe(ex.txid)
    await expect(txSignCommand.run([ex.unsignedTx, '--prevouts', prevouts], io())).rejects.toThrow(code('CLI_USAGE'))
    await expect(txSignCommand.run([ex.unsignedTx, '--prevouts', '{', '--wif', 'stdin'], io({}, wif))).rejects.toThrow(
      code('CLI_USAGE'),
    )
    await expect(txSignCommand.run([ex.unsignedTx, '--prevouts', '[]', '--wif', 'stdin'], io({}, wif))).rejects.toThrow(
      code('BUILD_INPUTS'),
    )
    await expect(
      txSignCommand.run([ex.unsignedTx, '--prevouts', prevouts, '--wif', 'stdin'], io({}, 'notawif')),
    ).rejects.toThrow(code('WIF_INVALID'))
    // another key cannot sign this CC input
    const other = encodeWif(new Uint8Array(32).fill(9))
    await expect(
      txSignCommand.run([ex.unsignedTx, '--prevouts', prevouts, '--wif', 'stdin'], io({}, other)),
    ).rejects.toThrow(code('BUILD_INPUTS'))
  })
})
