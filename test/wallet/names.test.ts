// The Wallet type names its methods (WalletMethodName, WalletReadName); the registry lists them at run time.
import { describe, expect, expectTypeOf, test } from 'vitest'
import { WALLET_METHODS, type WalletMethodName } from '../../src/modules/registry/resolvers.js'
import { WALLET_READS, type WalletReadName } from '../../src/modules/registry/reads.js'
import { LAYERED_MODULES } from '../../src/modules/registry/core.js'

const METHOD_NAMES: readonly WalletMethodName[] = [
  'tokencreate',
  'tokentransfer',
  'faucetfund',
  'faucetget',
  'dicefund',
  'diceaddfunds',
  'dicebet',
  'dicefinish',
  'oraclescreate',
  'oraclesfund',
  'oraclesregister',
  'oraclessubscribe',
  'oraclesdata',
  'gatewaysbind',
  'gatewaysdeposit',
  'gatewaysclaim',
  'gatewayswithdraw',
  'gatewayspartialsign',
  'gatewayscompletesigning',
  'gatewaysmarkdone',
  'rewardscreatefunding',
  'rewardsaddfunding',
  'rewardslock',
  'rewardsunlock',
  'tokenv2create',
  'tokenv2createtokel',
  'tokenv2transfer',
  'tokenv2transfermany',
  'tokenv2ask',
  'tokenv2bid',
  'tokenv2fillask',
  'tokenv2fillbid',
  'tokenv2cancelask',
  'tokenv2cancelbid',
]
const READ_NAMES: readonly WalletReadName[] = [
  'tokenbalance',
  'faucetinfo',
  'diceinfo',
  'oraclesinfo',
  'oraclessamples',
  'gatewaysinfo',
  'rewardsinfo',
  'tokenaddress',
  'faucetaddress',
  'diceaddress',
  'oraclesaddress',
  'gatewaysaddress',
  'rewardsaddress',
  'tokenv2balance',
  'tokenv2list',
  'tokenv2orders',
  'mytokenv2orders',
  'tokenv2holdings',
]

describe('wallet method names', () => {
  test('the type lists exactly the registry resolvers, and every descriptor method that builds a transaction', () => {
    expect([...WALLET_METHODS.map((m) => m.method)].sort()).toEqual([...METHOD_NAMES].sort())
    // every transaction-building RPC the descriptors name has a resolver, except tokenconvert (2018 Assets only)
    // Tokel's modules (tokens v2, assets v2) have resolvers but no descriptor in LAYERED_MODULES (no client part yet)
    const described = LAYERED_MODULES.flatMap((m) => m.methods.map((x) => x.name)).filter((n) => n !== 'tokenconvert')
    expect([...described].sort()).toEqual([...METHOD_NAMES].filter((n) => !n.startsWith('tokenv2')).sort())
    expectTypeOf<(typeof METHOD_NAMES)[number]>().toEqualTypeOf<WalletMethodName>()
  })
  test('the read type lists exactly the registry reads', () => {
    expect([...WALLET_READS.map((m) => m.method)].sort()).toEqual([...READ_NAMES].sort())
    expectTypeOf<(typeof READ_NAMES)[number]>().toEqualTypeOf<WalletReadName>()
  })
})
