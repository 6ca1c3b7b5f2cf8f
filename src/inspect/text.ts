// One human line per inspection (layer 6); each module words its own readings (its descriptor's `summary`).
import { moduleByName } from '../modules/registry/core.js'
import { shortText, type SummaryAdd } from '../modules/descriptor.js'
import type { Inspection } from './inspect.js'

/**
 * A one-line human summary of an inspection, e.g.
 * `oraclesdata: publisher 0240…6ff0, oracle 9e2b…7e40, sample ["4294967295", …], datafee 0.0001`.
 * @example inspectionText(inspectTransaction(hex)) // 'tokencreate: name TOK, supply 100, owner 02d3…7567'
 */
export function inspectionText(ins: Inspection): string {
  if (ins.method === null)
    return `${ins.txid}: not a module transaction${ins.error !== undefined ? ` (${ins.error.code})` : ''}, ${ins.outputs.length} output(s)`
  const r = ins.reading
  const parts: string[] = []
  const add: SummaryAdd = (label, v, format) => {
    if (v === undefined || v === null) return
    const text =
      format === 'coins'
        ? typeof v === 'bigint'
          ? coinsTextOf(v)
          : String(v)
        : format === 'text'
          ? String(v)
          : typeof v === 'string'
            ? shortText(v)
            : String(v)
    parts.push(`${label} ${text}`)
  }
  const m = moduleByName(ins.module)
  if (m?.inspect.summary === undefined || !m.inspect.summary(r, add, (t) => parts.push(t))) {
    for (const [k, v] of Object.entries(r)) {
      if (k === 'kind' || parts.length >= 4) continue
      if (typeof v === 'bigint' || typeof v === 'number' || typeof v === 'string') add(k, v)
    }
  }
  if (ins.fee !== undefined) add('fee', ins.fee, 'coins')
  return `${ins.method}: ${parts.join(', ')}`
}

function coinsTextOf(sats: bigint): string {
  const neg = sats < 0n
  const a = neg ? -sats : sats
  const frac = (a % 100000000n).toString().padStart(8, '0').replace(/0+$/, '')
  return `${neg ? '-' : ''}${a / 100000000n}${frac === '' ? '' : `.${frac}`}`
}
