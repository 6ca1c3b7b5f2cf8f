import { KomodoCcError } from '../errors.js'
import type { Utxo } from './types.js'

/**
 * The daemon's normal-input selection (`AddNormalinputs`, komodo src/cc/CCtx.cpp): ignore coins below
 * `total / maxInputs`, collect candidates in the given order until they reach `total` or `maxInputs` are collected,
 * then repeatedly take an exact match for what is still needed, else the smallest coin at or above it, else the
 * largest below it. Fed the coins in the node's order it picks what the node picks; any order gives a valid choice.
 * @returns the chosen coins in selection order, or `null` when they cannot reach `total`
 * @throws KomodoCcError INT_RANGE | AMOUNT_INVALID on malformed arguments
 * @example selectNormalInputs(utxos, 30000n, 3)
 */
export function selectNormalInputs(utxos: readonly Utxo[], total: bigint, maxInputs: number): Utxo[] | null {
  if (typeof total !== 'bigint' || total < 0n) throw new KomodoCcError('AMOUNT_INVALID', 'total expected a non-negative bigint', { name: 'total' })
  if (!Number.isInteger(maxInputs) || maxInputs < 1) throw new KomodoCcError('INT_RANGE', `maxInputs expected a positive integer, got ${String(maxInputs)}`)
  if (total === 0n) return []
  const threshold = total / BigInt(maxInputs)
  const candidates: Utxo[] = []
  let sum = 0n
  for (const u of utxos) {
    if (u.satoshis < threshold || u.satoshis <= 0n) continue
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
    const [u] = pool.splice(pick, 1)
    chosen.push(u!)
    need -= u!.satoshis
  }
  return need <= 0n ? chosen : null
}
