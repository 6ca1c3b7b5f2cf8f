// One rule, one place: komodod's AddOracleInputs (src/cc/oracles.cpp) is `addOracleInputs`; this table, written from
// that C++ loop, runs against every caller that can run offline: the rule, `buildOraclesData`'s re-check of the
// subscription outputs it is given, and the publisher's `samplesPaid` (whether the outputs pay the next sample).
import { describe, expect, test } from 'vitest'
import { getPublicKey } from '@noble/secp256k1'
import { addOracleInputs, ORACLES_DATA_MAX_INPUTS } from '../../../src/modules/oracles/add-inputs.js'
import { buildOraclesCreate, buildOraclesData } from '../../../src/modules/oracles/build.js'
import { samplesPaid } from '../../../src/publisher/funds.js'
import { encodeOracleData } from '../../../src/oracle-data/format.js'
import { batonPubkey } from '../../../src/cc/address.js'
import { cc1of1 } from '../../../src/cc/condition.js'
import { ccScript } from '../../../src/script/cc.js'
import { p2pkScript } from '../../../src/script/script.js'
import { sha256 } from '../../../src/hash/index.js'
import type { Utxo } from '../../../src/cctx/types.js'

type Case = { name: string; values: bigint[]; datafee: bigint; taken: number[] }
const tens = (n: number, v = 10000n) => Array.from({ length: n }, () => v)
const range = (a: number, b: number) => Array.from({ length: b - a }, (_, i) => a + i)

// From AddOracleInputs: no threshold; IsOraclesvout(…) >= 10000; n++; stop at total (> 0) or at maxinputs (60).
const CASES: Case[] = [
  { name: 'one output covers the datafee', values: [50000n, 50000n], datafee: 20000n, taken: [0] },
  {
    name: 'below 10000 is skipped (9999), exactly 10000 taken',
    values: [9999n, 10000n, 10000n],
    datafee: 20000n,
    taken: [1, 2],
  },
  {
    name: 'no threshold: small outputs before a big one are taken',
    values: [10000n, 10000n, 10n ** 8n],
    datafee: 10n ** 8n,
    taken: [0, 1, 2],
  },
  {
    name: 'at most 60: 61 outputs of 10000 for 610000 stop at 60 (short)',
    values: tens(61),
    datafee: 610000n,
    taken: range(0, 60),
  },
  { name: '60 outputs of 10000 pay 600000 exactly', values: tens(61), datafee: 600000n, taken: range(0, 60) },
  { name: 'short: all taken, below the datafee', values: [10000n, 20000n], datafee: 50000n, taken: [0, 1] },
  { name: 'nothing of 10000: none taken', values: [5000n, 9999n], datafee: 10000n, taken: [] },
]
const sumOf = (c: Case) => c.taken.reduce((s, i) => s + c.values[i]!, 0n)

const priv = sha256(new TextEncoder().encode('add oracle inputs'))
const pubkey = getPublicKey(priv, true)
const coin = (b: string, sats: bigint): Utxo => ({
  txid: b.repeat(32),
  vout: 0,
  satoshis: sats,
  script: p2pkScript(pubkey),
  height: 1,
})
const oracle = buildOraclesCreate(
  { name: 'RULE', description: 'd', format: 'L' },
  { pubkey, utxos: [coin('33', 10n ** 8n)], height: 10 },
)
const baton: Utxo = {
  txid: '44'.repeat(32),
  vout: 1,
  satoshis: 10000n,
  script: ccScript(cc1of1(0xec, batonPubkey(priv))),
  height: 11,
}

describe('AddOracleInputs: one table (from src/cc/oracles.cpp) against every caller', () => {
  test.each(CASES)('the rule: $name', (c) => {
    const cands = c.values.map((satoshis, i) => ({ satoshis, i }))
    expect(addOracleInputs(cands, c.datafee, ORACLES_DATA_MAX_INPUTS, () => true).inputs.map((u) => u.i)).toEqual(
      c.taken,
    )
  })
  // (a data transaction spending 60 subscription outputs is over oraclesdata's 10000-byte limit: another rule)
  test.each(CASES.filter((c) => c.taken.length < 60))("buildOraclesData's re-check: $name", (c) => {
    const subs: Utxo[] = c.values.map((satoshis, i) => ({
      txid: (0x500 + i).toString(16).padStart(64, '0'),
      vout: 0,
      satoshis,
      script: ccScript(cc1of1(0xec, pubkey)),
      height: 11,
    }))
    const run = () =>
      buildOraclesData(
        { oracletxid: oracle.txid, hexstr: encodeOracleData('L', [7n]) },
        { pubkey, utxos: [coin('66', 10n ** 8n)], height: 12, privateKey: priv },
        { oracle: oracle.tx, datafee: c.datafee, baton, subscriptions: subs },
      )
    if (sumOf(c) < c.datafee) {
      expect(run).toThrow(expect.objectContaining({ code: 'INSUFFICIENT_FUNDS' }))
      return
    }
    const r = run()
    const ids = new Set(subs.map((u) => u.txid))
    const got = r.tx.vin.filter((v) => ids.has(v.txid)).map((v) => subs.findIndex((u) => u.txid === v.txid))
    expect(got).toEqual(c.taken)
  })
  test.each(CASES)("the publisher's samplesPaid (the next sample): $name", (c) => {
    expect(samplesPaid(c.values, c.datafee, 1)).toBe(sumOf(c) >= c.datafee ? 1 : 0)
  })
})
