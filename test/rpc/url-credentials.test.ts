// Credentials inside a komodod URL (issue 16 item 6): malformed percent-encoding is a typed error, not a URIError,
// and the error names neither the URL nor the value.
import { describe, expect, test } from 'vitest'
import { createKomodoRpc } from '../../src/rpc/client.js'
import { KomodoCcError } from '../../src/errors.js'

describe('credentials in the URL', () => {
  test('malformed percent-encoding in the user or password is RPC_CONFIG, naming neither URL nor value', () => {
    for (const [url, part] of [
      ['http://u:p%zz@127.0.0.1:7771/', 'password'],
      ['http://u%E0%A4%A:pw@127.0.0.1:7771/', 'user'],
      ['http://u:%ff@127.0.0.1:7771/', 'password'],
    ] as const) {
      let caught: unknown
      try {
        createKomodoRpc({ url })
      } catch (e) {
        caught = e
      }
      expect(caught).toBeInstanceOf(KomodoCcError)
      expect(caught).toMatchObject({ code: 'RPC_CONFIG', details: { field: 'url', part } })
      const all = `${(caught as Error).message} ${(caught as Error).stack} ${JSON.stringify((caught as KomodoCcError).details)}`
      for (const secret of ['p%zz', '%E0%A4%A', '%ff', url]) expect(all).not.toContain(secret)
    }
  })

  test('well-formed percent-encoding is decoded into the Authorization header', async () => {
    let auth: string | null = null
    const rpc = createKomodoRpc({
      url: 'http://al%69ce:p%40ss%3Aw@127.0.0.1:9/',
      fetch: async (_u, init) => {
        auth = new Headers(init?.headers).get('authorization')
        return new Response(JSON.stringify({ result: 7, error: null, id: JSON.parse(String(init?.body)).id }))
      },
    })
    expect(await rpc.getblockcount()).toBe(7)
    expect(auth).toBe(`Basic ${btoa('alice:p@ss:w')}`)
  })
})
