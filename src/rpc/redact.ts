// Keeps credentials out of errors. A server may echo what it was sent (the body, a header, a URL) in any form,
// so every string that goes into an error the clients throw is cleaned of each form a secret can take.

/** What replaces a secret in error text. */
const MASK = '***'
/** Nested values deeper than this in an error's details are replaced by a placeholder, not walked. */
const MAX_REDACT_DEPTH = 260
/** How many `cause` links are cleaned. */
const MAX_CAUSE_DEPTH = 4

/**
 * The forms a secret can take in text a server sends back: the secret itself, JSON-escaped (as it sits inside a
 * JSON string, also with non-ASCII as `\uXXXX`), percent-encoded (upper- and lower-case hex), and, for `basic`, the
 * base64 of `user:password` that an `Authorization: Basic …` header carries (without its padding, so that the
 * padded form is covered too). Longest first; empty secrets are ignored.
 * @example secretForms(['pa"ss'], { user: 'u', password: 'pa"ss' }) // ['dTpwYSJzcw', 'pa%22ss', 'pa\\"ss', …]
 */
export function secretForms(secrets: readonly string[], basic?: { user: string; password: string }): string[] {
  const forms = new Set<string>()
  for (const s of secrets) {
    if (typeof s !== 'string' || s === '') continue
    const json = JSON.stringify(s).slice(1, -1)
    const percent = encodeURIComponent(s)
    for (const f of [
      s,
      json,
      json.replace(/[\u0080-\uffff]/g, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`),
      percent,
      percent.replace(/%[0-9A-F]{2}/g, (h) => h.toLowerCase()),
    ])
      forms.add(f)
  }
  if (basic !== undefined && basic.password !== '') forms.add(base64Unpadded(`${basic.user}:${basic.password}`))
  forms.delete('')
  return [...forms].sort((a, b) => b.length - a.length)
}

/**
 * Replaces every form of a secret in `text` by `***`. Should replacing leave a form (a secret that overlaps the
 * mask), the whole text is replaced.
 * @example redactText('bad userpass hunter2', secretForms(['hunter2'])) // 'bad userpass ***'
 */
export function redactText(text: string, forms: readonly string[]): string {
  let out = text
  for (let pass = 0; pass < 3; pass++) {
    let changed = false
    for (const f of forms) {
      if (out.includes(f)) {
        out = out.split(f).join(MASK)
        changed = true
      }
    }
    if (!changed) return out
  }
  return forms.some((f) => out.includes(f)) ? '[redacted]' : out
}

/**
 * A copy of `value` with every string and every key redacted; arrays and plain objects are copied, values nested
 * deeper than the bound become `'[nested too deep]'`; other objects are kept as they are.
 * @example redactValue({ echo: ['hunter2'] }, secretForms(['hunter2'])) // { echo: ['***'] }
 */
export function redactValue(value: unknown, forms: readonly string[], depth = 0): unknown {
  if (typeof value === 'string') return redactText(value, forms)
  if (typeof value !== 'object' || value === null) return value
  if (depth >= MAX_REDACT_DEPTH) return '[nested too deep]'
  if (Array.isArray(value)) return value.map((x) => redactValue(x, forms, depth + 1))
  const proto = Object.getPrototypeOf(value) as unknown
  if (proto !== Object.prototype && proto !== null) return value
  const out: Record<string, unknown> = {}
  for (const [k, x] of Object.entries(value)) {
    Object.defineProperty(out, redactText(k, forms), {
      value: redactValue(x, forms, depth + 1),
      enumerable: true,
      writable: true,
      configurable: true,
    })
  }
  return out
}

/**
 * Cleans an error made during one call before it reaches the caller: its message, stack, every own field
 * (`details`, `daemonMessage`, `errorType`, `errorData`, …; `code` is ours and kept) and its `cause` chain.
 * The error is changed in place and returned; anything that is not an Error is returned unchanged.
 * @example throw scrubError(e, secretForms([password], { user, password }))
 */
export function scrubError<E>(e: E, forms: readonly string[], depth = 0): E {
  if (!(e instanceof Error) || forms.length === 0 || depth > MAX_CAUSE_DEPTH) return e
  const set = (key: string, value: unknown): void => {
    const d = Object.getOwnPropertyDescriptor(e, key)
    Object.defineProperty(e, key, { value, enumerable: d?.enumerable ?? false, writable: true, configurable: true })
  }
  set('message', redactText(e.message, forms))
  if (typeof e.stack === 'string') set('stack', redactText(e.stack, forms))
  for (const key of Object.keys(e)) {
    if (key === 'code' || key === 'name' || key === 'message' || key === 'stack') continue
    const v = (e as Record<string, unknown>)[key]
    if (typeof v === 'string' || (typeof v === 'object' && v !== null)) set(key, redactValue(v, forms))
  }
  if (e.cause !== undefined)
    set('cause', e.cause instanceof Error ? scrubError(e.cause, forms, depth + 1) : redactValue(e.cause, forms))
  return e
}

/**
 * Standard base64 of the UTF-8 bytes of `s` (what an `Authorization: Basic` header carries), without Buffer.
 * @example base64Utf8('u:p') // 'dTpw'
 */
export function base64Utf8(s: string): string {
  const bytes = new TextEncoder().encode(s)
  let bin = ''
  for (const b of bytes) bin += String.fromCharCode(b)
  return btoa(bin)
}

function base64Unpadded(s: string): string {
  return base64Utf8(s).replace(/=+$/, '')
}
