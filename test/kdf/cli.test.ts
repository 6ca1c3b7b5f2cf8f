import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import v from '../../vectors/kdf/enable-eth-with-tokens.json' with { type: 'json' }
import { kdfCommands } from '../../src/cli/kdf.js'
import type { CliIo } from '../../src/cli/core.js'
import { sendJson, startServer } from '../rpc/_server.js'
import type { TestServer } from '../rpc/_server.js'

const response = (v.cases.find((c) => c.id === 'kdf-mdx-get-balances-false-01') as { response: unknown }).response
let server: TestServer
beforeAll(async () => {
  server = await startServer((_req, res) => sendJson(res, 200, response))
})
afterAll(async () => {
  await server.close()
})

function io(env: Record<string, string> = {}): CliIo & { out: string[] } {
  const out: string[] = []
  return { out, stdout: (s) => out.push(s), stderr: () => {}, env, readStdin: async () => '', isTty: false }
}
const cmd = kdfCommands['kdf enable-eth']!
const base = [
  '--ticker',
  'MATIC',
  '--tokens',
  'PGX-PLG20,AAVE-PLG20',
  '--swap-contract',
  '0x9130b257D37A52E52F21054c4DA3450c72f595CE',
  '--node',
  'https://polygon-rpc.com',
]

describe('komodo-cc kdf enable-eth', () => {
  test('--dry-run prints the body with the userpass masked', async () => {
    const o = io()
    await cmd.run([...base, '--no-balances', '--dry-run'], o)
    const p = JSON.parse(o.out.join('')) as { request: { userpass: string; params: Record<string, unknown> } }
    expect(p.request.userpass).toBe('***')
    expect(p.request.params).toEqual({
      ticker: 'MATIC',
      erc20_tokens_requests: [{ ticker: 'PGX-PLG20' }, { ticker: 'AAVE-PLG20' }],
      swap_contract_address: '0x9130b257D37A52E52F21054c4DA3450c72f595CE',
      nodes: [{ url: 'https://polygon-rpc.com' }],
      get_balances: false,
    })
  })
  test('sends to KDF with KDF_USERPASS and prints the typed result', async () => {
    const o = io({ KDF_USERPASS: 'pw' })
    expect(await cmd.run([...base, '--no-balances', '--url', server.url], o)).toBe(0)
    const p = JSON.parse(o.out.join('')) as { result: { current_block: number } }
    expect(p.result.current_block).toBe(60937035)
    expect((JSON.parse(server.requests.at(-1)!.body) as { userpass: string }).userpass).toBe('pw')
  })
  test('missing userpass / ticker are CLI_USAGE; bad params are KDF_PARAMS', async () => {
    await expect(cmd.run([...base, '--url', server.url], io())).rejects.toMatchObject({ code: 'CLI_USAGE' })
    await expect(cmd.run(['--tokens', '', '--dry-run'], io())).rejects.toMatchObject({ code: 'CLI_USAGE' })
    await expect(cmd.run([...base, '--node', 'ftp://x', '--dry-run'], io())).rejects.toMatchObject({
      code: 'KDF_PARAMS',
    })
  })
})
