// The RPC client's Tokel methods (src/modules/tokensv2/rpc.ts) against the devnet's Tokel mode: each builds daemon-side
// and answers `{ result, hex }`; amount text reaches the daemon as Tokel's RPC reads it (coins exact, units whole).
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { startTestDevnet, testAccount } from '../_util/devnet.js'
import type { Devnet } from '../../src/devnet/server.js'
import { parseTransaction } from '../../src/tx/codec.js'
import { tokelRpc } from '../../src/modules/tokensv2/rpc.js'

describe('RPC client: tokenv2* on a TKLTEST devnet', () => {
  let dev: Devnet
  const bob = testAccount('bob')
  beforeAll(async () => {
    dev = await startTestDevnet({ chain: 'TKLTEST' })
  })
  afterAll(async () => {
    await dev?.stop()
  })
  const send = async (r: { hex: string }): Promise<string> => {
    const txid = await dev.rpc.sendrawtransaction(r.hex)
    await dev.mine(1)
    return txid
  }

  test('the parameters as Tokel reads them', () => {
    // price 1.15 coins goes as exact text (AmountFromValue is exact: the atof readers' '1.150000005' is refused)
    expect(tokelRpc.tokenv2ask.toParams('3', 'ab'.repeat(32), '1.15')).toEqual(['3', 'ab'.repeat(32), '1.15000000'])
    expect(tokelRpc.tokenv2create.toParams('T', '0.00000001')).toEqual(['T', '0.00000001'])
    expect(tokelRpc.tokenv2transfermany.toParams(['ab'.repeat(32), 'cd'.repeat(32)], bob.pubkey, 2n)).toEqual([
      'ab'.repeat(32),
      'cd'.repeat(32),
      bob.pubkey,
      '2',
    ])
    expect(() => tokelRpc.tokenv2transfer.toParams('ab'.repeat(32), bob.pubkey, 1 as never)).toThrow(
      expect.objectContaining({ code: 'AMOUNT_INVALID' }),
    )
  })

  test('create, transfer, transfer many, ask, bid, cancel both; balances', async () => {
    const rpc = dev.rpc
    const nft = await send(await rpc.tokenv2createtokel('NFT', '0.00000001', 'one', { royalty: 100 }))
    const ft = await send(await rpc.tokenv2create('FT', '0.0000001', 'ten'))
    expect((await rpc.tokenv2balance(ft)).balance).toBe(10n)
    const t = parseTransaction((await rpc.tokenv2transfer(ft, bob.pubkey, '4')).hex)
    expect(t.vout[0]!.value).toBe(4n) // '4' is 4 units, not 4 coins
    await send(await rpc.tokenv2transfer(ft, bob.pubkey, '4'))
    await send(await rpc.tokenv2transfermany([ft], bob.pubkey, '1'))
    expect((await rpc.tokenv2balance(ft, bob.pubkey)).balance).toBe(5n)
    const ask = await send(await rpc.tokenv2ask('1', nft, '1.15'))
    expect(parseTransaction(await rpc.getrawtransaction(ask)).vout[0]!.value).toBe(1n)
    await send(await rpc.tokenv2cancelask(nft, ask))
    const bid = await send(await rpc.tokenv2bid('2', ft, '0.5'))
    expect(parseTransaction(await rpc.getrawtransaction(bid)).vout[0]!.value).toBe(100000000n)
    await send(await rpc.tokenv2cancelbid(ft, bid))
    expect((await rpc.tokenv2balance(nft)).balance).toBe(1n)
  })
})
