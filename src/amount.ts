import { KomodoCcError } from './errors.js'
import { describe } from './bytes/assert.js'

/** Satoshis per coin. */
export const COIN = 100_000_000n
/** Largest satoshi amount representable on the wire (int64). */
export const MAX_SATOSHIS = 0x7fffffffffffffffn
/**
 * `MAX_MONEY` (komodod amount.h): the most satoshis one output, a transaction's outputs or its inputs may hold —
 * 200 million coins. Builders refuse anything above it (`AMOUNT_RANGE`), as consensus does.
 * @example MAX_MONEY // 20000000000000000n
 */
export const MAX_MONEY = 200_000_000n * COIN
const INT64_MIN = -0x8000000000000000n

/** What a bn.js `BN` looks like at run time (duck-typed: bn.js itself is never imported here). */
export type BNLike = {
  /** The value as digits in `base`; read with base 10, it must print as an optional `-` then decimal digits. */
  toString(base?: number): string
  /** Whether the value is negative. Only its presence is checked (the sign is read from `toString(10)`). */
  isNeg(): boolean
  /** bn.js's two's-complement conversion. Only its presence is checked, to tell a BN from other objects. */
  toTwos(width: number): unknown
}

/**
 * An amount at the API edge. **Strings and numbers are coins** (`"1.5"`, `1.5`); **bigint and BN are satoshis**
 * (`150000000n`). Inside the library every amount is a bigint in satoshis.
 */
export type AmountInput = string | number | bigint | BNLike

/** Options for {@link toSatoshis}. */
export type ToSatoshisOptions = { allowNegative?: boolean; max?: bigint }

/**
 * Converts an amount to satoshis without floating-point loss, refusing anything inexact:
 * - string (coins): `^\d+(\.\d+)?$`, at most 8 significant decimal places (trailing zeros allowed);
 * - number (coins): finite, its shortest decimal form has ≤ 8 decimals, and the satoshi value is a safe integer
 *   (≤ 2^53 − 1, about 90 million coins — beyond that a JS number cannot say which amount was meant);
 * - bigint or bn.js BN: satoshis as given.
 * Negative amounts need `allowNegative: true`; the range is the int64 range unless `max` is given.
 * @throws KomodoCcError AMOUNT_INVALID | AMOUNT_RANGE
 * @example toSatoshis('0.0001') // 10000n
 * @example toSatoshis(1.15) // 115000000n
 * @example toSatoshis(10000n) // 10000n
 */
export function toSatoshis(value: AmountInput, name = 'amount', options: ToSatoshisOptions = {}): bigint {
  let sats: bigint
  if (typeof value === 'bigint') sats = value
  else if (typeof value === 'string') sats = decimalToSats(value, name)
  else if (typeof value === 'number') {
    if (!Number.isFinite(value))
      throw new KomodoCcError('AMOUNT_INVALID', `${name} must be a finite number of coins, got ${value}`, { name })
    sats = decimalToSats(numberToDecimal(value), name)
    if (sats > BigInt(Number.MAX_SAFE_INTEGER) || sats < -BigInt(Number.MAX_SAFE_INTEGER))
      throw new KomodoCcError(
        'AMOUNT_INVALID',
        `${name} ${value} is too large to be exact as a JS number; pass a decimal string or a bigint of satoshis`,
        { name },
      )
  } else if (isBNLike(value)) {
    const text = value.toString(10)
    if (!/^-?\d+$/.test(text))
      throw new KomodoCcError('AMOUNT_INVALID', `${name} BN did not print as an integer`, { name })
    sats = BigInt(text)
  } else
    throw new KomodoCcError(
      'AMOUNT_INVALID',
      `${name} expected a decimal string or number (coins) or a bigint/BN (satoshis), got ${describe(value)}`,
      { name },
    )
  if (sats < 0n && options.allowNegative !== true)
    throw new KomodoCcError('AMOUNT_RANGE', `${name} must not be negative, got ${sats} sat`, {
      name,
      got: String(sats),
    })
  const max = options.max ?? MAX_SATOSHIS
  if (sats > max || sats < INT64_MIN)
    throw new KomodoCcError('AMOUNT_RANGE', `${name} ${sats} sat is above the maximum ${max}`, {
      name,
      got: String(sats),
      max: String(max),
    })
  return sats
}

/**
 * Satoshis → coins as the daemon prints them (`%.8f`): `"1.50000000"`.
 * @throws KomodoCcError AMOUNT_INVALID when `sats` is not a bigint
 * @example formatCoins(150000000n) // '1.50000000'
 */
export function formatCoins(sats: bigint): string {
  if (typeof sats !== 'bigint')
    throw new KomodoCcError('AMOUNT_INVALID', `formatCoins expected a bigint of satoshis, got ${describe(sats)}`)
  const neg = sats < 0n
  const abs = neg ? -sats : sats
  return `${neg ? '-' : ''}${abs / COIN}.${(abs % COIN).toString().padStart(8, '0')}`
}

/**
 * Satoshis → coins as a JS number, as a JSON parser reads the daemon's `ValueFromAmount` text (`formatCoins`): the
 * double nearest the exact decimal. Above 2^53 satoshis (90 million coins) `Number(sats) / 1e8` rounds twice and
 * can differ from it; this does not.
 * @throws KomodoCcError AMOUNT_INVALID when `sats` is not a bigint
 * @example coinsValue(11980000014280999n) // 119800000.14280999 (Number(sats) / 1e8 gives 119800000.14281)
 */
export function coinsValue(sats: bigint): number {
  return Number(formatCoins(sats))
}

/**
 * C's `printf("%.8f", x)` of a double as glibc prints it: the double's exact binary value rounded half to even at 8
 * decimals (`toFixed(8)` rounds such ties away from zero: 1/512 gives '0.00195313' there, '0.00195312' here). For
 * daemon texts that format `(double)sats / COIN`; `nan`, `inf` and `-inf` as glibc prints them.
 * @example daemonFormatDouble(Number(11980000014280999n) / 1e8) // '119800000.14281000'
 */
export function daemonFormatDouble(x: number): string {
  if (typeof x !== 'number')
    throw new KomodoCcError('AMOUNT_INVALID', `daemonFormatDouble expected a number, got ${describe(x)}`)
  if (Number.isNaN(x)) return 'nan'
  if (!Number.isFinite(x)) return x > 0 ? 'inf' : '-inf'
  const neg = x < 0 || Object.is(x, -0)
  // |x| = m · 2^e exactly (m < 2^53), read from the IEEE 754 bits
  const view = new DataView(new ArrayBuffer(8))
  view.setFloat64(0, Math.abs(x))
  const hi = view.getUint32(0)
  const biased = hi >>> 20
  let m = (BigInt(hi & 0xfffff) << 32n) | BigInt(view.getUint32(4))
  if (biased !== 0) m |= 1n << 52n
  const e = (biased === 0 ? 1 : biased) - 1075
  // |x| · 10^8, rounded half to even
  let scaled: bigint
  if (e >= 0) scaled = (m * COIN) << BigInt(e)
  else {
    const n = m * COIN
    const shift = BigInt(-e)
    scaled = n >> shift
    const twice = (n - (scaled << shift)) << 1n
    const half = 1n << shift
    if (twice > half || (twice === half && (scaled & 1n) === 1n)) scaled += 1n
  }
  return (neg ? '-' : '') + formatCoins(scaled)
}

/**
 * Satoshis → the shortest exact decimal text of coins (`"1.5"`, `"0.0001"`), what an RPC parameter should carry.
 * @example coinsText(10000n) // '0.0001'
 */
export function coinsText(sats: bigint): string {
  return formatCoins(sats).replace(/\.?0+$/, '')
}

function decimalToSats(text: string, name: string): bigint {
  const m = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text)
  if (m === null)
    throw new KomodoCcError('AMOUNT_INVALID', `${name} ${describe(text)} is not a plain decimal number of coins`, {
      name,
    })
  const [, sign, whole, frac = ''] = m
  // trailing zeros trimmed by a scan: /0+$/ is quadratic on a long run of zeros followed by another digit
  let end = frac.length
  while (end > 0 && frac.charCodeAt(end - 1) === 48) end--
  const significant = frac.slice(0, end)
  if (significant.length > 8)
    throw new KomodoCcError('AMOUNT_INVALID', `${name} ${describe(text)} has more than 8 decimal places`, { name })
  if (whole!.length > 20) throw new KomodoCcError('AMOUNT_RANGE', `${name} ${describe(text)} is out of range`, { name })
  const sats = BigInt(whole!) * COIN + BigInt(significant.padEnd(8, '0'))
  return sign === '-' ? -sats : sats
}

function numberToDecimal(n: number): string {
  const s = String(n)
  const m = /^(-?)(\d+)(?:\.(\d+))?e([+-]\d+)$/.exec(s)
  if (m === null) return s
  const [, sign, whole, frac = '', expText] = m
  const exp = Number(expText)
  const digits = whole! + frac
  const point = whole!.length + exp
  if (point <= 0) return `${sign}0.${'0'.repeat(-point)}${digits}`
  if (point >= digits.length) return `${sign}${digits}${'0'.repeat(point - digits.length)}`
  return `${sign}${digits.slice(0, point)}.${digits.slice(point)}`
}

function isBNLike(v: unknown): v is BNLike {
  return (
    typeof v === 'object' &&
    v !== null &&
    typeof (v as BNLike).toString === 'function' &&
    typeof (v as BNLike).isNeg === 'function' &&
    typeof (v as BNLike).toTwos === 'function'
  )
}

// ---------------------------------------------------------------------------------------------------------------
// The daemon's own, lossy parsing of amount text. These reproduce what komodod does with the same string so a
// builder can warn when the daemon would read a different amount than the exact conversion above.

const C_SPACE = '[ \\t\\n\\v\\f\\r]*'
const DEC_FLOAT = new RegExp(`^${C_SPACE}([+-]?(?:\\d+\\.?\\d*|\\.\\d+)(?:[eE][+-]?\\d+)?)`)
const HEX_FLOAT = new RegExp(
  `^${C_SPACE}([+-]?)0[xX]((?:[0-9a-fA-F]+\\.?[0-9a-fA-F]*|\\.[0-9a-fA-F]+))(?:[pP]([+-]?\\d+))?`,
)
const INF_NAN = new RegExp(`^${C_SPACE}([+-]?)(inf(?:inity)?|nan)`, 'i')
const INT_PREFIX = new RegExp(`^${C_SPACE}([+-]?\\d+)`)

/**
 * C `atof`: parses the longest numeric prefix (decimal, hex float, inf, nan; leading C whitespace), 0 for garbage.
 * @example daemonAtof(' 1.5xyz') // 1.5
 */
export function daemonAtof(text: string): number {
  if (typeof text !== 'string') throw new KomodoCcError('ARG_INVALID', `expected a string, got ${describe(text)}`)
  const hex = HEX_FLOAT.exec(text)
  if (hex !== null) {
    const [, sign, body, expText] = hex
    const [intPart = '', fracPart = ''] = body!.split('.')
    let v = 0
    for (const c of intPart) v = v * 16 + parseInt(c, 16)
    let scale = 1 / 16
    for (const c of fracPart) {
      v += parseInt(c, 16) * scale
      scale /= 16
    }
    v *= 2 ** Number(expText ?? 0)
    return sign === '-' ? -v : v
  }
  const special = INF_NAN.exec(text)
  if (special !== null) {
    const v = special[2]!.toLowerCase().startsWith('inf') ? Infinity : NaN
    return special[1] === '-' ? -v : v
  }
  const dec = DEC_FLOAT.exec(text)
  return dec === null ? 0 : Number(dec[1])
}

/**
 * C `atol`/`atoll` on a 64-bit platform: optional sign and decimal digits after C whitespace; clamps on overflow
 * (glibc), 0 for garbage.
 * @example daemonAtol('1.9') // 1n
 */
export function daemonAtol(text: string): bigint {
  if (typeof text !== 'string') throw new KomodoCcError('ARG_INVALID', `expected a string, got ${describe(text)}`)
  const m = INT_PREFIX.exec(text)
  if (m === null) return 0n
  const v = BigInt(m[1]!)
  return v > MAX_SATOSHIS ? MAX_SATOSHIS : v < INT64_MIN ? INT64_MIN : v
}

/** C's double → int64 truncation on x86-64: out of range and NaN give INT64_MIN (cvttsd2si). */
function truncToInt64(x: number): bigint {
  if (!Number.isFinite(x) || x >= 9223372036854775808 || x < -9223372036854775808) return INT64_MIN
  return BigInt(Math.trunc(x))
}

/**
 * The daemon's coin-amount parsing, `(int64)(atof(text) * 100000000 + 0.00000000499999)`, in IEEE double
 * (`fudge: false` drops the addend, as rewards' APR does). Lossy on purpose: `'1.15'` gives 114999999.
 * @example daemonParseCoins('1.15') // 114999999n
 */
export function daemonParseCoins(text: string, options: { fudge?: boolean } = {}): bigint {
  const x = daemonAtof(text) * 100000000
  return truncToInt64(options.fudge === false ? x : x + 0.00000000499999)
}

/**
 * `oraclesregister`'s datafee parsing: `atol` first, any non-zero integer is satoshis; only 0 falls back to
 * coins with {@link daemonParseCoins}. So `'10000'` is 10000 sat, `'0.0001'` is 10000 sat, `'1.5'` is 1 sat.
 * @example daemonParseDatafee('1.5') // 1n
 */
export function daemonParseDatafee(text: string): bigint {
  const asInt = daemonAtol(text)
  return asInt !== 0n ? asInt : daemonParseCoins(text)
}

/** What the exact and the daemon's parsing make of one amount text. */
export type AmountParseCheck = { exact: bigint | null; daemon: bigint; differs: boolean }

/**
 * Compares the exact conversion of `text` (coins) with the daemon's lossy one, so a caller can warn before
 * sending text the daemon would read as a different amount.
 * @example checkDaemonAmount('1.15') // { exact: 115000000n, daemon: 114999999n, differs: true }
 */
export function checkDaemonAmount(
  text: string,
  kind: 'coins' | 'datafee' | 'coinsNoFudge' = 'coins',
): AmountParseCheck {
  let exact: bigint | null
  try {
    exact = toSatoshis(text, 'amount', { allowNegative: true })
  } catch {
    exact = null
  }
  const daemon =
    kind === 'datafee' ? daemonParseDatafee(text) : daemonParseCoins(text, { fudge: kind !== 'coinsNoFudge' })
  return { exact, daemon, differs: exact !== daemon }
}

// ---------------------------------------------------------------------------------------------------------------
// One meaning per text: what an amount parameter of a module RPC means, as komodod's RPC wrapper reads its text
// (src/wallet/rpcwallet.cpp). Every layer that takes a method's amount (builders, resolvers, wallet, publisher, RPC
// client, CLI) reads it with {@link amountArg} and the unit the module's table gives that parameter.

/**
 * The unit of one amount parameter of a module RPC, named after how komodod's RPC wrapper reads its text:
 * - `coins`: `atof(text) * COIN (+ 0.00000000499999)`: decimal coins (`tokencreate supply`, `faucetfund amount`, …);
 * - `units`: `atoll`/`atol(text)`: whole token units, or satoshis (`tokentransfer amount`, `gatewaysbind tokensupply`);
 * - `datafee`: `oraclesregister`'s `atol(text)`, and only when that is 0, `atof(text) * COIN`: digits are satoshis,
 *   `0.…` is coins;
 * - `percent`: `rewardscreatefunding APR`, `atof(text) * COIN` without the addend: a percentage (`'5'` is 5%), held
 *   as percent × 10^8.
 * A bigint is always the smallest unit (satoshis, token units, percent × 10^8).
 * @example const u: AmountUnit = 'units'
 */
export type AmountUnit = 'coins' | 'units' | 'datafee' | 'percent'

/**
 * An amount parameter of a module method: a decimal string read as komodo-cli reads that parameter (see
 * {@link AmountUnit}) or a bigint in the smallest unit. A JS number is refused: `250` could mean coins or units.
 * @example const a: AmountArg = '0.5' // coins for faucetfund, refused for tokentransfer (whole units)
 */
export type AmountArg = string | bigint

/**
 * The amount units of one method's parameters, by daemon parameter name (a module's `units.ts` holds one per
 * state-changing method; `modules/registry/units.ts` gathers them).
 * @example const u: MethodUnits = { amount: 'units' }
 */
export type MethodUnits = Readonly<Record<string, AmountUnit>>

/** How each unit reads, for messages: what its text means and what its bigint counts. */
const UNIT_WORDS: Readonly<Record<AmountUnit, { text: string; smallest: string }>> = /* @__PURE__ */ Object.freeze({
  coins: { text: 'coins', smallest: 'satoshis' },
  units: { text: 'token units', smallest: 'token units' },
  datafee: { text: 'satoshis as digits, coins as 0.…', smallest: 'satoshis' },
  percent: { text: 'percent', smallest: 'percent × 10^8' },
})

/**
 * What the text `text` means for a parameter of unit `unit`, in the smallest unit, or an AMOUNT_INVALID /
 * AMOUNT_RANGE error explaining why it has no one meaning. Exact (no floats).
 */
function unitText(text: string, name: string, unit: AmountUnit): bigint {
  const words = UNIT_WORDS[unit].text
  if (unit === 'units' || (unit === 'datafee' && /^-?\d+$/.test(text))) {
    if (!/^-?\d+$/.test(text))
      throw new KomodoCcError(
        'AMOUNT_INVALID',
        `${name} ${describe(text)} is not a whole number of ${words} (komodo-cli reads this parameter with atoll: '2.5' would move 2)`,
        { name, unit },
      )
    if (text.replace(/^-/, '').length > 20)
      throw new KomodoCcError('AMOUNT_RANGE', `${name} ${describe(text)} is out of range`, { name, unit })
    return BigInt(text)
  }
  const sats = decimalToSats(text, name)
  // oraclesregister reads atol first: '1.5' is 1 satoshi to komodod, never 1.5 coins; only '0.…' reads as coins
  if (unit === 'datafee' && daemonAtol(text) !== 0n)
    throw new KomodoCcError(
      'AMOUNT_INVALID',
      `${name} ${describe(text)} has no one meaning: oraclesregister reads its whole part as satoshis ` +
        `(${daemonAtol(text)} sat), not ${formatCoins(sats)} coins; pass '${sats}' or ${sats}n (satoshis), or coins below 1 as '0.…'`,
      { name, unit, exact: String(sats), daemon: String(daemonAtol(text)) },
    )
  return sats
}

/**
 * Reads one amount parameter of a module method as its unit says (the one rule every layer applies):
 * - a string means what komodo-cli means by it for that parameter ({@link AmountUnit}), read exactly: `'250'` is 250
 *   token units for `tokentransfer amount` and 250 coins for `faucetfund amount`;
 * - a bigint (or a bn.js BN) is the smallest unit as given;
 * - a JS number is refused (`AMOUNT_INVALID`), the message naming the parameter, its unit and both exact spellings
 *   (`amount: pass '250' (token units, as komodo-cli reads it) or 250n`).
 * Negative amounts need `allowNegative` (the builders refuse them with the daemon's own text); the range is the int64
 * range unless `max` is given.
 * @throws KomodoCcError AMOUNT_INVALID | AMOUNT_RANGE
 * @example amountArg('250', 'amount', 'units') // 250n
 * @example amountArg('0.0001', 'amount', 'coins') // 10000n
 * @example amountArg('0.0001', 'datafee', 'datafee') // 10000n
 */
export function amountArg(value: unknown, name: string, unit: AmountUnit, options: ToSatoshisOptions = {}): bigint {
  if (!Object.hasOwn(UNIT_WORDS, unit))
    throw new KomodoCcError('ARG_INVALID', `unit expected coins, units, datafee or percent, got ${describe(unit)}`)
  if (typeof value === 'number') throw numberRefusal(value, name, unit)
  if (typeof value === 'string') return toSatoshis(unitText(value, name, unit), name, options)
  if (typeof value === 'bigint' || isBNLike(value)) return toSatoshis(value, name, options)
  throw new KomodoCcError(
    'AMOUNT_INVALID',
    `${name} expected a decimal string (${UNIT_WORDS[unit].text}, as komodo-cli reads it) or a bigint (${UNIT_WORDS[unit].smallest}), got ${describe(value)}`,
    { name, unit },
  )
}

/** The refusal of a JS number for an amount: both exact spellings of what the number's digits would mean as text. */
function numberRefusal(value: number, name: string, unit: AmountUnit): KomodoCcError {
  const words = UNIT_WORDS[unit]
  let spelled = `a decimal string (${words.text}, as komodo-cli reads it) or a bigint (${words.smallest})`
  if (Number.isFinite(value))
    try {
      const text = numberToDecimal(value)
      spelled = `'${text}' (${words.text}, as komodo-cli reads it) or ${unitText(text, name, unit)}n`
    } catch {
      // no exact reading of these digits in this unit: the general spelling
    }
  return new KomodoCcError(
    'AMOUNT_INVALID',
    `${name}: pass ${spelled}; a JS number is refused for an amount (${String(value)} could mean coins or units)`,
    { name, unit },
  )
}

/**
 * A satoshi option (a fee, a fee bound): a bigint of satoshis. A JS number is refused with both spellings, as for
 * method amounts (`maxFee: pass 100000n (satoshis)`).
 * @throws KomodoCcError AMOUNT_INVALID | AMOUNT_RANGE (negative or above MAX_MONEY)
 * @example satsOption(100000n, 'maxFee') // 100000n
 */
export function satsOption(value: unknown, name: string): bigint {
  if (typeof value !== 'bigint')
    throw new KomodoCcError(
      'AMOUNT_INVALID',
      `${name}: pass a bigint of satoshis${typeof value === 'number' && Number.isSafeInteger(value) ? ` (${value}n)` : ''}, got ${describe(value)}`,
      { name },
    )
  return toSatoshis(value, name, { max: MAX_MONEY })
}
