import { KomodoCcError } from '../../errors.js'
import { bytesOrHex } from '../../bytes/assert.js'
import { sha256 } from '../../hash/index.js'
import { concatBytes } from '../../bytes/utils.js'
import { formatCoins } from '../../amount.js'

/** The dice transaction fee; a bet's vout2 carries `txfee + odds`. */
const DICE_TXFEE = 10000n

/** Inputs of {@link diceOutcome}: the bet transaction's values, the plan limits and the two revealed entropies. */
export type DiceOutcomeInput = {
  /** Bet amount in satoshis (the bet transaction's vout1). */
  bet: bigint
  /** The bet transaction's vout2 value (10000 + odds satoshis): the odds are carried only there. */
  vout2Value: bigint
  /** Plan limits from the 'F' opret. */
  minbet: bigint
  maxbet: bigint
  maxodds: bigint | number
  /** House entropy: the 32 bytes of the W/L opret's `proof` field, as stored (raw, not reversed); bytes or hex. */
  houseEntropy: Uint8Array | string
  /** Bettor entropy: the 32 bytes of the bet opret's `hash` field, as stored; bytes or hex. */
  bettorEntropy: Uint8Array | string
}

/** What {@link diceOutcome} computes, exactly as the daemon's `DiceCalc`. */
export type DiceOutcome = {
  win: boolean
  /** odds = vout2 − 10000 (0 when vout2 ≤ 10000). */
  odds: number
  /** Paid to the bettor on a win: bet × (odds + 1); 0 on a loss. */
  payout: bigint
  /** The draw compared with the threshold (odds ≥ 2), or null when no draw was made. */
  modval: number | null
  /** floor(10000 / (odds + 1)): the bettor wins when modval is below it (odds ≥ 2). */
  threshold: number | null
  /** The daemon's error text when the bet violates the plan (then the bet can only be settled as a loss). */
  daemonError?: string
}

/**
 * Computes a dice bet's outcome from the two entropies exactly as komodod's `DiceCalc`, so a bettor can verify the
 * house's W/L answer: h = sha256(H‖B), b = sha256(B‖H); for odds ≥ 2 the first of twelve 20-bit groups of
 * sha256(h‖b) below 1,000,000 gives modval = m mod 10000, a win iff modval < floor(10000/(odds+1)); for odds = 1 a
 * win iff b ≥ h as little-endian 256-bit integers. A bet outside [minbet, maxbet] or above maxodds loses.
 * @throws KomodoCcError BYTES_TYPE | BYTES_LENGTH | HEX_INVALID | AMOUNT_INVALID
 * @example diceOutcome({ bet: 100000000n, vout2Value: 10002n, minbet: 1n, maxbet: 10n ** 10n, maxodds: 10, houseEntropy, bettorEntropy }).win
 */
export function diceOutcome(input: DiceOutcomeInput): DiceOutcome {
  if (typeof input !== 'object' || input === null)
    throw new KomodoCcError('ARG_INVALID', 'diceOutcome expects an object')
  const H = bytesOrHex(input.houseEntropy, 32, 'houseEntropy')
  const B = bytesOrHex(input.bettorEntropy, 32, 'bettorEntropy')
  for (const k of ['bet', 'vout2Value', 'minbet', 'maxbet'] as const)
    if (typeof input[k] !== 'bigint')
      throw new KomodoCcError('AMOUNT_INVALID', `${k} expected a bigint of satoshis`, { name: k })
  const maxodds = BigInt(input.maxodds)
  const { bet, vout2Value, minbet, maxbet } = input
  const lose = (
    odds: number,
    daemonError?: string,
    modval: number | null = null,
    threshold: number | null = null,
  ): DiceOutcome =>
    daemonError === undefined
      ? { win: false, odds, payout: 0n, modval, threshold }
      : { win: false, odds, payout: 0n, modval, threshold, daemonError }
  if (vout2Value <= DICE_TXFEE) return lose(0)
  const oddsBig = vout2Value - DICE_TXFEE
  const odds = Number(oddsBig)
  if (bet < minbet || bet > maxbet) return lose(odds, `bet size violation ${formatCoins(bet)}`)
  if (oddsBig > maxodds) return lose(odds, `invalid odds ${odds}, must be <= ${maxodds}`)
  const h = sha256(concatBytes(H, B))
  const b = sha256(concatBytes(B, H))
  if (odds >= 2) {
    if (odds > 9999) return lose(odds)
    const x = sha256(concatBytes(h, b))
    let modval = 0
    for (let i = 0; i < 12; i++) {
      let m = 0
      for (let k = 0; k < 5; k++) {
        const nib = 5 * i + k
        const byte = x[nib >> 1]!
        m = (m << 4) | ((nib & 1) === 0 ? byte >> 4 : byte & 15)
      }
      modval = m
      if (m < 1000000) {
        modval = m % 10000
        break
      }
    }
    const threshold = Math.floor(10000 / (odds + 1))
    const win = modval < threshold
    return { win, odds, payout: win ? bet * (oddsBig + 1n) : 0n, modval, threshold }
  }
  // odds = 1: compare b and h as little-endian integers (last byte most significant)
  let cmp = 0
  for (let i = 31; i >= 0 && cmp === 0; i--) cmp = b[i]! - h[i]!
  const win = cmp >= 0
  return { win, odds, payout: win ? bet * 2n : 0n, modval: null, threshold: null }
}
