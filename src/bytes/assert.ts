import { KomodoCcError } from '../errors.js'
import { hexToBytes, typeName } from './hex.js'

/**
 * Checks that `v` is a Uint8Array (of `length` bytes, when given); the message names the argument.
 * @throws KomodoCcError BYTES_TYPE | BYTES_LENGTH
 * @example assertBytes(txidBytes, 32, 'txid')
 */
export function assertBytes(v: unknown, length: number | undefined, name: string): Uint8Array {
  if (!(v instanceof Uint8Array))
    throw new KomodoCcError('BYTES_TYPE', `${name} expected a Uint8Array, got ${typeName(v)}`, { name })
  if (length !== undefined && v.length !== length)
    throw new KomodoCcError('BYTES_LENGTH', `${name} expected ${length} bytes, got ${v.length}`, {
      name,
      expected: length,
      got: v.length,
    })
  return v
}

/**
 * Accepts bytes or a hex string (for keys and similar user inputs) and returns bytes.
 * @throws KomodoCcError BYTES_TYPE | BYTES_LENGTH | HEX_INVALID
 * @example bytesOrHex('02ab…', 33, 'pubkey')
 */
export function bytesOrHex(v: unknown, length: number | undefined, name: string): Uint8Array {
  if (typeof v === 'string') return assertBytes(hexToBytes(v, name), length, name)
  return assertBytes(v, length, name)
}

/**
 * Checks an integer in [min, max] (JS number, safe integer).
 * @throws KomodoCcError INT_RANGE
 * @example assertInt(vout, 0, 0xffffffff, 'vout')
 */
export function assertInt(v: unknown, min: number, max: number, name: string): number {
  if (typeof v !== 'number' || !Number.isInteger(v) || v < min || v > max)
    throw new KomodoCcError('INT_RANGE', `${name} expected an integer in ${min}..${max}, got ${describe(v)}`, {
      name,
      min,
      max,
      got: describe(v),
    })
  return v
}

/** u8 check. @example assertU8(0xec, 'eval') */
export const assertU8 = (v: unknown, name: string): number => assertInt(v, 0, 0xff, name)
/** u16 check. @example assertU16(1, 'n') */
export const assertU16 = (v: unknown, name: string): number => assertInt(v, 0, 0xffff, name)
/** u32 check. @example assertU32(0, 'vout') */
export const assertU32 = (v: unknown, name: string): number => assertInt(v, 0, 0xffffffff, name)

/**
 * Checks a bigint in [min, max].
 * @throws KomodoCcError INT_RANGE
 * @example assertBigInt(5n, 0n, 2n ** 64n - 1n, 'sbits')
 */
export function assertBigInt(v: unknown, min: bigint, max: bigint, name: string): bigint {
  if (typeof v !== 'bigint' || v < min || v > max)
    throw new KomodoCcError('INT_RANGE', `${name} expected a bigint in ${min}..${max}, got ${describe(v)}`, {
      name,
      min: String(min),
      max: String(max),
      got: describe(v),
    })
  return v
}

/**
 * Checks a boolean option (options that loosen a rule are explicit booleans).
 * @throws KomodoCcError ARG_INVALID
 * @example assertBool(opts.allowOversize ?? false, 'allowOversize')
 */
export function assertBool(v: unknown, name: string): boolean {
  if (typeof v !== 'boolean')
    throw new KomodoCcError('ARG_INVALID', `${name} expected a boolean, got ${describe(v)}`, { name })
  return v
}

/** @internal short, secret-free description of a value for messages */
export function describe(v: unknown): string {
  if (typeof v === 'bigint') return `${v}n`
  if (typeof v === 'number') return String(v)
  if (typeof v === 'string') return v.length > 40 ? `string(${v.length})` : JSON.stringify(v)
  return typeName(v)
}
