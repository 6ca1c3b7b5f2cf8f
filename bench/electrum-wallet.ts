// The key-local wallet over Electrum beside JSON-RPC (issue 19's figures), against the in-process devnet:
// 1. per method of the 24-method flow (test/_util/wallet-flow.ts), the ChainView calls, the Electrum messages (a batch
//    is one) and requests, and the wall time of the wallet call (resolve, sign, inspect, broadcast; the devnet serves
//    in the same process, so its side is in the time too) — over createRpcView (HTTP JSON-RPC), createElectrumView
//    over TCP and over WebSocket, in the same run, each on a fresh devnet with the same flow;
// 2. the devnet Electrum server's `blockchain.scripthash.listunspent` of one script hash holding 10,000 UTXOs: on a
//    raw TCP socket (the server's side: reply read to its newline, not parsed), through ElectrumClient (parsed), and
//    the view's `listUnspent` cold and warm, beside the JSON-RPC view's `listUnspent` of the same address.
// A first flow (not recorded) warms the code up. BENCH_SHORT=1: then one flow per source and fewer listunspent calls
// (about 15 s); else three flows per source, in rotated order.
// Run by bench/run.mjs (tsx); prints one JSON object on stdout.
import { connect } from 'node:net'
import { bytesToHex, hexToBytes } from '../src/bytes/hex.js'
import { p2pkhAddress } from '../src/address/address.js'
import { keySigner, signTransaction } from '../src/tx/sign.js'
import { serializeTransaction } from '../src/tx/codec.js'
import { DEFAULT_TX_EXPIRY_DELTA, SAPLING_VERSION_GROUP_ID, type Transaction } from '../src/tx/types.js'
import { hash160 } from '../src/hash/index.js'
import { p2pkhScript } from '../src/script/script.js'
import { startDevnet, type Devnet } from '../src/devnet/server.js'
import { relayPolicy } from '../src/tx/policy.js'

/** gatewaysdeposit's OP_RETURN needs a node started with -datacarriersize=10001 (docs/policy.md). */
const GATEWAYS_NODE = relayPolicy('asset', { datacarriersize: 10001 })
import { createRpcView } from '../src/rpc/view.js'
import { createElectrumView, type ElectrumView } from '../src/electrum/view.js'
import { ElectrumClient } from '../src/electrum/client.js'
import { scripthash } from '../src/electrum/scripthash.js'
import { countingView } from '../src/cctx/counting-view.js'
import type { ChainView } from '../src/cctx/types.js'
import { createWallet, type Wallet, type WalletResult } from '../src/wallet/wallet.js'
import {
  FLOW_HOUSE,
  FLOW_KEY,
  FLOW_NEWCOMER,
  fundFlow,
  WALLET_FLOW,
  type FlowContext,
} from '../test/_util/wallet-flow.js'

const short = process.env.BENCH_SHORT !== undefined
const FLOWS = short ? 1 : 3
const LISTUNSPENT_CALLS = short ? 8 : 40

const median = (xs: number[]): number => {
  const s = xs.slice().sort((a, b) => a - b)
  const m = s.length >> 1
  return s.length % 2 === 1 ? s[m]! : (s[m - 1]! + s[m]!) / 2
}
const round = (x: number, d = 1): number => Number(x.toFixed(d))

type Source = { key: 'jsonRpc' | 'electrumTcp' | 'electrumWs'; open: (dev: Devnet) => ChainView }
const SOURCES: Source[] = [
  { key: 'jsonRpc', open: (dev) => createRpcView(dev.rpc) },
  { key: 'electrumTcp', open: (dev) => createElectrumView({ url: dev.electrum!.url }) },
  { key: 'electrumWs', open: (dev) => createElectrumView({ url: dev.electrum!.wsUrl }) },
]
type Sample = { ms: number; calls: number; messages?: number; requests?: number }
const samples = new Map<string, Map<Source['key'], Sample[]>>() // method → source → samples

type W = (...a: unknown[]) => Promise<WalletResult>
/** A wallet method by its daemon name. */
const byName = (w: Wallet, method: string): W => (w as unknown as Record<string, W>)[method]!
async function flowOver(source: Source, keep = true): Promise<void> {
  const dev = await startDevnet({ electrum: true, policy: GATEWAYS_NODE })
  const opened: ChainView[] = []
  try {
    await fundFlow(dev)
    const view = source.open(dev)
    opened.push(view)
    const counting = countingView(view)
    const stats = () => (view as Partial<ElectrumView>).client?.stats
    const wallet = createWallet({ privateKey: FLOW_KEY, view: counting.view, policy: GATEWAYS_NODE })
    const house = createWallet({ privateKey: FLOW_HOUSE, view: counting.view, policy: GATEWAYS_NODE })
    const timed = async (by: Wallet, method: string, args: unknown[]): Promise<WalletResult> => {
      const c0 = counting.total()
      const s0 = stats()
      const m0 = s0 && { ...s0 }
      const t0 = performance.now()
      const r = await byName(by, method)(...args)
      const ms = performance.now() - t0
      if (!dev.chain.txs.has(r.txid)) throw new Error(`${method}: not accepted`)
      const s1 = stats()
      const sample: Sample = { ms, calls: counting.total() - c0 }
      if (m0 !== undefined && s1 !== undefined) {
        sample.messages = s1.roundTrips - m0.roundTrips
        sample.requests = s1.requests - m0.requests
      }
      record(method, sample)
      return r
    }
    const record = (method: string, sample: Sample): void => {
      if (!keep) return
      const bySource = samples.get(method) ?? new Map<Source['key'], Sample[]>()
      samples.set(method, bySource)
      bySource.set(source.key, [...(bySource.get(source.key) ?? []), sample])
    }
    const ctx: FlowContext = {
      dev,
      w: (m, ...a) => timed(wallet, m, a),
      h: (m, ...a) => timed(house, m, a),
      faucetget: async () => {
        const v = source.open(dev)
        opened.push(v)
        const c = countingView(v)
        const newcomer = createWallet({ privateKey: FLOW_NEWCOMER, view: c.view })
        const t0 = performance.now()
        const r = await newcomer.faucetget()
        const sample: Sample = { ms: performance.now() - t0, calls: c.total() }
        const st = (v as Partial<ElectrumView>).client?.stats
        if (st !== undefined) {
          sample.messages = st.roundTrips
          sample.requests = st.requests
        }
        record('faucetget', sample)
        return r
      },
      ids: {},
    }
    for (const step of WALLET_FLOW) await step(ctx)
  } finally {
    for (const v of opened) (v as Partial<ElectrumView>).close?.()
    await dev.stop()
  }
}

// one flow first, not recorded, so that no source pays for compiling the resolvers, builders and signer; then the
// sources in turn, the order rotated from flow to flow
await flowOver(SOURCES[0]!, false)
const t0 = performance.now()
for (let i = 0; i < FLOWS; i++)
  for (let k = 0; k < SOURCES.length; k++) await flowOver(SOURCES[(i + k) % SOURCES.length]!)
const flowSeconds = round((performance.now() - t0) / 1000)

const methods = [...samples.entries()].map(([method, bySource]) => {
  const of = (k: Source['key']) => bySource.get(k) ?? []
  const ms = (k: Source['key']) => round(median(of(k).map((x) => x.ms)), 2)
  const calls = (k: Source['key']) => median(of(k).map((x) => x.calls))
  return {
    method,
    n: of('jsonRpc').length,
    viewCalls: { jsonRpc: calls('jsonRpc'), electrum: calls('electrumTcp') },
    electrumMessages: median(of('electrumTcp').map((x) => x.messages!)),
    electrumRequests: median(of('electrumTcp').map((x) => x.requests!)),
    ms: { jsonRpc: ms('jsonRpc'), electrumTcp: ms('electrumTcp'), electrumWs: ms('electrumWs') },
  }
})

// ---- listunspent of one script hash holding 10,000 UTXOs
const UTXOS = 10_000
const PER_TX = 1000
async function listunspentFigures() {
  const dev = await startDevnet({ electrum: true })
  try {
    const owner = keySigner(hexToBytes('71'.repeat(32))).publicKey
    const script = p2pkhScript(hash160(owner))
    const premine = dev.chain.blocks[0]!.txids[0]!
    for (let t = 0; t < UTXOS / PER_TX; t++) {
      const prev = dev.chain.output(premine, t)!
      const outs = Array.from({ length: PER_TX }, () => ({ value: 100_000n, script }))
      outs.push({ value: prev.value - 100_000n * BigInt(PER_TX) - 1_000_000n, script: prev.script })
      const tx: Transaction = {
        overwintered: true,
        version: 4,
        versionGroupId: SAPLING_VERSION_GROUP_ID,
        vin: [{ txid: premine, vout: t, scriptSig: new Uint8Array(0), sequence: 0xffffffff }],
        vout: outs,
        lockTime: 0,
        expiryHeight: dev.chain.height + 1 + DEFAULT_TX_EXPIRY_DELTA,
        valueBalance: 0n,
        shieldedSpends: [],
        shieldedOutputs: [],
        joinSplits: [],
      }
      const signed = signTransaction(tx, [{ value: prev.value, script: prev.script }], [hexToBytes(dev.privateKey)])
      await dev.rpc.sendrawtransaction(bytesToHex(serializeTransaction(signed)))
    }
    await dev.mine(1)
    const sh = scripthash(script)
    const address = p2pkhAddress(owner)

    // the server's side: a raw socket, each reply read to its newline
    const socket = connect(dev.electrum!.port, '127.0.0.1')
    await new Promise<void>((ok, ko) => socket.once('connect', () => ok()).once('error', ko))
    let pending: { resolve: (bytes: number) => void } | undefined
    let got = 0
    socket.on('data', (d: Buffer) => {
      let at = d.indexOf(10)
      let from = 0
      while (at >= 0) {
        got += at - from
        const p = pending
        pending = undefined
        p?.resolve(got)
        got = 0
        from = at + 1
        at = d.indexOf(10, from)
      }
      got += d.length - from
    })
    const rawCall = (method: string, params: unknown[]) =>
      new Promise<number>((resolve) => {
        pending = { resolve }
        socket.write(JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) + '\n')
      })
    await rawCall('server.version', ['bench', '1.4'])
    const firstT = performance.now()
    const replyBytes = await rawCall('blockchain.scripthash.listunspent', [sh])
    const firstMs = performance.now() - firstT
    const rawMs: number[] = []
    for (let i = 0; i < LISTUNSPENT_CALLS; i++) {
      const t = performance.now()
      await rawCall('blockchain.scripthash.listunspent', [sh])
      rawMs.push(performance.now() - t)
    }
    socket.destroy()

    // through our client (parsed, amounts exact)
    const client = new ElectrumClient(dev.electrum!.url, { pingIntervalMs: 0 })
    const clientMs: number[] = []
    let count = 0
    for (let i = 0; i < LISTUNSPENT_CALLS; i++) {
      const t = performance.now()
      count = ((await client.request('blockchain.scripthash.listunspent', [sh])) as unknown[]).length
      clientMs.push(performance.now() - t)
    }
    client.close()
    if (count !== UTXOS) throw new Error(`listunspent listed ${count}, not ${UTXOS}`)

    // the views: Electrum cold (a new view: the 10 transactions fetched and checked) and warm; JSON-RPC
    const view = createElectrumView({ url: dev.electrum!.url })
    const c0 = view.client.stats.roundTrips
    let t = performance.now()
    const cold = await view.listUnspent(address)
    const coldMs = performance.now() - t
    const coldMessages = view.client.stats.roundTrips - c0
    const warmMs: number[] = []
    let warmMessages = 0
    for (let i = 0; i < Math.max(3, LISTUNSPENT_CALLS / 4); i++) {
      const m0 = view.client.stats.roundTrips
      t = performance.now()
      await view.listUnspent(address)
      warmMs.push(performance.now() - t)
      warmMessages = view.client.stats.roundTrips - m0
    }
    view.close()
    if (cold.length !== UTXOS) throw new Error(`the view listed ${cold.length}`)
    const rpcView = createRpcView(dev.rpc)
    const rpcMs: number[] = []
    for (let i = 0; i < Math.max(3, LISTUNSPENT_CALLS / 4); i++) {
      t = performance.now()
      const l = await rpcView.listUnspent(address)
      rpcMs.push(performance.now() - t)
      if (l.length !== UTXOS) throw new Error(`the JSON-RPC view listed ${l.length}`)
    }
    const perSec = (ms: number) => Math.round(UTXOS / (ms / 1000))
    const row = (what: string, ms: number, messages: number | null, calls: number) => ({
      what,
      calls,
      medianMs: round(ms),
      utxosPerSec: perSec(ms),
      messages,
    })
    return {
      utxos: UTXOS,
      replyBytes,
      firstCallMs: round(firstMs),
      rows: [
        row('server: listunspent on a raw TCP socket (reply read to its newline)', median(rawMs), 1, rawMs.length),
        row('ElectrumClient.request listunspent (parsed, exact amounts)', median(clientMs), 1, clientMs.length),
        row('Electrum view listUnspent, cold (its 10 transactions fetched and checked)', coldMs, coldMessages, 1),
        row('Electrum view listUnspent, warm (transactions cached)', median(warmMs), warmMessages, warmMs.length),
        row('JSON-RPC view listUnspent (getaddressutxos ×2 index types)', median(rpcMs), null, rpcMs.length),
      ],
    }
  } finally {
    await dev.stop()
  }
}
const listunspent = await listunspentFigures()

/** The flow's wall time per source, faucetget (a proof-of-work search of varying length) left out. */
const total = (k: Source['key']) =>
  round(
    [...samples.entries()]
      .filter(([m]) => m !== 'faucetget')
      .reduce((s, [, m]) => s + (m.get(k) ?? []).reduce((a, x) => a + x.ms, 0), 0) / FLOWS,
    0,
  )
console.log(
  JSON.stringify({
    date: new Date().toISOString(),
    flows: FLOWS,
    flowSeconds,
    flowMs: { jsonRpc: total('jsonRpc'), electrumTcp: total('electrumTcp'), electrumWs: total('electrumWs') },
    methods,
    listunspent,
  }),
)
process.exit(0)
