import { describe, expect, test } from 'vitest'
import { ccCommands } from '../../src/cli/cc.js'
import type { CliIo } from '../../src/cli/core.js'
import spec from '../../vectors/cc/spec-examples.json' with { type: 'json' }

async function run(words: string, args: string[]): Promise<{ status: number; json: any }> {
  let out = ''
  const io: CliIo = {
    stdout: (t) => void (out += t),
    stderr: () => {},
    env: {},
    readStdin: async () => '',
    isTty: false,
  }
  const cmd = ccCommands[words]
  if (!cmd) throw new Error(`no command ${words}`)
  const status = await cmd.run(args, io)
  return { status, json: JSON.parse(out) }
}

const FAUCET_PK = spec.faucetUri.pubkey
const PK1 = '0279be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798'

describe('CLI: cc address / decode / moduleaddress / txidaddr', () => {
  test('every command has a summary and help', () => {
    for (const c of Object.values(ccCommands)) {
      expect(c.summary.length).toBeGreaterThan(10)
      expect(c.help.length).toBeGreaterThan(c.summary.length)
    }
  })

  test('cc address by module name and by hex code', async () => {
    const a = await run('cc address', ['--eval', 'faucet', '--pubkey', FAUCET_PK])
    expect(a.status).toBe(0)
    expect(a.json.address).toBe(spec.faucetUri.ccAddress)
    expect(a.json.condition).toBe(spec.faucetUri.condition)
    expect(a.json.uri).toBe(spec.faucetUri.uri)
    expect(a.json.cost).toBe(1182720)
    expect(a.json.subtypes).toEqual(['secp256k1-sha-256', 'eval-sha-256'])
    const b = await run('cc address', ['--eval', '0xec', '--pubkey', PK1])
    expect(b.json.address).toBe('RLbkXkthcTf92iwcvByaU5nJz4QRL7K7sa')
    const two = await run('cc address', ['--eval', 'faucet', '--pubkey', FAUCET_PK, '--pubkey2', PK1])
    expect(two.json.address).toBe('RSAPxeKQ4ncpMTSk2RsTFrD2Z2Zod7818K')
    const tok = await run('cc address', ['--eval', 'faucet', '--pubkey', FAUCET_PK, '--tokens'])
    expect(tok.json.address).toBe('RKaT8VfRSsu4qWL2kfW3PCzejrzJxi1TcJ')
  })

  test('cc decode: script with vData, bare condition, fulfillment', async () => {
    const s = await run('cc decode', [spec.vdataExample.script])
    expect(s.json.kind).toBe('script')
    expect(s.json.address).toBe('RNu9B7SFRedJ2Qi68L9ajdYxNkV9zE6xpk')
    expect(s.json.params).toEqual({ version: 1, evalCode: 0xf2, n: 1, m: 1 })
    expect(s.json.vData).toEqual(spec.vdataExample.vData)
    expect(s.json.json.type).toBe('(anon)')
    const c = await run('cc decode', [spec.faucetUri.condition])
    expect(c.json.kind).toBe('condition')
    expect(c.json.address).toBe(spec.faucetUri.ccAddress)
    const f = await run('cc decode', [
      'a276a072a26ba067a565802103fdf4907810a9f5d9462a1ae09feee5ab205d32798b0ffcc379442021f84c5bbf8140f9e00c9033ecca409bd6aef6319c437600e37fcb4678dbbd70ab47b906f8bf2678c3c135813269fa1a2cc064fc062c34a3c984e0b8b64aafed2f7421e6b81410a100af038001e4a100',
    ])
    expect(f.json.kind).toBe('fulfillment')
    expect(f.json.address).toBe('RUgh3VvFAYGnVBPXQBRwbthLxXz7NXTyiW')
    expect(f.json.json.subfulfillments.map((x: { code?: string }) => x.code)).toContain('5A')
  })

  test('cc decode: strict by default, --lenient as komodod', async () => {
    const trailing = spec.faucetUri.condition + '00'
    await expect(run('cc decode', [trailing])).rejects.toMatchObject({ code: 'TRAILING_BYTES' })
    const r = await run('cc decode', [trailing, '--lenient'])
    expect(r.json.condition).toBe(spec.faucetUri.condition)
    await expect(run('cc decode', ['zz'])).rejects.toMatchObject({ code: 'HEX_INVALID' })
  })

  test('cc moduleaddress: the faucetaddress keys, and the module table', async () => {
    const r = await run('cc moduleaddress', [
      'faucet',
      '03336ca9db27cb6e882830e20dc525884e27dc94d557a5e68b972a5cbf9e8c62a8',
    ])
    expect(r.json).toEqual({
      result: 'success',
      FaucetCCAddress: 'R9zHrofhRbub7ER77B7NrVch3A63R39GuC',
      FaucetCCBalance: 0,
      FaucetNormalAddress: 'RKQV4oYs4rvxAWx1J43VnT73rSTVtUeckk',
      FaucetNormalBalance: 0,
      FaucetCCTokensAddress: 'RKaT8VfRSsu4qWL2kfW3PCzejrzJxi1TcJ',
      'PubkeyCCaddress(Faucet)': 'RReGLfH2MTrkeLSepkVy5vnQPE29g7KofS',
      'PubkeyCCbalance(Faucet)': 0,
    })
    const all = await run('cc moduleaddress', [])
    expect(all.json.find((m: { name: string }) => m.name === 'Dice').ccAddress).toBe(
      'REabWB7KjFN5C3LFMZ5odExHPenYzHLtVw',
    )
    await expect(run('cc moduleaddress', ['nope'])).rejects.toMatchObject({ code: 'ARG_INVALID' })
  })

  test('cc txidaddr: the oracle marker', async () => {
    const r = await run('cc txidaddr', [spec.oracleMarker.oracletxid])
    expect(r.json.pubkey).toBe(spec.oracleMarker.pubkey)
    expect(r.json.address).toBe(spec.oracleMarker.address)
  })

  test('usage errors', async () => {
    await expect(run('cc address', ['--pubkey', PK1])).rejects.toMatchObject({ code: 'CLI_USAGE' })
    await expect(run('cc address', ['--eval', 'faucet'])).rejects.toMatchObject({ code: 'CLI_USAGE' })
    await expect(run('cc address', ['--eval', 'nope', '--pubkey', PK1])).rejects.toMatchObject({ code: 'ARG_INVALID' })
    await expect(run('cc address', ['--eval', 'faucet', '--pubkey', '02ab'])).rejects.toMatchObject({
      code: 'PUBKEY_INVALID',
    })
    await expect(run('cc decode', [])).rejects.toMatchObject({ code: 'CLI_USAGE' })
  })
})
