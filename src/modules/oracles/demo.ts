// The oracles module's step of `komodo-cc demo` (layer 8, listed in src/modules/registry/io.ts): an oracle
// publisher's life over RPC, one sample built offline, and the submissions the daemon refuses.
import { bytesToHex } from '../../bytes/hex.js'
import { KomodoCcError } from '../../errors.js'
import { formatCoins } from '../../amount.js'
import { batonPubkey, ccAddress } from '../../cc/address.js'
import { EVAL } from '../../cc/eval.js'
import { encodeOracleData } from '../../oracle-data/format.js'
import { parseTransaction } from '../../tx/codec.js'
import type { KomodoRpc } from '../../rpc/client.js'
import type { Utxo } from '../../cctx/types.js'
import type { ModuleDemo } from '../../devnet/module.js'
import { decodeOraclesOpret } from './opret.js'
import { buildOraclesData } from './build.js'
import type { WalletMethodName } from '../registry/resolvers.js'
import type { WalletMethod } from '../../wallet/wallet.js'

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
  const batonAddr = ccAddress(EVAL.ORACLES, batonPubkey(privateKey))
  const batonU = (await rpc.listUnspent(batonAddr)).find((u) => u.txid === me.batontxid && u.vout === 1)
  const subs: Utxo[] = []
  for (const u of await rpc.listUnspent(ccAddress(EVAL.ORACLES, publisher))) {
    if (u.satoshis < 10000n) continue
    const tx = parseTransaction(await rpc.getrawtransaction(u.txid))
    try {
      const p = decodeOraclesOpret(tx.vout[tx.vout.length - 1]!.script)
      if ((p.funcid === 'S' || p.funcid === 'D') && p.oracletxid === oracletxid) subs.push(u)
    } catch {
      // not an Oracles output
    }
  }
  return {
    oracle: await rpc.getrawtransaction(oracletxid),
    datafee: me.datafee,
    ...(batonU === undefined ? {} : { baton: batonU }),
    subscriptions: subs,
  }
}

/** The oracles demo's option. */
export type OraclesDemoOptions = {
  /** Samples to publish (default 4: one with the offline builder, the rest with `oraclesdata`). */
  samples?: number
}

/**
 * The oracles step of the demo: create a price feed, fund, register, subscribe, publish samples with the offline
 * builder and with `oraclesdata`, read them back with `oraclessamples`; then the daemon refuses a resubmitted
 * confirmed transaction, a wrong datafee and a double spend (with a private key).
 * @example await oraclesDemo.run(ctx, { samples: 2 })
 * @internal
 */
export const oraclesDemo: ModuleDemo<OraclesDemoOptions> = /* @__PURE__ */ Object.freeze({
  async run(ctx, options) {
    const { rpc, line, submit, confirm } = ctx
    const pub = ctx.pubkey
    const priv = ctx.privateKey
    const nSamples = options.samples ?? 4
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
    const buildContext = async (privateKey: Uint8Array) => ({
      pubkey: pub,
      utxos: await ctx.walletUtxos(),
      height: await rpc.getblockcount(),
      privateKey,
    })
    let offlineTxid: string | undefined
    if (priv !== undefined) {
      // offline builder: state read over RPC, built and signed here, submitted raw
      const state = await oracleDataState(rpc, oracletxid, pub, priv)
      const built = buildOraclesData({ oracletxid, hexstr: record(0) }, await buildContext(priv), state)
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
        'skipped: no private key (give --wif-env NAME or --wif-stdin, or a daemon that answers dumpprivkey)',
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

    // what the daemon refuses
    let refusals = 0
    let first = ''
    if (priv !== undefined && offlineTxid !== undefined) {
      try {
        await rpc.sendrawtransaction(await rpc.getrawtransaction(offlineTxid))
      } catch (e) {
        refusals++
        ctx.refused('resubmit confirmed tx', e)
      }
      const st = await oracleDataState(rpc, oracletxid, pub, priv)
      const wrongFee = buildOraclesData({ oracletxid, hexstr: record(nSamples) }, await buildContext(priv), {
        ...st,
        datafee: st.datafee * 2n,
      })
      try {
        await rpc.sendrawtransaction(wrongFee.hex)
      } catch (e) {
        refusals++
        ctx.refused('wrong datafee', e)
      }
      const a = buildOraclesData({ oracletxid, hexstr: record(nSamples) }, await buildContext(priv), st)
      const b = buildOraclesData({ oracletxid, hexstr: record(nSamples + 1) }, await buildContext(priv), st)
      first = await submit('oraclesdata (offline)', a.hex, `sample ${nSamples} accepted into the mempool`, format)
      try {
        await rpc.sendrawtransaction(b.hex)
      } catch (e) {
        refusals++
        ctx.refused('double spend', e)
      }
      await confirm()
    } else line('refusals', 'skipped: they need offline-built transactions (no private key)')
    const refusalsOk = priv === undefined || refusals === 3
    return { ok: ok && refusalsOk, ...(first === '' ? {} : { note: `last data ${first.slice(0, 16)}…` }) }
  },
  async wallet({ wallet, sent, confirm, line }) {
    const call = (m: WalletMethodName, ...a: unknown[]) => (wallet[m] as WalletMethod)(...a)
    const format = 'sIL'
    const created = await call('oraclescreate', 'WALLETFEED', 'a feed published by a key-local wallet', format)
    sent('oraclescreate', created, `format ${format}`)
    await confirm()
    sent('oraclesfund', await call('oraclesfund', created.txid), 'the publisher fund')
    await confirm()
    sent('oraclesregister', await call('oraclesregister', created.txid, 10000n), 'datafee 10000 sat, the baton')
    await confirm()
    sent(
      'oraclessubscribe',
      await call('oraclessubscribe', created.txid, wallet.pubkey, '0.1'),
      '0.1 coin paying samples',
    )
    await confirm()
    // three samples in one block: each spends the last one's baton and change while they are still in the mempool
    const t0 = 1_700_000_000
    for (let i = 0; i < 3; i++) {
      const hex = bytesToHex(encodeOracleData(format, ['KMD/BTC', t0 + i * 60, 1_000n + BigInt(i)]))
      const r = await call('oraclesdata', created.txid, hex, { resolve: { mempool: true } })
      sent('oraclesdata', r, `sample ${i}, chained through the mempool`)
    }
    await confirm()
    const info = (await wallet.read('oraclesinfo', { oracletxid: created.txid })) as { registered: unknown[] }
    line('wallet oraclesinfo', `${info.registered.length} publisher, read from the node's outputs and checked here`)
    return { ok: info.registered.length === 1 }
  },
})
