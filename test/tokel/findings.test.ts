// What Tokel's source does that its own validators refuse, checked on Tokel's oracle (docs/tokel.md, "Found in Tokel's
// source on the way"): FillSell decides the royalty's dust on what is paid, AssetsValidate 'S' on the whole order's
// value, so a partial fill of a small order with a royalty, built as FillSell builds it, is refused — by Tokel's
// validator and, the same way, by the devnet's.
import { expect, test } from 'vitest'
import { startTestDevnet, testAccount } from '../_util/devnet.js'
import { judgeTokelTx, tokelOracleAvailable } from '../_util/ccoracle.js'
import { p2pkhAddress } from '../../src/address/address.js'
import { resolveTokenV2FillAsk } from '../../src/modules/assetsv2/resolve.js'
import { acceptTransaction } from '../../src/devnet/validate.js'
import { defaultValidators } from '../../src/devnet/rpc.js'

test.runIf(tokelOracleAvailable())(
  "a partial fill whose payment is royalty dust but whose order is not: FillSell's layout, refused by Tokel",
  async () => {
    const dev = await startTestDevnet({ chain: 'TOKEL' })
    try {
      const alice = testAccount('alice')
      const call = async (m: string, ...p: unknown[]): Promise<any> => dev.rpc.call(m, p as never)
      const send = async (hex: string) => {
        const t = await call('sendrawtransaction', hex)
        await dev.mine(1)
        return t as string
      }
      await call('sendtoaddress', p2pkhAddress(alice.pubkey), 10)
      await dev.mine(1)
      const ft = await send((await call('tokenv2createtokel', 'FT', '0.00000002', '', '{"royalty":100}')).hex)
      const ask = await send((await call('tokenv2ask', '2', ft, '0.00005')).hex)
      const fill = await resolveTokenV2FillAsk(
        { tokenid: ft, asktxid: ask, fillunits: 1n },
        { view: dev.view, pubkey: alice.pubkey, privateKey: alice.privateKey, chain: dev.chainParams },
      )
      // paid 5000 sat: ⌊5000 / 1000⌋ × min(100, 900) = 500 ≤ 500, dust for FillSell: no royalty output, vout 3 the
      // new marker; the order's value 10000: 1000 > 500 for AssetsValidate, which wants vout 3 to be the royalty
      expect(fill.tx.vout.slice(0, 4).map((o) => o.value)).toEqual([1n, 1n, 5000n, 10000n])
      const j = judgeTokelTx(fill.hex, dev.chain.snapshot(), 'TOKEL')
      expect(j.valid).toBe(false)
      expect(JSON.stringify(j.inputs)).toContain('vout3 invalid royalty amount for fillask')
      expect(() =>
        acceptTransaction(dev.chain, fill.hex, { validators: defaultValidators({ tokel: 'TOKEL' }), dryRun: true }),
      ).toThrow(/AssetsV2: vout3 invalid royalty amount for fillask/)
    } finally {
      await dev.stop()
    }
  },
  60_000,
)
