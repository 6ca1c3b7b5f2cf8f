import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import fc from 'fast-check'
import { parseJsonExact } from '../../src/rpc/json.js'
import { coinsParam } from '../../src/rpc/params.js'
import { checkTransactionHex } from '../../src/rpc/txcheck.js'
import { createKomodoRpc } from '../../src/rpc/client.js'
import type { ChainView } from '../../src/rpc/chainview.js'
import { daemonParseCoins } from '../../src/amount.js'
import { decodeAddress } from '../../src/address/address.js'
import { bytesToHex } from '../../src/bytes/hex.js'
import { startServer } from './_server.js'
import type { TestServer } from './_server.js'

const numRuns = Number(process.env.FC_NUM_RUNS ?? 200)

describe('parseJsonExact', () => {
  test('big integers and long fractions keep their precision', () => {
    expect(parseJsonExact('{"sbits":18446744073709551615,"a":9007199254740991,"b":-9007199254740993}')).toEqual({
      sbits: 18446744073709551615n,
      a: 9007199254740991,
      b: -9007199254740993n,
    })
    expect(parseJsonExact('[123456789.12345678, 0.1, 1e3, 2.50000000]')).toEqual(['123456789.12345678', 0.1, 1000, 2.5])
    expect(parseJsonExact('{"__proto__":1}')).toHaveProperty('__proto__', 1)
  })
  test('agrees with JSON.parse on ordinary JSON (property)', () => {
    fc.assert(
      fc.property(fc.json({ depthSize: 'small' }), (text) => {
        const ours = parseJsonExact(text)
        const ref = JSON.parse(text) as unknown
        // the same value inside a document that forces the strict (non-native) path
        const slow = (parseJsonExact(`[12345678901234567890,${text}]`) as unknown[])[1]
        expect(
          JSON.stringify(slow, (_k, y: unknown) =>
            typeof y === 'bigint' ? Number(y) : typeof y === 'string' && /^-?\d+\.\d+$/.test(y) ? Number(y) : y,
          ),
        ).toBe(JSON.stringify(ref))
        // every number in fc.json is a double; ours may only differ by keeping exactness (bigint / text)
        const norm = (x: unknown): unknown =>
          typeof x === 'bigint'
            ? Number(x)
            : typeof x === 'string' && /^-?\d+\.\d+$/.test(x) && !Number.isNaN(Number(x))
              ? x
              : Array.isArray(x)
                ? x.map(norm)
                : x !== null && typeof x === 'object'
                  ? Object.fromEntries(Object.entries(x).map(([k, y]) => [k, norm(y)]))
                  : x
        const n = norm(ours)
        expect(
          JSON.stringify(n, (_k, y: unknown) => (typeof y === 'string' && /^-?\d+\.\d+$/.test(y) ? Number(y) : y)),
        ).toBe(JSON.stringify(ref))
      }),
      { numRuns },
    )
  })
  test('invalid JSON is RPC_RESULT with an offset', () => {
    for (const t of [
      '',
      '{',
      '{"a":1,}',
      '[1 2]',
      '"x',
      'tru',
      '01',
      '{"a":1} x',
      '"\\q"',
      '['.repeat(300) + '12345678901234567890' + ']'.repeat(300),
    ])
      expect(() => parseJsonExact(t)).toThrow(expect.objectContaining({ code: 'RPC_RESULT' }))
  })
})

describe('amount parameters: the daemon reads back exactly the intended satoshis', () => {
  test('known lossy values are nudged', () => {
    expect(coinsParam('1.15', 'a')).toBe('1.150000005')
    expect(coinsParam('0.29', 'a')).toBe('0.29')
    expect(coinsParam('0.29', 'a', { fudge: false })).toBe('0.290000005')
    expect(coinsParam(100000000n, 'a')).toBe('1')
  })
  test("property: any satoshi amount up to 21e14 round-trips through komodod's atof parsing", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 2_100_000_000_000_000n }), fc.boolean(), (sats, fudge) => {
        const text = coinsParam(sats, 'amount', { fudge })
        expect(daemonParseCoins(text, { fudge })).toBe(sats)
      }),
      { numRuns },
    )
  })
})

describe('checkTransactionHex', () => {
  test('refuses random bytes (property): anything accepted parses to the end', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 80 }), (b) => {
        const hex = Buffer.from(b).toString('hex')
        try {
          const s = checkTransactionHex(hex)
          expect(s.size).toBe(b.length)
        } catch (e) {
          expect((e as { code: string }).code).toBe('TX_INVALID')
        }
      }),
      { numRuns },
    )
  })
})

describe('ChainView over komodod', () => {
  const ADDRESS = 'RPCeZmqW4Aam52DFLmMraWtu5CuXPxqk92'
  let server: TestServer
  beforeAll(async () => {
    server = await startServer((req, res) => {
      const body = JSON.parse(req.body) as
        { id: string; method: string; params: unknown[] } | { id: string; method: string; params: unknown[] }[]
      const results: Record<string, unknown> = {
        getaddressutxos: [
          {
            address: ADDRESS,
            txid: 'ab'.repeat(32),
            outputIndex: 1,
            script: '76a914' + bytesToHex(decodeAddress(ADDRESS).hash) + '88ac',
            satoshis: 'BIG',
            height: 120,
          },
        ],
        getrawmempool: ['cd'.repeat(32)],
        getrawtransaction: '01000000' + '00' + '00' + '00000000',
      }
      // the CC index (a second parameter) holds nothing for this address
      const reply = (c: { id: string; method: string; params: unknown[] }) => ({
        result: c.method === 'getaddressutxos' && c.params.length === 2 ? [] : (results[c.method] ?? null),
        error: null,
        id: c.id,
      })
      // the satoshi literal is spliced in as text: a JS number could not hold it
      const text = JSON.stringify(Array.isArray(body) ? body.map(reply) : reply(body)).replace(
        '"BIG"',
        '9007199254740993',
      )
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end(text)
    })
  })
  afterAll(async () => {
    await server.close()
  })

  test('listUnspent / getMempool / getTransaction', async () => {
    const view: Pick<ChainView, 'getTransaction' | 'listUnspent' | 'getMempool'> = createKomodoRpc({
      url: server.url,
      user: 'u',
      password: 'p',
    })
    const [u] = await view.listUnspent(ADDRESS)
    expect(u).toMatchObject({ txid: 'ab'.repeat(32), vout: 1, height: 120 })
    expect(u!.satoshis).toBe(9007199254740993n) // beyond 2^53: exact
    expect(u!.script).toBeInstanceOf(Uint8Array)
    expect(u!.script.length).toBe(25)
    // both address-index types in one batch: normal outputs, then CC outputs (komodod's ccvout flag)
    expect((JSON.parse(server.requests.at(-1)!.body) as { params: unknown }[]).map((c) => c.params)).toEqual([
      [{ addresses: [ADDRESS] }],
      [{ addresses: [ADDRESS] }, true],
    ])
    expect(await view.getMempool()).toEqual(['cd'.repeat(32)])
    expect(await view.getTransaction('ef'.repeat(32))).toBe('01000000000000000000')
    expect(JSON.parse(server.requests.at(-1)!.body).params).toEqual(['ef'.repeat(32), 0])
  })
})
