import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import v from '../../vectors/rpc/docs-antara-rpc.json' with { type: 'json' }
import { rpcCommands } from '../../src/cli/rpc.js'
import type { CliIo } from '../../src/cli/core.js'
import { startServer } from './_server.js'
import type { TestServer } from './_server.js'

const cases = v.cases as unknown as { id: string; response: unknown; raw_tx_hex?: string }[]
let server: TestServer
let reply: unknown
const bodies: { method: string; params: unknown[] }[] = []
beforeAll(async () => {
  server = await startServer((req, res) => {
    const b = JSON.parse(req.body) as { id: string; method: string; params: unknown[] }
    bodies.push(b)
    res.writeHead(200, { 'content-type': 'application/json' })
    res.end(JSON.stringify({ result: reply, error: null, id: b.id }))
  })
})
afterAll(async () => {
  await server.close()
})

function io(env: Record<string, string> = {}, stdin = ''): CliIo & { out: string[] } {
  const out: string[] = []
  return { out, stdout: (s) => out.push(s), stderr: () => {}, env, readStdin: async () => stdin, isTty: false }
}

describe('komodo-cc rpc', () => {
  test('typed module method: params checked, amounts exact, JSON out (bigint as text)', async () => {
    reply = cases.find((c) => c.id === 'rewards-rewardsinfo-01')!.response
    const o = io({ KOMODO_RPC_USER: 'u', KOMODO_RPC_PASSWORD: 'p' })
    expect(
      await rpcCommands.rpc!.run(
        ['rewardsinfo', 'e020151cd81647b20aa45a0e6850216ae52d3e895443bbe1ae97dea3ae6767bd', '--url', server.url],
        o,
      ),
    ).toBe(0)
    // printed as the daemon answered (komodo-cli's output: these amounts are the daemon's strings)
    const printed = JSON.parse(o.out.join('')) as Record<string, unknown>
    expect(printed.APR).toBe('5.00000000')
    expect(printed.funding).toBe('1100.00000000')
    // --sats: the typed client's parsed result, amounts exact in satoshis
    const s = io({ KOMODO_RPC_USER: 'u', KOMODO_RPC_PASSWORD: 'p' })
    await rpcCommands.rpc!.run(
      [
        'rewardsinfo',
        'e020151cd81647b20aa45a0e6850216ae52d3e895443bbe1ae97dea3ae6767bd',
        '--url',
        server.url,
        '--sats',
      ],
      s,
    )
    const sats = JSON.parse(s.out.join('')) as Record<string, unknown>
    expect(sats.APR).toBe('500000000')
    expect(sats.funding).toBe('110000000000')
  })

  test('gatewaysbind with N pubkeys; oraclesregister datafee in satoshis; password from stdin', async () => {
    reply = { result: 'success', hex: cases.find((c) => c.id === 'faucet-faucetfund-01')!.raw_tx_hex }
    const pk = '024026d4ad4ecfc1f705a9b42ca64af6d2ad947509c085534a30b8861d756c6ff0'
    const t = 'ab'.repeat(32)
    await rpcCommands.rpc!.run(
      [
        'gatewaysbind',
        t,
        t,
        'KMD',
        '100000000',
        '1',
        '1',
        pk,
        '60',
        '85',
        '188',
        '--url',
        server.url,
        '--user',
        'u',
        '--password-stdin',
      ],
      io({}, 'p\n'),
    )
    expect(bodies.at(-1)!.params).toEqual([t, t, 'KMD', '100000000', '1', '1', pk, '60', '85', '188'])
    await rpcCommands.rpc!.run(
      ['oraclesregister', t, '10000', '--url', server.url],
      io({ KOMODO_RPC_USER: 'u', KOMODO_RPC_PASSWORD: 'p' }),
    )
    expect(bodies.at(-1)!.params).toEqual([t, '10000'])
  })

  test('--raw --json passes parameters through', async () => {
    reply = [{ funcid: 'B' }]
    const o = io({ KOMODO_RPC_USER: 'u', KOMODO_RPC_PASSWORD: 'p' })
    await rpcCommands.rpc!.run(
      [
        'getaddressutxos',
        '{"addresses":["RPCeZmqW4Aam52DFLmMraWtu5CuXPxqk92"]}',
        '--raw',
        '--json',
        '--url',
        server.url,
      ],
      o,
    )
    expect(bodies.at(-1)!.params).toEqual([{ addresses: ['RPCeZmqW4Aam52DFLmMraWtu5CuXPxqk92'] }])
  })

  test('usage errors are CLI_USAGE; a mismatching submit is refused before sending', async () => {
    await expect(rpcCommands.rpc!.run(['getinfo'], io())).rejects.toMatchObject({ code: 'CLI_USAGE' })
    await expect(rpcCommands.rpc!.run(['getinfo', '--url', server.url, '--chain', 'KMD'], io())).rejects.toMatchObject({
      code: 'CLI_USAGE',
    })
    const hex = cases.find((c) => c.id === 'oracles-oraclescreate-01')!.raw_tx_hex!
    const n = bodies.length
    await expect(
      rpcCommands['rpc submit']!.run(
        [
          hex,
          '--expect',
          '{"method":"oraclescreate","params":{"name":"OTHER"},"changeAddress":"RVXhz5UCJfSRoTfa4zvBFBrpDBbqMM21He"}',
          '--url',
          server.url,
        ],
        io({ KOMODO_RPC_USER: 'u', KOMODO_RPC_PASSWORD: 'p' }),
      ),
    ).rejects.toMatchObject({ code: 'SUBMIT_MISMATCH' })
    expect(bodies.length).toBe(n)
  })
})
