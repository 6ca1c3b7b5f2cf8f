// One rule, one place: komodod's AddFaucetInputs (src/cc/faucet.cpp) is `addFaucetInputs`; this table, written from
// that C++ loop, runs against every caller that can run offline: the rule, `pickFaucetInputs` (what the resolvers'
// `faucetInputs` and so the devnet's faucetget/faucetinfo run), the offline `faucetinfo` (the balance: (0, 0)) and
// `buildFaucetGet`'s re-check of the outputs it is given (what it takes is read from its refusal when short; when the
// outputs cover the payout it gets past the selection to the proof of work).
import { describe, expect, test } from 'vitest'
import { addFaucetInputs, FAUCET_MAX_INPUTS } from '../../../src/modules/faucet/add-inputs.js'
import { pickFaucetInputs } from '../../../src/modules/faucet/resolve.js'
import { faucetinfo } from '../../../src/modules/faucet/info.js'
import { buildFaucetGet } from '../../../src/modules/faucet/build.js'
import { cc1of1 } from '../../../src/cc/condition.js'
import { ccScript } from '../../../src/script/cc.js'
import { formatCoins } from '../../../src/amount.js'
import { txid as txidHex } from '../../../src/tx/codec.js'
import type { Transaction } from '../../../src/tx/types.js'
import { plainTx } from '../../_util/tx.js'
import type { Utxo } from '../../../src/cctx/types.js'
import { key } from '../_build.js'

// the Faucet global key (src/cc/CCcustom.cpp): an independent fact
const FAUCET_PK = '03682b255c40d0cde8faee381a1a50bbb89980ff24539cb8518e294d3a63cefe12'
const FAUCET_SCRIPT = ccScript(cc1of1(0xe4, FAUCET_PK))
const NEED = 10_010_000n // FAUCETSIZE + txfee: what faucetget asks

type Case = { name: string; values: bigint[]; spent?: number[]; total: bigint; maxinputs: number; taken: number[] }
const range = (a: number, b: number) => Array.from({ length: b - a }, (_, i) => a + i)
const M = 1_000_000n

// From AddFaucetInputs: maxinputs capped at CC_MAXVINS (1024); threshold = maxinputs ? total / maxinputs : total;
// `satoshis < threshold` skipped; then IsFaucetvout > 1000000 and not spent in the mempool; n++; stop at total (> 0)
// or at maxinputs (> 0).
const CASES: Case[] = [
  { name: 'faucetget: one big output covers 0.1001', values: [50n * M], total: NEED, maxinputs: 60, taken: [0] },
  {
    name: 'exactly 0.01 coin is not taken (strictly above)',
    values: [M, M + 1n, 20n * M],
    total: NEED,
    maxinputs: 60,
    taken: [1, 2],
  },
  {
    name: 'below total/60 (166833) is skipped before the 0.01 test',
    values: [166_832n, 9n * M, 2n * M],
    total: NEED,
    maxinputs: 60,
    taken: [1, 2],
  },
  {
    name: 'spent in the mempool: skipped, not counted',
    values: [20n * M, 20n * M],
    spent: [0],
    total: NEED,
    maxinputs: 60,
    taken: [1],
  },
  {
    name: 'short: every output taken falls below the need',
    values: [2n * M, 3n * M],
    total: NEED,
    maxinputs: 60,
    taken: [0, 1],
  },
  { name: 'nothing above 0.01: none taken', values: [M, 500_000n], total: NEED, maxinputs: 60, taken: [] },
  {
    name: 'maxinputs 2 stops after two, short by the integer threshold',
    values: [5_005_000n, 5_005_000n, 5_005_000n],
    total: 10_010_001n,
    maxinputs: 2,
    taken: [0, 1],
  },
  {
    name: 'maxinputs 0 (faucetinfo): threshold is the total itself, 0 here: every output above 0.01',
    values: [M, 2n * M, 3n * M, M + 1n],
    spent: [2],
    total: 0n,
    maxinputs: 0,
    taken: [1, 3],
  },
  {
    name: 'maxinputs above CC_MAXVINS is capped: threshold total/1024 (2,000,000), not total/5000',
    values: [1_500_000n, 3000n * M],
    total: 2048n * M,
    maxinputs: 5000,
    taken: [1],
  },
]

const sumOf = (c: Case) => c.taken.reduce((s, i) => s + c.values[i]!, 0n)
const utxosOf = (c: Case): Utxo[] =>
  c.values.map((satoshis, i) => ({
    txid: (0x100 + i).toString(16).padStart(64, '0'),
    vout: 0,
    satoshis,
    script: FAUCET_SCRIPT,
  }))

/** One transaction holding the case's outputs (vout = index), and one spending those the case marks spent. */
function txsOf(c: Case): Transaction[] {
  const holder = plainTx(
    [{ txid: '99'.repeat(32), vout: 0 }],
    c.values.map((value) => ({ value, script: FAUCET_SCRIPT })),
  )
  return [holder, plainTx([], [{ value: 0n, script: new Uint8Array([0x6a]) }])]
}

type Caller = { name: string; applies: (c: Case) => boolean; check: (c: Case) => void }
const CALLERS: Caller[] = [
  {
    name: 'addFaucetInputs (the rule)',
    applies: () => true,
    check: (c) => {
      const spent = new Set(c.spent ?? [])
      const cands = c.values.map((satoshis, i) => ({ satoshis, i }))
      expect(addFaucetInputs(cands, c.total, c.maxinputs, (u) => !spent.has(u.i)).inputs.map((u) => u.i)).toEqual(
        c.taken,
      )
    },
  },
  {
    name: 'pickFaucetInputs (resolvers, devnet)',
    applies: () => true,
    check: (c) => {
      const utxos = utxosOf(c)
      const spent = new Set((c.spent ?? []).map((i) => utxos[i]!))
      const got = pickFaucetInputs(utxos, (u) => spent.has(u), c.total, c.maxinputs)
      expect(got.map((u) => utxos.indexOf(u))).toEqual(c.taken)
    },
  },
  {
    name: 'faucetinfo (offline, the balance)',
    applies: (c) => c.total === 0n && c.maxinputs === 0,
    check: (c) => {
      const [holder, spender] = txsOf(c)
      // the spender spends the holder's outputs the case marks spent (faucetinfo judges spent within the set)
      const txid = txidHex(holder!)
      spender!.vin = (c.spent ?? []).map((i) => ({ txid, vout: i, scriptSig: new Uint8Array(0), sequence: 0xffffffff }))
      expect(faucetinfo([holder!, spender!]).funding).toBe(formatCoins(sumOf(c)))
    },
  },
  {
    name: 'buildFaucetGet (the builder re-check)',
    applies: (c) => c.total === NEED && c.maxinputs === FAUCET_MAX_INPUTS && (c.spent ?? []).length === 0,
    check: (c) => {
      const run = () =>
        buildFaucetGet(
          {},
          { pubkey: key(1).pub, utxos: [], height: 100 },
          { faucetUtxos: utxosOf(c) },
          { maxAttempts: 1 },
        )
      if (c.taken.length === 0) expect(run).toThrow(expect.objectContaining({ code: 'INSUFFICIENT_FUNDS' }))
      else if (sumOf(c) < NEED)
        expect(run).toThrow(
          expect.objectContaining({
            code: 'INSUFFICIENT_FUNDS',
            details: expect.objectContaining({ total: String(sumOf(c)) }),
          }),
        )
      // covered: the selection passes and the proof of work runs (one attempt: found, or POW_NOT_FOUND)
      else
        try {
          run()
        } catch (e) {
          expect((e as { code?: string }).code).toBe('POW_NOT_FOUND')
        }
    },
  },
]

describe('AddFaucetInputs: one table (from src/cc/faucet.cpp) against every caller', () => {
  for (const caller of CALLERS)
    describe(caller.name, () => {
      test.each(CASES.filter((c) => caller.applies(c)))('$name', (c) => caller.check(c))
    })
})
