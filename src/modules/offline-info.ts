// What the modules' offline `*info` share (layer 5): reading the given transactions and their oprets with the
// module's own decoder, the set of outpoints they spend, and the daemon's refusal. Names no module.
import { KomodoCcError } from '../errors.js'
import { parseTransaction, txid as txidOf } from '../tx/codec.js'
import type { Transaction } from '../tx/types.js'
import { hexOf, opretPayload } from './opret.js'
import type { ModulePayload } from './inspection.js'

/** A transaction given as hex, bytes or a parsed model. @example tokeninfo(createHex) // or the bytes, or parseTransaction(createHex) */
export type InfoTxInput = string | Uint8Array | Transaction

/**
 * The two forms of a module's `*info` result, one type per RPC (`<Module>Info<F>`, exported by the module):
 * - `'rpc'` (the default): the RPC client's parsed result — amounts as bigint satoshis (×10^8), counts as numbers;
 * - `'offline'`: the offline `*info` — amounts as the daemon prints them ("%.8f" text), counts as the opret holds
 *   them (bigint), and `null` where the given transactions cannot tell (an output the daemon reads is missing).
 * @example const form: InfoForm = 'offline'
 */
export type InfoForm = 'rpc' | 'offline'
/**
 * A "%.8f" decimal of an `*info` (coins, a rate in %): bigint ×10^8 (`'rpc'`) or the daemon's text (`'offline'`).
 * @example const f: InfoAmount<'offline'> = '100.00000000'
 */
export type InfoAmount<F extends InfoForm> = F extends 'offline' ? string : bigint
/** A count an opret holds (odds, seconds, blocks): a number (`'rpc'`) or the decoded bigint (`'offline'`). @example const n: InfoCount<'rpc'> = 777 */
export type InfoCount<F extends InfoForm> = F extends 'offline' ? bigint : number
/** A value the offline form may lack: `T | null` (`'offline'`), `T` (`'rpc'`). @example const baton: InfoMaybe<'offline', string> = null */
export type InfoMaybe<F extends InfoForm, T> = F extends 'offline' ? T | null : T

/** A transaction as an `*info` reads it: the model, its txid and its opret decoded by one module (null if not). @internal */
export type InfoTx<P extends ModulePayload> = { tx: Transaction; txid: string; payload: P | null }

/**
 * Reads one transaction and decodes its opret (last output, as the daemon reads it) with `decode`; an opret the
 * decoder refuses gives `payload: null`, like a transaction of another module.
 * @throws KomodoCcError ARG_INVALID | parser errors
 * @internal
 */
export function infoTx<P extends ModulePayload>(
  t: InfoTxInput,
  name: string,
  decode: (payload: Uint8Array) => P,
): InfoTx<P> {
  let tx: Transaction
  if (typeof t === 'string' || t instanceof Uint8Array) tx = parseTransaction(t)
  else if (typeof t === 'object' && t !== null && Array.isArray((t as Transaction).vout)) tx = t
  else
    throw new KomodoCcError('ARG_INVALID', `${name} expected a transaction as hex, bytes or a Transaction`, {
      path: name,
    })
  const last = tx.vout[tx.vout.length - 1]
  let payload: P | null = null
  if (last !== undefined && last.script.length > 0 && last.script[0] === 0x6a) {
    try {
      payload = decode(opretPayload(last.script, { allowTrailingScript: true }))
    } catch (e) {
      if (!(e instanceof KomodoCcError)) throw e
    }
  }
  return { tx, txid: txidOf(tx), payload }
}

/** {@link infoTx} over an optional list. @throws KomodoCcError ARG_INVALID @internal */
export function infoTxs<P extends ModulePayload>(
  list: readonly InfoTxInput[] | undefined,
  name: string,
  decode: (payload: Uint8Array) => P,
): InfoTx<P>[] {
  if (list === undefined) return []
  if (!Array.isArray(list))
    throw new KomodoCcError('ARG_INVALID', `${name} expected an array of transactions`, { path: name })
  return list.map((t, i) => infoTx(t, `${name}[${i}]`, decode))
}

/** Outpoints spent by any of the given transactions (`txid:vout`). @internal */
export function spentSet(all: readonly { tx: Transaction }[]): Set<string> {
  const s = new Set<string>()
  for (const { tx } of all) for (const i of tx.vin) s.add(`${i.txid}:${i.vout}`)
  return s
}

/** Hex of the CC output script of a condition binary. @internal */
export function ccScriptHex(cond: Uint8Array): string {
  return hexOf(new Uint8Array([cond.length])) + hexOf(cond) + 'cc'
}

/**
 * Refuses as the daemon does (`OPRET_FUNCID` carrying its error text) unless the transaction's opret is this
 * module's with one of `funcids`.
 * @throws KomodoCcError OPRET_FUNCID
 * @internal
 */
export function expectFuncid<P extends ModulePayload>(
  s: InfoTx<P>,
  module: string,
  funcids: string,
  error: string,
): asserts s is InfoTx<P> & { payload: P } {
  if (s.payload === null || !funcids.includes(s.payload.funcid))
    throw new KomodoCcError('OPRET_FUNCID', error, {
      daemonError: error,
      module: s.payload === null ? null : module,
      funcid: s.payload?.funcid ?? null,
    })
}
