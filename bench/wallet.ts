// The key-local wallet's figures (issue 18): per method, view calls (round trips) and the latency of resolve + build +
// sign (no broadcast, so the same state is measured each time) through createWallet over the devnet's HTTP JSON-RPC
// (createRpcView) and over the in-process devnet view, beside the devnet's own daemon-style RPC for the same method
// on the same chain (which finds the state in memory and builds and signs in the node). Medians of N runs (5 with
// BENCH_SHORT). Run by bench/run.mjs (tsx); prints one JSON object: { runs, rows: [...] }.
import { hexToBytes } from '../src/bytes/hex.js'
import { startDevnet } from '../src/devnet/server.js'
import { createRpcView } from '../src/rpc/view.js'
import { countingView } from '../src/cctx/counting-view.js'
import { createWallet, type Wallet, type WalletResult } from '../src/wallet/wallet.js'

const short = process.env.BENCH_SHORT !== undefined
const RUNS = short ? 5 : 30
const median = (xs: number[]) => xs.slice().sort((a, b) => a - b)[Math.floor(xs.length / 2)]!
const round = (x: number, d = 2) => Number(x.toFixed(d))

const dev = await startDevnet()
const rpc = dev.rpc
const send = async (r: { hex: string }) => rpc.sendrawtransaction(r.hex)
// state for the measured methods, made with the devnet's own RPCs (the wallet uses the devnet's key, so that both
// paths find the same state)
const tokenid = await send(await rpc.tokencreate('BENCHTOK', '0.0001', 'bench'))
const oracletxid = await send(await rpc.oraclescreate('BENCH', 'bench feed', 'L'))
const plan = await send(await rpc.rewardscreatefunding('BENCHRW', '100', '5', 1, 10, '1'))
await dev.mine(1)
await send(await rpc.oraclesfund(oracletxid))
await dev.mine(1)
await send(await rpc.oraclesregister(oracletxid, 10000n))
await dev.mine(1)
await send(await rpc.oraclessubscribe(oracletxid, dev.pubkey, '1'))
await dev.mine(1)

type Case = { method: string; args: unknown[]; rpcArgs?: unknown[] }
const sample = 'e803000000000000'
const cases: Case[] = [
  { method: 'tokencreate', args: ['T', '0.0001', 'd'] },
  { method: 'tokentransfer', args: [tokenid, dev.pubkey, 10n] },
  { method: 'faucetfund', args: ['1'] },
  { method: 'oraclesdata', args: [oracletxid, sample] },
  { method: 'rewardslock', args: ['BENCHRW', plan, '1'] },
  { method: 'dicefund', args: ['BDICE', '100', '0.1', '1', 10, 5] },
]

const counting = countingView(createRpcView(rpc))
const overRpc = createWallet({ privateKey: hexToBytes(dev.privateKey), view: counting.view })
const inProcess = createWallet({ privateKey: hexToBytes(dev.privateKey), view: dev.view })
const call = (w: Wallet, c: Case) =>
  (w as unknown as Record<string, (...a: unknown[]) => Promise<WalletResult>>)[c.method]!(...c.args, {
    broadcast: false,
  })

const rows = []
for (const c of cases) {
  await call(overRpc, c) // warm-up (and a check the method works)
  counting.reset()
  await call(overRpc, c)
  const viewCalls = counting.total()
  const time = async (f: () => Promise<unknown>) => {
    const ms: number[] = []
    for (let i = 0; i < RUNS; i++) {
      const t0 = performance.now()
      await f()
      ms.push(performance.now() - t0)
    }
    return median(ms)
  }
  const walletRpcMs = await time(() => call(overRpc, c))
  const walletLocalMs = await time(() => call(inProcess, c))
  const devnetRpcMs = await time(() => rpc.call(c.method, (c.rpcArgs ?? c.args).map(String)))
  rows.push({
    method: c.method,
    viewCalls,
    walletRpcMs: round(walletRpcMs),
    walletInProcessMs: round(walletLocalMs),
    devnetRpcMs: round(devnetRpcMs),
  })
}
await dev.stop()
process.stdout.write(JSON.stringify({ runs: RUNS, rows }) + '\n')
