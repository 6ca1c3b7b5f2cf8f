// The demo (layer 8): the devnet, or any daemon over RPC, running each module's demo step (`modules/<m>/demo.ts`,
// listed by the registry's devnet list) in the registry's order, one line per step and a summary table at the end.
import { bytesToHex, hexToBytes } from '../bytes/hex.js'
import { KomodoCcError } from '../errors.js'
import { decodeWif, p2pkhAddress } from '../address/address.js'
import { keySigner } from '../tx/sign.js'
import { inspectTransaction, inspectionText } from '../inspect/index.js'
import type { KomodoRpc } from '../rpc/client.js'
import { IO_MODULES, type ModuleDemoOptions } from '../modules/registry/io.js'
import type { DemoContext, DemoIo, DemoResult } from './module.js'
import { createRpcView } from '../rpc/view.js'
import { createElectrumView } from '../electrum/view.js'
import type { ChainView } from '../cctx/types.js'
import { createWallet, type WalletResult } from '../wallet/wallet.js'
import { startDevnet, type Devnet } from './server.js'
import { runTokelNftDemo } from './tokel-demo.js'

export type { DemoIo } from './module.js'

/** Options of {@link runDevnetDemo}: `verbose`, and each module's demo options (from its `modules/<m>/demo.ts`). */
export type DevnetDemoOptions = {
  /** Print each transaction decoded by the inspector. */
  verbose?: boolean
  /** Run the modules' flows through the key-local wallet too (default true). */
  wallet?: boolean
} & ModuleDemoOptions

type Row = { step: string; txid: string; note: string }

/**
 * Where the demo runs: the RPC client, the wallet's pubkey (the daemon's `-pubkey`) and, when known, its private key
 * (for the offline builds), how to wait for confirmations, and the clock when it can be moved.
 * @example const target: DemoTarget = { rpc, label: 'komodod at http://127.0.0.1:7771', pubkey, confirm: async () => {} }
 */
export type DemoTarget = {
  rpc: KomodoRpc
  label: string
  pubkey: string
  privateKey?: Uint8Array
  /** Resolves once every given txid is confirmed (the devnet mines; a real daemon is polled). */
  confirm: (txids: string[]) => Promise<void>
  /** Moves the chain's clock forward (devnet only). */
  advanceTime?: (seconds: number) => void
  /** The chain source of the wallet flows (default: `createRpcView(rpc)`). */
  walletView?: () => {
    view: ChainView & {
      /** Closes the view's connection (an Electrum client's socket); called after the wallet flows. */
      close?: () => void
    }
    label: string
  }
}

/**
 * `npm run demo`: starts the devnet in-process and, over HTTP with the RPC client, runs every module's demo step in
 * the registry's order (each module's `modules/<m>/demo.ts`: its transactions built by the daemon-style RPCs and
 * offline, the submissions the daemon refuses, a step that waits for the devnet's clock). One line per step, a
 * summary table at the end; returns the exit status (0 when every step behaved).
 * @example process.exitCode = await runDevnetDemo(io, { verbose: false })
 */
export async function runDevnetDemo(io: DemoIo, options: DevnetDemoOptions = {}): Promise<number> {
  let dev: Devnet | undefined
  try {
    dev = await startDevnet({ electrum: true })
    const d = dev
    const target: DemoTarget = {
      // the wallet flows read the chain over the devnet's Electrum endpoint, as a light wallet would
      walletView: () => ({
        view: createElectrumView({ url: d.electrum!.url }),
        label: `Electrum at ${d.electrum!.url}`,
      }),
      rpc: d.rpc,
      label: `embedded devnet at ${d.url} (conf ${d.confPath})`,
      pubkey: d.pubkey,
      privateKey: hexToBytes(d.privateKey),
      confirm: async () => {
        await d.rpc.call('generate', [1])
      },
      advanceTime: (s) => d.advanceTime(s),
    }
    const code = await runDemoFlows(io, target, options)
    // Tokel's tokens v2 and DEX run on their own chain: a second devnet, in Tokel mode
    const tokel = await runTokelNftDemo(io, { verbose: options.verbose === true })
    io.stdout(`${tokel.ok ? 'ok' : 'FAILED'}: ${tokel.note ?? ''}\n`)
    return tokel.ok ? code : 1
  } catch (e) {
    io.stderr(`demo failed: ${e instanceof Error ? e.message : String(e)}\n`)
    return 1
  } finally {
    await dev?.stop()
  }
}

/**
 * Runs the demo's flows against any komodod-compatible daemon (a real one through `createKomodoRpc`, or the devnet).
 * Without a private key the offline-builder steps are skipped; without `advanceTime` the steps that need the clock
 * to move are skipped. Each skip prints why.
 * @example process.exitCode = await runDemoFlows(io, target, { verbose: true })
 */
export async function runDemoFlows(io: DemoIo, target: DemoTarget, options: DevnetDemoOptions = {}): Promise<number> {
  const verbose = options.verbose === true
  const rows: Row[] = []
  const line = (step: string, text: string): void => io.stdout(`${step.padEnd(24)} ${text}\n`)
  const pending: string[] = []
  const rpc = target.rpc
  const pub = target.pubkey
  let refusals = 0
  io.stdout(`komodo-cc demo — ${target.label}\n\n`)
  const info0 = await rpc.getinfo()
  line('devnet', `height ${info0.blocks}, wallet ${p2pkhAddress(pub)} holds ${String(info0.raw.balance)} coins`)
  const show = (hex: string, format?: string): void => {
    if (verbose)
      io.stdout(
        `    ${inspectionText(inspectTransaction(hex, format === undefined ? {} : { oracleFormat: format }))}\n`,
      )
  }
  const advanceTime = target.advanceTime
  const ctx: DemoContext = {
    io,
    rpc,
    pubkey: pub,
    ...(target.privateKey !== undefined ? { privateKey: target.privateKey } : {}),
    verbose,
    line,
    submit: async (step, hex, note, format) => {
      const txid = await rpc.sendrawtransaction(hex)
      show(hex, format)
      rows.push({ step, txid, note })
      pending.push(txid)
      line(step, `${txid.slice(0, 16)}… ${note}`)
      return txid
    },
    send: async (hex) => {
      const txid = await rpc.sendrawtransaction(hex)
      pending.push(txid)
      return txid
    },
    confirm: async () => {
      await target.confirm(pending.splice(0))
    },
    refused: (step, e) => {
      const message = (e as { daemonMessage?: string }).daemonMessage ?? String(e)
      refusals++
      line(step, `refused: ${message}`)
      return message
    },
    // confirmed coins only: the demo mines before each offline build, so none is spent in the mempool
    walletUtxos: () => rpc.listUnspent(p2pkhAddress(pub)),
    ...(advanceTime !== undefined ? { advanceTime: (s: number) => advanceTime(s) } : {}),
  }
  let ok = true
  const notes: string[] = []
  for (const { demo } of IO_MODULES) {
    if (demo === undefined) continue
    const result = await demo.run(ctx, options)
    ok &&= result.ok
    if (result.note !== undefined) notes.push(result.note)
  }

  // the same modules again through the key-local wallet: a key only this process holds, state found through the node
  if (options.wallet !== false) {
    const r = await walletFlows(target, ctx, rows, pending, options)
    ok &&= r.ok
    if (r.note !== undefined) notes.push(r.note)
  }

  io.stdout(`\n${'step'.padEnd(24)} ${'txid'.padEnd(66)} note\n`)
  for (const r of rows) io.stdout(`${r.step.padEnd(24)} ${r.txid.padEnd(66)} ${r.note}\n`)
  const height = await rpc.getblockcount()
  io.stdout(
    `\n${rows.length} transactions confirmed up to height ${height}; ${refusals} invalid submissions refused${notes.map((n) => `; ${n}`).join('')}\n`,
  )
  return ok ? 0 : 1
}

/** Options of {@link runRemoteDemo}. @example const o: RemoteDemoOptions = { verbose: true, pollMs: 1000 } */
export type RemoteDemoOptions = DevnetDemoOptions & {
  /** The wallet's private key (else the demo asks the daemon's `dumpprivkey`; failing that, offline steps are skipped). */
  privateKey?: Uint8Array
  /** Longest wait for one confirmation round, ms (default 15 minutes). */
  timeoutMs?: number
  /** Polling interval, ms (default 2000). */
  pollMs?: number
  /** Interval between progress lines on stderr while waiting, ms (default 10000). */
  progressMs?: number
}

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms))

/**
 * Waits until every txid has a confirmation, polling `getrawmempool` and `getblockcount` (and `getrawtransaction`
 * verbose for the ones that left the mempool), with progress lines on stderr and a bounded wait.
 * @throws KomodoCcError RPC_TIMEOUT when `timeoutMs` passes first
 * @example await waitForConfirmations(rpc, [txid], io, { timeoutMs: 600_000, pollMs: 2000 })
 */
export async function waitForConfirmations(
  rpc: KomodoRpc,
  txids: readonly string[],
  io: DemoIo,
  o: { timeoutMs: number; pollMs: number; progressMs?: number },
): Promise<void> {
  const start = Date.now()
  let lastNote = start
  let left = [...txids]
  while (left.length > 0) {
    const mempool = new Set(await rpc.getrawmempool())
    const height = await rpc.getblockcount()
    const still: string[] = []
    for (const id of left) {
      if (mempool.has(id)) {
        still.push(id)
        continue
      }
      const v = (await rpc.call('getrawtransaction', [id, 1])) as Record<string, unknown>
      const conf =
        typeof v.confirmations === 'number' || typeof v.confirmations === 'bigint' ? Number(v.confirmations) : 0
      if (conf < 1) still.push(id)
    }
    left = still
    if (left.length === 0) return
    const waited = Date.now() - start
    if (waited > o.timeoutMs)
      throw new KomodoCcError(
        'RPC_TIMEOUT',
        `${left.length} transaction(s) still unconfirmed after ${Math.round(waited / 1000)} s (height ${height})`,
        { pending: left.length, height },
      )
    if (Date.now() - lastNote >= (o.progressMs ?? 10_000)) {
      io.stderr(
        `  waiting for ${left.length} transaction(s) to confirm: height ${height}, mempool ${mempool.size}, ${Math.round(waited / 1000)} s\n`,
      )
      lastNote = Date.now()
    }
    await sleep(o.pollMs)
  }
}

/**
 * `komodo-cc demo --url …` / `--chain NAME`: the demo's flows against a running daemon through `createKomodoRpc`. The
 * wallet is the daemon's `-pubkey` (from `getinfo`); confirmations are awaited by polling; the steps that need the
 * clock to move (a day's lock) are skipped with a note.
 * @throws KomodoCcError RPC_CONFIG when the daemon runs without `-pubkey`
 * @example process.exitCode = await runRemoteDemo(io, createKomodoRpc({ url, user, password }), { verbose: true })
 */
export async function runRemoteDemo(io: DemoIo, rpc: KomodoRpc, options: RemoteDemoOptions = {}): Promise<number> {
  try {
    const info = await rpc.getinfo()
    const pubkey = info.pubkey
    if (typeof pubkey !== 'string' || !/^0[23][0-9a-f]{64}$/.test(pubkey))
      throw new KomodoCcError(
        'RPC_CONFIG',
        'the daemon runs without -pubkey: the module RPCs build for the -pubkey wallet key',
      )
    let privateKey = options.privateKey
    if (privateKey === undefined) {
      try {
        const wif = await rpc.call('dumpprivkey', [p2pkhAddress(pubkey)])
        if (typeof wif === 'string') privateKey = decodeWif(wif).privateKey
      } catch {
        // the daemon keeps its key: offline steps are skipped
      }
    }
    if (privateKey !== undefined && bytesToHex(keySigner(privateKey).publicKey) !== pubkey)
      throw new KomodoCcError('RPC_CONFIG', "the private key given is not the daemon's -pubkey key")
    const timeoutMs = options.timeoutMs ?? 15 * 60_000
    const pollMs = options.pollMs ?? 2000
    const target: DemoTarget = {
      rpc,
      label: `daemon ${await rpc.host()} (${info.name ?? 'chain'}, height ${info.blocks}); confirmations are awaited, nothing is mined here`,
      pubkey,
      ...(privateKey !== undefined ? { privateKey } : {}),
      confirm: (txids) =>
        waitForConfirmations(rpc, txids, io, {
          timeoutMs,
          pollMs,
          ...(options.progressMs !== undefined ? { progressMs: options.progressMs } : {}),
        }),
    }
    const code = await runDemoFlows(io, target, options)
    // Tokel's tokens v2 and DEX run on their own chain: a second devnet, in Tokel mode
    const tokel = await runTokelNftDemo(io, { verbose: options.verbose === true })
    io.stdout(`${tokel.ok ? 'ok' : 'FAILED'}: ${tokel.note ?? ''}\n`)
    return tokel.ok ? code : 1
  } catch (e) {
    io.stderr(`demo failed: ${e instanceof Error ? e.message : String(e)}\n`)
    return 1
  }
}

/**
 * The modules' wallet flows: a fresh key made in this process (never sent anywhere), funded by the node's wallet
 * (`sendtoaddress`), and a `createWallet` over `createRpcView(rpc)`; each module's `wallet` flow runs through it.
 */
async function walletFlows(
  target: DemoTarget,
  ctx: DemoContext,
  rows: Row[],
  pending: string[],
  options: DevnetDemoOptions,
): Promise<DemoResult> {
  const flows = IO_MODULES.flatMap(({ demo }) => (demo?.wallet === undefined ? [] : [demo]))
  if (flows.length === 0) return { ok: true }
  const { rpc, line, io } = ctx
  let privateKey: Uint8Array
  do privateKey = globalThis.crypto.getRandomValues(new Uint8Array(32))
  while (!isKey(privateKey))
  const source: { view: ChainView & { close?: () => void }; label: string } = target.walletView?.() ?? {
    view: createRpcView(rpc),
    label: 'the node over JSON-RPC',
  }
  const view = source.view
  const wallet = createWallet({ privateKey, view })
  io.stdout(
    `\nkey-local wallet ${wallet.address} over ${source.label}: its key never leaves this process; the node only finds state\n\n`,
  )
  for (let i = 0; i < 4; i++) pending.push(String(await rpc.call('sendtoaddress', [wallet.address, '250'])))
  line('wallet funding', `4 × 250 coins from the node's wallet to ${wallet.address}`)
  await ctx.confirm()
  const sent = (step: string, r: WalletResult, note: string): string => {
    rows.push({ step: `wallet ${step}`, txid: r.txid, note })
    pending.push(r.txid)
    line(`wallet ${step}`, `${r.txid.slice(0, 16)}… ${note}`)
    if (ctx.verbose) io.stdout(`    ${inspectionText(r.inspection)}\n`)
    return r.txid
  }
  let ok = true
  const notes: string[] = []
  for (const demo of flows) {
    const r = await demo.wallet!({ ...ctx, wallet, view, sent }, options)
    ok &&= r.ok
    if (r.note !== undefined) notes.push(r.note)
  }
  view.close?.()
  return notes.length === 0 ? { ok } : { ok, note: notes.join('; ') }
}

function isKey(k: Uint8Array): boolean {
  try {
    keySigner(k)
    return true
  } catch {
    return false
  }
}
