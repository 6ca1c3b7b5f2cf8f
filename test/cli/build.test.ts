import { describe, expect, test } from 'vitest'
import { cli } from '../_util/cli.js'
import { encodeWif } from '../../src/address/address.js'
import { sha256 } from '../../src/hash/index.js'
import { getPublicKey } from '@noble/secp256k1'
import { bytesToHex } from '../../src/bytes/hex.js'
import { p2pkScript } from '../../src/script/script.js'
import { parseTransaction } from '../../src/tx/codec.js'
import { verifyInput } from '../../src/tx/sign.js'
import { decodeOraclesOpret } from '../../src/modules/oracles/opret.js'

const priv = sha256(new TextEncoder().encode('1'))
const pubkey = bytesToHex(getPublicKey(priv, true))
const script = bytesToHex(p2pkScript(getPublicKey(priv, true)))
// komodod getaddressutxos shape
const utxos = JSON.stringify([
  { address: 'R…', txid: 'ab'.repeat(32), outputIndex: 1, script, satoshis: 100000000, height: 5 },
])

describe('CLI build', () => {
  test('oraclescreate signed with a WIF from the environment', async () => {
    const r = await cli(
      [
        'build',
        'oraclescreate',
        'BTCKMD',
        'price feed',
        'IhhL',
        '--utxos',
        utxos,
        '--height',
        '100',
        '--wif-env',
        'MYWIF',
      ],
      { MYWIF: encodeWif(priv) },
    )
    expect(r.status).toBe(0)
    expect(r.json.signed).toBe(true)
    const tx = parseTransaction(r.json.hex)
    expect(verifyInput(tx, 0, { value: 100000000n, script: p2pkScript(getPublicKey(priv, true)) }).valid).toBe(true)
    expect(decodeOraclesOpret(tx.vout.at(-1)!.script)).toMatchObject({ name: 'BTCKMD', format: 'IhhL' })
    expect(r.stdout).not.toContain(encodeWif(priv))
  })
  test('unsigned with --pubkey lists sighashes', async () => {
    const r = await cli([
      'build',
      'oraclescreate',
      'X',
      'd',
      's',
      '--utxos',
      utxos,
      '--height',
      '1',
      '--pubkey',
      pubkey,
    ])
    expect(r.json.signed).toBe(false)
    expect(r.json.inputs[0]).toMatchObject({ txid: 'ab'.repeat(32), vout: 1, role: 'caller', kind: 'p2pk' })
    expect(r.json.inputs[0].sighash).toMatch(/^[0-9a-f]{64}$/)
  })
  test("the daemon's refusal and usage errors are typed JSON", async () => {
    const r = await cli(['build', 'oraclescreate', '', 'd', 's', '--utxos', utxos, '--height', '1', '--pubkey', pubkey])
    expect(r.status).toBe(1)
    expect(r.error).toMatchObject({ code: 'BUILD_PARAMS', details: { daemonError: 'name must not be empty' } })
    expect((await cli(['build', 'nosuch', '--height', '1'])).error.code).toBe('CLI_USAGE')
    expect((await cli(['build', 'oraclescreate', 'a', '--height', '1', '--pubkey', pubkey])).error.code).toBe(
      'CLI_USAGE',
    )
    expect(
      (await cli(['build', 'oraclescreate', 'a', 'b', 'c', '--height', '1', '--wif-env', 'NOPE'])).error.code,
    ).toBe('CLI_USAGE')
  })
})
