import { KomodoCcError } from '../errors.js'
import { curvePubkey } from '../cctx/pubkey.js'
import { amountArg, coinsText, daemonParseCoins, formatCoins } from '../amount.js'
import type { AmountArg, AmountUnit } from '../amount.js'

// Parameter converters: the modules read every parameter as a JSON string (spec 1.10), so typed values are turned
// into the exact text the daemon will read back as the intended value. Refusals are ARG_INVALID / AMOUNT_*.

const TXID_RE = /^[0-9a-fA-F]{64}$/
const PUBKEY_RE = /^0[23][0-9a-fA-F]{64}$/
const ADDRESS_RE = /^[1-9A-HJ-NP-Za-km-z]{25,40}$/

function invalid(name: string, what: string): never {
  throw new KomodoCcError('ARG_INVALID', `${name} ${what}`, { name })
}

/**
 * @internal 64 hex digits: the daemon silently turns anything else into the zero txid. @example txidParam(tokenid,
 * 'tokenid') // the same 64 hex digits, or ARG_INVALID
 */
export function txidParam(v: unknown, name: string): string {
  if (typeof v !== 'string' || !TXID_RE.test(v)) invalid(name, 'must be a txid: 64 hex digits (display order)')
  return v
}

/**
 * @internal compressed public key, 66 hex digits, a point on the curve (PUBKEY_INVALID otherwise: the daemon would
 * build outputs to it that nothing can spend) @example pubkeyParam('02…', 'destpubkey')
 */
export function pubkeyParam(v: unknown, name: string): string {
  if (typeof v !== 'string' || !PUBKEY_RE.test(v))
    invalid(name, 'must be a compressed public key: 66 hex digits starting 02 or 03')
  curvePubkey(v, name)
  return v
}

/** @internal non-empty text, at most `maxBytes` UTF-8 bytes @example textParam('NYWTHR', 'name', 32) */
export function textParam(v: unknown, name: string, maxBytes = 10000, allowEmpty = false): string {
  if (typeof v !== 'string') invalid(name, 'must be a string')
  const len = new TextEncoder().encode(v).length
  if (!allowEmpty && len === 0) invalid(name, 'must not be empty')
  if (len > maxBytes) invalid(name, `must be at most ${maxBytes} bytes, got ${len}`)
  return v
}

/** @internal even-length hex text @example hexParam('0a00', 'hexstr') */
export function hexParam(v: unknown, name: string): string {
  if (typeof v !== 'string' || v.length === 0 || v.length % 2 !== 0 || !/^[0-9a-fA-F]*$/.test(v))
    invalid(name, 'must be non-empty hex of even length')
  return v
}

/** @internal integer in [min, max], sent as decimal text (the daemon reads it with atoi/atol) @example intParam(7, 'odds', 1, 9999) // '7' */
export function intParam(v: unknown, name: string, min: number, max: number): string {
  if (typeof v === 'bigint') {
    if (v < BigInt(min) || v > BigInt(max)) invalid(name, `must be an integer ${min}..${max}`)
    return v.toString()
  }
  if (typeof v !== 'number' || !Number.isSafeInteger(v) || v < min || v > max)
    invalid(name, `must be an integer ${min}..${max}`)
  return String(v)
}

/**
 * @internal An amount parameter of a module RPC as the text the daemon reads back as exactly the amount meant: read
 * with {@link amountArg} and its unit (a string as komodo-cli reads that parameter, a bigint in the smallest unit, a JS
 * number refused), then written for the daemon's parser: whole digits for `units` and `datafee` (`atoll`/`atol`), and
 * for `coins` and `percent` (`atof × COIN`, with and without the addend) the shortest exact decimal when the daemon's
 * truncation returns it unchanged, else with half a satoshi appended ("1.150000005" for 1.15, which the daemon would
 * read as 114999999 sat).
 * @example amountTextParam('1.15', 'amount', 'coins') // '1.150000005'
 * @example amountTextParam('250', 'amount', 'units') // '250'
 */
export function amountTextParam(v: unknown, name: string, unit: AmountUnit, options: { min?: bigint } = {}): string {
  const sats = amountArg(v, name, unit)
  if (options.min !== undefined && sats < options.min)
    throw new KomodoCcError(
      'AMOUNT_RANGE',
      unit === 'coins' || unit === 'percent'
        ? `${name} must be at least ${formatCoins(options.min)} ${unit}`
        : `${name} must be at least ${options.min} ${unit === 'units' ? 'units' : 'satoshis'}`,
      { name },
    )
  if (unit === 'units' || unit === 'datafee') return sats.toString()
  return daemonExactText(sats, name, unit === 'coins')
}

/**
 * @internal {@link amountTextParam} for coins (`fudge: false`: a percentage, read without the daemon's addend).
 * @example coinsParam('1.15', 'amount') // '1.150000005'
 */
export function coinsParam(v: AmountArg, name: string, options: { fudge?: boolean; min?: bigint } = {}): string {
  return amountTextParam(v, name, options.fudge === false ? 'percent' : 'coins', options)
}

/** @internal @example daemonExactText(115000000n, 'amount', true) // '1.150000005' */
export function daemonExactText(sats: bigint, name: string, fudge: boolean): string {
  const exact = coinsText(sats)
  if (daemonParseCoins(exact, { fudge }) === sats) return exact
  const nudged = formatCoins(sats) + '5'
  if (daemonParseCoins(nudged, { fudge }) === sats) return nudged
  throw new KomodoCcError(
    'AMOUNT_RANGE',
    `${name}: the daemon cannot read ${formatCoins(sats)} coins exactly (double precision)`,
    { name },
  )
}

/** @internal plan names (the modules' sbits names): at most 8 bytes @example planNameParam('FREE', 'name') */
export function planNameParam(v: unknown, name: string): string {
  return textParam(v, name, 8)
}

/** @internal a base58 address (the daemon's address index takes it as given) @example addressParam('RJXkCF7…', 'addresses[0]') */
export function addressParam(v: unknown, name: string): string {
  if (typeof v !== 'string' || !ADDRESS_RE.test(v)) invalid(name, 'must be a base58 address')
  return v
}

/**
 * @internal a trailing optional parameter: none when undefined, else the converted value @example optionalParam(pubkey,
 * (p) => pubkeyParam(p, 'pubkey')) // [] or ['02…']
 */
export function optionalParam(v: string | undefined, convert: (x: string) => string): string[] {
  return v === undefined ? [] : [convert(v)]
}

/**
 * @internal The `name fundingtxid amount` head of the plan RPCs (funding, locking, betting): a plan name, the plan's
 * funding txid and an amount of at least 1 satoshi, in coins.
 * @example planAmountParams('FREE', fundingtxid, '10') // ['FREE', fundingtxid, '10']
 */
export function planAmountParams(name: unknown, fundingtxid: unknown, amount: AmountArg): string[] {
  return [planNameParam(name, 'name'), txidParam(fundingtxid, 'fundingtxid'), coinsParam(amount, 'amount', { min: 1n })]
}

/**
 * @internal The `name fundingtxid [txid]` parameters of the plan RPCs that act on one of the plan's transactions
 * (its status, an unlock): a plan name, the plan's funding txid, then the optional txid under its own name.
 * @example planTxidParams('FREE', fundingtxid, undefined, 'txid') // ['FREE', fundingtxid]
 */
export function planTxidParams(name: unknown, fundingtxid: unknown, txid: string | undefined, key: string): string[] {
  return [
    planNameParam(name, 'name'),
    txidParam(fundingtxid, 'fundingtxid'),
    ...optionalParam(txid, (t) => txidParam(t, key)),
  ]
}
