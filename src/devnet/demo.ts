import { bytesToHex, hexToBytes } from '../bytes/hex.js'
import { KomodoCcError } from '../errors.js'
import { p2pkhAddress } from '../address/address.js'
import { formatCoins } from '../amount.js'
import { batonPubkey, ccAddress } from '../cc/address.js'
import { encodeOracleData } from '../oracles/format.js'
import { decodeOraclesOpret } from '../modules/oracles/opret.js'
import { buildOraclesData } from '../modules/oracles/build.js'
import { buildFaucetGetAsync } from '../modules/faucet/build.js'
import { decodeDiceOpret } from '../modules/dice/opret.js'
import { diceOutcome } from '../modules/dice/outcome.js'
import { ccModule } from '../cc/eval.js'
import { sha256 } from '../hash/index.js'
import { utf8ToBytes } from '../bytes/utils.js'
import { keySigner } from '../tx/sign.js'
import { inspectTransaction, inspectionText } from '../inspect.js'
import { parseTransaction, serializeTransaction } from '../tx/codec.js'
import type { KomodoRpc } from '../rpc/client.js'
import type { Utxo } from '../build/types.js'
import { startDevnet, type Devnet } from './server.js'

/** Where the demo prints (structurally the CLI's `CliIo`). */
export type DemoIo = { stdout: (text: string) => void; stderr: (text: string) => void; isTty?: boolean }

/** Options of {@link runDevnetDemo}. */
export type DevnetDemoOptions = {
  /** Print each transaction decoded by the inspector. */
  verbose?: boolean
  /** Samples to publish (default 4: one with the offline builder, the rest with `oraclesdata`). */
  samples?: number
  /** Run the faucet claim (its proof of work takes about 30 s on one core; default true). */
  faucet?: boolean
}

type Row = { step: string; txid: string; note: string }

/**
 * The oracle state an offline `buildOraclesData` needs, read from a daemon over RPC (getaddressutxos and
 * getrawtransaction): the oracle, the current datafee (oraclesinfo), the publisher's baton UTXO and its subscriptions.
 * @example const state = await oracleDataState(rpc, oracletxid, pubkeyHex, privateKey)
 */
export async function oracleDataState(rpc: KomodoRpc, oracletxid: string, publisher: string, privateKey: Uint8Array): Promise<Parameters<typeof buildOraclesData>[3]> {
  const info = await rpc.oraclesinfo(oracletxid)
  const me = info.registered.find((r) => r.publisher === publisher)
  if (me === undefined) throw new KomodoCcError('BUILD_STATE', `${publisher} is not registered on oracle ${oracletxid}`)
  const batonAddr = ccAddress(0xec, batonPubkey(privateKey))
  const toUtxo = (u: { txid: string; outputIndex: number; satoshis: bigint; script: string; height: number }): Utxo =>
    ({ txid: u.txid, vout: u.outputIndex, satoshis: u.satoshis, script: hexToBytes(u.script), height: u.height })
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
 * `npm run demo`: starts the devnet in-process and, over HTTP with the RPC client, runs an oracle publisher's life —
 * create a price feed, fund, register, subscribe, publish samples with the offline builder and with `oraclesdata`, read
 * them back with `oraclessamples` — then shows the devnet refusing a double spend and a consensus violation, creates and
 * transfers a token, locks coins in a rewards plan whose unlock is refused until the devnet's clock moves, claims from
 * the faucet with its proof of work, and settles a dice bet checked with `diceOutcome`. One line
 * per step, a summary table at the end; returns the exit status (0 when every step behaved).
 * @example process.exitCode = await runDevnetDemo(io, { verbose: false })
 */
export async function runDevnetDemo(io: DemoIo, options: DevnetDemoOptions = {}): Promise<number> {
  const verbose = options.verbose === true
  const nSamples = options.samples ?? 4
  const rows: Row[] = []
  const line = (step: string, text: string): void => io.stdout(`${step.padEnd(24)} ${text}\n`)
  let dev: Devnet | undefined
  try {
    dev = await startDevnet()
    const rpc = dev.rpc
    const pub = dev.pubkey
    const priv = hexToBytes(dev.privateKey)
    io.stdout(`komodo-cc demo — embedded devnet at ${dev.url} (conf ${dev.confPath})\n\n`)
    const info0 = await rpc.getinfo()
    line('devnet', `height ${info0.blocks}, wallet ${p2pkhAddress(pub)} holds ${String(info0.raw.balance)} coins`)
    const show = (hex: string, format?: string): void => {
      if (verbose) io.stdout(`    ${inspectionText(inspectTransaction(hex, format === undefined ? {} : { oracleFormat: format }))}\n`)
    }
    const submit = async (step: string, hex: string, note: string, format?: string): Promise<string> => {
      const txid = await rpc.sendrawtransaction(hex)
      show(hex, format)
      rows.push({ step, txid, note })
      line(step, `${txid.slice(0, 16)}… ${note}`)
      return txid
    }
    const confirm = async (): Promise<void> => { await rpc.call('generate', [1]) }

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
    line('oraclesinfo', `publisher ${me.publisher.slice(0, 10)}…, baton ${me.baton}, funds ${formatCoins(me.funds)}, datafee ${formatCoins(me.datafee)}`)

    const t0 = Math.floor(Date.now() / 1000)
    const record = (i: number): Uint8Array => encodeOracleData(format, ['KMD/BTC', t0 + i * 60, 1_000n + BigInt(i)])
    // offline builder: state read over RPC, built and signed here, submitted raw
    const state = await oracleDataState(rpc, oracletxid, pub, priv)
    const built = buildOraclesData(oracletxid, record(0), { pubkey: pub, utxos: await walletUtxos(rpc, pub), height: await rpc.getblockcount(), privateKey: priv }, state)
    const offlineTxid = await submit('oraclesdata (offline)', built.hex, `sample 0 built offline, ${built.size} bytes`, format)
    await confirm()
    for (let i = 1; i < nSamples; i++) {
      const d = await rpc.oraclesdata(oracletxid, bytesToHex(record(i)))
      await submit('oraclesdata (rpc)', d.hex, `sample ${i} via the daemon-style RPC`, format)
      await confirm()
    }
    const samples = await rpc.oraclessamples(oracletxid, me.baton, nSamples)
    line('oraclessamples', `${samples.samples.length} samples, newest first: ${samples.samples.map((s) => `[${s.data.join(', ')}]`).join(' ')}`)
    const ok = samples.samples.length === nSamples && samples.samples[samples.samples.length - 1]!.txid === offlineTxid

    // 2. what the devnet refuses
    let refusals = 0
    try {
      await rpc.sendrawtransaction(built.hex)
    } catch (e) {
      refusals++
      line('resubmit confirmed tx', `refused: ${(e as { daemonMessage?: string }).daemonMessage ?? String(e)}`)
    }
    const ctx = async () => ({ pubkey: pub, utxos: await walletUtxos(rpc, pub), height: await rpc.getblockcount(), privateKey: priv })
    const st = await oracleDataState(rpc, oracletxid, pub, priv)
    const wrongFee = buildOraclesData(oracletxid, record(nSamples), await ctx(), { ...st, datafee: st.datafee * 2n })
    try {
      await rpc.sendrawtransaction(wrongFee.hex)
    } catch (e) {
      refusals++
      line('wrong datafee', `refused: ${(e as { daemonMessage?: string }).daemonMessage ?? String(e)}`)
    }
    const a = buildOraclesData(oracletxid, record(nSamples), await ctx(), st)
    const b = buildOraclesData(oracletxid, record(nSamples + 1), await ctx(), st)
    const first = await submit('oraclesdata (offline)', a.hex, `sample ${nSamples} accepted into the mempool`, format)
    try {
      await rpc.sendrawtransaction(b.hex)
    } catch (e) {
      refusals++
      line('double spend', `refused: ${(e as { daemonMessage?: string }).daemonMessage ?? String(e)}`)
    }
    await confirm()

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
    dev.advanceTime(2 * 86400)
    await confirm()
    line('devnet clock', 'advanced two days')
    const unlock = await rpc.rewardsunlock('DEMO', fundingtxid, locktxid)
    const paid = parseTransaction(unlock.hex).vout[1]!.value
    await submit('rewardsunlock', unlock.hex, `pays ${formatCoins(paid)} (20 + reward)`)
    await confirm()
    const rewardsOk = early.startsWith('reward 0 is <= the transaction fee') && paid > 2_000_000_000n

    // 5. faucet: fund it, then a brand-new key claims 0.1 coin with the proof of work
    let faucetOk = true
    if (options.faucet !== false) {
      const ff = await rpc.faucetfund('10')
      await submit('faucetfund', ff.hex, '10 coins into the faucet')
      await confirm()
      const newcomer = keySigner(sha256(utf8ToBytes(`newcomer ${Date.now()}`))).publicKey
      const faucetCoins = (await rpc.getaddressutxos(ccAddress(0xe4, ccModule('Faucet').pubkey)))
        .filter((u) => u.satoshis > 1_000_000n)
        .map((u) => ({ txid: u.txid, vout: u.outputIndex, satoshis: u.satoshis, script: hexToBytes(u.script), height: u.height }))
      const bar = (tried: number): void => {
        const width = 30
        const filled = Math.min(width, Math.round((tried / 65536) * (width / 2)))
        const text = `  proof of work [${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${tried} nonces`
        if (io.isTty === true) io.stderr(`\r${text}`)
        else if (tried % 16384 < 1024) io.stderr(`${text}\n`)
      }
      const claim = await buildFaucetGetAsync({ pubkey: newcomer, utxos: [], height: await rpc.getblockcount() }, { faucetUtxos: faucetCoins }, { progressEvery: 1024, onProgress: bar })
      if (io.isTty === true) io.stderr('\n')
      await submit('faucetget', claim.hex, `0.1 coin to a brand-new key after ${claim.attempts} nonces (txid 00…00)`)
      await confirm()
      faucetOk = /^00.*00$/.test(claim.txid)
    } else line('faucet', 'skipped (--quick)')

    // 6. dice: the wallet is the house (plan + 100 entropy UTXOs) and a bettor; the outcome is checked with diceOutcome
    const df = await rpc.dicefund('DEMODICE', '1000', '1', '10', 10, 5)
    const dicetxid = await submit('dicefund', df.hex, 'house plan: 1000 coins, bets 1..10, odds ≤ 10')
    await confirm()
    for (let i = 0; i < 100; i++) await rpc.sendrawtransaction((await rpc.diceaddfunds('DEMODICE', dicetxid, '1')).hex)
    await confirm()
    line('diceaddfunds', `100 entropy UTXOs of 1 coin committed by the house (diceinfo entropytxs ${(await rpc.diceinfo(dicetxid)).entropytxs ?? '?'})`)
    const betHex = (await rpc.dicebet('DEMODICE', dicetxid, '1', 2)).hex
    const bettxid = await submit('dicebet', betHex, '1 coin at odds 2')
    await confirm()
    const finish = await rpc.dicefinish('DEMODICE', dicetxid, bettxid)
    const ft = parseTransaction(finish.hex)
    const fo = decodeDiceOpret(ft.vout[ft.vout.length - 1]!.script)
    const bt = parseTransaction(betHex)
    const bo = decodeDiceOpret(bt.vout[bt.vout.length - 1]!.script)
    await submit('dicefinish', finish.hex, `house answers ${fo.funcid === 'W' ? 'win' : fo.funcid === 'L' ? 'loss' : fo.funcid}`)
    await confirm()
    const outcome = diceOutcome({ bet: bt.vout[1]!.value, vout2Value: bt.vout[2]!.value, minbet: 100_000_000n, maxbet: 1_000_000_000n, maxodds: 10, houseEntropy: (fo as { proof: string }).proof, bettorEntropy: (bo as { hash: string }).hash })
    const status = await rpc.dicestatus('DEMODICE', dicetxid, bettxid)
    line('diceOutcome', `recomputed from the revealed entropies: ${outcome.win ? 'win' : 'loss'} (draw ${outcome.modval} vs threshold ${outcome.threshold}); dicestatus says ${status.status}`)
    const diceOk = outcome.win === (fo.funcid === 'W') && status.status === (outcome.win ? 'win' : 'loss')

    io.stdout(`\n${'step'.padEnd(24)} ${'txid'.padEnd(66)} note\n`)
    for (const r of rows) io.stdout(`${r.step.padEnd(24)} ${r.txid.padEnd(66)} ${r.note}\n`)
    const height = await rpc.getblockcount()
    io.stdout(`\n${rows.length} transactions confirmed up to height ${height}; ${refusals} invalid submissions refused; last data ${first.slice(0, 16)}…\n`)
    return ok && refusals === 3 && tokensOk && rewardsOk && faucetOk && diceOk ? 0 : 1
  } catch (e) {
    io.stderr(`demo failed: ${e instanceof Error ? e.message : String(e)}\n`)
    return 1
  } finally {
    await dev?.stop()
  }
}

async function walletUtxos(rpc: KomodoRpc, pubkey: string): Promise<Utxo[]> {
  // confirmed coins only: the demo mines before each offline build, so none is spent in the mempool
  return (await rpc.getaddressutxos(p2pkhAddress(pubkey))).map((u) => ({ txid: u.txid, vout: u.outputIndex, satoshis: u.satoshis, script: hexToBytes(u.script), height: u.height }))
}
