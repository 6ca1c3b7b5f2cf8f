import { KomodoCcError } from '../errors.js'

/** A JSON value as {@link parseJsonExact} returns it: numbers a double cannot hold exactly keep their precision. */
export type ExactJson = null | boolean | number | bigint | string | ExactJson[] | { [key: string]: ExactJson }

const MAX_DEPTH = 256

/**
 * Strict JSON parser that never rounds: integers beyond 2^53 − 1 come back as `bigint`, fractions with more than
 * 15 significant digits come back as their decimal text (so a satoshi amount or an 64-bit `sbits` is exact);
 * every other number is a JS number. Duplicate keys: the last wins (as `JSON.parse`). A document holding such
 * numbers goes through a strict parser of our own, which refuses nesting deeper than 256 levels; any other
 * document goes through the native `JSON.parse` (same values, faster).
 * @throws KomodoCcError RPC_RESULT with the offset of the first bad character
 * @example parseJsonExact('{"sbits":18446744073709551615}') // { sbits: 18446744073709551615n }
 */
export function parseJsonExact(text: string): ExactJson {
  if (typeof text !== 'string') throw new KomodoCcError('RPC_RESULT', 'invalid JSON: not text', {})
  // Fast path: when no number literal (outside strings) is long enough to lose precision in a double, the native
  // parser gives the same values. 15 digits (plus a point) always round-trip.
  if (!/\d[\d.]{15,}/.test(text.replace(/"(?:[^"\\]|\\.)*"/g, '""'))) {
    try {
      return JSON.parse(text) as ExactJson
    } catch {
      // fall through: the strict parser below reports where
    }
  }
  return parseSlow(text)
}

function parseSlow(text: string): ExactJson {
  let i = 0
  const n = text.length
  const fail = (what: string): never => { throw new KomodoCcError('RPC_RESULT', `invalid JSON: ${what} at offset ${i}`, { offset: i }) }
  const ws = (): void => {
    while (i < n) {
      const c = text.charCodeAt(i)
      if (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) i++
      else break
    }
  }
  const value = (depth: number): ExactJson => {
    if (depth > MAX_DEPTH) fail('nesting too deep')
    ws()
    const c = text[i]
    if (c === '{') {
      i++
      const obj: { [key: string]: ExactJson } = {}
      ws()
      if (text[i] === '}') { i++; return obj }
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
        if (text[i] === ',') { i++; continue }
        if (text[i] === '}') { i++; return obj }
        fail("expected ',' or '}'")
      }
    }
    if (c === '[') {
      i++
      const arr: ExactJson[] = []
      ws()
      if (text[i] === ']') { i++; return arr }
      for (;;) {
        arr.push(value(depth + 1))
        ws()
        if (text[i] === ',') { i++; continue }
        if (text[i] === ']') { i++; return arr }
        fail("expected ',' or ']'")
      }
    }
    if (c === '"') return string()
    if (text.startsWith('true', i)) { i += 4; return true }
    if (text.startsWith('false', i)) { i += 5; return false }
    if (text.startsWith('null', i)) { i += 4; return null }
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
      if (c === 0x5c) { simple = false; i += 2 } else i++
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
    const m = /-?(?:0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/y
    m.lastIndex = i
    const r = m.exec(text)
    if (r === null) return fail('unexpected character')
    const lit = r[0]
    i += lit.length
    if (r[1] === undefined && r[2] === undefined) {
      const v = Number(lit)
      return Number.isSafeInteger(v) ? v : BigInt(lit)
    }
    if (r[2] === undefined) {
      const significant = lit.replace(/^-/, '').replace('.', '').replace(/^0+/, '').replace(/0+$/, '')
      return significant.length <= 15 ? Number(lit) : lit
    }
    return Number(lit)
  }
  const v = value(0)
  ws()
  if (i !== n) fail('trailing characters')
  return v
}
