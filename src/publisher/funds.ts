// How many samples a set of subscription outputs pays for, as `oraclesdata` spends them (spec 5.8): inputs taken
// in order until they cover the datafee (at most 60), the change (inputs − datafee) back as a new output that a later
// sample may spend when it is at least 10000 sat.

import { KomodoCcError } from '../errors.js'
import {
  addOracleInputs,
  ORACLES_DATA_MAX_INPUTS,
  ORACLES_MIN_INPUT as MIN_INPUT,
} from '../modules/oracles/add-inputs.js'

/**
 * The number of samples the subscription outputs `values` (in the order the builder takes them) pay at `datafee`
 * each, counted up to `limit` (default 100000; more is reported as `limit`).
 * @example samplesPaid([30000n], 10000n) // 3
 */
export function samplesPaid(values: readonly bigint[], datafee: bigint, limit = 100_000): number {
  if (!Array.isArray(values) || !values.every((v) => typeof v === 'bigint'))
    throw new KomodoCcError('ARG_INVALID', 'values expected an array of bigint satoshis', { name: 'values' })
  if (typeof datafee !== 'bigint')
    throw new KomodoCcError('AMOUNT_INVALID', 'datafee expected a bigint of satoshis', { name: 'datafee' })
  if (!Number.isSafeInteger(limit) || limit < 0)
    throw new KomodoCcError('INT_RANGE', `limit expected a non-negative integer, got ${String(limit)}`, {
      name: 'limit',
    })
  if (datafee <= 0n) return 0
  const queue = values.filter((v) => v >= MIN_INPUT)
  // a fast path for the usual case (each output alone covers a datafee): count without simulating every sample
  let n = 0
  let head = 0
  while (n < limit) {
    // AddOracleInputs(…, datafee, 60) over what is left, in order (the queue holds outputs of at least 10000 only)
    const { inputs, sum: total } = addOracleInputs(
      queue.slice(head, head + ORACLES_DATA_MAX_INPUTS).map((satoshis) => ({ satoshis })),
      datafee,
      ORACLES_DATA_MAX_INPUTS,
      () => true,
    )
    head += inputs.length
    if (total < datafee) break
    n++
    const change = total - datafee
    if (change >= MIN_INPUT) {
      // many samples from this one output at once: it pays floor((change − remainder)/datafee) more alone
      if (change >= datafee && head >= queue.length) {
        let k = change / datafee
        // the last change must stay ≥ 10000 to be spent again, except that the last sample's change may be anything
        if (k > BigInt(limit - n)) k = BigInt(limit - n)
        n += Number(k)
        const rest = change - k * datafee
        if (rest >= MIN_INPUT) queue.push(rest)
        continue
      }
      queue.push(change)
    }
    if (head > 1024) {
      queue.splice(0, head)
      head = 0
    }
  }
  return Math.min(n, limit)
}
