// Every seed method called once against a local komodod stand-in that checks the wire and replays the documented
// responses of vectors/rpc/docs-antara-rpc.json.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import v from '../../vectors/rpc/docs-antara-rpc.json' with { type: 'json' }
import { createKomodoRpc } from '../../src/rpc/client.js'
import type { KomodoRpc } from '../../src/rpc/client.js'
import { RpcError } from '../../src/rpc/transport.js'
import { startServer } from './_server.js'
import type { Captured, TestServer } from './_server.js'

type Case = {
  id: string
  method?: string
  params?: string[] | null
  response?: unknown
  response_is_text?: boolean
  params_are_placeholders?: boolean
  raw_tx_hex?: string
}
const cases = v.cases as unknown as Case[]
const USER = 'rpcuser_x'
const PASSWORD = 'pa55:w0rd/secret'
const DUMMY = 'ab'.repeat(32)

let server: TestServer
let rpc: KomodoRpc
let reply: unknown = null
const wire: { headers: Captured['headers']; body: Record<string, unknown> }[] = []

beforeAll(async () => {
  server = await startServer((req, res) => {
    const body = JSON.parse(req.body) as Record<string, unknown>
    wire.push({ headers: req.headers, body })
    const out = JSON.stringify({ result: reply, error: null, id: body.id })
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(out) })
    res.end(out)
  })
  rpc = createKomodoRpc({ url: server.url, user: USER, password: PASSWORD })
})
afterAll(async () => {
  await server.close()
})

/** How each documented string parameter maps to a typed argument: s = text as is, c = coins, u = whole units, i = integer. */
const KINDS: Record<string, string> = {
  tokenaddress: 's',
  tokenbalance: 'ss',
  tokencreate: 'scs',
  tokeninfo: 's',
  tokenlist: '',
  tokentransfer: 'ssu',
  faucetaddress: 's',
  faucetfund: 'c',
  faucetget: '',
  faucetinfo: '',
  diceaddfunds: 'ssc',
  diceaddress: 's',
  dicebet: 'ssci',
  dicefinish: 'sss',
  dicefund: 'scccii',
  diceinfo: 's',
  dicelist: '',
  dicestatus: 'sss',
  oraclesaddress: 's',
  oraclescreate: 'sss',
  oraclesdata: 'ss',
  oraclesfund: 's',
  oraclesinfo: 's',
  oracleslist: '',
  oraclesregister: 'su',
  oraclessamples: 'ssi',
  oraclessubscribe: 'ssc',
  gatewaysaddress: '',
  gatewaysbind: 'sssuii' + 's' + 'iii',
  gatewaysclaim: 'ssssc',
  gatewaysdeposit: 'sississsc',
  gatewaysinfo: 's',
  gatewayslist: '',
  rewardsaddfunding: 'ssc',
  rewardsaddress: 's',
  rewardsinfo: 's',
  rewardslist: '',
  rewardsunlock: 'sss',
}

function typedArgs(method: string, params: string[]): unknown[] {
  const kinds = KINDS[method]!
  return params.map((p, i) => {
    const k = kinds[i]
    if (k === 'u') return BigInt(p)
    if (k === 'i') return Number(p)
    return p // 's' text as is; 'c' coins as decimal text
  })
}

function call(method: string, args: unknown[]): Promise<unknown> {
  if (method === 'gatewaysbind') {
    // positional pubkeys list: tokenid oracletxid coin tokensupply M N pubkey… pubtype p2shtype wiftype [taddr]
    const [a, b, c, d, m, n, ...rest] = args as [string, string, string, bigint, number, number, ...unknown[]]
    const pubkeys = rest.slice(0, n) as string[]
    const [pubtype, p2sh, wif, taddr] = rest.slice(n) as number[]
    return rpc.gatewaysbind(a, b, c, d, m, n, pubkeys, pubtype!, p2sh!, wif!, taddr)
  }
  const f = (rpc as unknown as Record<string, (...x: unknown[]) => Promise<unknown>>)[method]!
  return f(...args)
}

/** Sats of a documented coin text, computed here independently of src/amount.ts. */
function satsOf(text: string): bigint {
  const [w, f = ''] = text.split('.')
  return BigInt(w!) * 100000000n + BigInt((f + '00000000').slice(0, 8))
}

const usable = cases.filter(
  (c) =>
    c.method &&
    KINDS[c.method] !== undefined &&
    c.response !== undefined &&
    c.response !== null &&
    Array.isArray(c.params) &&
    !c.params_are_placeholders,
)

describe('documented examples replayed: wire params and typed results', () => {
  test.each(usable.map((c) => [c.id, c] as const))('%s', async (_id, c) => {
    const method = c.method!
    const params = c.params!
    // a text response is the docs' code block; a stray markdown fence after it is cut
    reply = c.response_is_text ? JSON.parse((c.response as string).replace(/```\s*$/, '')) : c.response
    const args = typedArgs(method, params)
    if (method === 'diceaddfunds' && new TextEncoder().encode(params[0]!).length > 8) {
      // the docs example predates the 8-byte plan-name check of current daemons: refused before sending
      await expect(call(method, args)).rejects.toMatchObject({ code: 'ARG_INVALID' })
      return
    }
    const n = wire.length
    const result = await call(method, args)
    expect(wire.length).toBe(n + 1)
    const { headers, body } = wire.at(-1)!
    expect(headers['content-type']).toBe('text/plain;')
    expect(headers.authorization).toBe('Basic ' + Buffer.from(`${USER}:${PASSWORD}`).toString('base64'))
    expect(Object.keys(body)).toEqual(['jsonrpc', 'id', 'method', 'params'])
    expect(body.jsonrpc).toBe('1.0')
    expect(typeof body.id).toBe('string')
    expect(body.method).toBe(method)
    const sent = body.params as string[]
    expect(sent.length).toBe(params.length)
    const kinds = method === 'gatewaysbind' ? 'sssuii' + 's'.repeat(Number(params[5])) + 'iii' : KINDS[method]!
    sent.forEach((s, i) => {
      expect(typeof s).toBe('string') // modules read every parameter as a JSON string
      if (kinds[i] === 'c') expect(satsOf(s)).toBe(satsOf(params[i]!))
      else expect(s).toBe(params[i])
    })
    const r = reply as Record<string, unknown>
    if (typeof r === 'object' && r !== null && 'hex' in r) {
      expect((result as { hex: string }).hex).toBe(r.hex)
      if (c.raw_tx_hex) expect(r.hex).toBe(c.raw_tx_hex)
    }
    if (Array.isArray(reply)) expect(result).toEqual(reply)
  })
})

describe('typed results hold the documented values exactly', () => {
  const get = (id: string): Case => cases.find((c) => c.id === id)!
  const replayCase = (id: string): void => {
    reply = get(id).response
  }

  test('faucetinfo funding "%.8f" → satoshis', async () => {
    replayCase('faucet-faucetinfo-01')
    expect((await rpc.faucetinfo()).funding).toBe(20020799860023n)
  })
  test('rewardsinfo: APR percent×1e8, money in satoshis, sbits exact', async () => {
    replayCase('rewards-rewardsinfo-01')
    const r = await rpc.rewardsinfo('e020151cd81647b20aa45a0e6850216ae52d3e895443bbe1ae97dea3ae6767bd')
    expect(r).toMatchObject({
      name: 'FREE',
      sbits: 1162170950n,
      APR: 500000000n,
      minseconds: 86400,
      maxseconds: 864000,
      mindeposit: 1000000000n,
      funding: 110000000000n,
      locked: 20000000000n,
    })
  })
  test('oraclesinfo publishers', async () => {
    replayCase('oracles-oraclesinfo-01')
    const r = await rpc.oraclesinfo('0df7c4d844f08dba08abd4bb174558739f17cfe268feb005fb6333b3761d9203')
    expect(r.registered).toEqual([
      {
        publisher: '03810d28146f60a42090991b044fe630d1664f3f8f46286c61e7420523318047b5',
        baton: 'RWg43P8s8RtJatAGNa2kV8N2abhQqH93w9',
        batontxid: '8f3c517d023e42bacfd0de8b0174cdc8adab713d08a689c00067ab171488a575',
        lifetime: 0n,
        funds: 0n,
        datafee: 1000000n,
      },
    ])
  })
  test('oraclessamples: current {txid,data} and 2018 [[...]] forms', async () => {
    replayCase('oracles-oraclessamples-01')
    expect(
      (
        await rpc.oraclessamples(
          '7b6e7745058ffded423546eecc61dcc05069279b90776384c52692765246b64c',
          'RVerJvoYsXp3avQ3xxe54EhajZgn5xidKB',
          1,
        )
      ).samples,
    ).toEqual([
      {
        txid: 'bbe51ad50a1a49e0275631c2b8e698ea3514b05bb60b944ee891bdbbd5ce0c17',
        data: ['This here is some data stored on an oracle'],
      },
    ])
    replayCase('oracles-oraclessamples-old-01')
    expect(
      (
        await rpc.oraclessamples(
          '0df7c4d844f08dba08abd4bb174558739f17cfe268feb005fb6333b3761d9203',
          'abb4fc6d7fbff88c09b35fc40d96e3a04a891fbf3a2f21e8b8536acbd95d75d7',
          2,
        )
      ).samples,
    ).toEqual([{ data: ['4982091690320855040'] }, { data: ['18446744069414584320'] }])
  })
  test('gatewaysinfo: old single pubkey and new M/N/pubkeys forms', async () => {
    replayCase('gateways-gatewaysinfo-01')
    expect(await rpc.gatewaysinfo(DUMMY)).toMatchObject({
      pubkey: '024026d4ad4ecfc1f705a9b42ca64af6d2ad947509c085534a30b8861d756c6ff0',
      totalsupply: 100000000n,
      remaining: 100000000n,
      issued: 0n,
      prefix: 60,
    })
    replayCase('tut-pegscreator-gatewaysinfo-01')
    expect(await rpc.gatewaysinfo(DUMMY)).toMatchObject({
      M: 1,
      N: 1,
      wiftype: 188,
      pubkeys: ['02d3431950c2f0f9654217b6ce3d44468d3a9ca7255741767fdeee7c5ec6b47567'],
      totalsupply: 10000000000000n,
    })
  })
  test('tokeninfo supply: JSON integer (current) and "%.8f" text (old docs page)', async () => {
    replayCase('tut-pegscreator-tokeninfo-01')
    expect((await rpc.tokeninfo('0946d12135cca0757a12931944ff930657f21fd676966c12d66d5750848ea712')).supply).toBe(
      10000000000000n,
    )
    replayCase('tokens-tokeninfo-01')
    expect((await rpc.tokeninfo('43850dfce744581ef44775086625745adecd628993c5ff4c1c786cfd21009add')).supply).toBe(
      10000000000000n,
    )
  })
  test('address RPCs: new and 2018 key spellings fold to the same fields', async () => {
    replayCase('dice-diceaddress-01')
    const now = await rpc.diceaddress('03fe754763c176e1339a3f62ee6b9484720e17ee4646b65a119e9f6370c7004abc')
    replayCase('dice-diceaddress-old-01')
    const old = await rpc.diceaddress('03fe754763c176e1339a3f62ee6b9484720e17ee4646b65a119e9f6370c7004abc')
    expect(now.ccAddress).toBe('REabWB7KjFN5C3LFMZ5odExHPenYzHLtVw')
    expect(old.ccAddress).toBe('REabWB7KjFN5C3LFMZ5odExHPenYzHLtVw')
    expect(now.normalAddress).toBe('RLEe8f7Eg3TDuXii9BmNiiiaVGraHUt25c')
    expect(old.normalAddress).toBe('RLEe8f7Eg3TDuXii9BmNiiiaVGraHUt25c')
    expect(now.pubkeyCCAddress).toBe('RNZBxcH9ntcB8cJMTtbWZJrjzJNQ4ADLkz')
    expect(old.pubkeyCCAddress).toBe('RNZBxcH9ntcB8cJMTtbWZJrjzJNQ4ADLkz')
    expect(now.ccBalance).toBe(0n)
    replayCase('tokens-tokenaddress-old-01')
    expect((await rpc.tokenaddress()).ccAddress).toBe('RGKRjeTBw4LYFotSDLT6RWzMHbhXri6BG6')
    replayCase('gateways-gatewaysaddress-01')
    expect((await rpc.gatewaysaddress()).gatewaysPubkey).toBe(
      '03ea9c062b9652d8eff34879b504eda0717895d27597aaeb60347d65eed96ccb40',
    )
  })
  test('dicefinish hex "0" means finished; dicestatus', async () => {
    replayCase('dice-dicefinish-01')
    expect(
      await rpc.dicefinish(
        'DICE3',
        '4132ca8e8d46df9f8a8cbe83c99794497e06bbd190bd71f4abcdedf84e90952e',
        'd54335073e549cd75a050fd4d6ba5939307cda7096ba0f3da779fb7d07e46343',
      ),
    ).toEqual({ result: 'success', hex: '0', finished: true })
    replayCase('dice-dicestatus-01')
    expect((await rpc.dicestatus('DICE3', DUMMY, DUMMY)).status).toBe('loss')
  })
  test('tokenbalance', async () => {
    replayCase('tokens-tokenbalance-01')
    expect((await rpc.tokenbalance('c5bbc34e6517c483afc910a3b0585c40da5c09b7c5d2d9757c5c5075e2d41b59')).balance).toBe(
      99989n,
    )
  })
  test('rewardsunlock too early: the documented module error becomes RpcError RPC_ERROR', async () => {
    replayCase('rewards-rewardsunlock-error-01')
    const e = (await rpc.rewardsunlock('FREE', DUMMY).catch((x: unknown) => x)) as RpcError
    expect(e).toBeInstanceOf(RpcError)
    expect(e.code).toBe('RPC_ERROR')
    expect(e.daemonMessage).toBe('reward 0 is <= the transaction fee')
    expect(e.method).toBe('rewardsunlock')
  })
  test('assets DEX methods of the old tokens page stay reachable through call()', async () => {
    replayCase('tokens-tokenorders-old-02')
    const r = await rpc.call('tokenorders', ['c5bbc34e6517c483afc910a3b0585c40da5c09b7c5d2d9757c5c5075e2d41b59'])
    expect(r).toEqual(get('tokens-tokenorders-old-02').response)
  })
  test('the seed methods without a documented example: wire params and results', async () => {
    const hex = get('faucet-faucetfund-01').raw_tx_hex!
    const pk = '03fe754763c176e1339a3f62ee6b9484720e17ee4646b65a119e9f6370c7004abc'
    const calls: [string, () => Promise<unknown>, unknown[], unknown][] = [
      ['faucetget', () => rpc.faucetget(), [], { result: 'success', hex }],
      [
        'dicebet',
        () => rpc.dicebet('KMDDice', DUMMY, '1.15', 2),
        ['KMDDice', DUMMY, '1.150000005', '2'],
        { result: 'success', hex },
      ],
      [
        'oraclesdata',
        () => rpc.oraclesdata(DUMMY, '0a0074657374737472696e67'),
        [DUMMY, '0a0074657374737472696e67'],
        { hex, result: 'success' },
      ],
      [
        'gatewayscompletesigning',
        () => rpc.gatewayscompletesigning(DUMMY, 'KMD', hex),
        [DUMMY, 'KMD', hex],
        { result: 'success', hex },
      ],
      [
        'gatewaysdumpprivkey',
        () => rpc.gatewaysdumpprivkey(DUMMY, 'RPCeZmqW4Aam52DFLmMraWtu5CuXPxqk92'),
        [DUMMY, 'RPCeZmqW4Aam52DFLmMraWtu5CuXPxqk92'],
        { result: 'success', privkey: 'Uxxx' },
      ],
      [
        'gatewaysexternaladdress',
        () => rpc.gatewaysexternaladdress(DUMMY, pk),
        [DUMMY, pk],
        { result: 'success', address: 'RPCeZmqW4Aam52DFLmMraWtu5CuXPxqk92' },
      ],
      [
        'gatewayswithdraw',
        () => rpc.gatewayswithdraw(DUMMY, 'KMD', pk, '0.1'),
        [DUMMY, 'KMD', pk, '0.1'],
        { result: 'success', hex },
      ],
      [
        'rewardscreatefunding',
        () => rpc.rewardscreatefunding('FREE', '1000', '5', 1, 10, '10'),
        ['FREE', '1000', '5', '1', '10', '10'],
        { result: 'success', hex },
      ],
      [
        'rewardscreatefunding',
        () => rpc.rewardscreatefunding('FREE', 1000n * 100000000n),
        ['FREE', '1000'],
        { result: 'success', hex },
      ],
      [
        'rewardslock',
        () => rpc.rewardslock('FREE', DUMMY, '0.29'),
        ['FREE', DUMMY, '0.29'],
        { result: 'success', hex },
      ],
      [
        'diceinfo',
        () => rpc.diceinfo(DUMMY),
        [DUMMY],
        {
          result: 'success',
          fundingtxid: DUMMY,
          name: 'KMDDice',
          sbits: 28538276415819083,
          minbet: '0.77700000',
          maxbet: '7.77000000',
          maxodds: 777,
          timeoutblocks: 7,
          funding: '777777.00000000',
          entropytxs: 3,
        },
      ],
      ['tokenlist', () => rpc.tokenlist(), [], [DUMMY]],
      ['oracleslist', () => rpc.oracleslist(), [], []],
      [
        'diceaddfunds',
        () => rpc.diceaddfunds('KMDDice', DUMMY, '10'),
        ['KMDDice', DUMMY, '10'],
        { result: 'success', hex },
      ],
      ['tokentransfer', () => rpc.tokentransfer(DUMMY, pk, '1'), [DUMMY, pk, '1'], { result: 'success', hex }],
      ['oraclesregister', () => rpc.oraclesregister(DUMMY, '0.0001'), [DUMMY, '10000'], { result: 'success', hex }],
      ['tokenaddress', () => rpc.tokenaddress(), [], get('tokens-tokenaddress-01').response],
      [
        'tokencreate',
        () => rpc.tokencreate('NFT1', 1n, undefined, 'f701'),
        ['NFT1', '0.00000001', '', 'f701'],
        { result: 'success', hex },
      ],
    ]
    for (const [method, run, params, response] of calls) {
      reply = response
      const r = await run()
      const { body } = wire.at(-1)!
      expect(body.method, method).toBe(method)
      expect(body.params, method).toEqual(params)
      expect(r, method).toBeDefined()
    }
    reply = get('faucet-faucetfund-01').response
    expect((await rpc.faucetget()).hex).toBe(hex)
  })

  test('every seed method was exercised on the wire', () => {
    const seedMethods = Object.keys(KINDS)
    const called = new Set(wire.map((w) => w.body.method))
    const notDocumented = [
      'faucetget',
      'dicebet',
      'oraclesdata',
      'gatewayscompletesigning',
      'gatewaysdumpprivkey',
      'gatewaysexternaladdress',
      'gatewayswithdraw',
      'rewardscreatefunding',
      'rewardslock',
      'diceinfo',
      'tokenlist',
      'oracleslist',
      'diceaddfunds',
    ]
    for (const m of seedMethods) if (!notDocumented.includes(m)) expect(called.has(m), m).toBe(true)
  })
})
