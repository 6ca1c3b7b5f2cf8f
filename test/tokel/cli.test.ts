// `komodo-cc wallet tokenv2…` against the devnet's Tokel mode (its conf file TKLTEST.conf: Tokel's parameters), the
// same texts as komodo-cli's: supply and price in coins, amounts in whole units, tokenv2transfermany's tokenids first.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { startTestDevnet, testAccount } from '../_util/devnet.js'
import { cli } from '../_util/cli.js'
import type { Devnet } from '../../src/devnet/server.js'
import { encodeWif } from '../../src/address/address.js'
import { hexToBytes } from '../../src/bytes/hex.js'
import { parseTransaction } from '../../src/tx/codec.js'

describe('komodo-cc wallet tokenv2… (TKLTEST devnet)', () => {
  let dev: Devnet
  let env: Record<string, string>
  const bob = testAccount('bob')
  beforeAll(async () => {
    dev = await startTestDevnet({ chain: 'TKLTEST' })
    env = { W: encodeWif(hexToBytes(dev.privateKey)) }
  })
  afterAll(async () => {
    await dev?.stop()
  })
  const run = async (...args: string[]) => {
    const r = await cli(['wallet', ...args, '--conf', dev.confPath, '--wif-env', 'W'], env)
    expect(r.status, r.stderr).toBe(0)
    await dev.mine(1)
    return r.json as { method: string; txid: string; hex: string; broadcast: boolean }
  }

  test('create, transfer many, ask with an expiry, cancel, and the reads', async () => {
    const ft = (await run('tokenv2create', 'CLI', '0.0000001', 'ten units')).txid
    const ft2 = (await run('tokenv2create', 'CLI2', '0.00000005')).txid
    const many = await run('tokenv2transfermany', ft, ft2, bob.pubkey, '2')
    expect(many.method).toBe('tokenv2transfermany')
    expect(
      parseTransaction(many.hex)
        .vout.slice(0, 4)
        .map((o) => o.value),
    ).toEqual([2n, 8n, 2n, 3n])
    const ask = await run('tokenv2ask', '3', ft, '0.5', String(dev.chain.height + 100))
    const orders = await cli(['wallet', 'tokenv2orders', '--conf', dev.confPath, '--wif-env', 'W'], env)
    expect(orders.json).toMatchObject([{ funcid: 's', txid: ask.txid, askamount: 3 }]) // a number, as komodo-cli prints it
    await run('tokenv2cancelask', ft, ask.txid)
    const bal = await cli(['wallet', 'tokenv2balance', ft, bob.pubkey, '--conf', dev.confPath, '--wif-env', 'W'], env)
    expect(bal.json).toMatchObject({ result: 'success', balance: 2 })
  })
})
