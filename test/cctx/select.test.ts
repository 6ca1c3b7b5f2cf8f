// selectNormalInputs against komodod's AddNormalinputs (src/cc/CCtx.cpp): collect in the given order until the total
// or maxinputs, then CC_vinselect repeatedly; its caller moves the last candidate into the taken slot
// (`utxos[ind] = utxos[--n]`), so a later tie breaks on that order. The expected picks are worked out by hand here.
import { describe, expect, test } from 'vitest'
import { selectNormalInputs } from '../../src/cctx/select.js'
import type { Utxo } from '../../src/cctx/types.js'

const coin = (name: string, satoshis: bigint): Utxo => ({
  txid: name.repeat(64).slice(0, 64),
  vout: 0,
  satoshis,
  script: new Uint8Array([0x51]),
})
const names = (l: Utxo[] | null) => l?.map((u) => u.txid[0]) ?? null

describe('selectNormalInputs: the vinselect loop as komodod runs it', () => {
  test('a tie after a pick breaks on the candidate moved into the taken slot', () => {
    // total 10, maxinputs 3 (threshold 3): a(5), b(3), c(3) are collected (5 + 3 + 3 ≥ 10).
    // need 10: no exact, none above, the largest below: a → slots [c, b]
    // need 5: none above, the largest below, first of the tie: c (not b) → slots [b]
    // need 2: b is above
    expect(names(selectNormalInputs([coin('a', 5n), coin('b', 3n), coin('c', 3n)], 10n, 3))).toEqual(['a', 'c', 'b'])
  })

  test('an exact match wins; otherwise the smallest above; collection stops at the total', () => {
    // threshold 2: a(4) then b(7) reach 6, so c (an exact 6) is never collected; need 6: the smallest above is b
    expect(names(selectNormalInputs([coin('a', 4n), coin('b', 7n), coin('c', 6n)], 6n, 3))).toEqual(['b'])
    expect(names(selectNormalInputs([coin('a', 6n), coin('b', 7n)], 6n, 3))).toEqual(['a'])
  })

  test('short of the total: null', () => {
    expect(selectNormalInputs([coin('a', 2n), coin('b', 2n)], 5n, 3)).toBeNull()
  })
})
