import { KomodoCcError } from '../errors.js'
import { parseTransaction, txid as txidOf } from '../tx/codec.js'
import type { Transaction, TxOutput } from '../tx/types.js'
import type { TxLike } from './common.js'

/**
 * A state transaction known only by its txid and outputs — enough for every lookup the rewards and gateways builders
 * make (the daemon reads only `vout` of the transactions it fetches for them). Use it when the full transaction is not
 * at hand (e.g. an output list from an explorer); a full transaction (parsed, hex or bytes) is checked against its txid.
 * @example const lock: TxOutputsView = { txid: lockTxid, vout: [{ value: 20000000000n, script }, …] }
 */
export type TxOutputsView = { txid: string; vout: readonly TxOutput[] }

/** A state transaction: a full one, or its outputs and txid. @example const bind: StateTx = bindHex */
export type StateTx = TxLike | TxOutputsView

/** The checked outputs of a state transaction. @internal @example stateOutputs(bindHex, bindtxid, 'state.bind').vout.length */
export type StateOutputs = { txid: string; vout: readonly TxOutput[]; tx?: Transaction }

function isView(v: unknown): v is TxOutputsView {
  return (
    typeof v === 'object' &&
    v !== null &&
    !(v instanceof Uint8Array) &&
    typeof (v as TxOutputsView).txid === 'string' &&
    !('vin' in v)
  )
}

/**
 * Reads a state transaction: a full transaction must hash to `expectedTxid` (when given); an outputs view must carry
 * it. @throws KomodoCcError BUILD_STATE | TX_INVALID @internal
 */
export function stateOutputs(v: StateTx, expectedTxid: string | undefined, name: string): StateOutputs {
  if (isView(v)) {
    if (
      !/^[0-9a-fA-F]{64}$/.test(v.txid) ||
      !Array.isArray(v.vout) ||
      !v.vout.every(
        (o) => typeof o === 'object' && o !== null && typeof o.value === 'bigint' && o.script instanceof Uint8Array,
      )
    )
      throw new KomodoCcError(
        'BUILD_STATE',
        `${name} expected { txid: display hex, vout: [{ value: bigint, script: Uint8Array }] }`,
        { name },
      )
    const id = v.txid.toLowerCase()
    if (expectedTxid !== undefined && id !== expectedTxid.toLowerCase())
      throw new KomodoCcError('BUILD_STATE', `${name} is transaction ${id}, not ${expectedTxid}`, {
        expected: expectedTxid,
        got: id,
      })
    return { txid: id, vout: v.vout }
  }
  const tx = typeof v === 'string' || v instanceof Uint8Array ? parseTransaction(v) : v
  if (typeof tx !== 'object' || tx === null || !Array.isArray((tx as Transaction).vout))
    throw new KomodoCcError('BUILD_STATE', `${name} expected a transaction (parsed, hex or bytes) or { txid, vout }`, {
      name,
    })
  const id = txidOf(tx)
  if (expectedTxid !== undefined && id !== expectedTxid.toLowerCase())
    throw new KomodoCcError('BUILD_STATE', `${name} is transaction ${id}, not ${expectedTxid}`, {
      expected: expectedTxid,
      got: id,
    })
  return { txid: id, vout: tx.vout, tx }
}

/** Runs a decoder on the last output's script; undefined when there is no output or it does not decode. @internal */
export function lastOpret<T>(s: StateOutputs, decode: (script: Uint8Array) => T): T | undefined {
  const last = s.vout[s.vout.length - 1]
  if (last === undefined) return undefined
  try {
    return decode(last.script)
  } catch {
    return undefined
  }
}

/**
 * C++ `std::ostream << double` with the default format (`%g`, 6 significant digits): how the gateways builder prints
 * coin amounts in its messages (`1e+06`, `0.01`, `1234.57`). @internal
 */
export function ostreamDouble(x: number): string {
  if (x === 0) return '0'
  if (!Number.isFinite(x)) return String(x)
  const [mant, expText] = x.toExponential(5).split('e') as [string, string]
  const exp = Number(expText)
  if (exp < -4 || exp >= 6) {
    const m = mant.replace(/\.?0+$/, '')
    return `${m}e${exp < 0 ? '-' : '+'}${String(Math.abs(exp)).padStart(2, '0')}`
  }
  return x
    .toFixed(Math.max(0, 5 - exp))
    .replace(/(\.\d*?)0+$/, '$1')
    .replace(/\.$/, '')
}
