/**
 * Deepest nesting of arrays and objects the devnet reads in a request body, the request object itself counted
 * (komodod's UniValue parser: `MAX_JSON_DEPTH = 512`; deeper bodies are a `-32700 Parse error`).
 */
export const MAX_JSON_DEPTH = 512

/**
 * What {@link scanRequestIds} found: the raw JSON text of each request's `id` member (undefined when a request has
 * none or is not an object), for a single request or for each element of a batch.
 */
export type RequestIds = { kind: 'single'; id: string | undefined } | { kind: 'batch'; ids: (string | undefined)[] }

/** The scan's refusals: nesting deeper than the bound, or text the scanner cannot follow (JSON.parse will refuse it). */
export type ScanRefusal = 'too-deep' | 'malformed'

const TOO_DEEP = -2
const BAD = -1

const isWs = (c: number): boolean => c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d

function skipWs(s: string, i: number): number {
  while (i < s.length && isWs(s.charCodeAt(i))) i++
  return i
}

/** `s[i]` is `"`: the index just after the closing quote, or BAD. Linear: each search resumes where the last ended. */
function skipString(s: string, i: number): number {
  let j = i + 1
  let quote = s.indexOf('"', j)
  for (;;) {
    if (quote < 0) return BAD
    const escape = s.indexOf('\\', j)
    if (escape < 0 || escape > quote) return quote + 1
    j = escape + 2
    if (quote < j) quote = s.indexOf('"', j)
  }
}

/**
 * Skips one value starting at `s[i]` inside `depth` open containers: the index after it, TOO_DEEP when a container
 * would open beyond `max`, BAD when the text ends first. Containers are followed with a counter, not recursion.
 */
function skipValue(s: string, i: number, depth: number, max: number): number {
  const c = s.charCodeAt(i)
  if (c === 0x22) return skipString(s, i)
  if (c === 0x7b || c === 0x5b) {
    let d = depth + 1
    if (d > max) return TOO_DEEP
    let j = i + 1
    while (j < s.length) {
      const ch = s.charCodeAt(j)
      if (ch === 0x22) {
        j = skipString(s, j)
        if (j < 0) return BAD
        continue
      }
      if (ch === 0x7b || ch === 0x5b) {
        if (++d > max) return TOO_DEEP
      } else if (ch === 0x7d || ch === 0x5d) {
        if (--d === depth) return j + 1
      }
      j++
    }
    return BAD
  }
  let j = i
  while (j < s.length) {
    const ch = s.charCodeAt(j)
    if (
      isWs(ch) ||
      ch === 0x2c ||
      ch === 0x3a ||
      ch === 0x5d ||
      ch === 0x7d ||
      ch === 0x5b ||
      ch === 0x7b ||
      ch === 0x22
    )
      break
    j++
  }
  return j === i ? BAD : j
}

/** A member name that reads `id` (escapes decoded, as JSON.parse decodes them). */
function isIdKey(token: string): boolean {
  if (token === '"id"') return true
  if (!token.includes('\\')) return false
  try {
    return JSON.parse(token) === 'id'
  } catch {
    return false
  }
}

/** `s[i]` is `{` opening container number `depth`: the raw text of its last `id` member and the index after `}`. */
function scanObject(s: string, i: number, depth: number, max: number): { id: string | undefined; end: number } {
  if (depth > max) return { id: undefined, end: TOO_DEEP }
  let id: string | undefined
  let j = skipWs(s, i + 1)
  if (s.charCodeAt(j) === 0x7d) return { id, end: j + 1 }
  for (;;) {
    if (s.charCodeAt(j) !== 0x22) return { id, end: BAD }
    const keyEnd = skipString(s, j)
    if (keyEnd < 0) return { id, end: BAD }
    const key = s.slice(j, keyEnd)
    j = skipWs(s, keyEnd)
    if (s.charCodeAt(j) !== 0x3a) return { id, end: BAD }
    const start = skipWs(s, j + 1)
    const end = start < s.length ? skipValue(s, start, depth, max) : BAD
    if (end < 0) return { id, end }
    if (isIdKey(key)) id = s.slice(start, end) // JSON.parse keeps the last of duplicate names; so does this
    j = skipWs(s, end)
    const sep = s.charCodeAt(j)
    if (sep === 0x7d) return { id, end: j + 1 }
    if (sep !== 0x2c) return { id, end: BAD }
    j = skipWs(s, j + 1)
  }
}

/** One batch element at `s[i]`: its id when it is an object. */
function scanElement(s: string, i: number, max: number): { id: string | undefined; end: number } {
  if (s.charCodeAt(i) === 0x7b) return scanObject(s, i, 2, max)
  return { id: undefined, end: i < s.length ? skipValue(s, i, 1, max) : BAD }
}

/**
 * Reads a JSON-RPC request body far enough to bound its nesting and to lift each request's `id` as the exact text the
 * client sent (komodod echoes any JSON value as the id and keeps a number's digits as written, so
 * `18446744073709551615` must come back as those 20 digits, which a JS number cannot hold). One linear pass, no
 * recursion, no values built. It does not validate: a body it accepts must still pass `JSON.parse`, and for every
 * text `JSON.parse` accepts within the depth bound its answer is exact.
 * @param maxDepth - deepest nesting of arrays and objects allowed, the outermost counted (default {@link MAX_JSON_DEPTH})
 * @example scanRequestIds('{"method":"getinfo","id":18446744073709551615}') // { kind: 'single', id: '18446744073709551615' }
 * @example scanRequestIds('[' + '['.repeat(600) + ']'.repeat(600) + ']') // 'too-deep'
 */
export function scanRequestIds(text: string, maxDepth: number = MAX_JSON_DEPTH): RequestIds | ScanRefusal {
  const refusal = (end: number): ScanRefusal => (end === TOO_DEEP ? 'too-deep' : 'malformed')
  const i = skipWs(text, 0)
  if (i >= text.length) return 'malformed'
  const c = text.charCodeAt(i)
  if (c === 0x7b) {
    const { id, end } = scanObject(text, i, 1, maxDepth)
    return end < 0 ? refusal(end) : { kind: 'single', id }
  }
  if (c !== 0x5b) {
    const end = skipValue(text, i, 0, maxDepth)
    return end < 0 ? refusal(end) : { kind: 'single', id: undefined }
  }
  if (maxDepth < 1) return 'too-deep'
  const ids: (string | undefined)[] = []
  let j = skipWs(text, i + 1)
  if (text.charCodeAt(j) === 0x5d) return { kind: 'batch', ids }
  for (;;) {
    const { id, end } = scanElement(text, j, maxDepth)
    if (end < 0) return refusal(end)
    ids.push(id)
    j = skipWs(text, end)
    const sep = text.charCodeAt(j)
    if (sep === 0x5d) return { kind: 'batch', ids }
    if (sep !== 0x2c) return 'malformed'
    j = skipWs(text, j + 1)
  }
}
