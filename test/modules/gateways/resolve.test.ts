// The gateways resolvers against the in-process devnet (issue 18): every method key-locally through its resolver,
// equal to the devnet's daemon-style RPC on the same chain; each look-up rule of src/cc/gateways.cpp on a chain
// built to reach it (the expected choice computed here from the chain, by the rule); lying views refused.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { bytesToHex, hexToBytes } from '../../../src/bytes/hex.js'
import { formatCoins } from '../../../src/amount.js'
import { txidToInternalBytes } from '../../../src/bytes/uint256.js'
import { p2pkhAddress } from '../../../src/address/address.js'
import { ccAddress, ccScriptAddress } from '../../../src/cc/address.js'
import { cc1of1 } from '../../../src/cc/condition.js'
import { ccScript } from '../../../src/script/cc.js'
import { p2pkScript } from '../../../src/script/script.js'
import { parseTransaction, serializeTransaction, txidOfBytes } from '../../../src/tx/codec.js'
import { keySigner, type Signer } from '../../../src/tx/sign.js'
import type { Transaction } from '../../../src/tx/types.js'
import type { ChainView } from '../../../src/cctx/types.js'
import { countingView } from '../../../src/cctx/counting-view.js'
import { StateReader } from '../../../src/cctx/resolve.js'
import { KomodoCcError } from '../../../src/errors.js'
import type { Devnet } from '../../../src/devnet/server.js'
import { GATEWAYS_NODE, startTestDevnet } from '../../_util/devnet.js'
import { buildGatewaysWithdraw } from '../../../src/modules/gateways/build.js'
import { decodeGatewaysOpret, encodeGatewaysOpret } from '../../../src/modules/gateways/opret.js'
import { decodeTokensOpret } from '../../../src/modules/tokens/opret.js'
import { decodeOraclesOpret } from '../../../src/modules/oracles/opret.js'
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
import { createWallet, type WalletResult } from '../../../src/wallet/wallet.js'
import { byUnspentIndex, sortedBy } from '../../_util/daemon-order.js'
import { lyingView } from '../../_util/lie.js'

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
function counted(view: ChainView): { view: ChainView; n: () => number; by: Readonly<Record<string, number>> } {
  const c = countingView(view)
  return { view: c.view, n: () => c.total(), by: c.counts }
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
  if (process.env.GW_TRIPS === '1') console.log(method, JSON.stringify(c.by))
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

/** `gatewaysbind` of `token` (KMD, 1-of-1 with the wallet's key, KMD prefixes) through the resolver. */
const bindWith = (token: string, over: Record<string, unknown> = {}, view: ChainView = dev.view) =>
  resolveGatewaysBind(
    {
      tokenid: token,
      oracletxid,
      coin: 'KMD',
      tokensupply: '1000000',
      M: 1,
      N: 1,
      pubkeys: [me],
      pubtype: 60,
      p2shtype: 85,
      wiftype: 188,
      ...over,
    },
    ctxOf(view),
  )

/** A block-header oracle (`Ihh`) named after a coin, with the wallet registered as its publisher and subscribed. */
async function headersOracle(coin: string): Promise<string> {
  const id = await send(await dev.rpc.oraclescreate(coin, `${coin} block headers`, 'Ihh'))
  for (const step of [
    () => dev.rpc.oraclesfund(id),
    () => dev.rpc.oraclesregister(id, 10000n),
    () => dev.rpc.oraclessubscribe(id, me, '1'),
  ]) {
    await dev.mine(1)
    await send(await step())
  }
  await dev.mine(1)
  return id
}

beforeAll(async () => {
  // gatewaysdeposit/partialsign/completesigning carry OP_RETURNs over 208 bytes: a gateways node runs with a larger
  // -datacarriersize (docs/policy.md); the devnet's view tells the wallet
  dev = await startTestDevnet({ policy: GATEWAYS_NODE })
  me = dev.pubkey
  priv = hexToBytes(dev.privateKey)
  tokenid = await send(await dev.rpc.tokencreate('KMDTOKEN', '1', 'gateway token'))
  oracletxid = await headersOracle('KMD')
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
      (view) => bindWith(tokenid, { tokensupply: 100_000_000n }, view),
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

// ---------------------------------------------------------------------------------------------------------------
// The rules, on the chain the flow above left (bind B of token A: the claim's change and the withdraw's tokens at the
// gateway token address, the caller holding the rest of A).

const key = (u: { txid: string; vout: number }) => `${u.txid}:${u.vout}`
const lastScript = (txid: string) => dev.chain.txs.get(txid)!.tx.vout.at(-1)!.script
const gwOpret = (txid: string) => {
  try {
    return decodeGatewaysOpret(lastScript(txid))
  } catch {
    return undefined
  }
}
const tokOpret = (txid: string) => {
  try {
    return decodeTokensOpret(lastScript(txid))
  } catch {
    return undefined
  }
}
/**
 * The caller's outputs of `token` at CC1(0xf2, me), confirmed, not spent in the mempool, in the order SetCCunspents
 * walks them (the address-unspent index: txid, then index) (the rule).
 */
const myTokenOutputs = (token: string) =>
  sortedBy(dev.chain.addressCoins(ccAddress(0xf2, me)), byUnspentIndex)
    .filter((c) => !dev.chain.spentInMempool(c.txid, c.vout))
    .filter((c) => {
      const p = tokOpret(c.txid)
      return (c.txid === token && p?.funcid === 'c') || (p?.funcid === 't' && p.tokenid === token)
    })
    .map((c) => ({ txid: c.txid, vout: c.vout, satoshis: c.value, script: c.script, height: c.height }))
const walletCtx = () => ({ pubkey: me, utxos: dev.chain.walletUtxos(), height: dev.chain.height, privateKey: priv })

/**
 * A withdraw of `amount` built offline (no pending check), optionally with its 'W' opret fields changed and the
 * transaction re-signed: how a chain gets several withdraws, or one naming another bind.
 */
function offlineWithdraw(
  amount: bigint,
  tokens: { txid: string; vout: number; satoshis: bigint; script: Uint8Array }[],
  opret?: Record<string, unknown>,
): { hex: string; tx: Transaction } {
  const r = buildGatewaysWithdraw({ bindtxid, coin: 'KMD', withdrawpub: me, amount }, walletCtx(), {
    bind: dev.chain.txs.get(bindtxid)!.hex,
    markers: [],
    tokens,
  })
  if (opret === undefined) return r
  const tx = parseTransaction(r.hex)
  tx.vout[tx.vout.length - 1] = {
    value: 0n,
    script: encodeGatewaysOpret({ ...decodeGatewaysOpret(tx.vout.at(-1)!.script), ...opret } as never),
  }
  const hex = resign(dev, tx)
  return { hex, tx: parseTransaction(hex) }
}

describe('gatewayswithdraw: the pending-withdraw scan (confirmed markers at vout 0 of the global CC address)', () => {
  let bind2: string
  let w2: string
  let p2: string
  test('a second bind (another token) and a withdraw naming it do not block this gateway', async () => {
    const t2 = await send(await dev.rpc.tokencreate('TOKEN2', '0.5', ''))
    await dev.mine(1)
    const b = await bindWith(t2, { tokensupply: '50000000' })
    bind2 = await dev.view.broadcast(b.hex)
    await dev.mine(2)
    const [big] = myTokenOutputs(tokenid).sort((x, y) => (y.satoshis > x.satoshis ? 1 : -1))
    const other = offlineWithdraw(1000n, [big!], { bindtxid: bind2 })
    const otherid = await dev.view.broadcast(other.hex)
    await dev.mine(2)
    // its marker is there, confirmed and unspent, but its 'W' names another bind: the daemon skips it
    expect(dev.chain.coin(otherid, 0, false)).toMatchObject({ value: 10000n, address: GW_CC })
    expect(gwOpret(otherid)).toMatchObject({ funcid: 'W', bindtxid: bind2, tokenid })
    const r = await resolveGatewaysWithdraw({ bindtxid, coin: 'KMD', withdrawpub: me, amount: '0.001' }, ctxOf())
    expect(r.tx.vout[1]!.value).toBe(100_000n)
    // two outputs of A for what follows (a transfer to self splits one)
    await send(await dev.rpc.tokentransfer(tokenid, me, 100_000n))
    await dev.mine(1)
    expect(myTokenOutputs(tokenid).length).toBe(2)
  })

  test('a withdraw only in the mempool does not block (the scan reads the confirmed index); confirmed, it does', async () => {
    const r = await resolveGatewaysWithdraw({ bindtxid, coin: 'KMD', withdrawpub: me, amount: 30_000n }, ctxOf())
    w2 = await dev.view.broadcast(r.hex)
    const again = await resolveGatewaysWithdraw({ bindtxid, coin: 'KMD', withdrawpub: me, amount: 1000n }, ctxOf())
    expect(again.hex).toMatch(/^[0-9a-f]+$/)
    // the signing chain refuses a withdraw not yet confirmed
    const young = await refusal(resolveGatewaysPartialSign({ txidaddr: w2, refcoin: 'KMD', hex: 'aa' }, ctxOf()))
    expect(daemonText(young)).toBe('gatewayswithdraw tx not yet confirmed/notarized')
    await dev.mine(1)
    const oneDeep = await refusal(resolveGatewaysCompleteSigning({ withdrawtxid: w2, coin: 'KMD', hex: 'aa' }, ctxOf()))
    expect(daemonText(oneDeep)).toBe('gatewayswithdraw tx not yet confirmed/notarized')
    await dev.mine(1)
    const e = await refusal(resolveGatewaysWithdraw({ bindtxid, coin: 'KMD', withdrawpub: me, amount: 1000n }, ctxOf()))
    expect(daemonText(e)).toBe('unable to create withdraw, another withdraw pending')
    // a stricter confirmation count
    const strict = await refusal(
      resolveGatewaysPartialSign({ txidaddr: w2, refcoin: 'KMD', hex: 'aa' }, ctxOf(), { minConfirmations: 3 }),
    )
    expect(daemonText(strict)).toBe('gatewayswithdraw tx not yet confirmed/notarized')
    const bad = await refusal(
      resolveGatewaysPartialSign({ txidaddr: w2, refcoin: 'KMD', hex: 'aa' }, ctxOf(), { minConfirmations: 0 }),
    )
    expect(bad.code).toBe('ARG_INVALID')
  })

  test("a 'P' in the mempool spending the marker still blocks; confirmed, its own marker blocks; an 'S' does not", async () => {
    const p = await resolveGatewaysPartialSign({ txidaddr: w2, refcoin: 'KMD', hex: 'aabb' }, ctxOf())
    p2 = await dev.view.broadcast(p.hex)
    const mem = await refusal(
      resolveGatewaysWithdraw({ bindtxid, coin: 'KMD', withdrawpub: me, amount: 1000n }, ctxOf()),
    )
    expect(daemonText(mem)).toBe('unable to create withdraw, another withdraw pending')
    await dev.mine(2)
    const conf = await refusal(
      resolveGatewaysWithdraw({ bindtxid, coin: 'KMD', withdrawpub: me, amount: 1000n }, ctxOf()),
    )
    expect(daemonText(conf)).toBe('unable to create withdraw, another withdraw pending')
    // a second partial sign reads K from the last 'P' (K + 1 = 2; M = 1 makes consensus refuse it, not the builder)
    const k2 = await resolveGatewaysPartialSign({ txidaddr: p2, refcoin: 'KMD', hex: 'aabbcc' }, ctxOf())
    expect(decodeGatewaysOpret(k2.tx.vout.at(-1)!.script)).toMatchObject({ funcid: 'P', withdrawtxid: w2, K: 2 })
    const s = await resolveGatewaysCompleteSigning({ withdrawtxid: p2, coin: 'KMD', hex: 'aabbccdd' }, ctxOf())
    const stxid = await dev.view.broadcast(s.hex)
    await dev.mine(2)
    const ok = await resolveGatewaysWithdraw({ bindtxid, coin: 'KMD', withdrawpub: me, amount: 1000n }, ctxOf())
    expect(ok.hex).toMatch(/^[0-9a-f]+$/)
    await dev.view.broadcast((await resolveGatewaysMarkDone({ completesigningtx: stxid, coin: 'KMD' }, ctxOf())).hex)
    await dev.mine(1)
  })

  test('signing-chain refusals with the daemon texts', async () => {
    expect(
      daemonText(await refusal(resolveGatewaysPartialSign({ txidaddr: bindtxid, refcoin: 'KMD', hex: 'aa' }, ctxOf()))),
    ).toBe(`can't find last tx ${bindtxid}`)
    expect(
      daemonText(
        await refusal(resolveGatewaysCompleteSigning({ withdrawtxid: bindtxid, coin: 'KMD', hex: 'aa' }, ctxOf())),
      ),
    ).toBe(`invalid last txid ${bindtxid}`)
    expect(
      daemonText(await refusal(resolveGatewaysPartialSign({ txidaddr: w2, refcoin: 'BTC', hex: 'aa' }, ctxOf()))),
    ).toBe(`invalid withdraw tx ${w2}`)
    expect(
      daemonText(await refusal(resolveGatewaysPartialSign({ txidaddr: p2, refcoin: 'BTC', hex: 'aa' }, ctxOf()))),
    ).toBe(`cannot decode partialsign tx opret ${p2}`)
    expect(daemonText(await refusal(resolveGatewaysMarkDone({ completesigningtx: p2, coin: 'KMD' }, ctxOf())))).toBe(
      `cannot decode completesigning tx opret ${p2}`,
    )
    const unknown = 'ee'.repeat(32)
    expect(
      daemonText(await refusal(resolveGatewaysMarkDone({ completesigningtx: unknown, coin: 'KMD' }, ctxOf()))),
    ).toBe(`invalid completesigning txid ${unknown}`)
    expect(
      daemonText(
        await refusal(
          resolveGatewaysClaim({ bindtxid: unknown, coin: 'KMD', deposittxid: w2, destpub: me, amount: 1n }, ctxOf()),
        ),
      ),
    ).toBe(`cant find bindtxid ${unknown}`)
    expect(
      daemonText(
        await refusal(
          resolveGatewaysClaim({ bindtxid, coin: 'BTC', deposittxid: w2, destpub: me, amount: 1n }, ctxOf()),
        ),
      ),
    ).toBe(`invalid coin - bindtxid ${bindtxid} coin.KMD`)
    expect(bind2).toMatch(/^[0-9a-f]{64}$/)
  })
})

describe("gatewayswithdraw's token inputs: the caller's outputs of the bind's token, mempool spends excluded", () => {
  test('other tokens at the same address are skipped; an output spent in the mempool is not taken', async () => {
    // A split in two by transfers to self
    await send(await dev.rpc.tokentransfer(tokenid, me, 5000n))
    await dev.mine(1)
    await send(await dev.rpc.tokentransfer(tokenid, me, 7000n))
    await dev.mine(1)
    // another token's output before the first candidate in the address index (txid order): new tokens until one is
    const indexOrder = () => sortedBy(dev.chain.addressCoins(ccAddress(0xf2, me)), byUnspentIndex)
    const otherFirst = () => {
      const list = indexOrder()
      const first = list.findIndex((c) => key(c) === key(myTokenOutputs(tokenid)[0]!))
      return list.slice(0, first).some((c) => c.txid !== tokenid && tokOpret(c.txid)?.funcid === 'c')
    }
    // built, not waited for: a new token whose txid comes before the first candidate's, its name chosen offline
    // (the tokencreate RPC answers signed hex and broadcasts nothing; only the one that fits is sent). A first candidate in the lowest
    // sixteenth of the order is first moved by a transfer to self (the daemon takes it for its exact amount), so the
    // search stays short whatever the seed's txids
    const lowest = () => parseInt(myTokenOutputs(tokenid)[0]!.txid.slice(62), 16) < 0x10
    for (let i = 0; lowest() && i < 8; i++) {
      await send(await dev.rpc.tokentransfer(tokenid, me, myTokenOutputs(tokenid)[0]!.satoshis))
      await dev.mine(1)
    }
    const firstMine = myTokenOutputs(tokenid)[0]!
    let early: string | undefined
    for (let i = 0; early === undefined && i < 2000; i++) {
      const { hex } = await dev.rpc.tokencreate(`TOKEN3.${i}`, '0.01', '')
      if (byUnspentIndex({ txid: txidOfBytes(hexToBytes(hex)), vout: 0 }, firstMine) < 0) early = hex
    }
    await send({ hex: early })
    await dev.mine(1)
    expect(otherFirst()).toBe(true)
    // one more transfer in the mempool spends one of them
    await send(await dev.rpc.tokentransfer(tokenid, me, 3000n))
    const expected = myTokenOutputs(tokenid) // confirmed, not spent in the mempool, of A only, txid order
    const spentNow = dev.chain
      .addressCoins(ccAddress(0xf2, me))
      .filter((c) => dev.chain.spentInMempool(c.txid, c.vout))
      .map(key)
    expect(spentNow.length).toBeGreaterThan(0)
    // the scenario: another token's output stands before the first candidate in the address index
    const order = indexOrder().map(key)
    const firstOther = indexOrder().findIndex((c) => c.txid !== tokenid && tokOpret(c.txid)?.funcid === 'c')
    expect(firstOther).toBeGreaterThanOrEqual(0)
    expect(firstOther).toBeLessThan(order.indexOf(key(expected[0]!)))
    const amount = expected[0]!.satoshis // exactly the first candidate: one token input
    const r = await resolveGatewaysWithdraw({ bindtxid, coin: 'KMD', withdrawpub: me, amount }, ctxOf())
    const tokenIns = r.inputs.filter((i) => i.kind === 'cc').map(key)
    expect(tokenIns).toEqual([key(expected[0]!)])
    expect(spentNow).not.toContain(tokenIns[0])
    await dev.mine(1)
  })
})

/** A coin deposit confirmed and recorded by the oracle, deposited through the resolver and 2 blocks deep. */
type Deposit = { deposittxid: string; amount: bigint }
async function depositsOf(amounts: bigint[]): Promise<Deposit[]> {
  const coins = []
  for (const a of amounts) coins.push(await coinDeposit(formatCoins(a)))
  await dev.mine(1)
  const height = dev.chain.height
  await publish(oracletxid, record(height))
  await dev.mine(1)
  const out = []
  for (const [i, c] of coins.entries()) {
    const proof = await dev.rpc.gettxoutproof([c.cointxid])
    const r = await resolveGatewaysDeposit(
      {
        bindtxid,
        height,
        coin: 'KMD',
        cointxid: c.cointxid,
        claimvout: 0,
        deposithex: c.cointx,
        proof,
        destpub: me,
        amount: amounts[i]!,
      },
      ctxOf(),
    )
    out.push({ deposittxid: await dev.view.broadcast(r.hex), amount: amounts[i]! })
  }
  await dev.mine(2)
  return out
}

/**
 * AddGatewaysInputs by the rule, read from the chain here: the gateway's outputs this bind's claims may spend, in
 * the address-unspent index's order (txid, then index).
 */
function gatewayOutputsByRule(): { txid: string; vout: number; value: bigint }[] {
  return sortedBy(dev.chain.addressCoins(GW_TOKENS), byUnspentIndex)
    .filter((c) => bytesToHex(c.script) === GW_TOKENS_SCRIPT)
    .filter((c) => {
      if (c.txid === bindtxid) return c.vout === 0
      const p = gwOpret(c.txid) as Record<string, unknown> | undefined
      return (
        c.vout === 1 &&
        (p?.funcid === 'W' || p?.funcid === 'C') &&
        p.bindtxid === bindtxid &&
        p.refcoin === 'KMD' &&
        p.tokenid === tokenid
      )
    })
}

describe("gatewaysclaim's gateway inputs (AddGatewaysInputs): address-index order, until the amount or 60, no mempool check", () => {
  let eligible: { txid: string; vout: number; value: bigint }[]
  let d2: { deposittxid: string; amount: bigint }
  let d3: { deposittxid: string; amount: bigint }
  let d4: { deposittxid: string; amount: bigint }
  let claim2: string

  test('61 small withdraws to the gateway (built offline, chained in the mempool) and deposits sized from the rule', async () => {
    let tokens = myTokenOutputs(tokenid)
      .sort((a, b) => (b.satoshis > a.satoshis ? 1 : -1))
      .slice(0, 1)
    for (let i = 0; i < 61; i++) {
      const w = offlineWithdraw(1000n, tokens)
      const id = await dev.view.broadcast(w.hex)
      const change = w.tx.vout.findIndex((o) => bytesToHex(o.script) === bytesToHex(ccScript(cc1of1(0xf2, me))))
      const o = w.tx.vout[change]!
      tokens = [{ txid: id, vout: change, satoshis: o.value, script: o.script, height: 0 }]
    }
    await dev.mine(1)
    eligible = gatewayOutputsByRule()
    expect(eligible.length).toBeGreaterThan(61)
    // another bind's outputs share the address and are left out by the rule
    expect(dev.chain.addressCoins(GW_TOKENS).length).toBeGreaterThan(eligible.length)
    const sum = (n: number) => eligible.slice(0, n).reduce((s, c) => s + c.value, 0n)
    ;[d2, d3, d4] = (await depositsOf([sum(7) - 500n, sum(60) + 1n, 10000n])) as [Deposit, Deposit, Deposit]
    expect(gatewayOutputsByRule()).toEqual(eligible)
  }, 60_000)

  test('more than 60 inputs needed: refused, having summed exactly the first 60', async () => {
    const e = await refusal(
      resolveGatewaysClaim(
        { bindtxid, coin: 'KMD', deposittxid: d3.deposittxid, destpub: me, amount: d3.amount },
        ctxOf(),
      ),
    )
    expect(e.code).toBe('INSUFFICIENT_FUNDS')
    expect(daemonText(e)).toBe('cant find enough tokens in gateways address for given amount')
    expect(e.details.tokens).toBe(String(eligible.slice(0, 60).reduce((s, c) => s + c.value, 0n)))
  })

  test("inputs in the address index's order (txid, not height) until the amount: the first 7, change back to the gateway", async () => {
    // the outputs span several blocks, 61 of them in one; their txids order them otherwise than the chain does
    // (height, then place in the block)
    const place = (t: string) => {
      const h = dev.chain.txs.get(t)!.height
      return h * 100_000 + dev.chain.blocks[h]!.txids.indexOf(t)
    }
    const byChain = [...eligible].sort((a, b) => place(a.txid) - place(b.txid) || a.vout - b.vout)
    expect(eligible.slice(0, 7).map(key)).not.toEqual(byChain.slice(0, 7).map(key))
    const c = counted(dev.view)
    const r = await resolveGatewaysClaim(
      { bindtxid, coin: 'KMD', deposittxid: d2.deposittxid, destpub: me, amount: d2.amount },
      ctxOf(c.view),
    )
    trips['gatewaysclaim (7 of 63 gateway outputs)'] = c.n()
    expect(r.tx.vin.map(key)).toEqual([...eligible.slice(0, 7).map(key), `${d2.deposittxid}:0`])
    expect(r.tx.vout[1]).toMatchObject({ value: 500n })
    expect(bytesToHex(r.tx.vout[1]!.script)).toBe(GW_TOKENS_SCRIPT)
    claim2 = await dev.view.broadcast(r.hex)
  })

  test('an output a mempool claim spends is taken again (the daemon does not look at the mempool): the node refuses', async () => {
    const r = await resolveGatewaysClaim(
      { bindtxid, coin: 'KMD', deposittxid: d4.deposittxid, destpub: me, amount: d4.amount },
      ctxOf(),
    )
    const again: string[] = []
    let total = 0n
    for (const c of eligible) {
      if (total >= d4.amount || again.length >= 60) break
      again.push(key(c))
      total += c.value
    }
    expect(r.tx.vin.map(key)).toEqual([...again, `${d4.deposittxid}:0`])
    expect(dev.chain.mempoolSpends.get(key(eligible[0]!))).toBe(claim2)
    await expect(dev.view.broadcast(r.hex)).rejects.toBeInstanceOf(KomodoCcError)
    await dev.mine(1)
    // mined, the next claim starts after the spent ones
    const next = await resolveGatewaysClaim(
      { bindtxid, coin: 'KMD', deposittxid: d4.deposittxid, destpub: me, amount: d4.amount },
      ctxOf(),
    )
    const now = gatewayOutputsByRule()
    // what is left: the outputs claim2 did not take, and its change back to the gateway (vout 1)
    expect(now.map(key)).toEqual(
      sortedBy([...eligible.slice(7), { txid: claim2, vout: 1, value: 500n }], byUnspentIndex).map(key),
    )
    const take: string[] = []
    let sum = 0n
    for (const c of now) {
      if (sum >= d4.amount || take.length >= 60) break
      take.push(key(c))
      sum += c.value
    }
    expect(next.tx.vin.map(key)).toEqual([...take, `${d4.deposittxid}:0`])
    await dev.view.broadcast(next.hex)
    await dev.mine(1)
  })
})

describe("gatewaysdeposit's oracle look-up: the publisher's baton, back through its samples to the height", () => {
  let oracle2: string
  /** Deposits the coin transaction `c` confirmed at `height` through the resolver (the proof from the devnet). */
  const depositAt = async (c: { cointxid: string; cointx: string }, height: number, view: ChainView = dev.view) =>
    resolveGatewaysDeposit(
      {
        bindtxid,
        height,
        coin: 'KMD',
        cointxid: c.cointxid,
        claimvout: 0,
        deposithex: c.cointx,
        proof: await dev.rpc.gettxoutproof([c.cointxid]),
        destpub: me,
        amount: '0.01',
      },
      ctxOf(view),
    )

  test("another oracle's batons at the same baton address; the sample found 3 back along the chain", async () => {
    oracle2 = await headersOracle('BTC')
    const c = await coinDeposit('0.01')
    await dev.mine(1)
    const h = dev.chain.height
    const sample = await publish(oracletxid, record(h))
    await publish(oracle2, record(h))
    await dev.mine(1)
    await publish(oracletxid, record(h - 1))
    await publish(oracle2, record(h - 2))
    await dev.mine(1)
    await publish(oracletxid, record(h - 2))
    await dev.mine(1)
    // both oracles' current batons are unspent at the publisher's baton address
    const batonAddr = ccScriptAddress(dev.chain.txs.get(sample)!.tx.vout[1]!.script)
    const batons = dev.chain.addressCoins(batonAddr).filter((u) => u.value === 10000n)
    expect(
      new Set(batons.map((u) => (decodeOraclesOpret(lastScript(u.txid)) as { oracletxid: string }).oracletxid)),
    ).toEqual(new Set([oracletxid, oracle2]))
    const cv = counted(dev.view)
    const r = await depositAt(c, h, cv.view)
    trips['gatewaysdeposit (sample 3 back)'] = cv.n()
    expect(r.txids).toEqual([sample])
    await dev.view.broadcast(r.hex)
    await dev.mine(1)
  })

  test('a newer sample of the same height without a root hides the older one (the scan stops at the first)', async () => {
    const c = await coinDeposit('0.01')
    await dev.mine(1)
    const h = dev.chain.height
    await publish(oracletxid, record(h))
    await dev.mine(1)
    await publish(oracletxid, record(h, '00'.repeat(32)))
    await dev.mine(1)
    const e = await refusal(depositAt(c, h))
    expect(daemonText(e)).toBe(`couldnt find merkleroot for ht.${h} KMD oracle.${oracletxid} m.0 vs n.1`)
  })

  test('a sample only in the mempool is found: the baton is followed through the mempool', async () => {
    const c = await coinDeposit('0.01')
    await dev.mine(1)
    const h = dev.chain.height
    const sample = await publish(oracletxid, record(h))
    expect(dev.chain.mempool).toContain(sample)
    const r = await depositAt(c, h)
    expect(r.txids).toEqual([sample])
    await dev.view.broadcast(r.hex)
    await dev.mine(1)
  })
})

describe('gatewaysbind refusals, in the daemon order', () => {
  const bindOf = bindWith

  test('a bind of the same token at the global CC address: "already exists" (its history is read)', async () => {
    const t = await send(await dev.rpc.tokencreate('TOKEN4', '0.01', ''))
    await dev.mine(1)
    // a 'B' for that token paying the bind marker, without locking the supply (no module validates it)
    const template = parseTransaction((await dev.rpc.tokencreate('SPARE', '0.01', '')).hex)
    const inputs = template.vin.reduce((s, i) => s + dev.chain.output(i.txid, i.vout)!.value, 0n)
    const fake: Transaction = {
      ...template,
      vout: [
        { value: 10000n, script: ccScript(cc1of1(0xf1, GW_PK)) },
        { value: inputs - 20000n, script: p2pkScript(hexToBytes(me)) },
        {
          value: 0n,
          script: encodeGatewaysOpret({
            funcid: 'B',
            tokenid: t,
            voutPubkeys: [GW_PK],
            coin: 'KMD',
            totalsupply: 1_000_000n,
            oracletxid,
            M: 1,
            N: 1,
            pubkeys: [me],
            taddr: 0,
            prefix: 60,
            prefix2: 85,
            wiftype: 188,
          }),
        },
      ],
    }
    await dev.view.broadcast(resign(dev, fake))
    // only in the mempool, the daemon's scan (confirmed txids at the address) does not see it
    expect((await bindOf(t)).hex).toMatch(/^[0-9a-f]+$/)
    await dev.mine(1)
    const e = await refusal(bindOf(t))
    expect(daemonText(e)).toBe(`Gateway bind.KMD (${t}) already exists`)
  })

  test("each bind pubkey needs a normal balance; the supply must be the token's; the oracle must exist", async () => {
    const t = await send(await dev.rpc.tokencreate('TOKEN5', '0.01', ''))
    await dev.mine(1)
    const empty = '02' + 'ab'.repeat(32)
    expect(daemonText(await refusal(bindOf(t, { N: 2, pubkeys: [me, empty] })))).toBe(
      'M.\u0001 N.\u0002 but pubkeys[1] has no balance',
    )
    expect(daemonText(await refusal(bindOf(oracletxid)))).toBe(
      `Gateway bind.KMD (${oracletxid}) globaladdr.${GW_CC} totalsupply 0.01 != fullsupply 0`,
    )
    const unknown = 'ee'.repeat(32)
    expect(daemonText(await refusal(bindOf(t, { oracletxid: unknown })))).toBe(`cant find oracletxid ${unknown}`)
    // the supply spent in the mempool: CCtoken_balance still counts it, but no input is left to take
    await send(await dev.rpc.tokentransfer(t, me, 1000n))
    const spent = await refusal(bindOf(t))
    expect(spent.code).toBe('INSUFFICIENT_FUNDS')
    expect(daemonText(spent)).toBe('cant find enough inputs')
    await dev.mine(1)
    // mined: two outputs (1000 + 999000), but AddTokenCCInputs skips those below supply / 64 = 15625
    const split = myTokenOutputs(t).map((u) => u.satoshis)
    expect(split.sort()).toEqual([1000n, 999_000n])
    const small = await refusal(bindOf(t))
    expect(daemonText(small)).toBe('cant find enough inputs')
  })
})

describe('lying chain sources: a typed error, nothing signed', () => {
  let d: Deposit
  const claimWith = (view: ChainView, signer: Signer) =>
    resolveGatewaysClaim(
      { bindtxid, coin: 'KMD', deposittxid: d.deposittxid, destpub: me, amount: d.amount },
      { view, pubkey: me, signer },
    )
  const lying = async (view: ChainView, text: RegExp) => {
    const signer = countingSigner()
    const e = await refusal(claimWith(view, signer))
    expect(e.code).toBe('CHAIN_MISMATCH')
    expect(e.message).toMatch(text)
    expect(signer.calls).toBe(0)
  }
  const swap = (asked: string, given: string) => {
    const hex = (id: string) => dev.chain.txs.get(id === asked ? given : id)!.hex
    return lyingView(dev.view, {
      getTransaction: async (id: string) => hex(id),
      getTransactions: async (ids: readonly string[]) => ids.map(hex),
    }).view
  }

  beforeAll(async () => {
    ;[d] = (await depositsOf([10000n])) as [Deposit]
  }, 30_000)

  test("the bind's bytes replaced by another transaction's", async () => {
    await lying(swap(bindtxid, tokenid), new RegExp(`gave transaction ${tokenid} when asked for ${bindtxid}`))
  })
  test("the deposit's bytes replaced by another deposit's", async () => {
    await lying(
      swap(d.deposittxid, bindtxid),
      new RegExp(`gave transaction ${bindtxid} when asked for ${d.deposittxid}`),
    )
  })
  test('a gateway output claimed with another value', async () => {
    await lying(
      lyingView(dev.view, {
        listUnspent: async (a: string) =>
          (await dev.view.listUnspent(a)).map((u, i) =>
            a === GW_TOKENS && i === 0 ? { ...u, satoshis: u.satoshis + 1n } : u,
          ),
      }).view,
      /holds \d+ sat, its transaction says/,
    )
  })
  test("an output of the caller's token address listed as the gateway's", async () => {
    const mine = (await dev.view.listUnspent(ccAddress(0xf2, me)))[0]!
    await lying(
      lyingView(dev.view, {
        listUnspent: async (a: string) => [...(a === GW_TOKENS ? [mine] : []), ...(await dev.view.listUnspent(a))],
      }).view,
      // the StateReader checks every listed output against the address asked for
      new RegExp(`lists ${mine.txid}:${mine.vout} under ${GW_TOKENS}, but that output pays another address`),
    )
  })
  test("withdraw: a gateway output listed as the caller's token output", async () => {
    const gw = (await dev.view.listUnspent(GW_TOKENS))[0]!
    const signer = countingSigner()
    const view = lyingView(dev.view, {
      listUnspent: async (a: string) => [
        ...(await dev.view.listUnspent(a)),
        ...(a === ccAddress(0xf2, me) ? [gw] : []),
      ],
    }).view
    const e = await refusal(
      resolveGatewaysWithdraw({ bindtxid, coin: 'KMD', withdrawpub: me, amount: 1000n }, { view, pubkey: me, signer }),
    )
    expect(e.code).toBe('CHAIN_MISMATCH')
    expect(signer.calls).toBe(0)
  })
  test('the honest source: the same claim is signed and accepted', async () => {
    const signer = countingSigner()
    const r = await claimWith(dev.view, signer)
    expect(signer.calls).toBeGreaterThan(0)
    await dev.view.broadcast(r.hex)
    await dev.mine(1)
  })
})

describe('through the key-local wallet: a second gateway, each step checked (method, change, fee) before broadcast', () => {
  test('bind → deposit → claim → withdraw → partialsign → completesigning → markdone', async () => {
    const wallet = createWallet({ privateKey: dev.privateKey, view: dev.view, methods: gatewaysResolvers })
    type W = (...a: unknown[]) => Promise<WalletResult>
    const w = (m: string) => (wallet as unknown as Record<string, W>)[m]!
    const token = await send(await dev.rpc.tokencreate('WTOKEN', '0.1', ''))
    await dev.mine(1)
    const bind = await w('gatewaysbind')(token, oracletxid, 'KMD', 10_000_000n, 1, 1, [me], 60, 85, 188)
    expect(bind.inspection.method).toBe('gatewaysbind')
    await dev.mine(2)
    const c = await coinDeposit('0.03')
    await dev.mine(1)
    const height = dev.chain.height
    await publish(oracletxid, record(height))
    await dev.mine(1)
    const proof = await dev.rpc.gettxoutproof([c.cointxid])
    const dep = await w('gatewaysdeposit')(bind.txid, height, 'KMD', c.cointxid, 0, c.cointx, proof, me, '0.03')
    await dev.mine(2)
    const claim = await w('gatewaysclaim')(bind.txid, 'KMD', dep.txid, me, '0.03')
    expect(claim.build.tx.vin.map(key)).toEqual([`${bind.txid}:0`, `${dep.txid}:0`])
    await dev.mine(1)
    const wd = await w('gatewayswithdraw')(bind.txid, 'KMD', me, '0.01')
    await dev.mine(2)
    const p = await w('gatewayspartialsign')(wd.txid, 'KMD', 'aa')
    await dev.mine(2)
    const s = await w('gatewayscompletesigning')(p.txid, 'KMD', 'aabb')
    await dev.mine(2)
    const m = await w('gatewaysmarkdone')(s.txid, 'KMD')
    expect([p, s, m].map((r) => r.inspection.method)).toEqual([
      'gatewayspartialsign',
      'gatewayscompletesigning',
      'gatewaysmarkdone',
    ])
    await dev.mine(1)
    expect(await gatewaysInfo(new StateReader(dev.view), bind.txid)).toMatchObject({
      remaining: '0.08000000',
      issued: '0.02000000',
    })
  })
})

test('round trips per method stay within their bounds (docs/wallet/gateways.md)', () => {
  const bounds: Record<string, number> = {
    gatewaysbind: 12,
    gatewaysdeposit: 16,
    gatewaysclaim: 8,
    gatewayswithdraw: 13,
    gatewayspartialsign: 8,
    gatewayscompletesigning: 8,
    gatewaysmarkdone: 8,
    'gatewaysclaim (7 of 63 gateway outputs)': 8,
    'gatewaysdeposit (sample 3 back)': 16,
  }
  expect(Object.keys(trips).sort()).toEqual(Object.keys(bounds).sort())
  for (const [m, n] of Object.entries(trips)) expect(n, m).toBeLessThanOrEqual(bounds[m]!)
})
