// submit(): inspect → check → broadcast once → wait, against a local daemon stand-in.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import v from '../../vectors/rpc/docs-antara-rpc.json' with { type: 'json' }
import { createKomodoRpc } from '../../src/rpc/client.js'
import { submit } from '../../src/rpc/flow.js'
import { KMD_POLICY } from '../../src/tx/policy.js'
import type { SubmitProgress } from '../../src/rpc/flow.js'
import { startServer } from './_server.js'
import type { TestServer } from './_server.js'

type Case = { id: string; raw_tx_hex: string; broadcast: { documented_txid: string }[] }
const c = (v.cases as unknown as Case[]).find((x) => x.id === 'oracles-oraclescreate-01')!
const HEX = c.raw_tx_hex
const TXID = c.broadcast[0]!.documented_txid // the docs' sendrawtransaction output: an independent txid
const CHANGE = 'RVXhz5UCJfSRoTfa4zvBFBrpDBbqMM21He' // the creator's address (vout 1 of the documented transaction)
const PREV_TXID = '99dd11f4eac1369f3fe8c6428f49e63da26e1b493f69b5bde29edbfbd06eb785' // vin 0 of HEX, display order
const OUT_SUM = 10000n + 20002670391n

/** A v1 transaction whose output `vout` holds `value` (the prevout of HEX's only input). */
function prevTx(vout: number, value: bigint): string {
  const le = (n: bigint, bytes: number): string => {
    let s = ''
    for (let i = 0; i < bytes; i++) s += ((n >> BigInt(8 * i)) & 0xffn).toString(16).padStart(2, '0')
    return s
  }
  let hex =
    '01000000' + '01' + '11'.repeat(32) + '00000000' + '00' + 'ffffffff' + (vout + 1).toString(16).padStart(2, '0')
  for (let i = 0; i <= vout; i++) hex += le(i === vout ? value : 1n, 8) + '01' + '51'
  return hex + '00000000'
}

type State = {
  prevValue: bigint
  mempoolAfter: number
  sendError?: { code: number; message: string }
  confirmations: number
}
let state: State
let server: TestServer
const calls: string[] = []
beforeAll(async () => {
  server = await startServer((req, res) => {
    const { id, method, params } = JSON.parse(req.body) as { id: string; method: string; params: unknown[] }
    calls.push(method)
    let result: unknown = null
    let error: unknown = null
    if (method === 'getrawtransaction' && params[1] === 0)
      result = params[0] === PREV_TXID ? prevTx(2, state.prevValue) : null
    else if (method === 'getrawtransaction') {
      if (state.confirmations > 0) result = { txid: TXID, confirmations: state.confirmations }
      else error = { code: -5, message: 'No information available about transaction' }
    } else if (method === 'sendrawtransaction') {
      if (state.sendError) error = state.sendError
      else result = TXID
    } else if (method === 'getrawmempool')
      result = calls.filter((m) => m === 'getrawmempool').length > state.mempoolAfter ? [TXID] : []
    const body = JSON.stringify({ result, error, id })
    res.writeHead(error ? 500 : 200, { 'content-type': 'application/json' })
    res.end(body)
  })
})
afterAll(async () => {
  await server.close()
})

const rpc = (): ReturnType<typeof createKomodoRpc> => createKomodoRpc({ url: server.url, user: 'u', password: 'p' })
const asked = {
  method: 'oraclescreate',
  params: { name: 'NYWTHR', description: 'Weather in NYC', format: 'L' },
  changeAddress: CHANGE,
}

describe('submit', () => {
  test('checks, broadcasts once, waits for the mempool, reports progress', async () => {
    state = { prevValue: OUT_SUM + 10000n, mempoolAfter: 2, confirmations: 0 }
    calls.length = 0
    const progress: SubmitProgress[] = []
    const r = await submit(rpc(), { hex: HEX }, asked, { pollMs: 10, onProgress: (p) => progress.push(p) })
    expect(r).toMatchObject({ txid: TXID, status: 'mempool', fee: 10000n })
    expect(r.inspection.method).toBe('oraclescreate')
    expect(calls.filter((m) => m === 'sendrawtransaction')).toHaveLength(1)
    expect(progress.map((p) => p.stage)).toEqual(['checked', 'sent', 'waiting', 'waiting', 'mempool'])
  })

  test('refuses change paid elsewhere, before anything is sent', async () => {
    state = { prevValue: OUT_SUM + 10000n, mempoolAfter: 0, confirmations: 0 }
    calls.length = 0
    await expect(
      submit(rpc(), HEX, { ...asked, changeAddress: 'RPCeZmqW4Aam52DFLmMraWtu5CuXPxqk92' }),
    ).rejects.toMatchObject({ code: 'SUBMIT_MISMATCH', details: { check: 'change', vout: 1 } })
    expect(calls).toEqual([])
  })

  test("refuses, before sending, what the node's relay policy refuses: the documented gatewaysdeposit's 2308-byte OP_RETURN", async () => {
    const dep = (v.cases as unknown as Case[]).find((x) => x.id === 'gateways-gatewaysdeposit-01')!
    const expectDeposit = { method: 'gatewaysdeposit', allowAnyChange: true, maxFee: null }
    calls.length = 0
    await expect(submit(rpc(), dep.raw_tx_hex, expectDeposit)).rejects.toMatchObject({
      code: 'TX_NONSTANDARD',
      details: { reason: 'scriptpubkey', size: 2308, limit: 208, option: '-datacarriersize=2308' },
    })
    // KMD itself has no crypto-conditions (IsCryptoConditionsEnabled: ASSETCHAINS_CC 0): its CC vout 0 is refused first
    await expect(submit(rpc(), dep.raw_tx_hex, expectDeposit, { policy: KMD_POLICY })).rejects.toMatchObject({
      code: 'TX_NONSTANDARD',
      details: { reason: 'scriptpubkey', vout: 0, violations: ['scriptpubkey', 'scriptpubkey'] },
    })
    expect(calls).toEqual([])
  })

  test('refuses a different method', async () => {
    calls.length = 0
    await expect(submit(rpc(), HEX, { ...asked, method: 'oraclesregister' })).rejects.toMatchObject({
      code: 'SUBMIT_MISMATCH',
      details: { check: 'method' },
    })
    expect(calls).toEqual([])
  })

  test('refuses different parameters, and parameters the transaction does not carry', async () => {
    calls.length = 0
    await expect(submit(rpc(), HEX, { ...asked, params: { name: 'NYWTHR2' } })).rejects.toMatchObject({
      code: 'SUBMIT_MISMATCH',
      details: { check: 'param', param: 'name' },
    })
    await expect(submit(rpc(), HEX, { ...asked, params: { format: 'S' } })).rejects.toMatchObject({
      code: 'SUBMIT_MISMATCH',
      details: { check: 'param', param: 'format' },
    })
    await expect(submit(rpc(), HEX, { ...asked, params: { datafee: 10000n } })).rejects.toMatchObject({
      code: 'SUBMIT_MISMATCH',
      details: { check: 'param' },
    })
    expect(calls).toEqual([])
  })

  test('refuses a fee above the bound (prevouts fetched), and outputs above inputs', async () => {
    state = { prevValue: OUT_SUM + 5_000_000n, mempoolAfter: 0, confirmations: 0 }
    calls.length = 0
    await expect(submit(rpc(), HEX, asked)).rejects.toMatchObject({
      code: 'SUBMIT_MISMATCH',
      details: { check: 'fee', fee: '5000000' },
    })
    expect(calls).toEqual(['getrawtransaction'])
    state.prevValue = OUT_SUM - 1n
    await expect(submit(rpc(), HEX, asked)).rejects.toMatchObject({
      code: 'SUBMIT_MISMATCH',
      details: { check: 'fee' },
    })
    // a larger explicit bound accepts the first case
    state = { prevValue: OUT_SUM + 5_000_000n, mempoolAfter: 0, confirmations: 0 }
    expect((await submit(rpc(), HEX, { ...asked, maxFee: 5_000_000n }, { pollMs: 5 })).fee).toBe(5_000_000n)
  })

  test('re-submitting the same hex is idempotent: "already in block chain" counts as sent, then confirmed', async () => {
    state = {
      prevValue: OUT_SUM + 10000n,
      mempoolAfter: 1000,
      confirmations: 3,
      sendError: { code: -27, message: 'transaction already in block chain' },
    }
    const progress: SubmitProgress[] = []
    const r = await submit(rpc(), HEX, asked, { pollMs: 5, onProgress: (p) => progress.push(p) })
    expect(r.status).toBe('confirmed')
    expect(progress[1]).toEqual({ stage: 'sent', txid: TXID, alreadyKnown: true })
  })

  test('a rejected broadcast surfaces the daemon error; a txid that never shows up is RPC_TIMEOUT, sent once', async () => {
    state = {
      prevValue: OUT_SUM + 10000n,
      mempoolAfter: 1000,
      confirmations: 0,
      sendError: { code: -26, message: '16: mandatory-script-verify-flag-failed' },
    }
    await expect(submit(rpc(), HEX, asked, { pollMs: 5 })).rejects.toMatchObject({ code: 'RPC_ERROR', rpcCode: -26 })
    state = { prevValue: OUT_SUM + 10000n, mempoolAfter: 1000, confirmations: 0 }
    calls.length = 0
    await expect(submit(rpc(), HEX, asked, { pollMs: 5, timeoutMs: 60 })).rejects.toMatchObject({
      code: 'RPC_TIMEOUT',
      details: { txid: TXID },
    })
    expect(calls.filter((m) => m === 'sendrawtransaction')).toHaveLength(1)
  })

  test('argument checks: change address required unless allowAnyChange, hex must be a transaction', async () => {
    await expect(submit(rpc(), HEX, { method: 'oraclescreate' })).rejects.toMatchObject({ code: 'ARG_INVALID' })
    await expect(submit(rpc(), 'deadbeef', asked)).rejects.toMatchObject({ code: 'TX_INVALID' })
    await expect(submit(rpc(), { hex: '0' }, { method: 'dicefinish', allowAnyChange: true })).rejects.toMatchObject({
      code: 'ARG_INVALID',
    })
    state = { prevValue: OUT_SUM + 10000n, mempoolAfter: 0, confirmations: 0 }
    expect(
      (await submit(rpc(), HEX, { method: 'oraclescreate', allowAnyChange: true, maxFee: null }, { pollMs: 5 })).fee,
    ).toBeUndefined()
  })
})
