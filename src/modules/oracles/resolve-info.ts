// `oraclesinfo` and `oraclessamples` computed from a chain source (issue 18: the wallet's read methods), with the
// daemon's own look-ups (oracles.cpp OracleInfo, OracleDataSamples) and its quirks.
import { KomodoCcError } from '../../errors.js'
import { formatCoins } from '../../amount.js'
import { hexToBytes } from '../../bytes/hex.js'
import { KMD } from '../../address/chain.js'
import { ccAddress, txidAddress } from '../../cc/address.js'
import { EVAL } from '../../cc/eval.js'
import { formatOracleSample } from '../../oracle-data/format.js'
import { txidText, type StateReader } from '../../cctx/resolve.js'
import type { OraclesInfo, OraclesSample } from './info.js'
import { isCcScript } from '../../script/cc.js'
import {
  batonAt,
  markerOutputs,
  oracleTxOf,
  oraclesOpretOf,
  oraclesSubscriptions,
  outputAddress,
  type OraclesLookupOptions,
} from './resolve-state.js'
import type { OraclesCreateOpret } from './opret.js'

const MARKER = 10000n
const ZEROS = '0'.repeat(64)

/** The oracle's create opret, or the daemon's refusal (`daemonError`: its text, with its all-zero txid). */
async function createOf(
  reader: StateReader,
  oracletxid: string,
  missing: string,
  invalid: string,
): Promise<OraclesCreateOpret> {
  const t = await oracleTxOf(reader, oracletxid)
  if (t === undefined) throw new KomodoCcError('TX_NOT_FOUND', missing, { oracletxid, daemonError: missing })
  const c = oraclesOpretOf(t.tx)
  if (c?.funcid !== 'C') throw new KomodoCcError('OPRET_FUNCID', invalid, { oracletxid, daemonError: invalid })
  return c
}

/**
 * `oraclesinfo oracletxid` from a chain source, as komodod computes it (spec 5.14): the publishers are the 'R' of
 * this oracle among the confirmed outputs on its marker address (per publisher the greatest height, the first seen on
 * a tie), in ascending pubkey order; per publisher `baton` (its register's vout 1 address; null when there is none),
 * `batontxid` (the current baton, followed through the mempool; zeros when none), `lifetime` (vout 0 of each 'S'
 * received by the publisher's CC address whose opret names the publisher: self-subscriptions only, the daemon's
 * reading), `funds` (what `oraclesdata` could spend) and `datafee`, amounts as the daemon prints them.
 * @throws KomodoCcError TX_NOT_FOUND (`cant find oracleid`) | OPRET_FUNCID (`invalid oracletxid 000…`) |
 *   CHAIN_MISMATCH; details.daemonError is the daemon's text
 * @example (await oraclesInfo(new StateReader(view), oracletxid)).registered[0]?.datafee // '0.00010000'
 */
export async function oraclesInfo(
  reader: StateReader,
  oracletxid: string,
  options: OraclesLookupOptions = {},
): Promise<OraclesInfo<'offline'>> {
  const id = txidText(oracletxid, 'oracletxid')
  const chain = options.chain ?? KMD
  const marker = txidAddress(id, chain)
  const [create, { list: listed, txs }] = await Promise.all([
    createOf(reader, id, 'cant find oracleid', `invalid oracletxid ${ZEROS}`),
    markerOutputs(reader, id, options),
  ])
  const regs = new Map<string, { height: number; index: number }>()
  listed.forEach((u, i) => {
    const p = oraclesOpretOf(txs[i]!.tx)
    if (p?.funcid !== 'R' || p.oracletxid !== id) return
    const had = regs.get(p.pubkey)
    if (had === undefined || u.height > had.height) regs.set(p.pubkey, { height: u.height, index: i })
  })
  const publishers = [...regs.keys()].sort()
  const registered = await Promise.all(
    publishers.map(async (publisher) => {
      const reg = txs[regs.get(publisher)!.index]!.tx
      const r = oraclesOpretOf(reg) as { datafee: bigint }
      const b = reg.vout[1]
      const batonAddr = b === undefined ? null : outputAddress(b.script, chain)
      const [baton, lifetime, funds] = await Promise.all([
        batonAddr === null
          ? undefined
          : batonAt(reader, id, publisher, batonAddr, isCcScript(b!.script) ? b!.script : null),
        lifetimeFunds(reader, id, publisher, options),
        oraclesSubscriptions(reader, id, publisher, options),
      ])
      return {
        publisher,
        baton: batonAddr,
        batontxid: baton?.txid ?? ZEROS,
        lifetime: formatCoins(lifetime),
        funds: formatCoins(funds.reduce((s, u) => s + u.satoshis, 0n)),
        datafee: formatCoins(r.datafee),
      }
    }),
  )
  return {
    result: 'success',
    txid: id,
    name: create.name,
    description: create.description,
    format: create.format,
    marker,
    registered,
  }
}

/**
 * `LifetimeOraclesFunds`: every confirmed receipt of the publisher's CC address (one per output paying it, as the
 * address index lists them) from an 'S' of this oracle whose opret names the publisher adds that transaction's vout 0.
 */
async function lifetimeFunds(
  reader: StateReader,
  oracletxid: string,
  publisher: string,
  options: OraclesLookupOptions,
): Promise<bigint> {
  const chain = options.chain ?? KMD
  const address = ccAddress(EVAL.ORACLES, publisher, chain)
  const hist = await reader.history(address)
  const txs = await reader.txs(hist.map((h) => h.txid))
  let total = 0n
  for (const t of txs) {
    const p = oraclesOpretOf(t.tx)
    if (p?.funcid !== 'S' || p.oracletxid !== oracletxid || p.pubkey !== publisher) continue
    const receipts = t.tx.vout.filter((o) => o.script[0] !== 0x6a && outputAddress(o.script, chain) === address).length
    total += BigInt(receipts) * (t.tx.vout[0]?.value ?? 0n)
  }
  return total
}

/** `oraclessamples`' result (the daemon's shape, each sample with its txid). */
export type OraclesSamplesResult = { result: 'success'; samples: Required<OraclesSample>[] }

/**
 * `oraclessamples oracletxid batonaddress num` from a chain source, as komodod computes it (spec 5.14): first the
 * mempool's 'D' transactions of this oracle whose vout 1 is 10000 sat to `batonaddress` (in the source's order),
 * then the confirmed receipts of `batonaddress` (one per output paying it, as the address index lists them) from
 * newest to oldest, keeping 'D' transactions of this oracle whose vout 1 is 10000 sat; **the oldest receipt is never
 * examined** (the daemon's off-by-one; usually the publisher's first register). Stops after `num` samples when
 * `num` is not 0 (a negative `num` stops after the first, as the daemon's `++n >= num`). Not filtered by publisher.
 * @throws KomodoCcError TX_NOT_FOUND (`cant find oracletxid 000…`) | OPRET_FUNCID (`invalid oracletxid 000…`) |
 *   CHAIN_MISMATCH; details.daemonError is the daemon's text
 * @example (await oraclesSamples(new StateReader(view), oracletxid, batonAddress, 10)).samples[0]?.data
 */
export async function oraclesSamples(
  reader: StateReader,
  oracletxid: string,
  batonaddress: string,
  num: number,
  options: OraclesLookupOptions = {},
): Promise<OraclesSamplesResult> {
  const id = txidText(oracletxid, 'oracletxid')
  if (typeof batonaddress !== 'string')
    throw new KomodoCcError('ARG_INVALID', 'batonaddress expected an address', { name: 'batonaddress' })
  if (!Number.isInteger(num)) throw new KomodoCcError('ARG_INVALID', 'num expected an integer', { name: 'num' })
  const chain = options.chain ?? KMD
  const [create, pool, hist] = await Promise.all([
    createOf(reader, id, `cant find oracletxid ${ZEROS}`, `invalid oracletxid ${ZEROS}`),
    reader.addressMempool(batonaddress),
    reader.history(batonaddress),
  ])
  const samples: Required<OraclesSample>[] = []
  const full = (): boolean => num !== 0 && samples.length >= num
  const sample = (txid: string, data: string): void => {
    samples.push({ txid, data: formatOracleSample(create.format, hexToBytes(data)) })
  }
  // the reader checked each is filed under batonaddress; one of another form (a CLTV prefix) is a stranger's: skipped
  const mine = pool.outputs.filter((u) => outputAddress(u.script, chain) === batonaddress)
  const pending = [...new Set(mine.filter((u) => u.vout === 1 && u.satoshis === MARKER).map((u) => u.txid))]
  for (const t of await reader.txs(pending)) {
    const p = oraclesOpretOf(t.tx)
    if (p?.funcid !== 'D' || p.oracletxid !== id) continue
    sample(t.txid, p.data)
    if (full()) return { result: 'success', samples }
  }
  const txs = await reader.txs(hist.map((h) => h.txid))
  const receipts: (typeof txs)[number][] = []
  for (const t of txs)
    for (const o of t.tx.vout)
      if (o.script[0] !== 0x6a && outputAddress(o.script, chain) === batonaddress) receipts.push(t)
  for (let i = receipts.length - 1; i > 0; i--) {
    const t = receipts[i]!
    if (t.tx.vout[1]?.value !== MARKER) continue
    const p = oraclesOpretOf(t.tx)
    if (p?.funcid !== 'D' || p.oracletxid !== id) continue
    sample(t.txid, p.data)
    if (full()) break
  }
  return { result: 'success', samples }
}
