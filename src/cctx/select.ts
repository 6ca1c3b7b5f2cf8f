import { KomodoCcError } from '../errors.js'
import { OutpointSet } from './outpoints.js'
import type { Utxo } from './types.js'

/**
 * The daemon's normal-input selection (`AddNormalinputs`, komodo src/cc/CCtx.cpp): ignore coins below
 * `total / maxInputs`, collect candidates in the given order until they reach `total` or `maxInputs` are collected,
 * then repeatedly take an exact match for what is still needed, else the smallest coin at or above it, else the
 * largest below it (the first such in the candidates' order, a taken coin's place filled by the last candidate, as
 * `CC_vinselect` and its caller do). Fed the coins in the node's order it picks what the node picks; any order gives a valid choice.
 * `options.threshold: false` drops the per-coin minimum, as Tokel's gatherers do.
 * A coin listed twice counts once (the later copy is skipped); the same outpoint with another value or script is
 * refused (`BUILD_INPUTS`, naming it).
 * @returns the chosen coins in selection order, or `null` when they cannot reach `total`
 * @throws KomodoCcError INT_RANGE | AMOUNT_INVALID on malformed arguments | BUILD_INPUTS
 * @example selectNormalInputs(utxos, 30000n, 3)
 */
export function selectNormalInputs(
  utxos: readonly Utxo[],
  total: bigint,
  maxInputs: number,
  list = 'utxos',
  options: { threshold?: boolean } = {},
): Utxo[] | null {
  if (typeof total !== 'bigint' || total < 0n)
    throw new KomodoCcError('AMOUNT_INVALID', 'total expected a non-negative bigint', { name: 'total' })
  if (!Number.isInteger(maxInputs) || maxInputs < 1)
    throw new KomodoCcError('INT_RANGE', `maxInputs expected a positive integer, got ${String(maxInputs)}`)
  if (total === 0n) return []
  // Tokel's AddNormalinputsLocal/Remote have the threshold commented out (`threshold: false`)
  const threshold = options.threshold === false ? 0n : total / BigInt(maxInputs)
  const candidates: Utxo[] = []
  const seen = new OutpointSet()
  let sum = 0n
  for (const u of utxos) {
    if (u.satoshis < threshold || u.satoshis <= 0n || !seen.take(u, list)) continue
    candidates.push(u)
    sum += u.satoshis
    if (sum >= total || candidates.length >= maxInputs) break
  }
  if (sum < total) return null
  const chosen: Utxo[] = []
  let need = total
  const pool = candidates.slice()
  while (need > 0n && pool.length > 0) {
    let pick = pool.findIndex((u) => u.satoshis === need)
    if (pick < 0) {
      let above = -1
      let below = -1
      pool.forEach((u, i) => {
        if (u.satoshis >= need) {
          if (above < 0 || u.satoshis < pool[above]!.satoshis) above = i
        } else if (below < 0 || u.satoshis > pool[below]!.satoshis) below = i
      })
      pick = above >= 0 ? above : below
    }
    const u = pool[pick]!
    // the daemon fills the taken slot with the last candidate (`utxos[ind] = utxos[--n]`): later ties break on that
    pool[pick] = pool[pool.length - 1]!
    pool.pop()
    chosen.push(u)
    need -= u.satoshis
  }
  return need <= 0n ? chosen : null
}
