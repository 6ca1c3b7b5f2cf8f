// Hostile-server tools shared by test/rpc and test/kdf: bodies that never end, drip, redirect, or echo secrets,
// and a check that no form of a secret survives anywhere in an error. Every server binds 127.0.0.1 only.
import type { ServerResponse } from 'node:http'
import { expect } from 'vitest'
import { KomodoCcError } from '../../src/errors.js'

const CHUNK = Buffer.alloc(64 * 1024, 0x20) // whitespace: a prefix of valid JSON, so nothing fails early

/**
 * Streams whitespace until the client goes away or `cap` bytes are out (a safety stop, far above any limit under
 * test). Honours back-pressure, so what `sent()` reports is what the client pulled.
 */
export function endlessBody(cap: number): { handler: (res: ServerResponse) => void; sent: () => number } {
  let sent = 0
  return {
    sent: () => sent,
    handler: (res) => {
      res.writeHead(200, { 'content-type': 'application/json' })
      const pump = (): void => {
        while (!res.destroyed && sent < cap) {
          sent += CHUNK.length
          if (!res.write(CHUNK)) {
            res.once('drain', pump)
            return
          }
        }
        if (!res.destroyed) res.end()
      }
      res.on('close', () => res.removeAllListeners('drain'))
      pump()
    },
  }
}

/** Sends headers and then one byte every `everyMs` until the client goes away. */
export function dripBody(res: ServerResponse, everyMs: number): void {
  res.writeHead(200, { 'content-type': 'application/json' })
  res.write('{')
  const t = setInterval(() => {
    if (res.destroyed) clearInterval(t)
    else res.write(' ')
  }, everyMs)
  res.on('close', () => clearInterval(t))
}

/** Announces `declared` bytes and sends none of them (the connection stays open until the client leaves). */
export function announceOnly(res: ServerResponse, declared: number): void {
  res.writeHead(200, { 'content-type': 'application/json', 'content-length': declared })
  res.flushHeaders()
}

/** `depth` nested arrays. */
export const nested = (depth: number): string => '['.repeat(depth) + ']'.repeat(depth)

/**
 * Every form a secret can take when a server echoes it: raw, inside a JSON string, percent-encoded (both hex cases),
 * and (for basic auth) the base64 of `user:password` with and without padding.
 */
export function leakForms(secret: string, basic?: { user: string }): string[] {
  const json = JSON.stringify(secret).slice(1, -1)
  const pct = encodeURIComponent(secret)
  const forms = [secret, json, pct, pct.replace(/%[0-9A-F]{2}/g, (h) => h.toLowerCase())]
  if (basic !== undefined) {
    const b64 = Buffer.from(`${basic.user}:${secret}`).toString('base64')
    forms.push(b64, b64.replace(/=+$/, ''))
  }
  return [...new Set(forms)]
}

/** Every string reachable from an error: message, stack, own fields, details, cause chain (keys included). */
export function errorStrings(e: unknown): string[] {
  const out: string[] = []
  const seen = new Set<unknown>()
  const walk = (v: unknown, depth: number): void => {
    if (depth > 300 || seen.has(v)) return
    if (typeof v === 'string') {
      out.push(v)
      return
    }
    if (typeof v === 'bigint' || typeof v === 'number') {
      out.push(String(v))
      return
    }
    if (typeof v !== 'object' || v === null) return
    seen.add(v)
    if (v instanceof Error) {
      out.push(v.message, String(v.stack))
      walk(v.cause, depth + 1)
    }
    for (const k of Object.getOwnPropertyNames(v)) {
      out.push(k)
      walk((v as Record<string, unknown>)[k], depth + 1)
    }
  }
  walk(e, 0)
  return out
}

/** Asserts that `e` is a KomodoCcError and that no form of any secret appears anywhere in it. */
export function expectTypedAndClean(e: unknown, forms: readonly string[]): KomodoCcError {
  expect(e).toBeInstanceOf(KomodoCcError)
  const strings = errorStrings(e)
  for (const f of forms) {
    const hit = strings.find((s) => s.includes(f))
    expect(hit, `secret form ${JSON.stringify(f)} leaked`).toBeUndefined()
  }
  return e as KomodoCcError
}

/**
 * Runs `run`, which must reject within `withinMs` with a KomodoCcError of `code` carrying no form of a secret;
 * returns the error.
 */
export async function failsClean(
  forms: readonly string[],
  code: string,
  run: () => Promise<unknown>,
  withinMs = 5000,
): Promise<KomodoCcError> {
  const { error, ms } = await rejection(run)
  const e = expectTypedAndClean(error, forms)
  expect(e.code).toBe(code)
  expect(ms).toBeLessThan(withinMs)
  return e
}

/** Runs `f` and returns what it rejects with (fails if it resolves), and how long it took. */
export async function rejection(f: () => Promise<unknown>): Promise<{ error: unknown; ms: number }> {
  const t0 = performance.now()
  const error = await f().then(
    () => new Error('resolved, expected a rejection'),
    (e: unknown) => e,
  )
  return { error, ms: performance.now() - t0 }
}

/** Peak growth of this thread's JS heap plus array buffers while `f` runs, sampled every 5 ms. */
export async function peakGrowth<T>(f: () => Promise<T>): Promise<{ value: T; peak: number }> {
  const used = (): number => {
    const m = process.memoryUsage()
    return m.heapUsed + m.arrayBuffers
  }
  ;(globalThis as { gc?: () => void }).gc?.()
  const base = used()
  let peak = 0
  const t = setInterval(() => {
    peak = Math.max(peak, used() - base)
  }, 5)
  try {
    const value = await f()
    peak = Math.max(peak, used() - base)
    return { value, peak }
  } finally {
    clearInterval(t)
  }
}
