// Offline `oraclesinfo`.
import { formatCoins } from '../../amount.js'
import { hexToBytes } from '../../bytes/hex.js'
import { hash160 } from '../../hash/index.js'
import { hash160ToAddress } from '../../address/address.js'
import { KMD, chainParams, type ChainParams } from '../../address/chain.js'
import { cc1of1, encodeCondition } from '../../cc/condition.js'
import { EVAL } from '../../cc/eval.js'
import { hexOf } from '../opret.js'
import {
  ccScriptHex,
  expectFuncid,
  infoTx,
  infoTxs,
  spentSet,
  type InfoAmount,
  type InfoForm,
  type InfoMaybe,
  type InfoTx,
  type InfoTxInput,
} from '../offline-info.js'
import { classifyOutput } from '../inspection.js'
import { decodeOraclesPayload, type OraclesOpret } from './opret.js'

/** One publisher of `oraclesinfo.registered` (see `OraclesInfo`). @example const p: OraclesPublisher = (await rpc.oraclesinfo(oracletxid)).registered[0]! */
export type OraclesPublisher<F extends InfoForm = 'rpc'> = {
  publisher: string
  baton: InfoMaybe<F, string>
  batontxid: string
  lifetime: InfoAmount<F>
  funds: InfoAmount<F>
  datafee: InfoAmount<F>
}
/**
 * `oraclesinfo`: the RPC client's result (`OraclesInfo`: amounts in satoshis) and the offline `oraclesinfo`'s
 * (`OraclesInfo<'offline'>`: amounts as the daemon prints them; `baton` null when the register has no vout 1).
 * @example const info: OraclesInfo = await rpc.oraclesinfo(oracletxid)
 */
export type OraclesInfo<F extends InfoForm = 'rpc'> = {
  result: string
  txid: string
  name: string
  description: string
  format: string
  marker: string
  registered: OraclesPublisher<F>[]
}
/**
 * One sample of `oraclessamples`; `txid` is absent in the 2018 array-of-arrays form. @example const s: OraclesSample =
 * (await rpc.oraclessamples(oracletxid, baton, 1)).samples[0]!
 */
export type OraclesSample = { txid?: string; data: string[] }
/** `oraclessamples` (RPC client). @example const { samples }: OraclesSamples = await rpc.oraclessamples(oracletxid, baton, 10) */
export type OraclesSamples = { result: string; samples: OraclesSample[] }

/**
 * Offline `oraclesinfo`: from the create transaction and the oracle's register / subscribe / data transactions.
 * Per publisher (ascending pubkey bytes): the latest register in `txs` order gives `baton` (its vout 1 address)
 * and `datafee`; `batontxid` is the register or data transaction whose baton (vout 1) no transaction of the set
 * spends (zeros if none); `lifetime` counts only self-subscriptions, as the daemon does (its opret carries the
 * subscriber); `funds` sums unspent 'S'/'D' outputs ≥ 10000 on the publisher's CC address.
 * @throws KomodoCcError OPRET_FUNCID (`invalid oracletxid …`)
 * @example oraclesinfo(createHex, [registerHex]).registered[0].datafee // '0.01000000'
 */
export function oraclesinfo(
  createTx: InfoTxInput,
  txs: readonly InfoTxInput[] = [],
  options: { chain?: ChainParams | string } = {},
): OraclesInfo<'offline'> {
  const chain = options.chain === undefined ? KMD : chainParams(options.chain)
  const c = infoTx(createTx, 'createTx', decodeOraclesPayload)
  expectFuncid(c, 'oracles', 'C', `invalid oracletxid ${'0'.repeat(64)}`)
  const oracletxid = c.txid
  const create = c.payload as Extract<OraclesOpret, { funcid: 'C' }>
  const all = infoTxs(txs, 'txs', decodeOraclesPayload).filter(
    (s): s is InfoTx<OraclesOpret> & { payload: OraclesOpret } =>
      s.payload !== null && 'oracletxid' in s.payload && s.payload.oracletxid === oracletxid,
  )
  const spent = spentSet(all)
  const markerPk = new Uint8Array(33)
  markerPk[0] = 2
  markerPk.set(hexToBytes(oracletxid).reverse(), 1)
  const marker = hash160ToAddress(hash160(markerPk), 'p2pkh', chain)
  const registers = new Map<string, InfoTx<OraclesOpret> & { payload: OraclesOpret }>()
  for (const s of all) if (s.payload.funcid === 'R') registers.set(s.payload.pubkey, s)
  const publishers = [...registers.keys()].sort()
  const registered = publishers.map((pk) => {
    const reg = registers.get(pk)!
    const fee = (reg.payload as Extract<OraclesOpret, { funcid: 'R' }>).datafee
    const batonScript = reg.tx.vout[1] === undefined ? null : hexOf(reg.tx.vout[1].script)
    let batontxid = '0'.repeat(64)
    for (const s of all) {
      const p = s.payload
      if (
        (p.funcid === 'R' || p.funcid === 'D') &&
        p.pubkey === pk &&
        s.tx.vout[1]?.value === 10000n &&
        !spent.has(`${s.txid}:1`) &&
        (batonScript === null || hexOf(s.tx.vout[1].script) === batonScript)
      )
        batontxid = s.txid
    }
    const myCc = ccScriptHex(encodeCondition(cc1of1(EVAL.ORACLES, pk)))
    let lifetime = 0n
    let funds = 0n
    for (const s of all) {
      const p = s.payload
      const o = s.tx.vout[0]
      if (o === undefined || hexOf(o.script) !== myCc) continue
      if (p.funcid === 'S' && p.pubkey === pk) lifetime += o.value
      if ((p.funcid === 'S' || p.funcid === 'D') && o.value >= 10000n && !spent.has(`${s.txid}:0`)) funds += o.value
    }
    const b = reg.tx.vout[1]
    // the address the inspector prints for vout 1 (KMD versions, as the daemon's baton address)
    const baton = b === undefined ? null : classifyOutput(b.script, b.value, 1, KMD).address
    return {
      publisher: pk,
      baton,
      batontxid,
      lifetime: formatCoins(lifetime),
      funds: formatCoins(funds),
      datafee: formatCoins(fee),
    }
  })
  return {
    result: 'success',
    txid: oracletxid,
    name: create.name,
    description: create.description,
    format: create.format,
    marker,
    registered,
  }
}
