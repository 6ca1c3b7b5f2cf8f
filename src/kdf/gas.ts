import { KomodoCcError } from '../errors.js'
import type { GasStationPolicy } from './request.js'

/** A gas-station reply: `average` (Matic stations call it `standard`) and `fast`, in station units. */
export type GasStationReply = { average?: number | string; standard?: number | string; fast: number | string }

const WEI_PER_GWEI = 1_000_000_000n

/**
 * Station units → wei, exactly: `wei = value × 10^decimals`, truncated to a whole wei (KDF's rule; 8 decimals is
 * the ETH gas station, where 10 units are 1 gwei; 9 decimals is the Matic station, 1 unit = 1 gwei).
 * @param value - station value, a non-negative decimal number or decimal string
 * @param decimals - `gas_station_decimals`, integer 0..18 (KDF default 8)
 * @throws KomodoCcError KDF_PARAMS
 * @example gasStationToWei(860, 8) // 86000000000n
 */
export function gasStationToWei(value: number | string, decimals = 8): bigint {
  const [units, scale] = parseDecimal(value, 'value')
  const d = checkDecimals(decimals)
  return d >= scale ? units * 10n ** BigInt(d - scale) : units / 10n ** BigInt(scale - d)
}

/**
 * Station units → gwei as exact decimal text (`'86'`, `'0.5'`).
 * @throws KomodoCcError KDF_PARAMS
 * @example gasStationToGwei(860, 8) // '86'
 * @example gasStationToGwei(860, 9) // '860'
 */
export function gasStationToGwei(value: number | string, decimals = 8): string {
  return weiToGweiText(gasStationToWei(value, decimals))
}

/**
 * The gas price a KDF with gas stations derived from a station reply, in wei:
 * `MeanAverageFast` (default) = (average + fast) / 2, `Average` = average; then `× 10^decimals`, truncated.
 * @throws KomodoCcError KDF_PARAMS
 * @example gasStationPrice({ average: 500, fast: 1000 }, 'MeanAverageFast', 8) // 75000000000n (75 gwei)
 * @example gasStationPrice({ average: 500, fast: 1000 }, 'Average', 9) // 500000000000n (500 gwei)
 */
export function gasStationPrice(
  reply: GasStationReply,
  policy: GasStationPolicy = 'MeanAverageFast',
  decimals = 8,
): bigint {
  if (typeof reply !== 'object' || reply === null)
    throw new KomodoCcError('KDF_PARAMS', 'gas station reply must be an object', { field: 'reply' })
  const avgRaw = reply.average ?? reply.standard
  if (avgRaw === undefined)
    throw new KomodoCcError('KDF_PARAMS', 'gas station reply has neither average nor standard', { field: 'average' })
  const d = checkDecimals(decimals)
  const [a, as] = parseDecimal(avgRaw, 'average')
  if (policy === 'Average') return gasStationToWei(avgRaw, d)
  if (policy !== 'MeanAverageFast')
    throw new KomodoCcError('KDF_PARAMS', 'policy must be MeanAverageFast or Average', { field: 'policy' })
  const [f, fs] = parseDecimal(reply.fast, 'fast')
  const scale = Math.max(as, fs)
  const sum = a * 10n ** BigInt(scale - as) + f * 10n ** BigInt(scale - fs)
  // (sum / 10^scale / 2) × 10^d, truncated once at the end
  const num = sum * 10n ** BigInt(d)
  return num / (2n * 10n ** BigInt(scale))
}

/**
 * KDF's last step when it used a station price: add 10 %, at least 1 gwei (`increase_by_percent_one_gwei`).
 * @example bumpGasPrice(75000000000n) // 82500000000n
 */
export function bumpGasPrice(wei: bigint): bigint {
  if (typeof wei !== 'bigint' || wei < 0n)
    throw new KomodoCcError('KDF_PARAMS', 'wei must be a non-negative bigint', { field: 'wei' })
  const tenth = wei / 10n
  return wei + (tenth > WEI_PER_GWEI ? tenth : WEI_PER_GWEI)
}

function weiToGweiText(wei: bigint): string {
  const whole = wei / WEI_PER_GWEI
  const frac = (wei % WEI_PER_GWEI).toString().padStart(9, '0').replace(/0+$/, '')
  return frac === '' ? whole.toString() : `${whole}.${frac}`
}

function checkDecimals(d: unknown): number {
  if (typeof d !== 'number' || !Number.isInteger(d) || d < 0 || d > 18)
    throw new KomodoCcError('KDF_PARAMS', 'gas_station_decimals must be an integer 0..18', {
      field: 'gas_station_decimals',
    })
  return d
}

/** Non-negative decimal → [integer units, scale]. Numbers go through their shortest decimal text (exact for JSON). */
function parseDecimal(v: unknown, name: string): [bigint, number] {
  let text: string
  if (typeof v === 'number') {
    if (!Number.isFinite(v) || v < 0)
      throw new KomodoCcError('KDF_PARAMS', `${name} must be a finite non-negative number`, { field: name })
    text = plainDecimal(v)
  } else if (typeof v === 'string') text = v
  else throw new KomodoCcError('KDF_PARAMS', `${name} must be a number or decimal string`, { field: name })
  const m = /^(\d+)(?:\.(\d+))?$/.exec(text)
  if (m === null) throw new KomodoCcError('KDF_PARAMS', `${name} is not a plain non-negative decimal`, { field: name })
  const frac = m[2] ?? ''
  return [BigInt(m[1]! + frac), frac.length]
}

function plainDecimal(v: number): string {
  const s = String(v)
  if (!/e/i.test(s)) return s
  // expand exponent notation exactly from the shortest representation
  const [mant, expText] = s.toLowerCase().split('e') as [string, string]
  const exp = Number(expText)
  const [i, f = ''] = mant.split('.') as [string, string?]
  const digits = i + f
  const point = i.length + exp
  if (point <= 0) return `0.${'0'.repeat(-point)}${digits}`
  if (point >= digits.length) return digits + '0'.repeat(point - digits.length)
  return `${digits.slice(0, point)}.${digits.slice(point)}`
}
