import { KomodoCcError } from '../errors.js'

/** A JSON value as {@link parseJsonExact} returns it: numbers a double cannot hold exactly keep their precision. */
export type ExactJson = null | boolean | number | bigint | string | ExactJson[] | { [key: string]: ExactJson }

/** Deepest nesting of arrays and objects a reply may have (komodod's deepest real replies use fewer than 10). */
export const MAX_JSON_DEPTH = 256

/** Longest number literal read exactly (a 64-bit value needs 20 digits; nothing a node sends comes close). */
const MAX_NUMBER_LENGTH = 1024

/**
 * Strict JSON parser that never rounds: integers beyond 2^53 − 1 come back as `bigint`, fractions with more than
 * 15 significant digits come back as their decimal text (so a satoshi amount or an 64-bit `sbits` is exact);
 * every other number is a JS number. Duplicate keys: the last wins (as `JSON.parse`). Made for replies of untrusted
 * servers: time is linear in the length of the text (one scan, then the native `JSON.parse` or, for documents with
 * long number literals, a strict parser of our own), nesting deeper than {@link MAX_JSON_DEPTH} levels is refused
 * on every path, and number literals longer than 1024 characters are refused.
 * @throws KomodoCcError RPC_RESULT with the `offset` of the first bad character and a `reason`: `syntax`, `depth`
 *   (nesting too deep) or `number` (a number literal too long)
 * @example parseJsonExact('{"sbits":18446744073709551615}') // { sbits: 18446744073709551615n }
 */
export function parseJsonExact(text: string): ExactJson {
  return parseJsonReply(text, true) as ExactJson
}

/**
 * Parses a server's reply with the same bounds as {@link parseJsonExact}: with `exact` false, numbers are what
 * `JSON.parse` makes of them (the KDF client's replies), with `exact` true they are exact as in parseJsonExact.
 * @throws KomodoCcError RPC_RESULT (`details.reason`: syntax | depth | number, `details.offset`)
 * @example parseJsonReply('{"current_block":1}', false) // { current_block: 1 }
 */
export function parseJsonReply(text: string, exact: boolean): unknown {
  if (typeof text !== 'string') throw new KomodoCcError('RPC_RESULT', 'invalid JSON: not text', { reason: 'syntax' })
  const scan = scanJson(text)
  if (scan.tooDeep >= 0) throw jsonError(`nesting deeper than ${MAX_JSON_DEPTH} levels`, scan.tooDeep, 'depth')
  // When no number literal is long enough to lose precision in a double (15 digits plus a point always
  // round-trip), the native parser gives the same values, faster.
  if (!exact || !scan.longNumber) {
    try {
      return JSON.parse(text) as unknown
    } catch {
      // fall through: the strict parser below reports where
    }
  }
  return parseStrict(text, exact)
}

/**
 * One pass over the text, outside strings: the offset where nesting first exceeds the limit (−1 if never) and
 * whether a run of 16 or more digits and points occurs. Linear, no backtracking, no recursion.
 */
function scanJson(text: string): { tooDeep: number; longNumber: boolean } {
  const n = text.length
  let depth = 0
  let run = 0
  let longNumber = false
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i)
    if (c === 0x22) {
      // skip the string: a backslash escapes the next character
      for (i++; i < n; i++) {
        const d = text.charCodeAt(i)
        if (d === 0x5c) i++
        else if (d === 0x22) break
      }
      run = 0
    } else if (c === 0x5b || c === 0x7b) {
      if (++depth > MAX_JSON_DEPTH) return { tooDeep: i, longNumber }
      run = 0
    } else if (c === 0x5d || c === 0x7d) {
      depth--
      run = 0
    } else if ((c >= 0x30 && c <= 0x39) || c === 0x2e) {
      if (++run >= 16) longNumber = true
    } else run = 0
  }
  return { tooDeep: -1, longNumber }
}

function jsonError(what: string, offset: number, reason: 'syntax' | 'depth' | 'number'): KomodoCcError {
  return new KomodoCcError('RPC_RESULT', `invalid JSON: ${what} at offset ${offset}`, { offset, reason })
}

function parseStrict(text: string, exact: boolean): unknown {
  let i = 0
  const n = text.length
  const fail = (what: string, reason: 'syntax' | 'depth' | 'number' = 'syntax'): never => {
    throw jsonError(what, i, reason)
  }
  const ws = (): void => {
    while (i < n) {
      const c = text.charCodeAt(i)
      if (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) i++
      else break
    }
  }
  // `depth` counts the containers around the value; recursion is bounded by MAX_JSON_DEPTH
  const value = (depth: number): unknown => {
    ws()
    const c = text[i]
    if ((c === '{' || c === '[') && depth >= MAX_JSON_DEPTH)
      fail(`nesting deeper than ${MAX_JSON_DEPTH} levels`, 'depth')
    if (c === '{') {
      i++
      const obj: { [key: string]: unknown } = {}
      ws()
      if (text[i] === '}') {
        i++
        return obj
      }
      for (;;) {
        ws()
        if (text[i] !== '"') fail('expected a key')
        const key = string()
        ws()
        if (text[i] !== ':') fail("expected ':'")
        i++
        const v = value(depth + 1)
        Object.defineProperty(obj, key, { value: v, enumerable: true, writable: true, configurable: true })
        ws()
        if (text[i] === ',') {
          i++
          continue
        }
        if (text[i] === '}') {
          i++
          return obj
        }
        fail("expected ',' or '}'")
      }
    }
    if (c === '[') {
      i++
      const arr: unknown[] = []
      ws()
      if (text[i] === ']') {
        i++
        return arr
      }
      for (;;) {
        arr.push(value(depth + 1))
        ws()
        if (text[i] === ',') {
          i++
          continue
        }
        if (text[i] === ']') {
          i++
          return arr
        }
        fail("expected ',' or ']'")
      }
    }
    if (c === '"') return string()
    if (text.startsWith('true', i)) {
      i += 4
      return true
    }
    if (text.startsWith('false', i)) {
      i += 5
      return false
    }
    if (text.startsWith('null', i)) {
      i += 4
      return null
    }
    return number()
  }
  const string = (): string => {
    const start = ++i
    let simple = true
    for (;;) {
      if (i >= n) fail('unterminated string')
      const c = text.charCodeAt(i)
      if (c === 0x22) break
      if (c < 0x20) fail('control character in string')
      if (c === 0x5c) {
        simple = false
        i += 2
      } else i++
    }
    const raw = text.slice(start, i)
    i++
    if (simple) return raw
    try {
      return JSON.parse(`"${raw}"`) as string
    } catch {
      i = start
      return fail('bad escape in string')
    }
  }
  const number = (): number | bigint | string => {
    // each part is a plain run of one character class: the sticky regex runs in linear time
    const m = /-?(?:0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/y
    m.lastIndex = i
    const r = m.exec(text)
    if (r === null) return fail('unexpected character')
    const lit = r[0]
    if (lit.length > MAX_NUMBER_LENGTH) fail(`number literal longer than ${MAX_NUMBER_LENGTH} characters`, 'number')
    i += lit.length
    if (!exact || r[2] !== undefined) return Number(lit)
    if (r[1] === undefined) {
      const v = Number(lit)
      return Number.isSafeInteger(v) ? v : BigInt(lit)
    }
    return significantDigits(lit) <= 15 ? Number(lit) : lit
  }
  const v = value(0)
  ws()
  if (i !== n) fail('trailing characters')
  return v
}

/** Significant digits of a plain decimal literal (`-0012.3400` → 4), counted without regular expressions. */
function significantDigits(lit: string): number {
  let first = -1
  let last = -1
  for (let k = 0; k < lit.length; k++) {
    const c = lit.charCodeAt(k)
    if (c >= 0x31 && c <= 0x39) {
      if (first < 0) first = k
      last = k
    }
  }
  if (first < 0) return 0
  const point = lit.indexOf('.')
  return last - first + 1 - (point > first && point < last ? 1 : 0)
}
