import { afterAll, beforeAll, expect, test } from 'vitest'
import v from '../../vectors/kdf/enable-eth-with-tokens.json' with { type: 'json' }
import { activateEth } from '../../examples/kdf.js'
import { sendJson, startServer } from '../rpc/_server.js'
import type { TestServer } from '../rpc/_server.js'

const response = (v.cases.find((c) => c.id === 'kdf-mdx-gas-station-01') as { response: unknown }).response
let server: TestServer
beforeAll(async () => {
  server = await startServer((_req, res) => sendJson(res, 200, response))
})
afterAll(async () => {
  await server.close()
})

test('examples/kdf.ts: ETH activation against a KDF stand-in replaying the docs', async () => {
  const r = await activateEth(server.url, 'RPC_UserP@SSW0RD')
  expect(r).toEqual({
    block: 20590537,
    address: '0x083C32B38e8050473f6999e22f670d1404235592',
    eth: '0',
    tokens: ['APE-ERC20', 'BCH-ERC20', 'BUSD-ERC20', 'MINDS-ERC20'],
    warnings: [],
  })
  const body = JSON.parse(server.requests.at(-1)!.body) as { params: Record<string, unknown> }
  expect(body.params.erc20_tokens_requests).toEqual([
    { ticker: 'APE-ERC20' },
    { ticker: 'BCH-ERC20' },
    { ticker: 'BUSD-ERC20' },
  ])
})
