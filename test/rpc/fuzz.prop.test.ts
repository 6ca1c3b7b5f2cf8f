// Bad input never crashes: any arguments to any typed method end in a KomodoCcError (a refusal before sending,
// or the stand-in daemon's error), never a TypeError, hang or silent success.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import fc from 'fast-check'
import { createKomodoRpc } from '../../src/rpc/client.js'
import { buildEnableEthWithTokensRequest } from '../../src/kdf/request.js'
import { createKdfClient } from '../../src/kdf/client.js'
import { KomodoCcError } from '../../src/errors.js'
import { sendJson, startServer } from './_server.js'
import type { TestServer } from './_server.js'

const numRuns = Math.max(20, Math.floor(Number(process.env.FC_NUM_RUNS ?? 200) / 4))
let server: TestServer
beforeAll(async () => {
  server = await startServer((req, res) => {
    const body = JSON.parse(req.body) as { id?: unknown; error_type?: unknown }
    if ('mmrpc' in body) sendJson(res, 400, { mmrpc: '2.0', error: 'x', error_type: 'InvalidRequest', error_data: 'x' })
    else sendJson(res, 500, { result: null, error: { code: -1, message: 'usage' }, id: body.id })
  })
})
afterAll(async () => {
  await server.close()
})

const junk = fc.oneof(
  fc.anything(),
  fc.constant(undefined),
  fc.bigInt(),
  fc.constant('ab'.repeat(32)),
  fc.constant('1.5'),
  fc.integer(),
)

describe('no crash on any input', () => {
  test('every typed komodod method rejects with a KomodoCcError', async () => {
    const rpc = createKomodoRpc({ url: server.url, user: 'u', password: 'p', timeoutMs: 5000 })
    const methods = Object.keys(rpc).filter(
      (k) => typeof (rpc as unknown as Record<string, unknown>)[k] === 'function' && k !== 'host',
    )
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...methods), fc.array(junk, { maxLength: 12 }), async (m, args) => {
        const f = (rpc as unknown as Record<string, (...a: unknown[]) => Promise<unknown>>)[m]!
        const outcome = await f(...args).then(
          () => 'resolved',
          (e: unknown) => e,
        )
        expect(outcome).toBeInstanceOf(KomodoCcError)
      }),
      { numRuns },
    )
  })

  test('the KDF builder and client reject any params with a KomodoCcError', async () => {
    fc.assert(
      fc.property(fc.anything(), (p) => {
        try {
          buildEnableEthWithTokensRequest(p as never, { userpass: 'u' })
        } catch (e) {
          expect(e).toBeInstanceOf(KomodoCcError)
        }
      }),
      { numRuns: numRuns * 4 },
    )
    const kdf = createKdfClient({ url: server.url, userpass: 'u' })
    await fc.assert(
      fc.asyncProperty(fc.anything(), fc.anything(), async (p, o) => {
        const outcome = await kdf.enableEthWithTokens(p as never, o as never).then(
          () => 'resolved',
          (e: unknown) => e,
        )
        expect(outcome).toBeInstanceOf(KomodoCcError)
      }),
      { numRuns },
    )
  })
})
