// The oracles module's chain-state look-ups (issue 18), as komodod's oracles.cpp makes them, through a StateReader:
// the current datafee (OracleDatafee), the baton (OracleBatonUtxo and its mempool walk), the subscription inputs
// (AddOracleInputs) and the register's fund output (AddMyOraclesFunds). The resolvers, the offline info readers and
// the devnet's RPCs use these, and nothing else, to find oracle state.
import { KomodoCcError } from '../../errors.js'
import { bytesToHex } from '../../bytes/hex.js'
import { equalBytes } from '../../bytes/utils.js'
import { hash160ToAddress, pubkeyBytes } from '../../address/address.js'
import { KMD, type ChainParams } from '../../address/chain.js'
import { hash160 } from '../../hash/index.js'
import { ccAddress, txidAddress, txidPubkey } from '../../cc/address.js'
import { cc1of1 } from '../../cc/condition.js'
import { EVAL } from '../../cc/eval.js'
import { ccScript } from '../../script/cc.js'
import { classifyScript } from '../../script/classify.js'
import { p2pkScript, p2pkhScript } from '../../script/script.js'
import { outpointKey, type StateReader, type VerifiedTx } from '../../cctx/resolve.js'
import type { ChainUtxo, Utxo } from '../../cctx/types.js'
import type { Transaction } from '../../tx/types.js'
import { opretPayload } from '../opret.js'
import { decodeOraclesPayload, type OraclesOpret } from './opret.js'
import type { OraclesDataState } from './build.js'
import { ORACLES_MIN_INPUT } from './add-inputs.js'

const MARKER = 10000n

/** Options of the look-ups: the chain's address parameters (KMD and asset chains by default). */
export type OraclesLookupOptions = { chain?: ChainParams }

/**
 * The strictly decoded Oracles opret of a transaction's last output (komodod's `GetOpReturnData` reading: data
 * after the push is ignored), or null when there is none or it does not decode.
 * @example oraclesOpretOf(tx)?.funcid // 'D'
 */
export function oraclesOpretOf(tx: Transaction): OraclesOpret | null {
  const last = tx.vout[tx.vout.length - 1]
  if (last === undefined || last.script[0] !== 0x6a) return null
  try {
    return decodeOraclesPayload(opretPayload(last.script, { allowTrailingScript: true }))
  } catch {
    return null
  }
}

/**
 * The address an output script pays as the address index keys it (P2PK under its key's P2PKH address, P2PKH, P2SH,
 * a CC output under its CC address), or null for other scripts.
 * @example outputAddress(p2pkScript(pubkey)) === p2pkhAddress(pubkey) // true
 */
export function outputAddress(script: Uint8Array, chain: ChainParams = KMD): string | null {
  const c = classifyScript(script)
  const h = c.hashes[0]
  if (h === undefined || c.type === 'multisig' || c.type === 'nulldata' || c.type === 'nonstandard') return null
  return hash160ToAddress(h.hash, h.kind, chain)
}

/** Lower-case hex of a pubkey parameter (33 bytes). */
function pubkeyHex(pubkey: string | Uint8Array, name: string): string {
  return bytesToHex(pubkeyBytes(pubkey, name))
}

/**
 * The outputs a source lists under `address` that pay one of `scripts` (the forms the oracles look-ups take there);
 * the others are strangers' outputs filed under the same address and are skipped, as komodod's look-ups skip them:
 * its CC walks (`SetCCunspents(…, ccflag = true)`, src/cc/CCtx.cpp) never see a normal output there, and of the CC
 * outputs they see each `Add*Inputs` of src/cc/oracles.cpp keeps only those whose transaction carries this
 * oracle's opret, which a stranger's output (a data tail `<condition> OP_CHECKCRYPTOCONDITION <data> OP_DROP`, a
 * CLTV prefix, a payment by anyone) does not. The reader has already checked each is filed under `address` and is
 * its transaction's output (a lie there is `CHAIN_MISMATCH`).
 */
function checkedAt<T extends Utxo>(list: readonly T[], _address: string, scripts: readonly Uint8Array[]): T[] {
  return list.filter((u) => scripts.some((s) => equalBytes(s, u.script)))
}

/** The caller's Oracles CC script and address. */
function myCc(publisher: string, chain: ChainParams): { script: Uint8Array; address: string } {
  return { script: ccScript(cc1of1(EVAL.ORACLES, publisher)), address: ccAddress(EVAL.ORACLES, publisher, chain) }
}

/**
 * The oracle's create transaction, or undefined when the source does not know the txid (`TX_NOT_FOUND`): the
 * daemon's builders turn that into their own messages.
 * @example const oracle = await oracleTxOf(reader, oracletxid)
 */
export async function oracleTxOf(reader: StateReader, oracletxid: string): Promise<VerifiedTx | undefined> {
  try {
    return await reader.tx(oracletxid)
  } catch (e) {
    if (e instanceof KomodoCcError && e.code === 'TX_NOT_FOUND') return undefined
    throw e
  }
}

/** True when `t` is a transaction whose last output is an Oracles 'C' opret. */
function isCreate(t: VerifiedTx | undefined): boolean {
  return t !== undefined && oraclesOpretOf(t.tx)?.funcid === 'C'
}

/**
 * The current datafee of (oracle, publisher) (`OracleDatafee` / `OracleCurrentDatafee`, spec 5.10): 0 when the oracle
 * is unknown or not a create; else, among the confirmed outputs on the oracle's marker address (those spent in the
 * mempool included), the 'R' of this oracle and publisher with the greatest height, on a tie the lower fee; 0 when
 * there is none.
 * @example await oraclesDatafee(reader, oracletxid, publisher) // 10000n
 */
export async function oraclesDatafee(
  reader: StateReader,
  oracletxid: string,
  publisher: string | Uint8Array,
  options: OraclesLookupOptions = {},
): Promise<bigint> {
  const pk = pubkeyHex(publisher, 'publisher')
  const [oracle, { list, txs }] = await Promise.all([
    oracleTxOf(reader, oracletxid),
    markerOutputs(reader, oracletxid, options),
  ])
  if (!isCreate(oracle)) return 0n
  let height = 0
  let fee = 0n
  list.forEach((u, i) => {
    const p = oraclesOpretOf(txs[i]!.tx)
    if (p?.funcid !== 'R' || p.oracletxid !== oracletxid.toLowerCase() || p.pubkey !== pk) return
    if (u.height > height || (u.height === height && p.datafee < fee)) {
      height = u.height
      fee = p.datafee
    }
  })
  return fee
}

/**
 * The confirmed outputs on the oracle's marker address (those spent in the mempool included), each checked to pay
 * the marker key (P2PK of `02‖oracletxid`, or P2PKH of its hash), with their transactions.
 * @internal
 * @example const { list, txs } = await markerOutputs(reader, oracletxid)
 */
export async function markerOutputs(
  reader: StateReader,
  oracletxid: string,
  options: OraclesLookupOptions = {},
): Promise<{ list: ChainUtxo[]; txs: VerifiedTx[] }> {
  const marker = txidAddress(oracletxid, options.chain ?? KMD)
  const pk = txidPubkey(oracletxid)
  const list = checkedAt(await reader.unspent(marker), marker, [p2pkScript(pk), p2pkhScript(hash160(pk))])
  return { list, txs: await reader.txs(list.map((u) => u.txid)) }
}

/**
 * The publisher's current baton (`OracleBatonUtxo`, spec 5.9): among the confirmed outputs on the baton address
 * (CC1(0xEC, batonPubkey); those spent in the mempool included) of exactly 10000 whose transaction is a 'D' or 'R'
 * of this oracle and publisher, the one of the greatest height (the first by txid on a tie); then, while its
 * vout 1 is spent in the mempool, the mempool transaction whose vin 1 spends it. Output 1 of the transaction found,
 * or undefined when there is none (the daemon then builds without a baton).
 * komodod moves to whichever mempool transaction spends the baton at vin 1 (the spec says a 'D'; the source reads
 * every mempool transaction); one that spends it at another input makes the daemon loop forever: refused here.
 * @throws KomodoCcError BUILD_STATE (a baton spent in the mempool but not at vin 1) | CHAIN_MISMATCH
 * @example (await oraclesBaton(reader, oracletxid, publisher, batonPk))?.txid
 */
export async function oraclesBaton(
  reader: StateReader,
  oracletxid: string,
  publisher: string | Uint8Array,
  batonPubkey: string | Uint8Array,
  options: OraclesLookupOptions = {},
): Promise<ChainUtxo | undefined> {
  const bpk = pubkeyBytes(batonPubkey, 'batonPubkey')
  const address = ccAddress(EVAL.ORACLES, bpk, options.chain ?? KMD)
  return batonAt(reader, oracletxid, publisher, address, ccScript(cc1of1(EVAL.ORACLES, bpk)))
}

/**
 * {@link oraclesBaton} on a baton address given as an address (`oraclesinfo` reads it from the register's vout 1)
 * and, when known, the one script that pays it (the outputs listed there are checked against it).
 * @internal
 * @example await batonAt(reader, oracletxid, publisher, address, script)
 */
export async function batonAt(
  reader: StateReader,
  oracletxid: string,
  publisher: string | Uint8Array,
  address: string,
  script: Uint8Array | null,
): Promise<ChainUtxo | undefined> {
  const pk = pubkeyHex(publisher, 'publisher')
  const id = oracletxid.toLowerCase()
  const [listed, pool] = await Promise.all([reader.unspent(address), reader.addressMempool(address)])
  const list = script === null ? listed : checkedAt(listed, address, [script])
  const txs = await reader.txs(list.map((u) => u.txid))
  let best: string | undefined
  let height = 0
  list.forEach((u, i) => {
    if (u.satoshis !== MARKER) return
    const p = oraclesOpretOf(txs[i]!.tx)
    if ((p?.funcid !== 'D' && p?.funcid !== 'R') || p.oracletxid !== id || p.pubkey !== pk) return
    if (u.height > height) {
      height = u.height
      best = u.txid
    }
  })
  if (best === undefined) return undefined
  // the mempool walk: every spend of a vout 1 at vin 1 read at once
  const spends = pool.spends.filter((s) => s.vout === 1)
  await reader.txs(spends.filter((s) => s.vin === 1).map((s) => s.spender))
  let at = best
  for (let step = 0; step <= spends.length; step++) {
    const s = spends.find((x) => x.txid === at)
    if (s === undefined) break
    if (s.vin !== 1)
      throw new KomodoCcError(
        'BUILD_STATE',
        `the baton ${at}:1 is spent in the mempool by input ${s.vin} of ${s.spender}, not by its vin 1: komodod would look for the next baton forever`,
        { baton: at, spender: s.spender, vin: s.vin },
      )
    const next = await reader.tx(s.spender)
    const in1 = next.tx.vin[1]
    if (in1 === undefined || in1.txid !== at || in1.vout !== 1)
      throw new KomodoCcError(
        'CHAIN_MISMATCH',
        `the chain source says ${s.spender} spends the baton ${at}:1 at vin 1, but its vin 1 does not`,
        { baton: at, spender: s.spender },
      )
    at = next.txid
  }
  const t = at === best ? txs[list.findIndex((u) => u.txid === best)]! : await reader.tx(at)
  const o = t.tx.vout[1]
  if (o === undefined)
    throw new KomodoCcError('BUILD_STATE', `the baton transaction ${at} has no output 1`, { baton: at })
  return { txid: at, vout: 1, satoshis: o.value, script: o.script, height: at === best ? height : 0 }
}

/** Options of the subscription-input lookup (komodod's `AddOracleInputs`) that {@link oraclesDataState} makes. */
export type OraclesSubscriptionOptions = OraclesLookupOptions & {
  /**
   * Also take the mempool's outputs on the publisher's CC address from 'S' or 'D' transactions of this oracle (the
   * change of a data transaction not yet in a block), after the confirmed ones: consecutive samples then chain
   * without waiting for a block. komodod's `AddOracleInputs` reads confirmed outputs only (the default).
   */
  mempool?: boolean
}

/**
 * The subscription inputs `oraclesdata` may spend (`AddOracleInputs`, spec 5.8): confirmed outputs on CC1(0xEC,
 * publisher) not spent in the mempool, in address-index order, whose transaction's opret is an 'S' or a 'D' of this
 * oracle, each of at least 10000 sat. All of them: the builder takes them in order until the datafee is covered, at
 * most 60. With `mempool`, the mempool's such outputs (not spent in the mempool) follow.
 * @example (await oraclesSubscriptions(reader, oracletxid, publisher)).reduce((s, u) => s + u.satoshis, 0n) // oraclesinfo funds
 */
export async function oraclesSubscriptions(
  reader: StateReader,
  oracletxid: string,
  publisher: string | Uint8Array,
  options: OraclesSubscriptionOptions = {},
): Promise<ChainUtxo[]> {
  const pk = pubkeyHex(publisher, 'publisher')
  const id = oracletxid.toLowerCase()
  const { script, address } = myCc(pk, options.chain ?? KMD)
  const [listed, pool] = await Promise.all([reader.unspent(address), reader.addressMempool(address)])
  const spent = new Set(pool.spends.map((s) => outpointKey(s.txid, s.vout)))
  const list = checkedAt(listed, address, [script]).filter((u) => !spent.has(outpointKey(u.txid, u.vout)))
  if (options.mempool === true)
    list.push(...checkedAt(pool.outputs, address, [script]).filter((u) => !spent.has(outpointKey(u.txid, u.vout))))
  const txs = await reader.txs(list.map((u) => u.txid))
  return list.filter((u, i) => {
    if (u.satoshis < ORACLES_MIN_INPUT) return false // AddOracleInputs' IsOraclesvout >= 10000 (./add-inputs.ts)
    const p = oraclesOpretOf(txs[i]!.tx)
    return (p?.funcid === 'S' || p?.funcid === 'D') && p.oracletxid === id
  })
}

/**
 * The register's fund input (`AddMyOraclesFunds`, spec 5.6): the first confirmed output on CC1(0xEC, publisher) not
 * spent in the mempool whose transaction's opret is an 'F' of this oracle and publisher with an amount equal to the
 * output's value; failing that, output 0 of a mempool 'F' meeting the same conditions and not spent in the mempool.
 * Undefined when there is none.
 * @example (await oraclesFundOutput(reader, oracletxid, publisher))?.satoshis // 10000n
 */
export async function oraclesFundOutput(
  reader: StateReader,
  oracletxid: string,
  publisher: string | Uint8Array,
  options: OraclesLookupOptions = {},
): Promise<ChainUtxo | undefined> {
  const pk = pubkeyHex(publisher, 'publisher')
  const id = oracletxid.toLowerCase()
  const { script, address } = myCc(pk, options.chain ?? KMD)
  const [listed, pool] = await Promise.all([reader.unspent(address), reader.addressMempool(address)])
  const spent = new Set(pool.spends.map((s) => outpointKey(s.txid, s.vout)))
  const confirmed = checkedAt(listed, address, [script]).filter((u) => !spent.has(outpointKey(u.txid, u.vout)))
  const pending = checkedAt(pool.outputs, address, [script]).filter(
    (u) => u.vout === 0 && !spent.has(outpointKey(u.txid, u.vout)),
  )
  const isFund = (u: ChainUtxo, t: VerifiedTx): boolean => {
    const p = oraclesOpretOf(t.tx)
    return p?.funcid === 'F' && p.oracletxid === id && p.pubkey === pk && p.amount === u.satoshis
  }
  const txs = await reader.txs(confirmed.map((u) => u.txid))
  const found = confirmed.find((u, i) => isFund(u, txs[i]!))
  if (found !== undefined) return found
  const mtxs = await reader.txs(pending.map((u) => u.txid))
  return pending.find((u, i) => isFund(u, mtxs[i]!))
}

/** Options of {@link oraclesDataState}. */
export type OraclesDataStateOptions = OraclesSubscriptionOptions

/**
 * Everything `oraclesdata` looks up for this publisher and oracle, as {@link buildOraclesData} takes it: the oracle's
 * create transaction, the current datafee, the baton and the subscription inputs, looked up at once. When the oracle
 * is unknown or not a create, or the publisher has no register, the datafee is 0 (the builder then refuses with the
 * daemon's `datafee 0is illegal`); `oracle` is absent when the source does not know the txid.
 * @example buildOraclesData({ oracletxid, hexstr }, ctx, await oraclesDataState(reader, oracletxid, pubkey, batonPk))
 */
export async function oraclesDataState(
  reader: StateReader,
  oracletxid: string,
  publisher: string | Uint8Array,
  batonPubkey: string | Uint8Array,
  options: OraclesDataStateOptions = {},
): Promise<OraclesDataState> {
  const [oracle, datafee, baton, subscriptions] = await settledInOrder([
    oracleTxOf(reader, oracletxid),
    oraclesDatafee(reader, oracletxid, publisher, options),
    oraclesBaton(reader, oracletxid, publisher, batonPubkey, options),
    oraclesSubscriptions(reader, oracletxid, publisher, options),
  ] as const)
  return {
    oracle: oracle?.hex as string,
    datafee,
    ...(baton === undefined ? {} : { baton }),
    subscriptions,
  }
}

/**
 * Awaits every look-up, then throws the first failure in the order given (the daemon's order of checks), so that
 * which error wins does not depend on which answer came first.
 * @internal
 * @example const [oracle, height] = await settledInOrder([oracleTxOf(reader, id), reader.height()] as const)
 */
export async function settledInOrder<T extends readonly unknown[]>(
  promises: T,
): Promise<{ -readonly [K in keyof T]: Awaited<T[K]> }> {
  const settled = await Promise.allSettled(promises)
  for (const s of settled) if (s.status === 'rejected') throw s.reason
  return settled.map((s) => (s as PromiseFulfilledResult<unknown>).value) as {
    -readonly [K in keyof T]: Awaited<T[K]>
  }
}
