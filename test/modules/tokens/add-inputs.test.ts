// One rule, one place: komodod's AddTokenCCInputs (src/cc/CCtokens.cpp) is `addTokenCcInputs`; this file's case table,
// written from that C++ loop, runs against every caller of the rule: the rule itself, `pickTokenInputs` (what the
// resolvers' `tokenInputs` and the devnet's token balance run, over real token transactions), `buildTokenTransfer`'s
// re-check of the UTXOs it is given and `buildGatewaysWithdraw`'s (gatewayswithdraw: AddTokenCCInputs(…, amount, 60)).
import { describe, expect, test } from 'vitest'
import { getPublicKey } from '@noble/secp256k1'
import { addTokenCcInputs, TOKEN_MAX_INPUTS } from '../../../src/modules/tokens/add-inputs.js'
import { pickTokenInputs } from '../../../src/modules/tokens/inputs.js'
import { buildTokenCreate, buildTokenTransfer } from '../../../src/modules/tokens/build.js'
import { encodeTokensPayload } from '../../../src/modules/tokens/opret.js'
import { buildGatewaysBind, buildGatewaysWithdraw } from '../../../src/modules/gateways/build.js'
import { buildOraclesCreate } from '../../../src/modules/oracles/build.js'
import { finalizeCcTx } from '../../../src/cctx/finalize.js'
import { completeBuild } from '../../../src/cctx/complete.js'
import { checkContext } from '../../../src/cctx/context.js'
import { cc1of1 } from '../../../src/cc/condition.js'
import { EVAL, TOKENS_CC } from '../../../src/cc/eval.js'
import { ccScript } from '../../../src/script/cc.js'
import { p2pkScript } from '../../../src/script/script.js'
import { bytesToHex } from '../../../src/bytes/hex.js'
import { sha256 } from '../../../src/hash/index.js'
import type { InputPlan, Utxo } from '../../../src/cctx/types.js'
import { plainTx } from '../../_util/tx.js'
import type { Transaction } from '../../../src/tx/types.js'

type Case = {
  name: string
  /** the candidate outputs' amounts, in the address index's order */
  values: bigint[]
  /** indexes of candidates that are no valid token output of the tokenid (the daemon's IsTokensvout = 0) */
  invalid?: number[]
  total: bigint
  maxinputs: number
  /** indexes of the candidates the daemon's loop takes */
  taken: number[]
}

const tens = (n: number) => Array.from({ length: n }, () => 10n)
const range = (a: number, b: number) => Array.from({ length: b - a }, (_, i) => a + i)

// From AddTokenCCInputs: threshold = total / (maxinputs ? maxinputs : CC_MAXVINS); `if (satoshis < threshold)
// continue`; an invalid output is skipped and not counted; `n++` per taken output; `if ((total > 0 && totalinputs >=
// total) || (maxinputs > 0 && n >= maxinputs)) break`.
const CASES: Case[] = [
  {
    name: 'takes in order until the total is reached',
    values: [300n, 300n, 300n],
    total: 600n,
    maxinputs: 60,
    taken: [0, 1],
  },
  {
    name: 'an output below total/60 is skipped (600/60 = 10: 9 skipped, 10 taken)',
    values: [9n, 10n, 600n],
    total: 600n,
    maxinputs: 60,
    taken: [1, 2],
  },
  {
    name: 'the threshold is an integer division (119/60 = 1: 1 is taken)',
    values: [1n, 200n],
    total: 119n,
    maxinputs: 60,
    taken: [0, 1],
  },
  {
    name: 'an invalid output is skipped and does not count',
    values: [500n, 100n, 500n],
    invalid: [0],
    total: 600n,
    maxinputs: 60,
    taken: [1, 2],
  },
  {
    name: 'at most 60 inputs: 61 outputs of 10 for 601 stop at 60 (600, short)',
    values: tens(61),
    total: 601n,
    maxinputs: 60,
    taken: range(0, 60),
  },
  {
    name: '60 outputs of 10 cover 600 exactly',
    values: [...tens(60), 10n],
    total: 600n,
    maxinputs: 60,
    taken: range(0, 60),
  },
  { name: 'nothing reaches the threshold: none taken', values: [4n, 4n, 4n], total: 300n, maxinputs: 60, taken: [] },
  {
    name: 'total 0 with maxinputs 60: no threshold, no stop at the total, stops at 60',
    values: [...tens(60), 10n],
    total: 0n,
    maxinputs: 60,
    taken: range(0, 60),
  },
  {
    name: 'the balance (total 0, maxinputs 0): every valid output, any size',
    values: [1n, ...tens(70), 3n],
    invalid: [5],
    total: 0n,
    maxinputs: 0,
    taken: range(0, 72).filter((i) => i !== 5),
  },
  {
    name: 'maxinputs 64 (gatewaysbind): threshold total/64',
    values: [99n, 100n, 6400n],
    total: 6400n,
    maxinputs: 64,
    taken: [1, 2],
  },
]

const amountsOf = (c: Case, idx: number[]) => idx.map((i) => c.values[i]!)
const sumOf = (c: Case) => amountsOf(c, c.taken).reduce((s, v) => s + v, 0n)

// ---- fixtures: real token transactions for the candidates ----------------------------------------------------------
const priv = sha256(new TextEncoder().encode('add-inputs rule'))
const pub = getPublicKey(priv, true)
const mine = () => ccScript(cc1of1(EVAL.TOKENS, pub))
const coin = (b: string, sats: bigint): Utxo => ({
  txid: b.repeat(32),
  vout: 0,
  satoshis: sats,
  script: p2pkScript(pub),
  height: 1,
})
/** The funding transaction behind `coin('11', …)` as the validity rule reads it (the creator must pay for a create). */
const funding = (sats: bigint): Transaction => plainTx([], [{ value: sats, script: p2pkScript(pub) }], { v1: true })

/** A token whose create is split into the case's valid outputs, and a forged transfer holding its invalid ones. */
function chainFor(c: Case) {
  const invalid = new Set(c.invalid ?? [])
  const valid = c.values.filter((_, i) => !invalid.has(i))
  const supply = valid.reduce((s, v) => s + v, 0n) + 1n // the last unit stays as change: the create is never empty
  const create = buildTokenCreate(
    { name: 'RULE', supply },
    { pubkey: pub, utxos: [coin('11', 100_000_000n)], height: 10 },
  )
  // signed: the token validity rule finds token inputs by their fulfillments (scriptSigs)
  const ctx = checkContext({ pubkey: pub, utxos: [], height: 11, privateKey: priv })
  // a token transfer ('t' of the tokenid to us) of `values`, spending `inputs`
  const transfer = (inputs: InputPlan[], values: bigint[]) =>
    completeBuild(
      finalizeCcTx({
        inputs,
        outputs: values.map((value) => ({ value, script: mine() })),
        opret: encodeTokensPayload({
          funcid: 't',
          evalCode: 0xf2,
          tokenid: create.txid,
          pubkeys: [bytesToHex(pub)],
          blobs: [],
        }),
        changePubkey: ctx.pubkey,
        fee: ctx.fee,
        expiryHeight: ctx.expiryHeight,
      }),
      ctx,
      TOKENS_CC,
    )
  const split = transfer(
    [
      { kind: 'p2pk', utxo: coin('22', 100_000_000n), role: 'caller' },
      {
        kind: 'cc',
        utxo: { txid: create.txid, vout: 1, satoshis: supply, script: mine() },
        role: 'caller',
        condition: cc1of1(EVAL.TOKENS, pub),
        evalCode: EVAL.TOKENS,
      },
    ],
    [...valid, 1n],
  )
  // no token inputs: its outputs are no tokens (it does not balance)
  const forged = transfer(
    [{ kind: 'p2pk', utxo: coin('33', 100_000_000n), role: 'caller' }],
    c.values.filter((_, i) => invalid.has(i)),
  )
  let v = 0
  let f = 0
  const candidates: Utxo[] = c.values.map((value, i) =>
    invalid.has(i)
      ? { txid: forged.txid, vout: f++, satoshis: value, script: mine() }
      : { txid: split.txid, vout: v++, satoshis: value, script: mine() },
  )
  const txs = new Map<string, Transaction>([
    [create.txid, create.tx],
    [split.txid, split.tx],
    [forged.txid, forged.tx],
    ['11'.repeat(32), funding(100_000_000n)],
  ])
  return { create, candidates, lookup: (id: string) => txs.get(id) ?? null }
}

/** What one caller takes for a case: the candidates' indexes, or 'refused' where the caller refuses (short). */
type Caller = { name: string; applies: (c: Case) => boolean; run: (c: Case) => number[] | 'refused' }

const indexesOf = (candidates: readonly Utxo[], taken: readonly { txid: string; vout: number }[]) =>
  taken.map((t) => candidates.findIndex((u) => u.txid === t.txid && u.vout === t.vout))

const CALLERS: Caller[] = [
  {
    name: 'addTokenCcInputs (the rule)',
    applies: () => true,
    run: (c) => {
      const bad = new Set(c.invalid ?? [])
      const candidates = c.values.map((satoshis, i) => ({ satoshis, i }))
      return addTokenCcInputs(candidates, c.total, c.maxinputs, (u) => !bad.has(u.i)).inputs.map((u) => u.i)
    },
  },
  {
    // the resolvers' tokenInputs (amount → (amount, 60)) and the balance / devnet's tokenUtxos (no amount → (0, 0))
    name: 'pickTokenInputs (resolvers, devnet)',
    applies: (c) => c.maxinputs === TOKEN_MAX_INPUTS || (c.total === 0n && c.maxinputs === 0),
    run: (c) => {
      const { create, candidates, lookup } = chainFor(c)
      const amount = c.maxinputs === 0 ? undefined : c.total
      return indexesOf(candidates, pickTokenInputs(candidates, create.txid, lookup, amount))
    },
  },
  {
    // the builder is given the caller's token outputs (the resolver's pick, or the user's list) and applies the rule again
    name: 'buildTokenTransfer (the builder re-check)',
    applies: (c) => c.maxinputs === TOKEN_MAX_INPUTS && c.total > 0n && (c.invalid ?? []).length === 0,
    run: (c) => {
      const { create, candidates } = chainFor(c)
      try {
        const r = buildTokenTransfer(
          { tokenid: create.txid, destpubkey: pub, amount: c.total },
          { pubkey: pub, utxos: [coin('44', 100_000_000n)], height: 12 },
          { create: create.hex, tokens: candidates },
        )
        return indexesOf(
          candidates,
          r.tx.vin.filter((_, i) => r.inputs[i]!.kind === 'cc'),
        )
      } catch (e) {
        if ((e as { code?: string }).code === 'INSUFFICIENT_FUNDS') return 'refused'
        throw e
      }
    },
  },
  {
    name: 'buildGatewaysWithdraw (the builder re-check)',
    applies: (c) => c.maxinputs === TOKEN_MAX_INPUTS && c.total > 0n && (c.invalid ?? []).length === 0,
    run: (c) => {
      const candidates: Utxo[] = c.values.map((satoshis, i) => ({
        txid: (i + 1).toString(16).padStart(64, '0'),
        vout: 0,
        satoshis,
        script: mine(),
      }))
      try {
        const r = buildGatewaysWithdraw(
          { bindtxid: gateway().bind.txid, coin: 'KMD', withdrawpub: pub, amount: c.total },
          { pubkey: pub, utxos: [coin('55', 100_000_000n)], height: 1000 },
          { bind: gateway().bind.hex, tokens: candidates },
        )
        return indexesOf(
          candidates,
          r.tx.vin.filter((_, i) => r.inputs[i]!.kind === 'cc'),
        )
      } catch (e) {
        if ((e as { code?: string }).code === 'INSUFFICIENT_FUNDS') return 'refused'
        throw e
      }
    },
  },
]

// a 1-of-1 KMD gateway of a 1-coin token, bound once for the withdraw caller
let gw: { bind: { txid: string; hex: string } } | undefined
function gateway() {
  if (gw !== undefined) return gw
  const supply = 100_000_000n
  const create = buildTokenCreate(
    { name: 'KMD', supply },
    { pubkey: pub, utxos: [coin('66', 200_000_000n)], height: 10 },
  )
  const oracle = buildOraclesCreate(
    { name: 'KMD', description: 'blockheaders', format: 'Ihh' },
    { pubkey: pub, utxos: [coin('77', 100_000_000n)], height: 10 },
  )
  const bind = buildGatewaysBind(
    {
      tokenid: create.txid,
      oracletxid: oracle.txid,
      coin: 'KMD',
      tokensupply: supply,
      M: 1,
      N: 1,
      pubkeys: [pub],
      pubtype: 60,
      p2shtype: 85,
      wiftype: 188,
    },
    { pubkey: pub, utxos: [coin('88', 100_000_000n)], height: 11 },
    {
      token: create.hex,
      tokens: [{ txid: create.txid, vout: 1, satoshis: supply, script: mine() }],
      oracle: oracle.hex,
    },
  )
  return (gw = { bind })
}

describe('AddTokenCCInputs: one case table (from src/cc/CCtokens.cpp) against every caller', () => {
  for (const caller of CALLERS)
    describe(caller.name, () => {
      test.each(CASES.filter((c) => caller.applies(c)))('$name', (c) => {
        const got = caller.run(c)
        // a builder refuses when what the rule takes falls short of the total (the daemon's "insufficient token inputs")
        if (got === 'refused') expect(c.total > 0n && sumOf(c) < c.total).toBe(true)
        else expect(got).toEqual(c.taken)
      })
    })

  test('every caller runs on the cases that apply to it (the table reaches each)', () => {
    for (const caller of CALLERS)
      expect(CASES.filter((c) => caller.applies(c)).length, caller.name).toBeGreaterThanOrEqual(5)
  })
})
