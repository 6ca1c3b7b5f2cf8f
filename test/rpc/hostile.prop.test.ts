// Seeded property runs over the reply parsers (issue 16, "keep it found"): parseJsonExact, the typed result parsers
// and both clients' reply handling. Any text, any status: a value or a typed KomodoCcError, never another
// exception, and never a form of the secret in the error.
import { describe, expect, test } from 'vitest'
import fc from 'fast-check'
import { MAX_JSON_DEPTH, parseJsonExact, parseJsonReply } from '../../src/rpc/json.js'
import type { ExactJson } from '../../src/rpc/json.js'
import * as results from '../../src/rpc/results.js'
import { RPC_MODULES } from '../../src/modules/registry/rpc.js'
import { createKomodoRpc } from '../../src/rpc/client.js'
import { createKdfClient } from '../../src/kdf/client.js'
import { KomodoCcError } from '../../src/errors.js'
import { expectTypedAndClean, leakForms } from './_hostile.js'

const numRuns = Number(process.env.FC_NUM_RUNS ?? 200)
const seed = Number(process.env.FC_SEED ?? 0x16)
const opts = { numRuns, seed }

const PASSWORD = 'pw"\\ö/+%-s3cr3t'
const USERPASS = 'up"\\€/+%-s3cr3t'

/** Text a hostile server might send: JSON, JSON cut or spliced with junk, deep brackets, escapes, and the secrets. */
const hostileText = (secret: string): fc.Arbitrary<string> =>
  fc.oneof(
    fc.json({ depthSize: 'small' }),
    fc.string({ unit: 'binary', maxLength: 200 }),
    fc
      .tuple(fc.json(), fc.nat(), fc.string({ maxLength: 8 }))
      .map(([j, cut, junk]) => j.slice(0, cut % (j.length + 1)) + junk),
    fc.tuple(fc.integer({ min: 0, max: 600 }), fc.json()).map(([d, j]) => '['.repeat(d) + j + ']'.repeat(d)),
    fc
      .tuple(fc.integer({ min: 0, max: 2000 }), fc.constantFrom('"', '\\"', '\\', '0', '[', '{"a":'))
      .map(([n, s]) => s.repeat(n)),
    fc
      .constantFrom(secret, JSON.stringify(secret), encodeURIComponent(secret))
      .chain((s) => fc.json().map((j) => `{"error":${JSON.stringify(s)},"x":${j}}`)),
  )

/** Nesting depth of a parsed JSON value. */
function depthOf(v: unknown): number {
  if (typeof v !== 'object' || v === null) return 0
  return 1 + Math.max(0, ...Object.values(v).map(depthOf))
}

describe('parseJsonExact (property, seeded)', () => {
  test('any text: a value or RPC_RESULT; never another exception', () => {
    fc.assert(
      fc.property(hostileText(PASSWORD), (text) => {
        for (const f of [() => parseJsonExact(text), () => parseJsonReply(text, false)]) {
          try {
            f()
          } catch (e) {
            expect(e).toBeInstanceOf(KomodoCcError)
            expect((e as KomodoCcError).code).toBe('RPC_RESULT')
          }
        }
      }),
      opts,
    )
  })

  test('valid JSON nested d levels parses iff d ≤ MAX_JSON_DEPTH, on the fast and the strict path', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 400 }),
        fc.json({ depthSize: 'small' }),
        fc.boolean(),
        (d, inner, strict) => {
          // a 20-digit integer sends the document through the strict parser
          const core = strict ? `[12345678901234567890,${inner}]` : inner
          const text = '['.repeat(d) + core + ']'.repeat(d)
          const depth = d + depthOf(JSON.parse(core))
          if (depth <= MAX_JSON_DEPTH) {
            expect(depthOf(parseJsonExact(text))).toBe(depth)
          } else {
            expect(() => parseJsonExact(text)).toThrow(
              expect.objectContaining({ code: 'RPC_RESULT', details: expect.objectContaining({ reason: 'depth' }) }),
            )
          }
        },
      ),
      opts,
    )
  })
})

describe('typed result parsers (property, seeded)', () => {
  // the parsers that take a second argument get the one the client passes
  const second: Record<string, unknown> = { parseModuleAddresses: ['Tokens', 'Assets'], parseKeyed: 'privkey' }
  // the shared parsers of rpc/results.ts, and every module RPC's parser as the client calls it (modules/<m>/rpc.ts)
  const parsers = [
    ...Object.entries(results).filter(
      ([k, f]) => typeof f === 'function' && (k.startsWith('parse') || k === 'asObject'),
    ),
    ...RPC_MODULES.flatMap((m) => Object.entries(m.rpc).map(([name, r]) => [`${name}.parse`, r.parse] as const)),
  ] as [string, (v: ExactJson, x?: unknown) => unknown][]
  test('any JSON value: a typed value or a KomodoCcError', () => {
    expect(parsers.length).toBeGreaterThan(15)
    const exact = fc.jsonValue().map((v) => parseJsonExact(JSON.stringify(v)))
    fc.assert(
      fc.property(fc.constantFrom(...parsers), exact, ([name, parse], v) => {
        try {
          if (name in second) parse(v, second[name])
          else parse(v)
        } catch (e) {
          expect(e).toBeInstanceOf(KomodoCcError)
        }
      }),
      opts,
    )
  })
})

describe('client reply handling (property, seeded, custom fetch: no network)', () => {
  const status = fc.constantFrom(200, 400, 401, 403, 404, 500, 502)
  const reply =
    (body: string, code: number): typeof fetch =>
    async () =>
      new Response(body, { status: code })

  test('komodod: any body, any status → a result or an RpcError without the password', async () => {
    const forms = leakForms(PASSWORD, { user: 'u' })
    await fc.assert(
      fc.asyncProperty(hostileText(PASSWORD), status, fc.boolean(), async (text, code, asEnvelope) => {
        // half the bodies are well-formed envelopes with the request's id, so results and errors get parsed too
        const f: typeof fetch = asEnvelope
          ? async (_u, init) =>
              new Response(
                `{"result":${JSON.stringify(text)},"error":${code === 200 ? 'null' : JSON.stringify({ code: -1, message: text })},"id":${JSON.stringify((JSON.parse(String(init?.body)) as { id: string }).id)}}`,
                { status: code },
              )
          : reply(text, code)
        const rpc = createKomodoRpc({ url: 'http://127.0.0.1:9', user: 'u', password: PASSWORD, fetch: f })
        for (const call of [() => rpc.call('getinfo'), () => rpc.getinfo(), () => rpc.tokeninfo('ab'.repeat(32))]) {
          const outcome = await call().then(
            () => undefined,
            (e: unknown) => e,
          )
          if (outcome !== undefined) expectTypedAndClean(outcome, forms)
        }
      }),
      opts,
    )
  })

  test('KDF: any body, any status → a result or a KomodoCcError without the userpass', async () => {
    const forms = leakForms(USERPASS)
    await fc.assert(
      fc.asyncProperty(hostileText(USERPASS), status, async (text, code) => {
        const kdf = createKdfClient({ url: 'http://127.0.0.1:9', userpass: USERPASS, fetch: reply(text, code) })
        const outcome = await kdf.call('version', {}).then(
          () => undefined,
          (e: unknown) => e,
        )
        if (outcome !== undefined) expectTypedAndClean(outcome, forms)
      }),
      opts,
    )
  })
})
