// `komodo-cc wallet`: the key-local wallet from the shell, against the devnet over JSON-RPC and over Electrum.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { bytesToHex, hexToBytes } from '../../src/bytes/hex.js'
import { encodeWif, p2pkhAddress } from '../../src/address/address.js'
import { keySigner } from '../../src/tx/sign.js'
import type { Devnet } from '../../src/devnet/server.js'
import { startTestDevnet } from '../_util/devnet.js'
import { cli } from '../_util/cli.js'

const KEY = hexToBytes('6a'.repeat(32))
const ME = bytesToHex(keySigner(KEY).publicKey)
const FRIEND = bytesToHex(keySigner(hexToBytes('00'.repeat(31) + '09')).publicKey)
const ENV = { WALLET_WIF: encodeWif(KEY) }

let dev: Devnet
let conn: string[]
beforeAll(async () => {
  dev = await startTestDevnet({ electrum: true })
  for (let i = 0; i < 3; i++) await dev.rpc.call('sendtoaddress', [p2pkhAddress(ME), '50'])
  await dev.mine(1)
  conn = ['--conf', dev.confPath]
}, 60_000)
afterAll(async () => {
  await dev.stop()
})

describe('komodo-cc wallet', () => {
  test('tokencreate then tokentransfer (units as komodo-cli reads them), then tokenbalance read locally', async () => {
    const c = await cli(
      ['wallet', 'tokencreate', 'CLITOK', '0.00001', 'from the shell', '--wif-env', 'WALLET_WIF', ...conn],
      ENV,
    )
    expect(c.stderr).toBe('')
    expect(c.status).toBe(0)
    expect(c.json).toMatchObject({ method: 'tokencreate', broadcast: true })
    expect(dev.chain.mempool).toContain(c.json.txid)
    await dev.mine(1)
    const t = await cli(
      ['wallet', 'tokentransfer', c.json.txid, FRIEND, '100', '--wif-env', 'WALLET_WIF', ...conn],
      ENV,
    )
    expect(t.status).toBe(0)
    await dev.mine(1)
    const b = await cli(['wallet', 'tokenbalance', c.json.txid, FRIEND, '--pubkey', ME, ...conn])
    expect(b.status).toBe(0)
    expect(b.json).toMatchObject({ result: 'success', balance: 100 }) // a number, as komodo-cli prints it
    expect(b.stdout).toContain('"balance": 100\n') // token units: digits, never coins
  })

  test('over Electrum: oraclescreate, built and signed here, sent through the Electrum server', async () => {
    const o = await cli(
      [
        'wallet',
        'oraclescreate',
        'ELX',
        'over electrum',
        'L',
        '--wif-env',
        'WALLET_WIF',
        '--electrum',
        dev.electrum!.url,
      ],
      ENV,
    )
    expect(o.stderr).toBe('')
    expect(o.json).toMatchObject({ method: 'oraclescreate', broadcast: true })
    expect(dev.chain.mempool).toContain(o.json.txid)
    // host:port, as the issue spells it (no :tls: the devnet has no certificate)
    const hp = `${dev.electrum!.host}:${dev.electrum!.port}`
    const r = await cli(['wallet', 'faucetinfo', '--pubkey', ME, '--electrum', hp])
    expect(r.json).toMatchObject({ result: 'success', name: 'Faucet' })
  })

  test('--no-broadcast and --unsigned (sighashes for an external signer, no key)', async () => {
    const n = await cli(['wallet', 'faucetfund', '1', '--no-broadcast', '--wif-env', 'WALLET_WIF', ...conn], ENV)
    expect(n.json).toMatchObject({ method: 'faucetfund', broadcast: false })
    expect(dev.chain.txs.has(n.json.txid)).toBe(false)
    const u = await cli(['wallet', 'faucetfund', '1', '--unsigned', '--pubkey', ME, ...conn])
    expect(u.json.broadcast).toBe(false)
    expect(u.json.inputs[0].sighash).toMatch(/^[0-9a-f]{64}$/)
  })

  test('usage errors: no key, two sources, an unknown method, a key on the command line is not an option', async () => {
    expect((await cli(['wallet', 'faucetfund', '1', ...conn])).status).not.toBe(0)
    expect(
      (await cli(['wallet', 'faucetfund', '1', '--wif-env', 'WALLET_WIF', ...conn, '--devnet'], ENV)).status,
    ).not.toBe(0)
    expect((await cli(['wallet', 'nosuch', ...conn])).stderr).toMatch(/not a wallet method/)
    const help = await cli(['wallet', '--help'])
    expect(help.stdout).toMatch(/oraclesdata oracletxid hexstr/)
    expect(help.stdout).toMatch(/tokenbalance tokenid pubkey/)
  })
})
