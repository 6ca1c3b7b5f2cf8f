// Issue 28, finding 1 and "What to build" 1: one meaning per text. For every amount parameter of every state-changing
// method (driven by PARAM_UNITS), the same text moves the same amount through the library (createWallet), the CLI
// (`komodo-cc wallet … --no-broadcast`) and the devnet's daemon-style RPC (which reads the text as komodod's
// rpcwallet.cpp does: atof × COIN, atoll, oraclesregister's atol-then-atof). The devnet's wallet holds the same key as
// the library's and the CLI's, so the three builds are the same transaction byte for byte; the amount the transaction
// carries is checked against the value the text means (written here from the C++, not computed by the library).
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { encodeWif, p2pkhAddress } from '../../src/address/address.js'
import type { Devnet } from '../../src/devnet/server.js'
import { GATEWAYS_NODE, startTestDevnet } from '../_util/devnet.js'

import { createRpcView } from '../../src/rpc/view.js'
import { createWallet, type Wallet } from '../../src/wallet/wallet.js'
import { PARAM_UNITS } from '../../src/modules/registry/units.js'
import { WALLET_METHODS } from '../../src/modules/registry/resolvers.js'
import { parseTransaction } from '../../src/tx/codec.js'
import { inspectTransaction } from '../../src/inspect/index.js'
import { FLOW_FRIEND, FLOW_KEY, FLOW_ME, fundFlow, headerRecord } from '../_util/wallet-flow.js'
import { cli } from '../_util/cli.js'
import { createOraclePublisher } from '../../src/publisher/publisher.js'

let dev: Devnet
let wallet: Wallet
const ids: Record<string, string> = {}
const WIF = encodeWif(FLOW_KEY)

/** One method's call: its positional texts (komodo-cli's), the amount parameters' expected values, where to read them. */
type Case = {
  method: string
  /** The daemon's positional parameters as text, amounts included. */
  texts: () => string[]
  /** The library's positional arguments: the same amount texts, other parameters typed. Default: `texts`. */
  lib?: () => unknown[]
  /** Each amount parameter's expected smallest-unit value: what komodod's RPC wrapper makes of its text. */
  expect: Record<string, bigint>
  /** Reads each amount parameter back from the transaction. */
  read: (hex: string) => Record<string, bigint>
}

const outValue = (n: number) => (hex: string) => parseTransaction(hex).vout[n]!.value
const reading = (hex: string) => inspectTransaction(hex).reading as Record<string, unknown>
const payload = (hex: string) => inspectTransaction(hex).payload as unknown as Record<string, unknown>

const CASES: Case[] = [
  {
    method: 'tokencreate',
    texts: () => ['UTOK', '0.00001', 'units'], // atof × COIN: 1000 units
    expect: { supply: 1000n },
    read: (h) => ({ supply: outValue(1)(h) }),
  },
  {
    method: 'tokentransfer',
    texts: () => [ids.token!, FLOW_FRIEND, '250'], // atoll: 250 units (finding 1: main moved 25,000,000,000)
    expect: { amount: 250n },
    read: (h) => ({ amount: outValue(0)(h) }),
  },
  {
    method: 'faucetfund',
    texts: () => ['5'],
    expect: { amount: 500_000_000n },
    read: (h) => ({ amount: outValue(0)(h) }),
  },
  {
    method: 'dicefund',
    texts: () => ['UDICE', '100', '0.1', '10', '10', '5'],
    lib: () => ['UDICE', '100', '0.1', '10', 10, 5],
    expect: { funds: 10_000_000_000n, minbet: 10_000_000n, maxbet: 1_000_000_000n },
    read: (h) => {
      const p = payload(h)
      return { funds: outValue(0)(h), minbet: p.minbet as bigint, maxbet: p.maxbet as bigint }
    },
  },
  {
    method: 'diceaddfunds',
    texts: () => ['UDICE', ids.dice!, '0.5'],
    expect: { amount: 50_000_000n },
    read: (h) => ({ amount: outValue(0)(h) }),
  },
  {
    method: 'oraclesregister',
    texts: () => [ids.oracle!, '10000'], // atol: 10000 satoshis (finding 1: main read 10,000 coins)
    expect: { datafee: 10_000n },
    read: (h) => ({ datafee: payload(h).datafee as bigint }),
  },
  {
    method: 'oraclesregister',
    texts: () => [ids.oracle!, '0.0002'], // atol gives 0: atof × COIN, 20000 satoshis
    expect: { datafee: 20_000n },
    read: (h) => ({ datafee: payload(h).datafee as bigint }),
  },
  {
    method: 'oraclessubscribe',
    texts: () => [ids.oracle!, FLOW_ME, '1'],
    expect: { amount: 100_000_000n },
    read: (h) => ({ amount: outValue(0)(h) }),
  },
  {
    method: 'gatewaysbind',
    // atol: token satoshis (main read '10000000' as 10 million coins)
    texts: () => [ids.gwtoken!, ids.oracle!, 'KMD', '10000000', '1', '1', FLOW_ME, '60', '85', '188'],
    lib: () => [ids.gwtoken!, ids.oracle!, 'KMD', '10000000', 1, 1, [FLOW_ME], 60, 85, 188],
    expect: { tokensupply: 10_000_000n },
    read: (h) => ({ tokensupply: outValue(0)(h) }),
  },
  {
    method: 'gatewaysdeposit',
    texts: () => [
      ids.bind!,
      ids.height!,
      'KMD',
      ids.cointxid!,
      ids.claimvout!,
      ids.cointx!,
      ids.proof!,
      FLOW_ME,
      '0.03',
    ],
    lib: () => [
      ids.bind!,
      Number(ids.height),
      'KMD',
      ids.cointxid!,
      Number(ids.claimvout),
      ids.cointx!,
      ids.proof!,
      FLOW_ME,
      '0.03',
    ],
    expect: { amount: 3_000_000n },
    read: (h) => ({ amount: payload(h).amount as bigint }),
  },
  {
    method: 'gatewaysclaim',
    texts: () => [ids.bind!, 'KMD', ids.deposit!, FLOW_ME, '0.03'],
    expect: { amount: 3_000_000n },
    read: (h) => ({ amount: outValue(0)(h) }),
  },
  {
    method: 'gatewayswithdraw',
    texts: () => [ids.bind!, 'KMD', FLOW_ME, '0.01'],
    expect: { amount: 1_000_000n },
    read: (h) => ({ amount: payload(h).amount as bigint }),
  },
  {
    method: 'rewardscreatefunding',
    texts: () => ['UREW', '100', '5', '1', '10', '1'],
    lib: () => ['UREW', '100', '5', 1, 10, '1'],
    expect: { amount: 10_000_000_000n, APR: 500_000_000n, mindeposit: 100_000_000n },
    read: (h) => {
      const p = payload(h)
      return { amount: outValue(0)(h), APR: p.APR as bigint, mindeposit: p.mindeposit as bigint }
    },
  },
  {
    method: 'rewardsaddfunding',
    texts: () => ['UREW', ids.rewards!, '5'],
    expect: { amount: 500_000_000n },
    read: (h) => ({ amount: outValue(0)(h) }),
  },
  {
    method: 'rewardslock',
    texts: () => ['UREW', ids.rewards!, '10'],
    expect: { amount: 1_000_000_000n },
    read: (h) => ({ amount: outValue(0)(h) }),
  },
]

/** Builds `c` three ways, unsent; returns the three hexes. */
async function threeWays(c: Case): Promise<{ lib: string; cli: string; daemon: string }> {
  const texts = c.texts()
  const lib = await (wallet as unknown as Record<string, (...a: unknown[]) => Promise<{ hex: string }>>)[c.method]!(
    ...(c.lib?.() ?? texts),
    { broadcast: false },
  )
  const r = await cli(
    [
      'wallet',
      c.method,
      ...texts,
      '--conf',
      dev.confPath,
      '--wif-env',
      'W',
      '--no-broadcast',
      '--datacarriersize',
      '10001',
    ],
    {
      W: WIF,
    },
  )
  expect(r.status, `${c.method} through the CLI: ${r.stderr}`).toBe(0)
  const daemon = (await dev.rpc.call(c.method, texts)) as { result: string; hex: string }
  expect(daemon.result).toBe('success')
  return { lib: lib.hex, cli: r.json.hex as string, daemon: daemon.hex }
}

/** Builds, checks and sends `c` (the state the next cases need), then mines. */
async function sendCase(c: Case, blocks = 1): Promise<string> {
  const hex = await check(c)
  const txid = await dev.rpc.sendrawtransaction(hex)
  await dev.mine(blocks)
  return txid
}

const checked = new Set<string>()
async function check(c: Case): Promise<string> {
  const { lib, cli: viaCli, daemon } = await threeWays(c)
  expect(viaCli, `${c.method}: the CLI builds what the library builds`).toBe(lib)
  expect(daemon, `${c.method}: the devnet's daemon-style RPC builds what the library builds`).toBe(lib)
  expect(c.read(lib), `${c.method}: the amounts the texts mean`).toEqual(c.expect)
  for (const k of Object.keys(c.expect)) checked.add(`${c.method}.${k}`)
  return lib
}
const caseOf = (method: string, n = 0) => CASES.filter((c) => c.method === method)[n]!

describe('one meaning per text: the library, the CLI and the daemon-style RPC read every amount alike', () => {
  beforeAll(async () => {
    // a gateways node: gatewaysdeposit's OP_RETURN is over a default node's 208 bytes (docs/policy.md)
    dev = await startTestDevnet({ privateKey: FLOW_KEY, policy: GATEWAYS_NODE })
    await fundFlow(dev)
    wallet = createWallet({ privateKey: FLOW_KEY, view: createRpcView(dev.rpc), policy: GATEWAYS_NODE })
  }, 60_000)
  afterAll(async () => {
    await dev?.stop()
  })

  test('tokens: tokencreate supply (coins), tokentransfer amount (units)', async () => {
    ids.token = await sendCase(caseOf('tokencreate'))
    await check(caseOf('tokentransfer'))
  })

  test('faucet: faucetfund amount (coins)', async () => {
    await check(caseOf('faucetfund'))
  })

  test('dice: dicefund funds, minbet, maxbet, diceaddfunds amount (coins)', async () => {
    ids.dice = await sendCase(caseOf('dicefund'))
    await check(caseOf('diceaddfunds'))
  })

  test('oracles: oraclesregister datafee (satoshis, or coins below 1), oraclessubscribe amount (coins)', async () => {
    ids.oracle = (await wallet.call('oraclescreate', { name: 'KMD', description: 'units', format: 'Ihh' })).txid
    await dev.mine(1)
    await wallet.call('oraclesfund', { oracletxid: ids.oracle })
    await dev.mine(1)
    await check(caseOf('oraclesregister', 1))
    await sendCase(caseOf('oraclesregister', 0))
    await sendCase(caseOf('oraclessubscribe'))
  })

  test('gateways: gatewaysbind tokensupply (token satoshis), deposit, claim, withdraw amount (coins)', async () => {
    ids.gwtoken = (await wallet.call('tokencreate', { name: 'UGW', supply: '0.1' })).txid
    await dev.mine(1)
    ids.bind = await sendCase(caseOf('gatewaysbind'), 2)
    ids.cointxid = (await dev.rpc.call('sendtoaddress', [p2pkhAddress(FLOW_ME), '0.03'])) as string
    ids.cointx = await dev.rpc.getrawtransaction(ids.cointxid)
    // the devnet's wallet is this key: which output is the 0.03 (not the change) is the devnet's choice
    ids.claimvout = String(parseTransaction(ids.cointx).vout.findIndex((o) => o.value === 3_000_000n))
    await dev.mine(1)
    ids.height = String(dev.chain.height)
    await wallet.call('oraclesdata', { oracletxid: ids.oracle!, hexstr: headerRecord(dev, dev.chain.height) })
    await dev.mine(1)
    ids.proof = await dev.rpc.gettxoutproof([ids.cointxid])
    ids.deposit = await sendCase(caseOf('gatewaysdeposit'), 2)
    await sendCase(caseOf('gatewaysclaim'))
    await check(caseOf('gatewayswithdraw'))
  })

  test('rewards: rewardscreatefunding amount, APR (percent), mindeposit, addfunding and lock amount (coins)', async () => {
    ids.rewards = await sendCase(caseOf('rewardscreatefunding'))
    await check(caseOf('rewardsaddfunding'))
    await check(caseOf('rewardslock'))
  })

  test('every amount parameter of the units table was moved three ways (dicebet: below, without a plan of 100 entropy outputs)', () => {
    const all = Object.entries(PARAM_UNITS).flatMap(([m, u]) => Object.keys(u).map((k) => `${m}.${k}`))
    expect(all.filter((k) => !checked.has(k))).toEqual(['dicebet.amount'])
    // Tokel's ten (TOKEL_PARAM_UNITS) run on a Tokel chain: test/tokel/wallet.test.ts
    expect(Object.keys(PARAM_UNITS).sort()).toEqual(
      WALLET_METHODS.map((m) => m.method)
        .filter((m) => !m.startsWith('tokenv2'))
        .sort(),
    )
  })

  test('a JS number for any amount parameter is refused, naming the parameter, its unit and both spellings', async () => {
    const names = (m: string) => WALLET_METHODS.find((x) => x.method === m)!.params
    const calls: [string, Record<string, unknown>][] = CASES.map((c) => {
      const args = c.lib?.() ?? c.texts()
      return [c.method, Object.fromEntries(names(c.method).flatMap((n, i) => (i < args.length ? [[n, args[i]]] : [])))]
    })
    calls.push(['dicebet', { name: 'UDICE', fundingtxid: ids.dice!, amount: '1', odds: 2 }])
    const seen = new Set<string>()
    for (const [method, params] of calls)
      for (const [name, unit] of Object.entries((PARAM_UNITS as Record<string, Record<string, string>>)[method]!)) {
        seen.add(`${method}.${name}`)
        const e = await wallet.call(method as never, { ...params, [name]: 250 } as never).catch((x: unknown) => x)
        expect(e, `${method}.${name}`).toMatchObject({ code: 'AMOUNT_INVALID', details: { name, unit } })
        const spelled = {
          coins: "pass '250' (coins, as komodo-cli reads it) or 25000000000n",
          units: "pass '250' (token units, as komodo-cli reads it) or 250n",
          datafee: "pass '250' (satoshis as digits, coins as 0.…, as komodo-cli reads it) or 250n",
          percent: "pass '250' (percent, as komodo-cli reads it) or 25000000000n",
        }[unit]
        expect((e as Error).message, `${method}.${name}`).toContain(`${name}: ${spelled}`)
      }
    const all = Object.entries(PARAM_UNITS).flatMap(([m, u]) => Object.keys(u).map((k) => `${m}.${k}`))
    expect([...seen].sort()).toEqual(all.sort())
  })

  test('the satoshi options (fee, maxFee) of the wallet, a call and the publisher are bigints: a number is refused', async () => {
    const view = createRpcView(dev.rpc)
    for (const o of [{ fee: 10000 }, { maxFee: 100000 }])
      expect(() => createWallet({ privateKey: FLOW_KEY, view, ...(o as object) })).toThrow(
        expect.objectContaining({
          code: 'AMOUNT_INVALID',
          message: expect.stringMatching(/pass a bigint of satoshis \(\d+n\)/),
        }),
      )
    const e = await wallet.call('faucetfund', { amount: '1' }, { maxFee: 100000 as never }).catch((x: unknown) => x)
    expect(e).toMatchObject({ code: 'AMOUNT_INVALID', details: { name: 'maxFee' } })
    const p = await createOraclePublisher({
      oracletxid: 'ab'.repeat(32),
      privateKey: FLOW_KEY,
      view,
      maxFee: 0.001 as never,
    }).catch((x: unknown) => x)
    expect(p).toMatchObject({ code: 'AMOUNT_INVALID', details: { name: 'maxFee' } })
  })

  test('text that has no one meaning is refused, never truncated as atoll/atol would', async () => {
    const id = ids.token!
    for (const [method, params] of [
      ['tokentransfer', { tokenid: id, destpubkey: FLOW_FRIEND, amount: '2.5' }], // atoll: 2
      ['oraclesregister', { oracletxid: ids.oracle!, datafee: '1.5' }], // atol: 1 satoshi
      ['faucetfund', { amount: '0.000000001' }], // below a satoshi
    ] as const) {
      const e = await wallet.call(method, params as never).catch((x: unknown) => x)
      expect(e, method).toMatchObject({ code: 'AMOUNT_INVALID' })
    }
  })
})
