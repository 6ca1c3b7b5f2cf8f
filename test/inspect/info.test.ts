import { describe, expect, test } from 'vitest'
import info from '../../vectors/modules/docs-antara-info.json' with { type: 'json' }
import { tokeninfo } from '../../src/modules/tokens/info.js'
import { faucetinfo } from '../../src/modules/faucet/info.js'
import { diceinfo } from '../../src/modules/dice/info.js'
import { oraclesinfo } from '../../src/modules/oracles/info.js'
import { gatewaysinfo } from '../../src/modules/gateways/info.js'
import { rewardsinfo } from '../../src/modules/rewards/info.js'
import { encodeRewardsOpret } from '../../src/modules/rewards/opret.js'
import { encodeOraclesOpret } from '../../src/modules/oracles/opret.js'
import { parseTransaction, txid } from '../../src/tx/codec.js'
import { sbits } from '../../src/sbits.js'
import { ccOut, docTx, p2pkOut, withOutputs } from './_txs.js'

const REWARDS_PK = '03da60379d924c2c30ac290d2a86c2ead128cb7bd571f69211cb95356e2dcc5eb9'
const PUB = '024026d4ad4ecfc1f705a9b42ca64af6d2ad947509c085534a30b8861d756c6ff0'

describe('offline info RPCs', () => {
  test('oraclesinfo equals the documented response (oracles.md)', () => {
    const c = info.cases.find((x) => x.id === 'oracles-oraclesinfo-01')!
    expect(
      oraclesinfo(
        docTx(c.create!).hex,
        c.txs!.map((id) => docTx(id).hex),
      ),
    ).toEqual(c.response)
  })
  test('oraclesinfo: a subscription and a data transaction that spends the baton', () => {
    const create = docTx('tut-gateways-oraclescreate-02').hex
    const reg = docTx('tut-gateways-oraclesregister-02')
    const sub = docTx('tut-gateways-oraclessubscribe-02')
    const before = oraclesinfo(create, [reg.hex, sub.hex]) as { registered: Record<string, string>[] }
    // self-subscription (subscriber = publisher): counted in lifetime, as the daemon does
    expect(before.registered[0]).toMatchObject({
      batontxid: reg.txid,
      lifetime: '1.00000000',
      funds: '1.00000000',
      datafee: '0.00010000',
    })
    const tx = parseTransaction(
      withOutputs('tut-gateways-oraclessubscribe-02', [
        ccOut(0xec, PUB, 99990000n),
        parseTransaction(reg.hex).vout[1]!,
        p2pkOut(PUB, 10000n),
        {
          value: 0n,
          script: encodeOraclesOpret({
            funcid: 'D',
            oracletxid: '9e2b634427c209afb844d05e20f10f9ea799b3a1e8763cb5ba89084e20ab7e40',
            batontxid: reg.txid,
            pubkey: PUB,
            data: '00',
          }),
        },
      ]),
    )
    tx.vin = [
      { txid: reg.txid, vout: 1, scriptSig: new Uint8Array(0), sequence: 0xffffffff },
      { txid: sub.txid, vout: 0, scriptSig: new Uint8Array(0), sequence: 0xffffffff },
    ]
    const after = oraclesinfo(create, [reg.hex, sub.hex, tx]) as { registered: Record<string, string>[] }
    expect(after.registered[0]).toMatchObject({ batontxid: txid(tx), lifetime: '1.00000000', funds: '0.99990000' })
  })
  test('gatewaysinfo of the 2019 bind: documented keys (remaining needs the token transactions)', () => {
    const c = info.cases.find((x) => x.id === 'tut-gateways-gatewaysinfo-04')!
    const got = gatewaysinfo(docTx(c.bind!).hex)
    const { remaining: _r, issued: _i, ...want } = c.response as Record<string, unknown>
    expect(Object.keys(got)).toEqual(Object.keys(c.response))
    expect(got).toMatchObject(want)
  })
  test('tokeninfo from a create transaction', () => {
    expect(tokeninfo(docTx('tokens-tokencreate-01').hex)).toEqual({
      result: 'success',
      tokenid: '916a6907e39cec679a6c832255c71b74e4941895d2d8775a6d2a0e8a322401ed',
      owner: '02d3431950c2f0f9654217b6ce3d44468d3a9ca7255741767fdeee7c5ec6b47567',
      name: 'TOK',
      supply: 100n,
      description: 'creating a TOK token',
    })
    expect(() => tokeninfo(docTx('tokens-tokentransfer-01').hex)).toThrow(
      expect.objectContaining({ code: 'OPRET_FUNCID' }),
    )
  })
  test('diceinfo: plan, funding and entropy count from the fund and addfunds transactions', () => {
    expect(diceinfo(docTx('dice-dicefund-01').hex, [docTx('dice-diceaddfunds-01').hex])).toEqual({
      result: 'success',
      fundingtxid: 'ebfcff20fa5ab7bebf14b778e74bd6b34b02f100ff75e4cb611190f160ae4cf7',
      name: 'KMDDice',
      sbits: 28538276415819083n,
      minbet: '0.77700000',
      maxbet: '7.77000000',
      maxodds: 777n,
      timeoutblocks: 7n,
      funding: '777787.00000000',
      entropytxs: 1,
    })
  })
  test('rewardsinfo: funding and locked', () => {
    const f = parseTransaction(
      withOutputs('rewards-rewardsaddfunding-01', [
        ccOut(0xe5, REWARDS_PK, 10n ** 11n),
        p2pkOut(REWARDS_PK, 10000n),
        {
          value: 0n,
          script: encodeRewardsOpret({
            funcid: 'F',
            sbits: sbits('FREE'),
            name: 'FREE',
            APR: 500000000n,
            minseconds: 86400n,
            maxseconds: 864000n,
            mindeposit: 10n ** 9n,
          }),
        },
      ]),
    )
    const fid = txid(f)
    const lock = withOutputs('rewards-rewardsaddfunding-01', [
      ccOut(0xe5, REWARDS_PK, 2n * 10n ** 10n),
      p2pkOut(PUB, 10000n),
      { value: 0n, script: encodeRewardsOpret({ funcid: 'L', sbits: sbits('FREE'), name: 'FREE', fundingtxid: fid }) },
    ])
    expect(rewardsinfo(f, [lock])).toEqual({
      result: 'success',
      fundingtxid: fid,
      name: 'FREE',
      sbits: 1162170950n,
      APR: '5.00000000',
      minseconds: 86400n,
      maxseconds: 864000n,
      mindeposit: '10.00000000',
      funding: '1000.00000000',
      locked: '200.00000000',
    })
  })
  test('faucetinfo counts faucet outputs above 0.01 coin', () => {
    expect(faucetinfo([docTx('faucet-faucetfund-01').hex])).toEqual({
      result: 'success',
      name: 'Faucet',
      funding: '100.00000000',
    })
    expect(() => faucetinfo('x' as never)).toThrow(expect.objectContaining({ code: 'ARG_INVALID' }))
  })
})
