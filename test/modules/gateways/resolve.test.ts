// The gateways resolvers against the in-process devnet (issue 18): every method key-locally through its resolver,
// equal to the devnet's daemon-style RPC on the same chain; each look-up rule of src/cc/gateways.cpp on a chain
// built to reach it (the expected choice computed here from the chain, by the rule); lying views refused.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { bytesToHex, hexToBytes } from '../../../src/bytes/hex.js'
import { txidToInternalBytes } from '../../../src/bytes/uint256.js'
import { p2pkhAddress } from '../../../src/address/address.js'
import { ccAddress, tokensCcAddress } from '../../../src/cc/address.js'
import { cc1of1 } from '../../../src/cc/condition.js'
import { ccScript } from '../../../src/script/cc.js'
import { p2pkScript } from '../../../src/script/script.js'
import { parseTransaction, serializeTransaction } from '../../../src/tx/codec.js'
import { keySigner, type Signer } from '../../../src/tx/sign.js'
import type { Transaction } from '../../../src/tx/types.js'
import type { ChainView } from '../../../src/cctx/types.js'
import { StateReader } from '../../../src/cctx/resolve.js'
import { KomodoCcError } from '../../../src/errors.js'
import { startDevnet, type Devnet } from '../../../src/devnet/server.js'
import { buildGatewaysWithdraw } from '../../../src/modules/gateways/build.js'
import { decodeGatewaysOpret, encodeGatewaysOpret } from '../../../src/modules/gateways/opret.js'
import {
  gatewaysInfo,
  gatewaysResolvers,
  resolveGatewaysBind,
  resolveGatewaysClaim,
  resolveGatewaysCompleteSigning,
  resolveGatewaysDeposit,
  resolveGatewaysMarkDone,
  resolveGatewaysPartialSign,
  resolveGatewaysWithdraw,
} from '../../../src/modules/gateways/resolve.js'
import { resign } from '../../devnet/_helpers.js'

// Independent facts (spec 1.9, 5.1): the gateways global key, its CC address, the gateway token address.
const GW_PK = '03ea9c062b9652d8eff34879b504eda0717895d27597aaeb60347d65eed96ccb40'
const GW_CC = 'RKWpoK6vTRtq5b9qrRBodLkCzeURHeEk33'
const GW_TOKENS = 'RSDw91hbCKkkNct6XtPRbq389eu2xKgHUC'
const GW_TOKENS_SCRIPT =
  '2ea22c8020bed294e15cd2e327d2f1e6bcf55e2ebe571b7bc2e672363950ca680c8b89226381032210008203000401cc'

let dev: Devnet
let me: string
let priv: Uint8Array
let tokenid: string
let oracletxid: string
let bindtxid: string
const trips: Record<string, number> = {}

/** A view that counts its calls (each is one round trip of a resolve). */
function counted(view: ChainView): { view: ChainView; n: () => number } {
  let n = 0
  const out: Record<string, unknown> = {}
  for (const [k, f] of Object.entries(view))
    out[k] =
      typeof f === 'function'
        ? (...a: unknown[]) => {
            n++
            return (f as (...x: unknown[]) => unknown)(...a)
          }
        : f
  return { view: out as unknown as ChainView, n: () => n }
}

/** A signer over the wallet key that counts its signatures. */
function countingSigner(): Signer & { calls: number } {
  const inner = keySigner(priv)
  const s = {
    publicKey: inner.publicKey,
    calls: 0,
    sign(d: Uint8Array) {
      s.calls++
      return inner.sign(d)
    },
  }
  return s
}

const ctxOf = (view: ChainView = dev.view) => ({ view, pubkey: me, privateKey: priv })
const rpc = (method: string, ...params: unknown[]) =>
  dev.rpc.call(method, params as never) as Promise<{ result: string; hex?: string; error?: string }>
const send = async (r: { hex?: string }) => dev.view.broadcast(r.hex!)
const refusal = async (p: Promise<unknown>): Promise<KomodoCcError> => {
  const e = await p.then(
    () => undefined,
    (x: unknown) => x,
  )
  expect(e).toBeInstanceOf(KomodoCcError)
  return e as KomodoCcError
}
const daemonText = (e: KomodoCcError) => e.details.daemonError

/** Runs a resolver over a counting view, records its round trips, and checks the devnet RPC replies the same bytes. */
async function resolveAndCompare<R extends { hex: string }>(
  method: string,
  run: (view: ChainView) => Promise<R>,
  rpcParams: unknown[],
): Promise<R> {
  const c = counted(dev.view)
  const r = await run(c.view)
  trips[method] = Math.max(trips[method] ?? 0, c.n())
  const viaRpc = await rpc(method, ...rpcParams)
  expect(viaRpc).toEqual({ result: 'success', hex: r.hex })
  return r
}

/** An oracle record `I h h`: height, block hash, merkle root (internal byte order), as the feed publishes them. */
function record(height: number, root?: string): string {
  const b = dev.chain.blocks[height]!
  const h = new Uint8Array(4)
  new DataView(h.buffer).setUint32(0, height, true)
  const r = root === undefined ? txidToInternalBytes(b.merkleRoot) : hexToBytes(root)
  return bytesToHex(Uint8Array.from([...h, ...txidToInternalBytes(b.hash), ...r]))
}
const publish = async (oracle: string, data: string) => send(await dev.rpc.oraclesdata(oracle, data))

/** A "foreign" deposit on the devnet itself: `amount` coins to the deposit address (the wallet's own, N = 1). */
async function coinDeposit(amount: string): Promise<{ cointxid: string; cointx: string }> {
  const cointxid = (await dev.rpc.call('sendtoaddress', [p2pkhAddress(hexToBytes(me)), amount])) as string
  return { cointxid, cointx: await dev.rpc.getrawtransaction(cointxid) }
}

beforeAll(async () => {
  dev = await startDevnet()
  me = dev.pubkey
  priv = hexToBytes(dev.privateKey)
  tokenid = await send(await dev.rpc.tokencreate('KMDTOKEN', '1', 'gateway token'))
  oracletxid = await send(await dev.rpc.oraclescreate('KMD', 'KMD block headers', 'Ihh'))
  await dev.mine(1)
  await send(await dev.rpc.oraclesfund(oracletxid))
  await dev.mine(1)
  await send(await dev.rpc.oraclesregister(oracletxid, 10000n))
  await dev.mine(1)
  await send(await dev.rpc.oraclessubscribe(oracletxid, me, '1'))
  await dev.mine(1)
}, 60_000)
afterAll(async () => {
  // eslint-disable-next-line no-console
  console.log('gateways resolvers, round trips per method (most seen):', trips)
  await dev.stop()
})

describe('gateways key-locally: bind → deposit → claim → withdraw → partialsign → completesigning → markdone', () => {
  let cointxid: string
  let deposittxid: string
  let withdrawtxid: string
  let partialtxid: string
  let completetxid: string

  test('gatewaysbind: the whole supply of the caller, locked at the gateway token address', async () => {
    const bindParams = [tokenid, oracletxid, 'KMD', '100000000', '1', '1', me, '60', '85', '188']
    const r = await resolveAndCompare(
      'gatewaysbind',
      (view) =>
        resolveGatewaysBind(
          {
            tokenid,
            oracletxid,
            coin: 'KMD',
            tokensupply: 100_000_000n,
            M: 1,
            N: 1,
            pubkeys: [me],
            pubtype: 60,
            p2shtype: 85,
            wiftype: 188,
          },
          ctxOf(view),
        ),
      bindParams,
    )
    // the supply's only output (the create's vout 1) is the token input; vout 0 the supply at TOK2(0xf1, gatewayspk)
    expect(r.tx.vin.map((i) => `${i.txid}:${i.vout}`)).toContain(`${tokenid}:1`)
    expect(bytesToHex(r.tx.vout[0]!.script)).toBe(GW_TOKENS_SCRIPT)
    expect(r.tx.vout[0]!.value).toBe(100_000_000n)
    bindtxid = await dev.view.broadcast(r.hex)
    // a bind in the mempool only: deposits refuse it as unconfirmed
    const e = await refusal(resolveGatewaysWithdraw({ bindtxid, coin: 'KMD', withdrawpub: me, amount: '0.1' }, ctxOf()))
    expect(daemonText(e)).toBe('gatewaysbind tx not yet confirmed/notarized')
    await dev.mine(2)
    expect(await gatewaysInfo(new StateReader(dev.view), bindtxid)).toMatchObject({
      result: 'success',
      tokenid,
      totalsupply: '1.00000000',
      remaining: '1.00000000',
      issued: '0.00000000',
      deposit: p2pkhAddress(hexToBytes(me)),
    })
  })

  test('gatewaysdeposit: the oracle sample of the height, the proof, then the cointxid marker', async () => {
    const c = await coinDeposit('0.5')
    cointxid = c.cointxid
    await dev.mine(1)
    const height = dev.chain.height
    const proof = await dev.rpc.gettxoutproof([cointxid])
    const params = { bindtxid, height, coin: 'KMD', cointxid, claimvout: 0, deposithex: c.cointx, proof, destpub: me }
    const rpcParams = [bindtxid, height, 'KMD', cointxid, 0, c.cointx, proof, me, '0.5']
    // no sample of that height yet
    const none = await refusal(resolveGatewaysDeposit({ ...params, amount: '0.5' }, ctxOf()))
    expect(daemonText(none)).toBe(`couldnt find merkleroot for ht.${height} KMD oracle.${oracletxid} m.0 vs n.1`)
    const sample = await publish(oracletxid, record(height))
    await dev.mine(1)
    const r = await resolveAndCompare(
      'gatewaysdeposit',
      (view) => resolveGatewaysDeposit({ ...params, amount: 50_000_000n }, ctxOf(view)),
      rpcParams,
    )
    expect(r.publishers).toEqual([me])
    expect(r.txids).toEqual([sample])
    deposittxid = await dev.view.broadcast(r.hex)
    // the same coin transaction again: its marker address 02‖cointxid has a mempool output
    const again = await refusal(resolveGatewaysDeposit({ ...params, amount: '0.5' }, ctxOf()))
    expect(daemonText(again)).toBe(`cointxid.${cointxid} already exists`)
    await dev.mine(1)
    const confirmed = await refusal(resolveGatewaysDeposit({ ...params, amount: '0.5' }, ctxOf()))
    expect(daemonText(confirmed)).toBe(`cointxid.${cointxid} already exists`)
  })

  test('gatewaysclaim: refused until the deposit is 2 deep, then the bind output pays the depositor', async () => {
    const params = { bindtxid, coin: 'KMD', deposittxid, destpub: me }
    const young = await refusal(resolveGatewaysClaim({ ...params, amount: '0.5' }, ctxOf()))
    expect(daemonText(young)).toBe('gatewaysdeposit tx not yet confirmed/notarized')
    await dev.mine(1)
    const r = await resolveAndCompare(
      'gatewaysclaim',
      (view) => resolveGatewaysClaim({ ...params, amount: '0.5' }, ctxOf(view)),
      [bindtxid, 'KMD', deposittxid, me, '0.5'],
    )
    // AddGatewaysInputs: the only gateway output is the bind's vout 0; the deposit marker is the last input
    expect(r.tx.vin.map((i) => `${i.txid}:${i.vout}`)).toEqual([`${bindtxid}:0`, `${deposittxid}:0`])
    await dev.view.broadcast(r.hex)
    await dev.mine(1)
    expect(await gatewaysInfo(new StateReader(dev.view), bindtxid)).toMatchObject({
      remaining: '0.50000000',
      issued: '0.50000000',
    })
  })

  test('gatewayswithdraw: the caller’s tokens back to the gateway', async () => {
    const r = await resolveAndCompare(
      'gatewayswithdraw',
      (view) => resolveGatewaysWithdraw({ bindtxid, coin: 'KMD', withdrawpub: me, amount: 20_000_000n }, ctxOf(view)),
      [bindtxid, 'KMD', me, '0.2'],
    )
    expect(r.tx.vout[1]).toMatchObject({ value: 20_000_000n })
    withdrawtxid = await dev.view.broadcast(r.hex)
    await dev.mine(2)
  })

  test('gatewayspartialsign → gatewayscompletesigning → gatewaysmarkdone, each spending the last marker', async () => {
    const p = await resolveAndCompare(
      'gatewayspartialsign',
      (view) => resolveGatewaysPartialSign({ txidaddr: withdrawtxid, refcoin: 'KMD', hex: 'aabbcc' }, ctxOf(view)),
      [withdrawtxid, 'KMD', 'aabbcc'],
    )
    expect(p.tx.vin.at(-1)).toMatchObject({ txid: withdrawtxid, vout: 0 })
    expect(decodeGatewaysOpret(p.tx.vout.at(-1)!.script)).toMatchObject({ funcid: 'P', withdrawtxid, K: 1 })
    partialtxid = await dev.view.broadcast(p.hex)
    await dev.mine(2)
    const s = await resolveAndCompare(
      'gatewayscompletesigning',
      (view) =>
        resolveGatewaysCompleteSigning({ withdrawtxid: partialtxid, coin: 'KMD', hex: 'aabbccdd' }, ctxOf(view)),
      [partialtxid, 'KMD', 'aabbccdd'],
    )
    // K comes from the last 'P' of the chain
    expect(decodeGatewaysOpret(s.tx.vout.at(-1)!.script)).toMatchObject({ funcid: 'S', withdrawtxid, K: 2 })
    expect(s.tx.vin.at(-1)).toMatchObject({ txid: partialtxid, vout: 0 })
    completetxid = await dev.view.broadcast(s.hex)
    const young = await refusal(resolveGatewaysMarkDone({ completesigningtx: completetxid, coin: 'KMD' }, ctxOf()))
    expect(daemonText(young)).toBe('gatewayscompletesigning tx not yet confirmed/notarized')
    await dev.mine(2)
    const m = await resolveAndCompare(
      'gatewaysmarkdone',
      (view) => resolveGatewaysMarkDone({ completesigningtx: completetxid, coin: 'KMD' }, ctxOf(view)),
      [completetxid, 'KMD'],
    )
    expect(m.tx.vin.at(-1)).toMatchObject({ txid: completetxid, vout: 0 })
    expect(m.tx.vout[0]).toEqual({ value: 10000n, script: p2pkScript(hexToBytes(me)) })
    await dev.view.broadcast(m.hex)
    await dev.mine(1)
  })

  test('the resolvers table lists the seven methods with the daemon parameter names', () => {
    expect(gatewaysResolvers.map((r) => r.method)).toEqual([
      'gatewaysbind',
      'gatewaysdeposit',
      'gatewaysclaim',
      'gatewayswithdraw',
      'gatewayspartialsign',
      'gatewayscompletesigning',
      'gatewaysmarkdone',
    ])
    expect(gatewaysResolvers[2]!.params).toEqual(['bindtxid', 'coin', 'deposittxid', 'destpub', 'amount'])
  })
})
