// How the inspector reads oracles transactions.
import { EVAL } from '../../cc/eval.js'
import { hexToBytes } from '../../bytes/hex.js'
import { formatOracleSample } from '../../oracle-data/format.js'
import type { ReadContext, ReadingBase } from '../inspection.js'
import type { ModuleInspector } from '../descriptor.js'
import { decodeOraclesPayload, type OraclesOpret } from './opret.js'

/** `oraclescreate`. @example inspectTransaction(hex).reading // { kind: 'oraclescreate', name: 'NYWTHR', description: 'Weather in NYC', format: 'L' } */
export type OraclesCreateReading = ReadingBase & {
  kind: 'oraclescreate'
  name: string
  description: string
  format: string
}
/** `oraclesfund`. @example inspectTransaction(hex).reading.kind === 'oraclesfund' */
export type OraclesFundReading = ReadingBase & {
  kind: 'oraclesfund'
  oracletxid: string
  funder: string
  amount: bigint
}
/** `oraclesregister`: the publisher, its data fee and baton address. @example inspectTransaction(hex).reading.kind === 'oraclesregister' */
export type OraclesRegisterReading = ReadingBase & {
  kind: 'oraclesregister'
  oracletxid: string
  publisher: string
  datafee: bigint
  baton: string | null
}
/** `oraclessubscribe`. @example inspectTransaction(hex).reading.kind === 'oraclessubscribe' */
export type OraclesSubscribeReading = ReadingBase & {
  kind: 'oraclessubscribe'
  oracletxid: string
  subscriber: string
  publisher: string | null
  publisherAddress: string | null
  amount: bigint
}
/**
 * `oraclesdata`: the record (and, with `oracleFormat`, its sample as `oraclessample` prints it). @example
 * inspectTransaction(hex, { oracleFormat: 'Ihh' }).reading.kind === 'oraclesdata'
 */
export type OraclesDataReading = ReadingBase & {
  kind: 'oraclesdata'
  oracletxid: string
  publisher: string
  batontxid: string
  datafee: bigint | null
  data: string
  sample?: string[]
}
/** Every reading of an oracles transaction. @example const r = inspectTransaction(hex).reading; if (r.kind === 'oraclesdata') r.data */
export type OraclesReading =
  OraclesCreateReading | OraclesFundReading | OraclesRegisterReading | OraclesSubscribeReading | OraclesDataReading

function read({ options, payload, body, role, changeRest, value: v }: ReadContext<OraclesOpret>): OraclesReading {
  const d = payload!
  if (d.funcid === 'C') {
    role(0, 'marker', 'p2pk')
    changeRest()
    return { kind: 'oraclescreate', name: d.name, description: d.description, format: d.format }
  }
  if (d.funcid === 'F') {
    role(0, 'fund', 'cc')
    changeRest()
    return { kind: 'oraclesfund', oracletxid: d.oracletxid, funder: d.pubkey, amount: d.amount }
  }
  if (d.funcid === 'R') {
    role(0, 'marker', 'p2pk')
    role(1, 'baton', 'cc')
    if (body[2]?.kind === 'p2pk' && body[2].pubkey === d.pubkey && body[2].value === 10000n)
      role(2, 'fund marker returned')
    changeRest()
    return {
      kind: 'oraclesregister',
      oracletxid: d.oracletxid,
      publisher: d.pubkey,
      datafee: d.datafee,
      baton: body[1]?.address ?? null,
    }
  }
  if (d.funcid === 'S') {
    role(0, 'subscription', 'cc')
    role(1, 'marker', 'p2pk')
    changeRest()
    return {
      kind: 'oraclessubscribe',
      oracletxid: d.oracletxid,
      subscriber: d.pubkey,
      publisher: body[0]?.cc?.pubkey ?? null,
      publisherAddress: body[0]?.address ?? null,
      amount: d.amount,
    }
  }
  role(0, 'subscription change', 'cc')
  role(1, 'baton', 'cc')
  role(2, 'datafee')
  changeRest()
  const r: OraclesDataReading = {
    kind: 'oraclesdata',
    oracletxid: d.oracletxid,
    publisher: d.pubkey,
    batontxid: d.batontxid,
    datafee: v(2),
    data: d.data,
  }
  if (options.oracleFormat !== undefined) r.sample = formatOracleSample(options.oracleFormat, hexToBytes(d.data))
  return r
}

/**
 * The oracles module's reading of its transactions (eval 0xec).
 * @example oraclesInspector.ccEvals(draft) // [0xec]
 * @internal
 */
export const oraclesInspector: ModuleInspector<OraclesOpret, OraclesReading> = /* @__PURE__ */ Object.freeze({
  decodeOpret: (payload: Uint8Array) => decodeOraclesPayload(payload),
  ccEvals: () => [EVAL.ORACLES],
  read,
  summary(r: ReadingBase, add, part): boolean {
    if ((r as OraclesReading).kind !== 'oraclesdata') return false
    add('publisher', r.publisher)
    add('oracle', r.oracletxid)
    if (Array.isArray(r.sample))
      part(`sample ${JSON.stringify(r.sample.length > 3 ? [...r.sample.slice(0, 3), '…'] : r.sample)}`)
    else add('data', r.data)
    add('datafee', r.datafee, 'coins')
    return true
  },
})
