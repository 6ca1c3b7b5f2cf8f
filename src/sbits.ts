import { KomodoCcError } from './errors.js'
import { utf8ToBytes } from './bytes/utils.js'

/**
 * The daemon's `stringbits`: the first 8 UTF-8 bytes of `name` (up to a NUL) as a little-endian u64.
 * Dice and rewards identify plans by this value; names longer than 8 bytes are truncated here, exactly as the
 * daemon's function does (its RPCs refuse them first — use {@link assertPlanName} for that check).
 * @throws KomodoCcError ARG_INVALID when `name` is not a string
 * @example sbits('DICE') // 1162037572n
 */
export function sbits(name: string): bigint {
  if (typeof name !== 'string')
    throw new KomodoCcError('ARG_INVALID', `sbits name expected a string, got ${typeof name}`)
  let lo = 0
  let hi = 0
  const n = Math.min(8, name.length)
  let ascii = true
  for (let i = 0; i < n; i++) if (name.charCodeAt(i) >= 0x80) ascii = false
  // ASCII names (the usual case) need no UTF-8 encoding: char code = byte
  const bytes = ascii ? undefined : utf8ToBytes(name)
  const m = bytes === undefined ? n : Math.min(8, bytes.length)
  for (let i = 0; i < m; i++) {
    const b = bytes === undefined ? name.charCodeAt(i) : bytes[i]!
    if (b === 0) break
    if (i < 4) lo += b * 2 ** (8 * i)
    else hi += b * 2 ** (8 * (i - 4))
  }
  return hi === 0 ? BigInt(lo) : BigInt(hi) * 4294967296n + BigInt(lo)
}

/**
 * The daemon's `unstringbits`: bytes of `bits` from least significant, stopping at the first zero byte.
 * Bytes are read as UTF-8 (invalid sequences become U+FFFD, as a JSON client of the daemon sees them).
 * @throws KomodoCcError INT_RANGE when `bits` is not a u64 bigint
 * @example unsbits(1162037572n) // 'DICE'
 */
export function unsbits(bits: bigint): string {
  if (typeof bits !== 'bigint' || bits < 0n || bits > 0xffffffffffffffffn)
    throw new KomodoCcError(
      'INT_RANGE',
      `sbits expected a u64 bigint, got ${typeof bits === 'bigint' ? `${bits}n` : typeof bits}`,
    )
  const out: number[] = []
  let v = bits
  for (let i = 0; i < 8; i++) {
    const b = Number(v & 0xffn)
    if (b === 0) break
    out.push(b)
    v >>= 8n
  }
  return new TextDecoder('utf-8', { fatal: false }).decode(new Uint8Array(out))
}

/** The daemon's plan-name rule for dice and rewards RPCs. */
export const PLAN_NAME_ERROR = 'Plan name can be at most 8 ASCII characters'

/**
 * Refuses a plan name longer than 8 UTF-8 bytes, as every dice and rewards RPC does; the daemon's text is in
 * `details.daemonError`.
 * @throws KomodoCcError BUILD_PARAMS
 * @example assertPlanName('DICE')
 */
export function assertPlanName(name: string): string {
  if (typeof name !== 'string')
    throw new KomodoCcError('ARG_INVALID', `plan name expected a string, got ${typeof name}`)
  const n = utf8ToBytes(name).length
  if (n > 8)
    throw new KomodoCcError('BUILD_PARAMS', `plan name is ${n} bytes, at most 8 allowed`, {
      daemonError: PLAN_NAME_ERROR,
      length: n,
    })
  return name
}
