// Every failure shape of the komodod transport becomes the right typed error, and no credential leaks into it.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import v from '../../vectors/rpc/docs-antara-rpc.json' with { type: 'json' }
import { createKomodoRpc } from '../../src/rpc/client.js'
import { RpcError } from '../../src/rpc/transport.js'
import { komodoConfPath, komodoDataDir, parseKomodoConf, readKomodoConf } from '../../src/rpc/conf.js'
import { KomodoCcError } from '../../src/errors.js'
import { deadPort, sendJson, sendText, sendTruncated, startServer } from './_server.js'
import type { TestServer } from './_server.js'

const USER = 'alice_rpc'
const PASSWORD = 'Sup3r-Secret-Pa55'
const TXID = 'c5bbc34e6517c483afc910a3b0585c40da5c09b7c5d2d9757c5c5075e2d41b59'
const HEX = (v.cases as { id: string; raw_tx_hex?: string }[]).find((c) => c.id === 'faucet-faucetfund-01')!.raw_tx_hex!

let server: TestServer
let dir: string
beforeAll(async () => {
  server = await startServer((_req, res) => sendText(res, 500, ''))
  dir = await mkdtemp(join(tmpdir(), 'komodo-cc-rpc-'))
})
afterAll(async () => {
  await server.close()
  await rm(dir, { recursive: true, force: true })
})

const idOf = (body: string): unknown => (JSON.parse(body) as { id: unknown }).id
function answer(result: unknown): void {
  server.setHandler((req, res) => sendJson(res, 200, { result, error: null, id: idOf(req.body) }))
}

function expectNoSecrets(e: unknown): void {
  const all = `${String((e as Error).message)} ${JSON.stringify((e as KomodoCcError).details ?? {})} ${String((e as Error).stack)}`
  expect(all).not.toContain(PASSWORD)
  expect(all).not.toContain(Buffer.from(`${USER}:${PASSWORD}`).toString('base64'))
}

async function failure(run: () => Promise<unknown>): Promise<RpcError> {
  const e = await run().then(
    () => undefined,
    (x: unknown) => x,
  )
  expect(e).toBeInstanceOf(RpcError)
  expect(e).toBeInstanceOf(KomodoCcError)
  expectNoSecrets(e)
  return e as RpcError
}

describe('komodod error shapes', () => {
  const rpc = (): ReturnType<typeof createKomodoRpc> =>
    createKomodoRpc({ url: server.url, user: USER, password: PASSWORD, timeoutMs: 2000 })

  test('HTTP 401 (wrong credentials, empty body) → RPC_HTTP reason auth', async () => {
    server.setHandler((_req, res) => {
      res.writeHead(401, { 'www-authenticate': 'Basic realm="jsonrpc"' })
      res.end()
    })
    const e = await failure(() => rpc().tokeninfo(TXID))
    expect(e).toMatchObject({ code: 'RPC_HTTP', status: 401, method: 'tokeninfo' })
    expect(e.details.reason).toBe('auth')
  })

  test('HTTP 500 with a JSON-RPC error (usage text, code -1) → RPC_ERROR with rpcCode and daemon message', async () => {
    server.setHandler((req, res) =>
      sendJson(res, 500, { result: null, error: { code: -1, message: 'tokeninfo tokenid\n' }, id: idOf(req.body) }),
    )
    const e = await failure(() => rpc().tokeninfo(TXID))
    expect(e).toMatchObject({ code: 'RPC_ERROR', rpcCode: -1, daemonMessage: 'tokeninfo tokenid\n', status: 500 })
  })

  test('HTTP 500 with the CC requirement error (code -1) and 404 method not found (-32601)', async () => {
    const msg = 'to use CC contracts, you need to launch daemon with valid -pubkey= for an address in your wallet\n'
    server.setHandler((req, res) =>
      sendJson(res, 500, { result: null, error: { code: -1, message: msg }, id: idOf(req.body) }),
    )
    expect(await failure(() => rpc().faucetget())).toMatchObject({ code: 'RPC_ERROR', daemonMessage: msg })
    server.setHandler((req, res) =>
      sendJson(res, 404, { result: null, error: { code: -32601, message: 'Method not found' }, id: idOf(req.body) }),
    )
    expect(await failure(() => rpc().call('nosuchmethod'))).toMatchObject({
      code: 'RPC_ERROR',
      rpcCode: -32601,
      status: 404,
    })
  })

  test('module error object {result:"error"} (HTTP 200) → RPC_ERROR with the module message', async () => {
    answer({ result: 'error', error: 'cant find tokenid' })
    const e = await failure(() => rpc().tokeninfo(TXID))
    expect(e).toMatchObject({ code: 'RPC_ERROR', daemonMessage: 'cant find tokenid' })
    expect(e.rpcCode).toBeUndefined()
    // the same through call()
    expect(await failure(() => rpc().call('tokeninfo', [TXID]))).toMatchObject({
      code: 'RPC_ERROR',
      daemonMessage: 'cant find tokenid',
    })
  })

  test('timeout → RPC_TIMEOUT; caller abort → ABORTED; already-aborted signal → nothing sent', async () => {
    server.setHandler(() => {
      /* never answers */
    })
    expect(
      await failure(() =>
        createKomodoRpc({ url: server.url, user: USER, password: PASSWORD, timeoutMs: 150 }).getblockcount(),
      ),
    ).toMatchObject({ code: 'RPC_TIMEOUT' })
    const ctrl = new AbortController()
    const pending = rpc().getinfo({ signal: ctrl.signal })
    setTimeout(() => ctrl.abort(), 30)
    expect(await failure(() => pending)).toMatchObject({ code: 'ABORTED' })
    const before = server.requests.length
    expect(await failure(() => rpc().getinfo({ signal: AbortSignal.abort() }))).toMatchObject({ code: 'ABORTED' })
    expect(server.requests.length).toBe(before)
  })

  test('connection refused → RPC_HTTP reason connect', async () => {
    const port = await deadPort()
    const e = await failure(() =>
      createKomodoRpc({ url: `http://127.0.0.1:${port}`, user: USER, password: PASSWORD }).getblockcount(),
    )
    expect(e).toMatchObject({ code: 'RPC_HTTP' })
    expect(e.details.reason).toBe('connect')
    expect(e.host).toBe(`127.0.0.1:${port}`)
  })

  test('non-JSON body → RPC_HTTP bad-json; truncated body → RPC_HTTP truncated', async () => {
    server.setHandler((_req, res) => sendText(res, 200, '<html>502 Bad Gateway</html>', 'text/html'))
    expect((await failure(() => rpc().getblockcount())).details.reason).toBe('bad-json')
    server.setHandler((_req, res) => sendTruncated(res, '{"result":{"result":"success","hex":"0100', 500))
    expect((await failure(() => rpc().faucetfund('1'))).details.reason).toBe('truncated')
    server.setHandler((req, res) => sendText(res, 200, `{"result":{"result":"success","hex":"01`, 'application/json'))
    expect((await failure(() => rpc().faucetfund('1'))).details.reason).toBe('truncated')
  })

  test('a hex result that is not a transaction is RPC_RESULT, not a string passed on', async () => {
    for (const hex of ['deadbeef', '', 'zz', HEX + '00', HEX.slice(0, -2)]) {
      answer({ result: 'success', hex })
      const e = await failure(() => rpc().faucetfund('1'))
      expect(e.code).toBe('RPC_RESULT')
    }
    answer({ result: 'success', hex: HEX })
    expect((await rpc().faucetfund('1')).hex).toBe(HEX)
  })

  test('malformed results: wrong id, not an object, bad txid list, missing fields → RPC_RESULT', async () => {
    server.setHandler((_req, res) => sendJson(res, 200, { result: 5, error: null, id: 'other' }))
    expect((await failure(() => rpc().getblockcount())).code).toBe('RPC_RESULT')
    answer(['not-a-txid'])
    expect((await failure(() => rpc().tokenlist())).code).toBe('RPC_RESULT')
    answer({ result: 'success', name: 'Faucet' })
    expect((await failure(() => rpc().faucetinfo())).code).toBe('RPC_RESULT')
    answer('x'.repeat(64))
    expect((await failure(() => rpc().sendrawtransaction(HEX))).code).toBe('RPC_RESULT')
    server.setHandler((_req, res) => sendJson(res, 200, [1, 2]))
    expect((await failure(() => rpc().getblockcount())).details.reason).toBe('bad-envelope')
  })

  test('bad arguments are refused before anything is sent (ARG_INVALID / AMOUNT_*), as rejections', async () => {
    const before = server.requests.length
    const r = rpc()
    for (const [run, code] of [
      [() => r.tokeninfo('abc'), 'ARG_INVALID'],
      [() => r.tokenbalance(TXID, '04' + 'a'.repeat(128)), 'ARG_INVALID'],
      [() => r.faucetfund('1.123456789'), 'AMOUNT_INVALID'],
      [() => r.faucetfund('-1'), 'AMOUNT_RANGE'],
      [() => r.dicefund('TOOLONGNAME', '1', '1', '1', 1, 1), 'ARG_INVALID'],
      [() => r.dicebet('D', TXID, '1', 10000), 'ARG_INVALID'],
      [() => r.oraclescreate('N', 'D', 'Lx'), 'ORACLE_FORMAT'],
      [() => r.oraclesdata(TXID, 'abc'), 'ARG_INVALID'],
      [() => r.oraclesregister(TXID, 9999n), 'AMOUNT_RANGE'],
      [() => r.gatewaysbind(TXID, TXID, 'KMD', 1n, 1, 2, ['02' + 'a'.repeat(64)], 60, 85, 188), 'ARG_INVALID'],
      [() => r.rewardscreatefunding('F', '1', undefined, 1), 'ARG_INVALID'],
      [() => r.getaddressutxos([]), 'ARG_INVALID'],
      [() => r.tokencreate('NFT', '1', 'd', 'f701'), 'ARG_INVALID'],
      [() => r.listunspent(1, 10, 'RPCeZmqW4Aam52DFLmMraWtu5CuXPxqk92' as never), 'ARG_INVALID'],
      [() => r.call('bad method'), 'ARG_INVALID'],
    ] as [() => Promise<unknown>, string][]) {
      const p = run()
      expect(p).toBeInstanceOf(Promise)
      await expect(p).rejects.toMatchObject({ code })
    }
    expect(server.requests.length).toBe(before)
  })

  test('credentials in the URL are moved to the Authorization header, never into messages', async () => {
    let auth: string | undefined
    server.setHandler((req, res) => {
      auth = req.headers.authorization
      sendJson(res, 200, { result: 7, error: null, id: idOf(req.body) })
    })
    const u = new URL(server.url)
    const r = createKomodoRpc({ url: `http://${USER}:${encodeURIComponent(PASSWORD)}@${u.host}` })
    expect(await r.getblockcount()).toBe(7)
    expect(auth).toBe('Basic ' + Buffer.from(`${USER}:${PASSWORD}`).toString('base64'))
    expect(await r.host()).toBe(u.host)
  })

  test('options errors are RPC_CONFIG', () => {
    for (const o of [
      { url: 'ftp://x' },
      { url: 'http://127.0.0.1:1' },
      { url: 'http://127.0.0.1:1', user: 'u' },
      {},
    ] as never[])
      expect(() => createKomodoRpc(o)).toThrow(expect.objectContaining({ code: 'RPC_CONFIG' }))
  })
})

describe('conf file', () => {
  test('parse: comments, first key wins, spaces', () => {
    expect(parseKomodoConf('# c\nrpcuser = u\nrpcuser=v\nrpcpassword=p#x\n\nrpcport=7771\n')).toEqual({
      rpcuser: 'u',
      rpcpassword: 'p',
      rpcport: '7771',
    })
  })

  test('per-OS data directories and conf names', () => {
    expect(komodoDataDir('KMD', 'linux', {}, '/home/a')).toBe('/home/a/.komodo')
    expect(komodoDataDir('DOC', 'linux', {}, '/home/a')).toBe('/home/a/.komodo/DOC')
    expect(komodoDataDir('DOC', 'darwin', {}, '/Users/a')).toBe('/Users/a/Library/Application Support/Komodo/DOC')
    expect(komodoDataDir('KMD', 'win32', { APPDATA: 'C:/Users/a/AppData/Roaming' }, 'C:/Users/a')).toContain('Komodo')
    expect(komodoConfPath('DOC', '/d')).toBe('/d/DOC.conf')
    expect(komodoConfPath('KMD', '/d')).toBe('/d/komodo.conf')
    expect(() => komodoDataDir('../etc')).toThrow(expect.objectContaining({ code: 'RPC_CONFIG' }))
  })

  test('chain conf → endpoint, and a client built from it talks to the server', async () => {
    const chainDir = join(dir, 'DOC')
    await mkdir(chainDir, { recursive: true })
    await writeFile(
      join(chainDir, 'DOC.conf'),
      `rpcuser=${USER}\nrpcpassword=${PASSWORD}\nrpcport=${server.port}\nrpcbind=127.0.0.1\n`,
    )
    expect(await readKomodoConf({ chain: 'DOC', dataDir: chainDir })).toEqual({
      url: `http://127.0.0.1:${server.port}`,
      user: USER,
      password: PASSWORD,
    })
    let auth: string | undefined
    server.setHandler((req, res) => {
      auth = req.headers.authorization
      sendJson(res, 200, { result: 12, error: null, id: idOf(req.body) })
    })
    expect(await createKomodoRpc({ chain: 'DOC', dataDir: chainDir }).getblockcount()).toBe(12)
    expect(auth).toBe('Basic ' + Buffer.from(`${USER}:${PASSWORD}`).toString('base64'))
    expect(await createKomodoRpc({ confPath: join(chainDir, 'DOC.conf') }).getblockcount()).toBe(12)
  })

  test('rpcbind forms and KMD default port', async () => {
    const p = join(dir, 'komodo.conf')
    await writeFile(p, `rpcuser=u\nrpcpassword=p\nrpcbind=[::1]:7771\n`)
    expect((await readKomodoConf({ confPath: p })).url).toBe('http://[::1]:7771')
    await writeFile(p, `rpcuser=u\nrpcpassword=p\nrpcbind=0.0.0.0\nrpcport=8000\n`)
    expect((await readKomodoConf({ confPath: p })).url).toBe('http://127.0.0.1:8000')
  })

  test('missing file / keys → RPC_CONFIG naming the key, never a value', async () => {
    await expect(readKomodoConf({ confPath: join(dir, 'nope.conf') })).rejects.toMatchObject({ code: 'RPC_CONFIG' })
    const p = join(dir, 'bad.conf')
    await writeFile(p, `rpcuser=${USER}\nrpcport=1\n`)
    const e = (await readKomodoConf({ confPath: p }).catch((x: unknown) => x)) as KomodoCcError
    expect(e).toMatchObject({ code: 'RPC_CONFIG', details: { missing: 'rpcpassword' } })
    expect(e.message).not.toContain(USER)
    await writeFile(p, `rpcuser=u\nrpcpassword=${PASSWORD}\nrpcport=http\n`)
    const e2 = (await readKomodoConf({ confPath: p }).catch((x: unknown) => x)) as KomodoCcError
    expect(e2.code).toBe('RPC_CONFIG')
    expectNoSecrets(e2)
    const chainDir = join(dir, 'NOPORT')
    await mkdir(chainDir, { recursive: true })
    await writeFile(join(chainDir, 'NOPORT.conf'), 'rpcuser=u\nrpcpassword=p\n')
    await expect(readKomodoConf({ chain: 'NOPORT', dataDir: chainDir })).rejects.toMatchObject({
      code: 'RPC_CONFIG',
      details: { missing: 'rpcport' },
    })
    // a client over a missing conf rejects on the call, as RPC_CONFIG
    await expect(createKomodoRpc({ confPath: join(dir, 'nope.conf') }).getinfo()).rejects.toMatchObject({
      code: 'RPC_CONFIG',
    })
  })
})
