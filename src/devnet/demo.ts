import { bytesToHex, hexToBytes } from '../bytes/hex.js'
import { KomodoCcError } from '../errors.js'
import { decodeWif, p2pkhAddress } from '../address/address.js'
import { formatCoins } from '../amount.js'
import { batonPubkey, ccAddress } from '../cc/address.js'
import { encodeOracleData } from '../oracle-data/format.js'
import { decodeOraclesOpret } from '../modules/oracles/opret.js'
import { buildOraclesData } from '../modules/oracles/build.js'
import { buildFaucetGetAsync } from '../modules/faucet/build.js'
import { decodeDiceOpret } from '../modules/dice/opret.js'
import { diceOutcome } from '../modules/dice/outcome.js'
import { ccModule } from '../cc/eval.js'
import { sha256 } from '../hash/index.js'
import { utf8ToBytes } from '../bytes/utils.js'
import { keySigner } from '../tx/sign.js'
import { inspectTransaction, inspectionText } from '../inspect/index.js'
import { parseTransaction, serializeTransaction } from '../tx/codec.js'
import type { KomodoRpc } from '../rpc/client.js'
import type { Utxo } from '../cctx/types.js'
import { startDevnet, type Devnet } from './server.js'

/** Where the demo prints (structurally the CLI's `CliIo`). */
export type DemoIo = { stdout: (text: string) => void; stderr: (text: string) => void; isTty?: boolean }

/** Options of {@link runDevnetDemo}. */
export type DevnetDemoOptions = {
  /** Print each transaction decoded by the inspector. */
  verbose?: boolean
  /** Samples to publish (default 4: one with the offline builder, the rest with `oraclesdata`). */
  samples?: number
  /** Run the faucet claim (its proof of work takes about a second with the fast search; default true). */
  faucet?: boolean
}

type Row = { step: string; txid: string; note: string }

/**
 * The oracle state an offline `buildOraclesData` needs, read from a daemon over RPC (getaddressutxos and
 * getrawtransaction): the oracle, the current datafee (oraclesinfo), the publisher's baton UTXO and its subscriptions.
 * @example const state = await oracleDataState(rpc, oracletxid, pubkeyHex, privateKey)
 */
export async function oracleDataState(
  rpc: KomodoRpc,
  oracletxid: string,
  publisher: string,
  privateKey: Uint8Array,
): Promise<Parameters<typeof buildOraclesData>[2]> {
  const info = await rpc.oraclesinfo(oracletxid)
  const me = info.registered.find((r) => r.publisher === publisher)
  if (me === undefined) throw new KomodoCcError('BUILD_STATE', `${publisher} is not registered on oracle ${oracletxid}`)
  const batonAddr = ccAddress(0xec, batonPubkey(privateKey))
  const toUtxo = (u: {
    txid: string
    outputIndex: number
    satoshis: bigint
    script: string
    height: number
  }): Utxo => ({
    txid: u.txid,
    vout: u.outputIndex,
    satoshis: u.satoshis,
    script: hexToBytes(u.script),
    height: u.height,
  })
  const batonU = (await rpc.getaddressutxos(batonAddr)).find((u) => u.txid === me.batontxid && u.outputIndex === 1)
  const subs: Utxo[] = []
  for (const u of await rpc.getaddressutxos(ccAddress(0xec, publisher))) {
    if (u.satoshis < 10000n) continue
    const tx = parseTransaction(await rpc.getrawtransaction(u.txid))
    try {
      const p = decodeOraclesOpret(tx.vout[tx.vout.length - 1]!.script)
      if ((p.funcid === 'S' || p.funcid === 'D') && p.oracletxid === oracletxid) subs.push(toUtxo(u))
    } catch {
      // not an Oracles output
    }
  }
  return {
    oracle: await rpc.getrawtransaction(oracletxid),
    datafee: me.datafee,
    ...(batonU === undefined ? {} : { baton: toUtxo(batonU) }),
    subscriptions: subs,
  }
}

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
}

/**
 * `npm run demo`: starts the devnet in-process and, over HTTP with the RPC client, runs an oracle publisher's life —
 * create a price feed, fund, register, subscribe, publish samples with the offline builder and with `oraclesdata`, read
 * them back with `oraclessamples` — then shows the devnet refusing a double spend and a consensus violation, creates and
 * transfers a token, locks coins in a rewards plan whose unlock is refused until the devnet's clock moves, claims from
 * the faucet with its proof of work, and settles a dice bet checked with `diceOutcome`. One line
 * per step, a summary table at the end; returns the exit status (0 when every step behaved).
 * @example process.exitCode = await runDevnetDemo(io, { verbose: false })
 */
export async function runDevnetDemo(io: DemoIo, options: DevnetDemoOptions = {}): Promise<number> {
  let dev: Devnet | undefined
  try {
    dev = await startDevnet()
    const d = dev
    const target: DemoTarget = {
      rpc: d.rpc,
      label: `embedded devnet at ${d.url} (conf ${d.confPath})`,
      pubkey: d.pubkey,
      privateKey: hexToBytes(d.privateKey),
      confirm: async () => {
        await d.rpc.call('generate', [1])
      },
      advanceTime: (s) => d.advanceTime(s),
    }
    return await runDemoFlows(io, target, options)
  } catch (e) {
    io.stderr(`demo failed: ${e instanceof Error ? e.message : String(e)}\n`)
    return 1
  } finally {
    await dev?.stop()
  }
}

/**
 * Runs the demo's flows against any komodod-compatible daemon (a real one through `createKomodoRpc`, or the devnet).
 * Without a private key the offline-builder steps are skipped; without `advanceTime` the rewards unlock is skipped
 * (its minimum lock time is a day). Each skip prints why.
 * @example process.exitCode = await runDemoFlows(io, target, { faucet: false })
 */
export async function runDemoFlows(io: DemoIo, target: DemoTarget, options: DevnetDemoOptions = {}): Promise<number> {
  const verbose = options.verbose === true
  const nSamples = options.samples ?? 4
  const rows: Row[] = []
  const line = (step: string, text: string): void => io.stdout(`${step.padEnd(24)} ${text}\n`)
  const pending: string[] = []
  {
    const rpc = target.rpc
    const pub = target.pubkey
    const priv = target.privateKey
    io.stdout(`komodo-cc demo — ${target.label}\n\n`)
    const info0 = await rpc.getinfo()
    line('devnet', `height ${info0.blocks}, wallet ${p2pkhAddress(pub)} holds ${String(info0.raw.balance)} coins`)
    const show = (hex: string, format?: string): void => {
      if (verbose)
        io.stdout(
          `    ${inspectionText(inspectTransaction(hex, format === undefined ? {} : { oracleFormat: format }))}\n`,
        )
    }
    const submit = async (step: string, hex: string, note: string, format?: string): Promise<string> => {
      const txid = await rpc.sendrawtransaction(hex)
      show(hex, format)
      rows.push({ step, txid, note })
      pending.push(txid)
      line(step, `${txid.slice(0, 16)}… ${note}`)
      return txid
    }
    const confirm = async (): Promise<void> => {
      await target.confirm(pending.splice(0))
    }

    // 1. oracle publisher's life
    const format = 'sIL'
    const created = await rpc.oraclescreate('KMDBTC', 'KMD/BTC price feed: pair, unix time, price in satoshis', format)
    const oracletxid = await submit('oraclescreate', created.hex, `format ${format} (pair, time, price)`)
    await confirm()
    const funded = await rpc.oraclesfund(oracletxid)
    await submit('oraclesfund', funded.hex, '10000 sat proves the publisher key')
    await confirm()
    const reg = await rpc.oraclesregister(oracletxid, 10000n)
    await submit('oraclesregister', reg.hex, 'datafee 0.0001 per sample')
    await confirm()
    const sub = await rpc.oraclessubscribe(oracletxid, pub, '0.001')
    await submit('oraclessubscribe', sub.hex, 'self-subscription of 0.001 (10 samples)')
    await confirm()
    const info = await rpc.oraclesinfo(oracletxid)
    const me = info.registered[0]!
    line(
      'oraclesinfo',
      `publisher ${me.publisher.slice(0, 10)}…, baton ${me.baton}, funds ${formatCoins(me.funds)}, datafee ${formatCoins(me.datafee)}`,
    )

    const t0 = Math.floor(Date.now() / 1000)
    const record = (i: number): Uint8Array => encodeOracleData(format, ['KMD/BTC', t0 + i * 60, 1_000n + BigInt(i)])
    let offlineTxid: string | undefined
    let refusals = 0
    let first = ''
    if (priv !== undefined) {
      // offline builder: state read over RPC, built and signed here, submitted raw
      const state = await oracleDataState(rpc, oracletxid, pub, priv)
      const built = buildOraclesData(
        { oracletxid, hexstr: record(0) },
        { pubkey: pub, utxos: await walletUtxos(rpc, pub), height: await rpc.getblockcount(), privateKey: priv },
        state,
      )
      offlineTxid = await submit(
        'oraclesdata (offline)',
        built.hex,
        `sample 0 built offline, ${built.size} bytes`,
        format,
      )
      await confirm()
    } else
      line(
        'oraclesdata (offline)',
        'skipped: no private key (give --wif-env VAR, or a daemon that answers dumpprivkey)',
      )
    for (let i = offlineTxid === undefined ? 0 : 1; i < nSamples; i++) {
      const d = await rpc.oraclesdata(oracletxid, bytesToHex(record(i)))
      await submit('oraclesdata (rpc)', d.hex, `sample ${i} via the daemon-style RPC`, format)
      await confirm()
    }
    const samples = await rpc.oraclessamples(oracletxid, me.baton, nSamples)
    line(
      'oraclessamples',
      `${samples.samples.length} samples, newest first: ${samples.samples.map((s) => `[${s.data.join(', ')}]`).join(' ')}`,
    )
    const ok =
      samples.samples.length === nSamples &&
      (offlineTxid === undefined || samples.samples[samples.samples.length - 1]!.txid === offlineTxid)

    // 2. what the daemon refuses
    if (priv !== undefined && offlineTxid !== undefined) {
      try {
        await rpc.sendrawtransaction(await rpc.getrawtransaction(offlineTxid))
      } catch (e) {
        refusals++
        line('resubmit confirmed tx', `refused: ${(e as { daemonMessage?: string }).daemonMessage ?? String(e)}`)
      }
      const ctx = async () => ({
        pubkey: pub,
        utxos: await walletUtxos(rpc, pub),
        height: await rpc.getblockcount(),
        privateKey: priv,
      })
      const st = await oracleDataState(rpc, oracletxid, pub, priv)
      const wrongFee = buildOraclesData({ oracletxid, hexstr: record(nSamples) }, await ctx(), {
        ...st,
        datafee: st.datafee * 2n,
      })
      try {
        await rpc.sendrawtransaction(wrongFee.hex)
      } catch (e) {
        refusals++
        line('wrong datafee', `refused: ${(e as { daemonMessage?: string }).daemonMessage ?? String(e)}`)
      }
      const a = buildOraclesData({ oracletxid, hexstr: record(nSamples) }, await ctx(), st)
      const b = buildOraclesData({ oracletxid, hexstr: record(nSamples + 1) }, await ctx(), st)
      first = await submit('oraclesdata (offline)', a.hex, `sample ${nSamples} accepted into the mempool`, format)
      try {
        await rpc.sendrawtransaction(b.hex)
      } catch (e) {
        refusals++
        line('double spend', `refused: ${(e as { daemonMessage?: string }).daemonMessage ?? String(e)}`)
      }
      await confirm()
    } else line('refusals', 'skipped: they need offline-built transactions (no private key)')
    const refusalsOk = priv === undefined || refusals === 3

    // 3. tokens: create and transfer
    const tok = await rpc.tokencreate('DEMOTOK', '0.00001', 'a demo token of 1000 units')
    const tokenid = await submit('tokencreate', tok.hex, '1000 units backed by 0.00001 coin')
    await confirm()
    const friend = '0279be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798'
    const tr = await rpc.tokentransfer(tokenid, friend, 250n)
    await submit('tokentransfer', tr.hex, '250 units to 0279be66…')
    await confirm()
    const [mine, theirs] = [await rpc.tokenbalance(tokenid), await rpc.tokenbalance(tokenid, friend)]
    line('tokenbalance', `creator ${mine.balance}, recipient ${theirs.balance}`)
    const tokensOk = mine.balance === 750n && theirs.balance === 250n

    // 4. rewards: a plan, a lock, an unlock refused until the clock moves
    const plan = await rpc.rewardscreatefunding('DEMO', '100', '5', 1, 10, '1')
    const fundingtxid = await submit('rewardscreatefunding', plan.hex, 'plan DEMO: 100 coins, 5% APR, 1..10 days')
    await confirm()
    const lock = await rpc.rewardslock('DEMO', fundingtxid, '20')
    const locktxid = await submit('rewardslock', lock.hex, '20 coins locked')
    await confirm()
    let early = ''
    try {
      await rpc.rewardsunlock('DEMO', fundingtxid, locktxid)
    } catch (e) {
      early = (e as { daemonMessage?: string }).daemonMessage ?? String(e)
      line('rewardsunlock (early)', `refused: ${early}`)
    }
    let rewardsOk = early.startsWith('reward 0 is <= the transaction fee')
    if (target.advanceTime !== undefined) {
      target.advanceTime(2 * 86400)
      await confirm()
      line('devnet clock', 'advanced two days')
      const unlock = await rpc.rewardsunlock('DEMO', fundingtxid, locktxid)
      const paid = parseTransaction(unlock.hex).vout[1]!.value
      await submit('rewardsunlock', unlock.hex, `pays ${formatCoins(paid)} (20 + reward)`)
      await confirm()
      rewardsOk &&= paid > 2_000_000_000n
    } else
      line(
        'rewardsunlock',
        `skipped: the plan's minimum lock is one day and this daemon's clock cannot be moved; run \`rewardsunlock DEMO ${fundingtxid} ${locktxid}\` after it`,
      )

    // 5. faucet: fund it, then a brand-new key claims 0.1 coin with the proof of work
    let faucetOk = true
    if (options.faucet !== false) {
      const ff = await rpc.faucetfund('10')
      await submit('faucetfund', ff.hex, '10 coins into the faucet')
      await confirm()
      const newcomer = keySigner(sha256(utf8ToBytes(`newcomer ${Date.now()}`))).publicKey
      const faucetCoins = (await rpc.getaddressutxos(ccAddress(0xe4, ccModule('Faucet').pubkey)))
        .filter((u) => u.satoshis > 1_000_000n)
        .map((u) => ({
          txid: u.txid,
          vout: u.outputIndex,
          satoshis: u.satoshis,
          script: hexToBytes(u.script),
          height: u.height,
        }))
      const bar = (tried: number): void => {
        const width = 30
        const filled = Math.min(width, Math.round((tried / 65536) * (width / 2)))
        const text = `  proof of work [${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${tried} nonces`
        if (io.isTty === true) io.stderr(`\r${text}`)
        else if (tried % 16384 < 1024) io.stderr(`${text}\n`)
      }
      const claim = await buildFaucetGetAsync(
        {},
        { pubkey: newcomer, utxos: [], height: await rpc.getblockcount() },
        { faucetUtxos: faucetCoins },
        { progressEvery: 1024, onProgress: bar },
      )
      if (io.isTty === true) io.stderr('\n')
      await submit('faucetget', claim.hex, `0.1 coin to a brand-new key after ${claim.attempts} nonces (txid 00…00)`)
      await confirm()
      faucetOk = /^00.*00$/.test(claim.txid)
    } else line('faucet', 'skipped (--quick)')

    // 6. dice: the wallet is the house (plan + 100 entropy UTXOs) and a bettor; the outcome is checked with diceOutcome
    const df = await rpc.dicefund('DEMODICE', '1000', '1', '10', 10, 5)
    const dicetxid = await submit('dicefund', df.hex, 'house plan: 1000 coins, bets 1..10, odds ≤ 10')
    await confirm()
    for (let i = 0; i < 100; i++)
      pending.push(await rpc.sendrawtransaction((await rpc.diceaddfunds('DEMODICE', dicetxid, '1')).hex))
    await confirm()
    line(
      'diceaddfunds',
      `100 entropy UTXOs of 1 coin committed by the house (diceinfo entropytxs ${(await rpc.diceinfo(dicetxid)).entropytxs ?? '?'})`,
    )
    const betHex = (await rpc.dicebet('DEMODICE', dicetxid, '1', 2)).hex
    const bettxid = await submit('dicebet', betHex, '1 coin at odds 2')
    await confirm()
    const finish = await rpc.dicefinish('DEMODICE', dicetxid, bettxid)
    const ft = parseTransaction(finish.hex)
    const fo = decodeDiceOpret(ft.vout[ft.vout.length - 1]!.script)
    const bt = parseTransaction(betHex)
    const bo = decodeDiceOpret(bt.vout[bt.vout.length - 1]!.script)
    await submit(
      'dicefinish',
      finish.hex,
      `house answers ${fo.funcid === 'W' ? 'win' : fo.funcid === 'L' ? 'loss' : fo.funcid}`,
    )
    await confirm()
    const outcome = diceOutcome({
      bet: bt.vout[1]!.value,
      vout2Value: bt.vout[2]!.value,
      minbet: 100_000_000n,
      maxbet: 1_000_000_000n,
      maxodds: 10,
      houseEntropy: (fo as { proof: string }).proof,
      bettorEntropy: (bo as { hash: string }).hash,
    })
    const status = await rpc.dicestatus('DEMODICE', dicetxid, bettxid)
    line(
      'diceOutcome',
      `recomputed from the revealed entropies: ${outcome.win ? 'win' : 'loss'} (draw ${outcome.modval} vs threshold ${outcome.threshold}); dicestatus says ${status.status}`,
    )
    const diceOk = outcome.win === (fo.funcid === 'W') && status.status === (outcome.win ? 'win' : 'loss')

    io.stdout(`\n${'step'.padEnd(24)} ${'txid'.padEnd(66)} note\n`)
    for (const r of rows) io.stdout(`${r.step.padEnd(24)} ${r.txid.padEnd(66)} ${r.note}\n`)
    const height = await rpc.getblockcount()
    io.stdout(
      `\n${rows.length} transactions confirmed up to height ${height}; ${refusals} invalid submissions refused${first === '' ? '' : `; last data ${first.slice(0, 16)}…`}\n`,
    )
    return ok && refusalsOk && tokensOk && rewardsOk && faucetOk && diceOk ? 0 : 1
  }
}

async function walletUtxos(rpc: KomodoRpc, pubkey: string): Promise<Utxo[]> {
  // confirmed coins only: the demo mines before each offline build, so none is spent in the mempool
  return (await rpc.getaddressutxos(p2pkhAddress(pubkey))).map((u) => ({
    txid: u.txid,
    vout: u.outputIndex,
    satoshis: u.satoshis,
    script: hexToBytes(u.script),
    height: u.height,
  }))
}

/** Options of {@link runRemoteDemo}. @example const o: RemoteDemoOptions = { faucet: false, pollMs: 1000 } */
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
 * wallet is the daemon's `-pubkey` (from `getinfo`); confirmations are awaited by polling; the rewards unlock, which
 * needs the clock to move a day, is skipped with a note.
 * @throws KomodoCcError RPC_CONFIG when the daemon runs without `-pubkey`
 * @example process.exitCode = await runRemoteDemo(io, createKomodoRpc({ url, user, password }), { faucet: false })
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
    return await runDemoFlows(io, target, options)
  } catch (e) {
    io.stderr(`demo failed: ${e instanceof Error ? e.message : String(e)}\n`)
    return 1
  }
}
