import { afterAll, beforeAll, expect, test } from 'vitest'
import v from '../../vectors/rpc/docs-antara-rpc.json' with { type: 'json' }
import { publisherSession } from '../../examples/rpc.js'
import { createKomodoRpc } from '../../src/rpc/client.js'
import { startServer } from '../rpc/_server.js'
import type { TestServer } from '../rpc/_server.js'

type Case = { id: string; response: { hex?: string }; raw_tx_hex?: string; broadcast?: { documented_txid?: string }[] }
const get = (id: string): Case => (v.cases as unknown as Case[]).find((c) => c.id === id)!
const create = get('oracles-oraclescreate-01')
const register = get('oracles-oraclesregister-01')
const CREATE_TXID = create.broadcast![0]!.documented_txid!
const REGISTER_TXID = register.broadcast![0]!.documented_txid!
const ME = 'RVXhz5UCJfSRoTfa4zvBFBrpDBbqMM21He'

// the create transaction's own input is not in the docs: a stand-in prevout paying outputs + 10000 sat fee
const PREV =
  '01000000' +
  '01' +
  '11'.repeat(32) +
  '00000000' +
  '00' +
  'ffffffff' +
  '03' +
  ['0100000000000000', '0100000000000000'].map((x) => x + '0151').join('') +
  (10000n + 20002670391n + 10000n).toString(16).padStart(16, '0').match(/../g)!.reverse().join('') +
  '0151' +
  '00000000'

let server: TestServer
const sent: string[] = []
beforeAll(async () => {
  server = await startServer((req, res) => {
    const { id, method, params } = JSON.parse(req.body) as { id: string; method: string; params: string[] }
    const results: Record<string, () => unknown> = {
      oraclescreate: () => create.response,
      oraclesregister: () =>
        params[0] === CREATE_TXID && params[1] === '1000000'
          ? register.response
          : { result: 'error', error: 'unexpected' },
      oraclesinfo: () => get('oracles-oraclesinfo-01').response,
      getrawtransaction: () => (params[0] === CREATE_TXID ? create.raw_tx_hex : PREV),
      sendrawtransaction: () => {
        const t = params[0] === create.raw_tx_hex ? CREATE_TXID : REGISTER_TXID
        sent.push(t)
        return t
      },
      getrawmempool: () => sent,
    }
    const result = results[method]?.() ?? null
    res.writeHead(200, { 'content-type': 'application/json' })
    res.end(JSON.stringify({ result, error: null, id }))
  })
})
afterAll(async () => {
  await server.close()
})

test('examples/rpc.ts: publisher session against a komodod stand-in replaying the docs', async () => {
  const rpc = createKomodoRpc({ url: server.url, user: 'u', password: 'p' })
  const r = await publisherSession(rpc, ME)
  expect(r.oracletxid).toBe(CREATE_TXID)
  expect(r.publishers).toEqual([
    {
      publisher: '03810d28146f60a42090991b044fe630d1664f3f8f46286c61e7420523318047b5',
      baton: 'RWg43P8s8RtJatAGNa2kV8N2abhQqH93w9',
      datafee: 1000000n,
    },
  ])
  expect(sent).toEqual([CREATE_TXID, REGISTER_TXID])
})
