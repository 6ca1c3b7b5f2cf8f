import { expect, test } from 'vitest'
import { getPublicKey } from '@noble/secp256k1'
import { rewardsCli } from '../../src/modules/rewards/cli.js'
import { gatewaysCli } from '../../src/modules/gateways/cli.js'
import { decodeRewardsOpret } from '../../src/modules/rewards/opret.js'
import { p2pkScript } from '../../src/script/script.js'
import { sha256 } from '../../src/hash/index.js'

const M = { ...rewardsCli.build, ...gatewaysCli.build }
const priv = sha256(new TextEncoder().encode('cli'))
const pubkey = getPublicKey(priv, true)
const ctx = {
  pubkey,
  utxos: [{ txid: '11'.repeat(32), vout: 0, satoshis: 5000_00000000n, script: p2pkScript(pubkey) }],
  height: 10,
  privateKey: priv,
}

test('build methods for the CLI: RPC text parameters, "-" for a left-out optional one, state from JSON', () => {
  expect(Object.keys(M).sort()).toEqual([
    'gatewaysbind',
    'gatewaysclaim',
    'gatewayscompletesigning',
    'gatewaysdeposit',
    'gatewaysmarkdone',
    'gatewayspartialsign',
    'gatewayswithdraw',
    'rewardsaddfunding',
    'rewardscreatefunding',
    'rewardslock',
    'rewardsunlock',
  ])
  const plan = M.rewardscreatefunding!.call(['FREE', '1000', '-', '-', '-', '-'], ctx, {})
  expect(decodeRewardsOpret(plan.tx.vout.at(-1)!.script)).toMatchObject({
    funcid: 'F',
    APR: 500000000n,
    minseconds: 5184000n,
    maxseconds: 5184000n,
    mindeposit: 100_00000000n,
  })
  const change = { txid: plan.txid, vout: 2, satoshis: plan.tx.vout[2]!.value, script: plan.tx.vout[2]!.script }
  const lock = M.rewardslock!.call(
    ['FREE', plan.txid, '100'],
    { ...ctx, utxos: [change] },
    { plan: plan.hex, funding: '100000000000' },
  )
  expect(lock.tx.vout[0]!.value).toBe(100_00000000n)
  expect(() =>
    M.rewardslock!.call(['FREE', plan.txid, '100'], { ...ctx, utxos: [change] }, { plan: plan.hex, funding: 'lots' }),
  ).toThrow(expect.objectContaining({ code: 'CLI_USAGE' }))
  expect(() =>
    M.gatewaysbind!.call(
      ['aa'.repeat(32), 'bb'.repeat(32), 'KMD', 'x', '1', '1', '02', '60', '85', '188', '-'],
      ctx,
      {},
    ),
  ).toThrow(expect.objectContaining({ code: 'CLI_USAGE' }))
})
