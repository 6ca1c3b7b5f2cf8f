// The generic inspector (layer 6): parses, classifies outputs and inputs, computes the fee, and asks the modules of
// the registry to recognise and read the transaction. Names no module: every module's rules are in its folder.
import { KomodoCcError } from '../errors.js'
import { hexToBytes } from '../bytes/hex.js'
import { describe as describeValue } from '../bytes/assert.js'
import { KMD, chainParams } from '../address/chain.js'
import { parseTransaction, txid as txidOf, txidOfBytes } from '../tx/codec.js'
import type { Transaction } from '../tx/types.js'
import { EVAL } from '../cc/eval.js'
import { hexOf, opretPayload } from '../modules/opret.js'
import {
  builtCondition,
  classifyOutput,
  sameBytes,
  TxFacts,
  type InspectedOutput,
  type InspectionDraft,
  type InspectOptions,
  type ModulePayload,
  type NoReading,
  type ReadContext,
} from '../modules/inspection.js'
import {
  MODULES,
  MODULE_GLOBAL_PUBKEYS,
  type AnyModule,
  type InspectionPayload,
  type ModuleName,
  type ModuleReading,
} from '../modules/registry/core.js'
import { inspectorModules, type InspectorModules } from './modules.js'

/**
 * What {@link inspectTransaction} returns in `reading`: a module's reading, discriminated by `kind`, or `{}`. @example
 * const r: InspectionReading = inspectTransaction(hex).reading
 */
export type InspectionReading = ModuleReading | NoReading

/** The result of {@link inspectTransaction}. @example const ins: Inspection = inspectTransaction(hex) */
export type Inspection = {
  txid: string
  module: ModuleName | null
  /** The RPC that builds such a transaction (`tokencreate`, `oraclesdata`, `dicefinish`, …), or null. */
  method: string | null
  funcid: string | null
  /** Eval code of the opret payload (0xe3 for the 2018 Assets-era token layouts), or null. */
  evalCode: number | null
  /** The decoded opret payload, or null. */
  payload: InspectionPayload | null
  /** Set when the last output is an opret that does not decode (code and message of the decoder's error). */
  error?: { code: string; message: string }
  outputs: InspectedOutput[]
  /** Σ prevouts − Σ outputs, when `prevouts` were given for every input. */
  fee?: bigint
  /** The module's own reading of the transaction (names, amounts, odds, reward …), typed per method by `kind`. */
  reading: InspectionReading
}

/**
 * Explains a raw transaction: which module and RPC made it, the decoded opret payload, every output classified
 * (CC with condition shape, eval codes and address; P2PK/P2PKH with address; marker, baton, change …), the fee
 * when prevouts are given, and the module's own reading (token supply and owner, dice odds, reward paid …).
 * Inputs are classified from their scriptSigs (normal, CC with eval codes and signer) and decide what the opret
 * alone cannot (transactions without a module opret, 2018 layouts sharing bytes with current ones); the 2018 layouts
 * are read with their era in `reading.era` (docs/inspect.md lists every rule, each in its module's folder). An opret
 * that does not decode keeps the module of its eval byte unless a CC input belongs to none of the known modules.
 * @throws KomodoCcError from the transaction parser (HEX_INVALID, READ_PAST_END, TX_VERSION, …) or ARG_INVALID
 *   for bad options; an undecodable opret is reported in `error`, not thrown.
 * @example inspectTransaction(hex).method // 'oraclesdata'
 */
export function inspectTransaction(
  hexOrTx: string | Uint8Array | Transaction,
  options: InspectOptions = {},
): Inspection {
  return inspectWith(ALL_MODULES, hexOrTx, options)
}

/** Every module of the registry, as the inspector asks them. */
const ALL_MODULES = /* @__PURE__ */ inspectorModules(MODULES)

/**
 * {@link inspectTransaction} with the modules of `set` only (`inspectorModules([tokensModule])`): what a wallet made
 * for some modules uses, so that its bundle carries no other module. A transaction of a module not in the set reads
 * as one of no known module.
 * @throws KomodoCcError as inspectTransaction
 * @example inspectWith(inspectorModules([tokensModule]), hex).method // 'tokentransfer'
 */
export function inspectWith(
  set: InspectorModules,
  hexOrTx: string | Uint8Array | Transaction,
  options: InspectOptions = {},
): Inspection {
  if (typeof options !== 'object' || options === null)
    throw new KomodoCcError('ARG_INVALID', `options expected an object, got ${describeValue(options)}`)
  const chain = options.chain === undefined ? KMD : chainParams(options.chain)
  if (
    options.pubkeys !== undefined &&
    (!Array.isArray(options.pubkeys) || !options.pubkeys.every((k) => typeof k === 'string' || k instanceof Uint8Array))
  )
    throw new KomodoCcError('ARG_INVALID', 'options.pubkeys expected an array of hex strings or byte arrays', {
      path: 'pubkeys',
    })
  if (options.oracleFormat !== undefined && typeof options.oracleFormat !== 'string')
    throw new KomodoCcError('ARG_INVALID', 'options.oracleFormat expected a string', { path: 'oracleFormat' })
  let tx: Transaction
  let id: string
  if (typeof hexOrTx === 'string' || hexOrTx instanceof Uint8Array) {
    const raw = typeof hexOrTx === 'string' ? hexToBytes(hexOrTx, 'tx') : hexOrTx
    tx = parseTransaction(raw)
    id = txidOfBytes(raw)
  } else if (typeof hexOrTx === 'object' && hexOrTx !== null && Array.isArray((hexOrTx as Transaction).vout)) {
    tx = hexOrTx
    id = txidOf(tx)
  } else
    throw new KomodoCcError('ARG_INVALID', `tx expected hex, bytes or a Transaction, got ${describeValue(hexOrTx)}`)

  const outputs = tx.vout.map((o, n) => classifyOutput(o.script, o.value, n, chain))
  const res: InspectionDraft = {
    txid: id,
    module: null,
    method: null,
    funcid: null,
    evalCode: null,
    payload: null,
    outputs,
    reading: {},
  }

  // the opret: last output (the daemon looks nowhere else)
  const last = outputs[outputs.length - 1]
  const facts = new TxFacts(tx, res, set.known)
  if (last !== undefined && last.kind === 'opreturn') {
    last.role = 'opret'
    readOpret(set, tx.vout[tx.vout.length - 1]!.script, res, facts)
  }
  // Fallbacks (a module named without a decoded opret) and 2018 layouts are decided from the inputs too.
  if (res.module !== null && res.payload === null) fallbackOnUndecoded(set, res, facts)
  if (res.module === null) detectWithoutModule(set, res, facts)
  else if (facts.legacy !== null) decideLegacy(set, res, facts)

  const m = set.byName(res.module)
  identifyCc(set, tx, res, options, facts, m)
  if (m !== undefined) assignRoles(tx, res, options, facts, m)
  if (options.prevouts !== undefined) res.fee = feeOf(tx, options.prevouts)
  if (res.fee !== undefined && m?.inspect.withPrevouts !== undefined && options.prevouts?.[0] != null)
    m.inspect.withPrevouts(res.reading, options.prevouts)
  return res as Inspection
}

/** Decodes the opret with the module of its eval byte (or one that claims it), naming the module and RPC. */
function readOpret(set: InspectorModules, script: Uint8Array, res: InspectionDraft, facts: TxFacts): void {
  let payload: Uint8Array
  try {
    payload = opretPayload(script, { allowTrailingScript: true })
  } catch (e) {
    if (e instanceof KomodoCcError) res.error = { code: e.code, message: e.message }
    return
  }
  const ev = payload[0]!
  facts.opretEval = ev
  let m = set.byOpretEval(ev)
  if (m === undefined) return
  for (const o of set.modules)
    if (o !== m && o.inspect.claimsOpret !== undefined && o.inspect.claimsOpret(payload)) m = o
  res.module = m.name
  res.evalCode = ev
  res.funcid = payload.length > 1 ? String.fromCharCode(payload[1]!) : null
  try {
    const p: ModulePayload = m.inspect.decodeOpret(payload, facts)
    res.payload = p
    res.funcid = p.funcid
    res.method =
      (m.inspect.methodOf as ((p: ModulePayload) => string | undefined) | undefined)?.(p) ??
      set.methodOfFuncid(m, p.funcid)
  } catch (e) {
    if (!(e instanceof KomodoCcError)) throw e
    for (const o of set.modules)
      if (o.inspect.adoptUndecoded !== undefined && o.inspect.adoptUndecoded(payload, res, facts)) return
    res.error = { code: e.code, message: e.message }
    if (m.inspect.keepUndecoded !== undefined && !m.inspect.keepUndecoded(ev)) {
      res.module = null
      res.funcid = null
      return
    }
    res.method = res.funcid === null ? null : set.methodOfFuncid(m, res.funcid)
  }
}

/**
 * A module named by the opret's eval byte whose payload does not decode: kept only if no CC input belongs to a
 * module the inspector does not know (such a transaction is some other contract's); then the module may still
 * recognise a 2018 layout of its own.
 */
function fallbackOnUndecoded(set: InspectorModules, res: InspectionDraft, facts: TxFacts): void {
  if (facts.foreignEval() !== null) {
    res.module = null
    res.method = null
    res.funcid = null
    return
  }
  set.byName(res.module)?.inspect.undecoded?.(res, facts)
}

/**
 * No module opret (or one of no known module): a module may still claim the transaction from its outputs and inputs
 * (a module paid without opret); otherwise every known key and eval code is tried on its CC outputs (§8 rule 8).
 */
function detectWithoutModule(set: InspectorModules, res: InspectionDraft, facts: TxFacts): void {
  for (const m of set.modules) if (m.inspect.withoutOpret !== undefined && m.inspect.withoutOpret(res, facts)) return
  if (res.outputs.some((o) => o.kind === 'cc')) {
    facts.extraEvals = [...set.known.evals]
    facts.extraKeys = [...new Set([...set.known.globalKeys, ...facts.cc.flatMap((c) => c.signers)])]
  }
}

/** 2018 candidates: another module may take the transaction over (§8 rules 9-11), else its own module decides. */
function decideLegacy(set: InspectorModules, res: InspectionDraft, facts: TxFacts): void {
  if (res.payload === null) return
  const own = set.byName(res.module)
  for (const m of set.modules)
    if (m !== own && m.inspect.adoptDecoded !== undefined && m.inspect.adoptDecoded(res, facts)) return
  own?.inspect.decideLegacy?.(res, facts)
}

/** Pubkeys named in a payload (hex). */
function payloadPubkeys(p: ModulePayload | null): string[] {
  if (p === null) return []
  const out: string[] = []
  const o = p as Record<string, unknown>
  for (const k of ['origpubkey', 'pubkey', 'destpub', 'withdrawpub', 'signerpk'])
    if (typeof o[k] === 'string') out.push(o[k] as string)
  for (const k of ['pubkeys', 'voutPubkeys', 'publishers']) if (Array.isArray(o[k])) out.push(...(o[k] as string[]))
  return out
}

/** Rebuilds CC outputs from candidate (eval code, pubkey) pairs to name their eval codes and key. */
function identifyCc(
  set: InspectorModules,
  tx: Transaction,
  res: InspectionDraft,
  options: InspectOptions,
  facts: TxFacts,
  m: AnyModule | undefined,
): void {
  const ccOuts = res.outputs.filter((o) => o.kind === 'cc')
  if (ccOuts.length === 0) return
  const evs = m === undefined ? [] : m.inspect.ccEvals(res)
  for (const e of facts.extraEvals) if (!evs.includes(e)) evs.push(e)
  if (evs.length === 0) return
  const pks: string[] = []
  const add = (k: string) => {
    if ((k.length === 66 || k.length === 130) && !pks.includes(k)) pks.push(k)
  }
  for (const k of payloadPubkeys(res.payload)) add(k)
  for (const ev of evs) if (set.globalPubkeys[ev] !== undefined) add(set.globalPubkeys[ev]!)
  for (const o of res.outputs) if (o.kind === 'p2pk' && o.pubkey !== undefined) add(o.pubkey)
  for (const k of options.pubkeys ?? []) add(typeof k === 'string' ? k.toLowerCase() : hexOf(k))
  for (const k of facts.extraKeys) add(k)
  for (const o of ccOuts) {
    const script = tx.vout[o.n]!.script
    const cond = script.subarray(1, 1 + script[0]!)
    const shape = o.cc!.condition
    if (shape !== 'cc1of1' && shape !== 'tokens1of1') continue
    outer: for (const pk of pks) {
      for (const ev of evs) {
        const built = builtCondition(shape, ev, pk)
        if (built !== null && sameBytes(built, cond)) {
          o.cc!.evalCodes = shape === 'cc1of1' ? [ev] : [ev, EVAL.TOKENS].sort((a, b) => a - b)
          o.cc!.pubkey = pk
          o.cc!.global = set.globalPubkeys[ev] === pk || set.globalPubkeys[EVAL.TOKENS] === pk
          o.pubkey = pk
          break outer
        }
      }
    }
  }
}

function feeOf(tx: Transaction, prevouts: readonly ({ value: bigint } | null)[]): bigint | undefined {
  if (!Array.isArray(prevouts)) throw new KomodoCcError('ARG_INVALID', 'prevouts expected an array')
  if (prevouts.length !== tx.vin.length) return undefined
  let sum = 0n
  for (const p of prevouts) {
    if (p === null || p === undefined) return undefined
    if (typeof p.value !== 'bigint')
      throw new KomodoCcError('ARG_INVALID', 'prevouts[].value expected a bigint of satoshis')
    sum += p.value
  }
  for (const o of tx.vout) sum -= o.value
  return sum
}

/** Gives the module the outputs before the opret and two labellers; it labels them and returns its reading. */
function assignRoles(
  tx: Transaction,
  res: InspectionDraft,
  options: InspectOptions,
  facts: TxFacts,
  m: AnyModule,
): void {
  const body = res.outputs.filter((o) => o.role !== 'opret')
  if (res.payload === null && facts.era === null) return
  const ctx: ReadContext<ModulePayload> = {
    tx,
    draft: res,
    facts,
    options,
    payload: res.payload,
    body,
    role(n, r, kind) {
      const o = body[n]
      if (o !== undefined && o.role === undefined && (kind === undefined || o.kind === kind)) o.role = r
    },
    changeRest() {
      for (const o of body) if (o.role === undefined && (o.kind === 'p2pk' || o.kind === 'p2pkh')) o.role = 'change'
    },
    value: (n) => (body[n] === undefined ? null : body[n]!.value),
  }
  const r = (m.inspect.read as (ctx: ReadContext<ModulePayload>) => ModuleReading)(ctx)
  res.reading = r
  if (facts.era !== null) r.era = facts.era
}

export { MODULE_GLOBAL_PUBKEYS }
