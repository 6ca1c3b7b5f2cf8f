// Every module builder against hostile inputs: private keys out of range, a UTXO listed twice, amounts outside
// 0..MAX_MONEY. The fixtures (test/modules/_builders.ts) each build; here one thing at a time is made hostile.
import { describe, expect, test } from 'vitest'
import fc from 'fast-check'
import * as tiny from 'tiny-secp256k1'
import { tinySecp256k1Backend } from '../../src/tx/sign.js'
import { finalizeCcTx } from '../../src/cctx/finalize.js'
import { p2pkScript } from '../../src/script/script.js'
import type { BuildResult } from '../../src/cctx/complete.js'
import type { InputPlan, Utxo } from '../../src/cctx/types.js'
import { BUILDERS, outpoints } from './_builders.js'
import { BAD_KEYS } from '../_util/keys.js'

const numRuns = Number(process.env.FC_NUM_RUNS ?? 60)
// MAX_MONEY written out (komodod amount.h: 200 million coins), not taken from the library
const MAX = 200_000_000n * 100_000_000n
const code = (c: string) => expect.objectContaining({ name: 'KomodoCcError', code: c })
const byName = (n: string) => BUILDERS.find((b) => b.name === n)!
const coinOf = (pk: Uint8Array, i: number, satoshis: bigint): Utxo => ({
  txid: (0xf0 + i).toString(16).repeat(32),
  vout: 0,
  satoshis,
  script: p2pkScript(pk),
})

/** Runs a build and reports its result or the KomodoCcError code it threw (anything else fails the test). */
function attempt(fn: () => BuildResult): { ok: BuildResult } | { code: string; details: Record<string, unknown> } {
  try {
    return { ok: fn() }
  } catch (e) {
    expect(e).toMatchObject({ name: 'KomodoCcError' })
    const k = e as { code: string; details: Record<string, unknown> }
    return { code: k.code, details: k.details }
  }
}

const noDuplicateInputs = (r: BuildResult) => {
  const ops = outpoints(r)
  expect(new Set(ops).size, `inputs ${ops.join(', ')}`).toBe(ops.length)
}

describe('every builder has a working fixture', () => {
  test.each(BUILDERS.map((b) => [b.name, b] as const))('%s', (_n, b) => {
    const r = b.build()
    expect(r.signed).toBe(true)
    noDuplicateInputs(r)
  })
})

describe('item 4: a private key of 0 or ≥ n is refused with PRIVKEY_INVALID by every builder', () => {
  const backends = [
    ['noble', undefined],
    ['tiny-secp256k1', tinySecp256k1Backend(tiny)],
  ] as const
  for (const [bname, backend] of backends) {
    test.each(BUILDERS.map((b) => [b.name, b] as const))(`%s (${bname})`, (_n, b) => {
      for (const [kname, k] of BAD_KEYS) {
        const context = backend === undefined ? { privateKey: k } : { privateKey: k, backend }
        expect(() => b.build({ context }), `key ${kname}`).toThrow(code('PRIVKEY_INVALID'))
      }
    })
  }
})

describe('item 8: a UTXO listed twice is spent at most once', () => {
  const lists = BUILDERS.flatMap((b) => Object.keys(b.lists).map((path) => ({ b, path })))

  test('the fixtures cover every builder that takes a UTXO list, and every such list', () => {
    expect(new Set(lists.map((l) => l.b.name)).size).toBe(BUILDERS.length)
    expect(lists.length).toBeGreaterThanOrEqual(28)
  })

  test('an identical duplicate anywhere in any list: the build equals the build of the list without the later copy', () => {
    const arb = fc.record({
      which: fc.integer({ min: 0, max: lists.length - 1 }),
      item: fc.nat(),
      at: fc.nat(),
      upper: fc.boolean(),
    })
    fc.assert(
      fc.property(arb, ({ which, item, at, upper }) => {
        const { b, path } = lists[which]!
        const list = b.lists[path]!
        const i = item % list.length
        const j = at % (list.length + 1)
        const orig = list[i]!
        const copy = { ...orig, txid: upper ? orig.txid.toUpperCase() : orig.txid }
        const doubled = [...list.slice(0, j), copy, ...list.slice(j)]
        // the list without the later of the two copies
        const firstAt = j <= i ? j : i
        const single = doubled.filter(
          (_, k) =>
            k === firstAt ||
            doubled[k]!.txid.toLowerCase() !== orig.txid.toLowerCase() ||
            doubled[k]!.vout !== orig.vout,
        )
        const got = attempt(() => b.build({ lists: { [path]: doubled } }))
        const want = attempt(() => b.build({ lists: { [path]: single } }))
        if ('ok' in got) {
          noDuplicateInputs(got.ok)
          expect('ok' in want ? want.ok.hex : want.code).toBe(got.ok.hex)
        } else expect(got.code).toBe('ok' in want ? 'built' : want.code)
      }),
      { numRuns, seed: 8 },
    )
  })

  test("appended right after the original, an identical duplicate changes no byte of any builder's result", () => {
    for (const { b, path } of lists) {
      const list = b.lists[path]!
      const base = b.build()
      for (let i = 0; i < list.length; i++) {
        const doubled = [...list.slice(0, i + 1), { ...list[i]! }, ...list.slice(i + 1)]
        expect(b.build({ lists: { [path]: doubled } }).hex, `${b.name} ${path}[${i}]`).toBe(base.hex)
      }
    }
  })

  test('the same outpoint with another value or script: BUILD_INPUTS naming it, or built without spending it twice', () => {
    const arb = fc.record({
      which: fc.integer({ min: 0, max: lists.length - 1 }),
      item: fc.nat(),
      at: fc.nat(),
      delta: fc.bigInt({ min: 1n, max: 1_000_000n }),
      script: fc.boolean(),
    })
    fc.assert(
      fc.property(arb, ({ which, item, at, delta, script }) => {
        const { b, path } = lists[which]!
        const list = b.lists[path]!
        const orig = list[item % list.length]!
        const j = at % (list.length + 1)
        const other = script
          ? { ...orig, script: Uint8Array.from([...orig.script.subarray(0, -1), 0xac ^ 1]) }
          : { ...orig, satoshis: orig.satoshis + delta }
        const got = attempt(() => b.build({ lists: { [path]: [...list.slice(0, j), other, ...list.slice(j)] } }))
        if ('ok' in got) noDuplicateInputs(got.ok)
        else if (got.code === 'BUILD_INPUTS') expect(got.details).toMatchObject({ txid: orig.txid, vout: orig.vout })
        else expect(['BUILD_STATE', 'INSUFFICIENT_FUNDS', 'POW_NOT_FOUND']).toContain(got.code) // the other copy was refused first (its script)
      }),
      { numRuns, seed: 88 },
    )
  })

  test('every list with the whole list repeated: no input spent twice, the same transaction as once', () => {
    for (const { b, path } of lists) {
      const list = b.lists[path]!
      const r = b.build({ lists: { [path]: [...list, ...list.map((u) => ({ ...u }))] } })
      noDuplicateInputs(r)
      expect(r.hex, `${b.name} ${path}`).toBe(b.build().hex)
    }
  })
})

describe('item 9: amounts outside 0..MAX_MONEY are refused with AMOUNT_RANGE', () => {
  const withAmount = BUILDERS.filter((b) => b.amount !== undefined)
  test('the fixtures cover every builder with an amount parameter', () => {
    expect(withAmount.map((b) => b.name).sort()).toEqual(
      [
        'dicebet',
        'diceaddfunds',
        'dicefund',
        'faucetfund',
        'gatewaysclaim',
        'gatewaysdeposit',
        'gatewayswithdraw',
        'oraclesdata',
        'oraclesregister',
        'oraclessubscribe',
        'rewardsaddfunding',
        'rewardscreatefunding',
        'rewardslock',
        'tokencreate',
        'tokentransfer',
      ].sort(),
    )
  })

  test.each(withAmount.map((b) => [b.name, b] as const))(
    '%s: an amount of MAX_MONEY + 1 (coins enough to pay it)',
    (_n, b) => {
      const rich = { 'context.utxos': [coinOf(b.pubkey, 0, MAX), coinOf(b.pubkey, 1, MAX)] }
      expect(() => b.amount!(MAX + 1n, { lists: rich })).toThrow(code('AMOUNT_RANGE'))
      expect(() => b.amount!(2n ** 63n - 1n, { lists: rich })).toThrow(code('AMOUNT_RANGE'))
    },
  )

  test.each(withAmount.map((b) => [b.name, b] as const))('%s: a negative amount is refused (typed)', (_n, b) => {
    expect(() => b.amount!(-1n)).toThrow(expect.objectContaining({ name: 'KomodoCcError' }))
  })

  test.each(BUILDERS.map((b) => [b.name, b] as const))('%s: context.fee above MAX_MONEY or negative', (_n, b) => {
    expect(() => b.build({ context: { fee: MAX + 1n } })).toThrow(code('AMOUNT_RANGE'))
    expect(() => b.build({ context: { fee: -1n } })).toThrow(code('AMOUNT_RANGE'))
  })

  test.each(BUILDERS.flatMap((b) => Object.keys(b.lists).map((path) => [`${b.name} ${path}`, b, path] as const)))(
    '%s: a UTXO above MAX_MONEY',
    (_n, b, path) => {
      const list = b.lists[path]!
      expect(() => b.build({ lists: { [path]: [{ ...list[0]!, satoshis: MAX + 1n }, ...list.slice(1)] } })).toThrow(
        code('AMOUNT_RANGE'),
      )
    },
  )

  // inputs each in range whose sum is not: H + H = MAX_MONEY + 2, both needed for an amount of H + 1
  const H = MAX / 2n + 1n
  const sums: [string, string][] = [
    ['tokencreate', 'context.utxos'],
    ['faucetfund', 'context.utxos'],
    ['dicefund', 'context.utxos'],
    ['diceaddfunds', 'context.utxos'],
    ['oraclessubscribe', 'context.utxos'],
    ['rewardscreatefunding', 'context.utxos'],
    ['rewardsaddfunding', 'context.utxos'],
    ['tokentransfer', 'state.tokens'],
    ['gatewayswithdraw', 'state.tokens'],
    ['oraclesdata', 'state.subscriptions'],
  ]
  test.each(sums)('%s: %s summing above MAX_MONEY (each input in range)', (name, path) => {
    const b = byName(name)
    const list = b.lists[path]!
    const big = [
      { ...list[0]!, satoshis: H },
      { ...list[1]!, satoshis: H },
    ]
    expect(() => b.amount!(H + 1n, { lists: { [path]: big } })).toThrow(code('AMOUNT_RANGE'))
  })
})

describe('finalizeCcTx: the shared checks every builder goes through', () => {
  const pk = BUILDERS[0]!.pubkey
  const plan = (i: number, satoshis: bigint, vout = 0): InputPlan => ({
    kind: 'p2pk',
    role: 'caller',
    utxo: { ...coinOf(pk, i, satoshis), vout },
  })
  const req = (inputs: InputPlan[], values: bigint[], fee?: bigint) => () =>
    finalizeCcTx({
      inputs,
      outputs: values.map((value) => ({ value, script: p2pkScript(pk) })),
      changePubkey: pk,
      expiryHeight: 10,
      ...(fee === undefined ? {} : { fee }),
    })
  test('outputs, their total, inputs, their total and the fee within 0..MAX_MONEY', () => {
    expect(req([plan(0, MAX)], [MAX - 10000n])).not.toThrow()
    expect(req([plan(0, MAX), plan(1, MAX)], [MAX + 1n])).toThrow(code('AMOUNT_RANGE'))
    expect(req([plan(0, MAX), plan(1, MAX)], [MAX, 1n])).toThrow(code('AMOUNT_RANGE'))
    expect(req([plan(0, MAX), plan(1, 1n)], [1000n])).toThrow(code('AMOUNT_RANGE'))
    expect(req([plan(0, MAX + 1n)], [1000n])).toThrow(code('AMOUNT_RANGE'))
    expect(req([plan(0, 100_000n)], [-1n])).toThrow(code('AMOUNT_RANGE'))
    expect(req([plan(0, 100_000n)], [1000n], -1n)).toThrow(code('AMOUNT_RANGE'))
    expect(req([plan(0, MAX)], [1000n], MAX + 1n)).toThrow(code('AMOUNT_RANGE'))
  })
  test('one outpoint twice, identical or not: BUILD_INPUTS naming it', () => {
    const a = plan(0, 100_000n)
    expect(req([a, { ...a }], [1000n])).toThrow(code('BUILD_INPUTS'))
    expect(req([a, { ...a, utxo: { ...a.utxo, txid: a.utxo.txid.toUpperCase() } }], [1000n])).toThrow(
      expect.objectContaining({
        code: 'BUILD_INPUTS',
        details: expect.objectContaining({ txid: a.utxo.txid, vout: 0 }),
      }),
    )
    expect(req([a, plan(0, 100_000n, 1)], [1000n])).not.toThrow()
  })
})
