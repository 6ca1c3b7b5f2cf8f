// Every builder takes the daemon's parameters as one object keyed by the daemon's names, then context, state,
// options: a non-object, an unknown key (a typo) and a missing required key are refused with BUILD_PARAMS naming
// the builder and the key; the CLI reads its positional parameters into the same keys, in the daemon's order.
import { describe, expect, test } from 'vitest'
import { buildTokenCreate, buildTokenTransfer } from '../../src/modules/tokens/build.js'
import { buildFaucetFund, buildFaucetGet, buildFaucetGetAsync } from '../../src/modules/faucet/build.js'
import { buildDiceAddFunds, buildDiceBet, buildDiceFinish, buildDiceFund } from '../../src/modules/dice/build.js'
import {
  buildOraclesCreate,
  buildOraclesData,
  buildOraclesFund,
  buildOraclesRegister,
  buildOraclesSubscribe,
} from '../../src/modules/oracles/build.js'
import {
  buildRewardsAddFunding,
  buildRewardsCreateFunding,
  buildRewardsLock,
  buildRewardsUnlock,
} from '../../src/modules/rewards/build.js'
import {
  buildGatewaysBind,
  buildGatewaysClaim,
  buildGatewaysCompleteSigning,
  buildGatewaysDeposit,
  buildGatewaysMarkDone,
  buildGatewaysPartialSign,
  buildGatewaysWithdraw,
} from '../../src/modules/gateways/build.js'
import { BUILD_METHODS } from '../../src/cli/build.js'

type AnyBuilder = (params: never, context: never, state: never, options: never) => unknown
// [builder, RPC, the daemon's parameter names in its order, how many trailing ones are optional]
const BUILDERS: [AnyBuilder, string, string[], number][] = [
  [buildTokenCreate, 'tokencreate', ['name', 'supply', 'description', 'data'], 2],
  [buildTokenTransfer, 'tokentransfer', ['tokenid', 'destpubkey', 'amount'], 0],
  [buildFaucetFund, 'faucetfund', ['amount'], 0],
  [buildFaucetGet, 'faucetget', [], 0],
  [buildDiceFund, 'dicefund', ['name', 'funds', 'minbet', 'maxbet', 'maxodds', 'timeoutblocks'], 0],
  [buildDiceAddFunds, 'diceaddfunds', ['name', 'fundingtxid', 'amount'], 0],
  [buildDiceBet, 'dicebet', ['name', 'fundingtxid', 'amount', 'odds'], 0],
  [buildDiceFinish, 'dicefinish', ['name', 'fundingtxid', 'bettxid'], 0],
  [buildOraclesCreate, 'oraclescreate', ['name', 'description', 'format'], 0],
  [buildOraclesFund, 'oraclesfund', ['oracletxid'], 0],
  [buildOraclesRegister, 'oraclesregister', ['oracletxid', 'datafee'], 0],
  [buildOraclesSubscribe, 'oraclessubscribe', ['oracletxid', 'publisher', 'amount'], 0],
  [buildOraclesData, 'oraclesdata', ['oracletxid', 'hexstr'], 0],
  [buildRewardsCreateFunding, 'rewardscreatefunding', ['name', 'amount', 'APR', 'mindays', 'maxdays', 'mindeposit'], 4],
  [buildRewardsAddFunding, 'rewardsaddfunding', ['name', 'fundingtxid', 'amount'], 0],
  [buildRewardsLock, 'rewardslock', ['name', 'fundingtxid', 'amount'], 0],
  [buildRewardsUnlock, 'rewardsunlock', ['name', 'fundingtxid', 'txid'], 1],
  [
    buildGatewaysBind,
    'gatewaysbind',
    ['tokenid', 'oracletxid', 'coin', 'tokensupply', 'M', 'N', 'pubkeys', 'pubtype', 'p2shtype', 'wiftype', 'taddr'],
    1,
  ],
  [
    buildGatewaysDeposit,
    'gatewaysdeposit',
    ['bindtxid', 'height', 'coin', 'cointxid', 'claimvout', 'deposithex', 'proof', 'destpub', 'amount'],
    0,
  ],
  [buildGatewaysClaim, 'gatewaysclaim', ['bindtxid', 'coin', 'deposittxid', 'destpub', 'amount'], 0],
  [buildGatewaysWithdraw, 'gatewayswithdraw', ['bindtxid', 'coin', 'withdrawpub', 'amount'], 0],
  [buildGatewaysPartialSign, 'gatewayspartialsign', ['txidaddr', 'refcoin', 'hex'], 0],
  [buildGatewaysCompleteSigning, 'gatewayscompletesigning', ['withdrawtxid', 'coin', 'hex'], 0],
  [buildGatewaysMarkDone, 'gatewaysmarkdone', ['completesigningtx', 'coin'], 0],
]
const ctx = { pubkey: '02' + '11'.repeat(32), utxos: [], height: 1 }
const call = (b: AnyBuilder, params: unknown) => () =>
  (b as (p: unknown, c: unknown, s: unknown) => unknown)(params, ctx, {})
const refused = (details: object) =>
  expect.objectContaining({ code: 'BUILD_PARAMS', details: expect.objectContaining(details) })

describe("builder parameters: one object, the daemon's names", () => {
  test.each(BUILDERS)('%o (%s)', (b, _method, names, optional) => {
    const builder = b.name
    for (const bad of [null, 'x', 7, ['a'], new Map()]) expect(call(b, bad)).toThrow(refused({ builder }))
    expect(call(b, { ...Object.fromEntries(names.map((n) => [n, undefined])), typo: 1 })).toThrow(
      refused({ builder, name: 'typo', expected: names }),
    )
    const required = names.slice(0, names.length - optional)
    if (required.length > 0) expect(call(b, {})).toThrow(refused({ builder, missing: required }))
    if (required.length > 1)
      expect(call(b, Object.fromEntries(required.slice(1).map((n) => [n, undefined])))).toThrow(
        refused({ builder, missing: [required[0]] }),
      )
  })
  test('buildFaucetGetAsync checks its (empty) params object too', async () => {
    await expect(buildFaucetGetAsync({ nonce: 1 } as never, ctx, { faucetUtxos: [] })).rejects.toThrow(
      refused({ builder: 'buildFaucetGetAsync', name: 'nonce' }),
    )
  })
  test("the CLI reads each method's positional parameters into the builder's keys, in the daemon's order", () => {
    const cli = BUILDERS.filter(([, m]) => m !== 'faucetget')
    expect(Object.keys(BUILD_METHODS).sort()).toEqual(cli.map(([, m]) => m).sort())
    for (const [, m, names, optional] of cli) {
      expect(
        BUILD_METHODS[m]!.params.map((p) => p.name),
        m,
      ).toEqual(names)
      expect(BUILD_METHODS[m]!.optional ?? 0, m).toBe(m === 'tokencreate' ? 0 : optional) // tokencreate: `-` for a left-out one
    }
  })
})
