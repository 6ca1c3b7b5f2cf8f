import { KomodoCcError } from '../../errors.js'
import { hexToBytes } from '../../bytes/hex.js'
import type { AmountArg } from '../../amount.js'
import { faucetUnits } from './units.js'
import { cc1of1 } from '../../cc/condition.js'
import { FAUCET_CC, EVAL as EVAL_CODES } from '../../cc/eval.js'
import { ccScript } from '../../script/cc.js'
import { p2pkScript } from '../../script/script.js'
import { opretScript } from '../opret.js'
import { encodeFaucetPayload } from './opret.js'
import { sha256d } from '../../hash/index.js'
import { createSighasher } from '../../tx/sighash.js'
import { serializeTransaction, txid as txidOf } from '../../tx/codec.js'
import { signTransaction, nobleSecp256k1, verifyInput, type Secp256k1Backend } from '../../tx/sign.js'
import { parseTransaction } from '../../tx/codec.js'
import { fastFaucetPow } from './pow.js'
import { CC_TXFEE, type Transaction } from '../../tx/types.js'
import { checkContext, checkUtxo, daemonRefusal, type BuildContext, type CheckedContext } from '../../cctx/context.js'
import { builderParams } from '../../cctx/params.js'
import { finalizeCcTx, type FinalizedTx } from '../../cctx/finalize.js'
import { completeBuild, type BuildResult } from '../../cctx/complete.js'
import { amountParam, ccInput, normalInputs } from '../../cctx/common.js'
import { OutpointSet } from '../../cctx/outpoints.js'
import { addFaucetInputs, FAUCET_MAX_INPUTS } from './add-inputs.js'
import type { InputPlan, Utxo } from '../../cctx/types.js'

const EVAL = EVAL_CODES.FAUCET
const FAUCET = FAUCET_CC
/** `FAUCETSIZE` (CCfaucet.h): what one faucetget pays, 0.1 coin. @example FAUCET_SIZE // 10000000n */
export const FAUCET_SIZE = 10_000_000n
/** The daemon tries this many consecutive nonces before giving up. @example buildFaucetGet({}, ctx, state, { maxAttempts: FAUCET_MAX_ATTEMPTS }) */
export const FAUCET_MAX_ATTEMPTS = 1_000_000

/**
 * The parameters of `faucetfund`, named as the daemon names them (same order as its RPC).
 * @example const p: FaucetFundParams = { amount }
 */
export type FaucetFundParams = {
  amount: AmountArg
}

/**
 * `faucetfund amount`: `amount` to the Faucet global CC address (vout 0), change; no opret at all. Normal inputs for
 * amount + txfee, at most 64. The RPC replaces every builder error with `couldnt create faucet funding transaction`.
 * @param params.amount - coins as text/number, or satoshis as bigint
 * @throws KomodoCcError BUILD_PARAMS | INSUFFICIENT_FUNDS | AMOUNT_INVALID | …
 * @example buildFaucetFund({ amount: '100' }, { pubkey, utxos, height, privateKey })
 */
export function buildFaucetFund(params: FaucetFundParams, context: BuildContext): BuildResult {
  const { amount } = builderParams(params, 'buildFaucetFund', ['amount'])
  const ctx = checkContext(context)
  const sats = amountParam(amount, 'amount', faucetUnits.faucetfund.amount)
  if (sats <= 0n) throw daemonRefusal('funding amount must be positive', { amount: String(sats) })
  const inputs = normalInputs(ctx, sats + ctx.fee, 64, 'couldnt create faucet funding transaction')
  const fin = finalizeCcTx({
    inputs,
    outputs: [{ value: sats, script: ccScript(cc1of1(EVAL, FAUCET.pubkey)) }],
    changePubkey: ctx.changePubkey,
    fee: ctx.fee,
    expiryHeight: ctx.expiryHeight,
  })
  return completeBuild(fin, ctx, FAUCET)
}

/**
 * State for {@link buildFaucetGet}: the confirmed unspent outputs on the Faucet global CC address, in node order.
 * @example const s: FaucetGetState = { faucetUtxos: [{ txid, vout: 0, satoshis: 1000000000n, script }] }
 */
export type FaucetGetState = { faucetUtxos: readonly Utxo[] }

/** Options of the faucetget proof-of-work search. @example const o: FaucetGetOptions = { startNonce: 0, onProgress: (n) => bar.update(n), signal } */
export type FaucetGetOptions = {
  /** First nonce tried (u32, default 0; the daemon starts at `rand() & 0x0fffffff`). */
  startNonce?: number
  /** Nonces tried before giving up with `POW_NOT_FOUND` (default 1,000,000, as the daemon). */
  maxAttempts?: number
  /** Called with the number of nonces tried so far, every `progressEvery` attempts and at the end. */
  onProgress?: (tried: number) => void
  /** Default 1024. */
  progressEvery?: number
  /** Aborts the search with `ABORTED` (checked at every progress step). */
  signal?: AbortSignal
  /**
   * Sign every attempt with RFC 6979 nonces, as komodod does (the bytes komodod would produce for the same nonce),
   * instead of the default fast search, which signs with one fixed nonce for the faucet's public key (about 40×
   * faster; equally valid signatures). Default false.
   */
  exactSignatures?: boolean
  /** secp256k1 backend for the faucet key's signatures with `exactSignatures` (default @noble/secp256k1). */
  backend?: Secp256k1Backend
}

/** {@link buildFaucetGet}'s result: the signed transaction and how the search went. @example r.txid.startsWith('00') && r.txid.endsWith('00') // true */
export type FaucetGetResult = BuildResult & { nonce: number; attempts: number }

/** One prepared nonce search: everything but the nonce and the signatures is fixed. @example prepareFaucetSearch(ctx, state).tryRange(0, 1024) */
export type FaucetSearch = {
  /** Tries nonces [from, from + count); returns the first that works or null. */
  tryRange(from: number, count: number): number | null
  /** The double SHA-256 (internal byte order) of the signed transaction with this nonce, as the search computes it. */
  hashAt(nonce: number): Uint8Array
  /**
   * Signs the transaction with `nonce` (found by `tryRange`) and returns it with `nonce` and `attempts` (the count
   * the caller reports) attached. Throws `BUILD_INPUTS` if the nonce does not give a txid that starts and ends with
   * `00`; the fast search also throws `SIGNATURE_INVALID` if an input it signed does not verify.
   */
  finish(nonce: number, attempts: number): FaucetGetResult
}

function planFaucetGet(
  context: BuildContext,
  state: FaucetGetState,
  backend: Secp256k1Backend,
  exact: boolean,
): FaucetSearch {
  const ctx = checkContext(context)
  if (ctx.fee !== CC_TXFEE)
    throw new KomodoCcError(
      'BUILD_PARAMS',
      `faucetget's fee is fixed at ${CC_TXFEE} sat by the faucet validator, got context.fee ${ctx.fee}`,
    )
  if (typeof state !== 'object' || state === null || !Array.isArray(state.faucetUtxos))
    throw new KomodoCcError('BUILD_STATE', 'state expected { faucetUtxos: [<utxo on the faucet CC address>…] }')
  const need = FAUCET_SIZE + CC_TXFEE
  const faucetCond = cc1of1(EVAL, FAUCET.pubkey)
  for (const [i, u] of state.faucetUtxos.entries()) checkUtxo(u, `state.faucetUtxos[${i}]`)
  const seen = new OutpointSet()
  // AddFaucetInputs(cp, mtx, faucetpk, nValue + txfee, 60) over the given outputs (FaucetGet)
  const taken = addFaucetInputs(state.faucetUtxos, need, FAUCET_MAX_INPUTS, (u) => seen.take(u, 'state.faucetUtxos'))
  const inputs: InputPlan[] = taken.inputs.map((u) =>
    ccInput(u, faucetCond, EVAL, 'global', `state.faucetUtxos[${state.faucetUtxos.indexOf(u)}]`),
  )
  const total = taken.sum
  if (inputs.length === 0)
    throw daemonRefusal(
      'couldnt create faucet get transaction',
      { reason: "can't find faucet inputs" },
      'INSUFFICIENT_FUNDS',
    )
  if (total < need)
    throw new KomodoCcError(
      'INSUFFICIENT_FUNDS',
      `faucet inputs total ${total} sat, below ${need} (0.1 coin + fee): the daemon would build an invalid transaction (negative fee or change)`,
      { total: String(total), needed: String(need) },
    )
  const change = total - need
  const outputs = change === 0n ? [] : [{ value: change, script: ccScript(faucetCond) }]
  outputs.push({ value: FAUCET_SIZE, script: p2pkScript(ctx.pubkey) })
  const fin = finalizeCcTx({
    inputs,
    outputs,
    opret: encodeFaucetPayload({ funcid: 'G', nonce: 0 }),
    changePubkey: ctx.changePubkey,
    fee: CC_TXFEE,
    expiryHeight: ctx.expiryHeight,
  })
  return prepareSearch(fin, ctx, backend, exact)
}

/**
 * The search reuses one serialization: the signed transaction has a fixed layout (a 1-of-1 CC fulfillment always
 * holds a 64-byte signature at the same place), so each attempt patches the nonce and the signatures and hashes.
 * `exact`: each attempt re-signs with RFC 6979 (komodod's bytes); otherwise ./pow.ts signs with one fixed nonce.
 */
function prepareSearch(fin: FinalizedTx, ctx: CheckedContext, backend: Secp256k1Backend, exact: boolean): FaucetSearch {
  const key = hexToBytes(FAUCET.privkey)
  const prevouts = fin.plans.map((p) => ({
    value: p.utxo.satoshis,
    script: p.utxo.script,
    condition: (p as Extract<InputPlan, { kind: 'cc' }>).condition,
  }))
  const signOpts = {
    ...(ctx.branchId === undefined ? {} : { branchId: ctx.branchId }),
    ...(ctx.blake2b === undefined ? {} : { blake2b: ctx.blake2b }),
  }
  const withNonce = (nonce: number): Transaction => {
    const vout = fin.tx.vout.slice()
    vout[vout.length - 1] = { value: 0n, script: opretScript(encodeFaucetPayload({ funcid: 'G', nonce })) }
    return { ...fin.tx, vout }
  }
  // template: signed with nonce 0; find where the nonce and each signature sit
  const signed0 = signTransaction(withNonce(0), prevouts, [key], signOpts)
  const raw = serializeTransaction(signed0)
  const opret = signed0.vout[signed0.vout.length - 1]!.script
  const nonceAt = lastIndexOf(raw, opret) + opret.length - 4
  // fulfillment: … a5 65 80 21 <faucet pubkey 33> 81 40 <sig 64> …: anchor on the key, never on bytes of a signature
  const anchor = new Uint8Array(2 + 33 + 2)
  anchor.set([0x80, 0x21])
  anchor.set(hexToBytes(FAUCET.pubkey), 2)
  anchor.set([0x81, 0x40], 35)
  const sigAt = signed0.vin.map(
    (vin) => lastIndexOf(raw, vin.scriptSig) + lastIndexOf(vin.scriptSig, anchor) + anchor.length,
  )
  const scriptCodes = fin.plans.map((p) => p.utxo.script)
  if (!exact)
    return fastSearch(
      fin,
      ctx,
      {
        raw,
        nonceAt,
        sigAt,
        tx: withNonce(0),
        spent: fin.plans.map((p) => ({ scriptCode: p.utxo.script, value: p.utxo.satoshis })),
        branchId: ctx.branchId,
        blake2b: ctx.blake2b,
      },
      prevouts,
    )
  const hashAt = (n: number): Uint8Array => {
    const hasher = createSighasher(withNonce(n), { blake2b: ctx.blake2b })
    raw[nonceAt] = n & 0xff
    raw[nonceAt + 1] = (n >>> 8) & 0xff
    raw[nonceAt + 2] = (n >>> 16) & 0xff
    raw[nonceAt + 3] = (n >>> 24) & 0xff
    for (let i = 0; i < sigAt.length; i++) {
      const digest = hasher(i, {
        scriptCode: scriptCodes[i]!,
        value: fin.plans[i]!.utxo.satoshis,
        branchId: ctx.branchId,
      })
      raw.set(backend.sign(digest, key), sigAt[i]!)
    }
    return sha256d(raw)
  }
  return {
    hashAt,
    tryRange(from, count) {
      for (let n = from; n < from + count; n++) {
        const h = hashAt(n)
        if (h[0] === 0 && h[31] === 0) return n
      }
      return null
    },
    finish(nonce, attempts) {
      const tx = withNonce(nonce)
      const signedTx = signTransaction(tx, prevouts, [key], signOpts)
      const id = txidOf(signedTx)
      if (!faucetTxidOk(id))
        throw new KomodoCcError(
          'BUILD_INPUTS',
          `internal: nonce ${nonce} did not reproduce a valid faucetget txid (${id}); the signing backend disagrees with @noble/secp256k1`,
        )
      // completeBuild without a key returns the transaction as given (here: already signed) with each input's sighash
      const { privateKey: _key, signer: _signer, batonSigner: _baton, ...unkeyed } = ctx
      const result = completeBuild({ ...fin, tx: signedTx }, unkeyed, FAUCET)
      ;(result as { signed: boolean }).signed = true
      return Object.assign(result, { nonce, attempts })
    },
  }
}

/** The default search: the fixed-nonce attempt loop of ./pow.ts; the result is checked input by input before it is returned. */
function fastSearch(
  fin: FinalizedTx,
  ctx: CheckedContext,
  layout: Parameters<typeof fastFaucetPow>[0],
  prevouts: { value: bigint; script: Uint8Array }[],
): FaucetSearch {
  const pow = fastFaucetPow(layout)
  return {
    hashAt: pow.hashAt,
    tryRange(from, count) {
      for (let n = from; n < from + count; n++) if (pow.attempt(n)) return n
      return null
    },
    finish(nonce, attempts) {
      pow.attempt(nonce)
      const signedTx = parseTransaction(pow.raw.slice())
      const id = txidOf(signedTx)
      if (!faucetTxidOk(id))
        throw new KomodoCcError(
          'BUILD_INPUTS',
          `internal: nonce ${nonce} did not reproduce a valid faucetget txid (${id})`,
        )
      prevouts.forEach((p, i) => {
        const v = verifyInput(signedTx, i, p, ctx.branchId === undefined ? {} : { branchId: ctx.branchId })
        if (!v.valid)
          throw new KomodoCcError(
            'SIGNATURE_INVALID',
            `internal: the fast faucetget search signed input ${i} invalidly (${v.reason ?? 'unknown'})`,
          )
      })
      const { privateKey: _key, signer: _signer, batonSigner: _baton, ...unkeyed } = ctx
      const result = completeBuild({ ...fin, tx: signedTx }, unkeyed, FAUCET)
      ;(result as { signed: boolean }).signed = true
      return Object.assign(result, { nonce, attempts })
    },
  }
}

function lastIndexOf(hay: Uint8Array, needle: Uint8Array): number {
  outer: for (let i = hay.length - needle.length; i >= 0; i--) {
    for (let j = 0; j < needle.length; j++) if (hay[i + j] !== needle[j]) continue outer
    return i
  }
  throw new KomodoCcError('BUILD_INPUTS', 'internal: signed faucetget layout not found')
}

function checkOptions(
  options: FaucetGetOptions,
): Required<Pick<FaucetGetOptions, 'startNonce' | 'maxAttempts' | 'progressEvery'>> {
  if (typeof options !== 'object' || options === null)
    throw new KomodoCcError('ARG_INVALID', 'options expected an object')
  const startNonce = options.startNonce ?? 0
  const maxAttempts = options.maxAttempts ?? FAUCET_MAX_ATTEMPTS
  const progressEvery = options.progressEvery ?? 1024
  if (!Number.isInteger(startNonce) || startNonce < 0 || startNonce > 0xffffffff)
    throw new KomodoCcError('INT_RANGE', `startNonce expected a u32, got ${String(startNonce)}`)
  if (!Number.isInteger(maxAttempts) || maxAttempts < 1)
    throw new KomodoCcError('INT_RANGE', `maxAttempts expected a positive integer, got ${String(maxAttempts)}`)
  if (!Number.isInteger(progressEvery) || progressEvery < 1)
    throw new KomodoCcError('INT_RANGE', `progressEvery expected a positive integer, got ${String(progressEvery)}`)
  if (options.onProgress !== undefined && typeof options.onProgress !== 'function')
    throw new KomodoCcError('ARG_INVALID', 'onProgress expected a function')
  if (options.exactSignatures !== undefined && typeof options.exactSignatures !== 'boolean')
    throw new KomodoCcError('ARG_INVALID', 'exactSignatures expected a boolean')
  return { startNonce, maxAttempts: Math.min(maxAttempts, 0x100000000 - startNonce), progressEvery }
}

function aborted(signal: AbortSignal | undefined, tried: number): void {
  if (signal?.aborted === true)
    throw new KomodoCcError('ABORTED', `faucetget nonce search aborted after ${tried} attempts`, { tried })
}

function notFound(tried: number, start: number): KomodoCcError {
  return new KomodoCcError(
    'POW_NOT_FOUND',
    `no nonce in [${start}, ${start + tried}) gives a txid starting and ending with 00`,
    { tried, startNonce: start, daemonError: 'couldnt create faucet get transaction' },
  )
}

/**
 * The parameters of `faucetget`: none (the daemon's RPC takes no parameter); `{}` keeps every builder's call
 * shape `(params, context, state, options)`.
 * @example const p: FaucetGetParams = {}
 */
export type FaucetGetParams = Record<string, never>

/**
 * `faucetget`: takes 0.1 coin from the faucet for `context.pubkey`, entirely offline (the faucet's key is public).
 * Inputs: faucet UTXOs above 0.01 coin (at most 60) until they cover 0.1 coin + 10000 fee; outputs: the faucet change
 * (vout 0, when non-zero), 10,000,000 sat P2PK to the caller, then the 'G' opret with the proof-of-work nonce. Like
 * the daemon it tries consecutive nonces, re-signing every input each time (the sighash covers the opret), until the
 * txid's first and last bytes are zero: 65,536 attempts on average (see docs for the time on this machine). This is
 * the synchronous core; {@link buildFaucetGetAsync} yields to the event loop between batches. The payout address must
 * be brand new or the transaction is refused when broadcast (not checked here: it needs the address history).
 * @throws KomodoCcError INSUFFICIENT_FUNDS | BUILD_STATE | POW_NOT_FOUND | ABORTED | PUBKEY_INVALID | …
 * @example buildFaucetGet({}, { pubkey, utxos: [], height }, { faucetUtxos }, { onProgress: (n) => console.log(n) })
 */
export function buildFaucetGet(
  params: FaucetGetParams,
  context: BuildContext,
  state: FaucetGetState,
  options: FaucetGetOptions = {},
): FaucetGetResult {
  const steps = searchSteps(params, 'buildFaucetGet', context, state, options)
  for (;;) {
    const step = steps.next()
    if (step.done === true) return step.value
  }
}

/**
 * {@link buildFaucetGet} that yields to the event loop after every `progressEvery` attempts, so a UI stays responsive
 * and an `AbortSignal` can stop it.
 * @throws KomodoCcError like {@link buildFaucetGet}
 * @example const r = await buildFaucetGetAsync({}, ctx, { faucetUtxos }, { signal: AbortSignal.timeout(60000) })
 */
export async function buildFaucetGetAsync(
  params: FaucetGetParams,
  context: BuildContext,
  state: FaucetGetState,
  options: FaucetGetOptions = {},
): Promise<FaucetGetResult> {
  const steps = searchSteps(params, 'buildFaucetGetAsync', context, state, options)
  for (;;) {
    const step = steps.next()
    if (step.done === true) return step.value
    await new Promise<void>((resolve) => setTimeout(resolve, 0))
  }
}

/** The nonce search both forms run: yields after each unsuccessful batch of `progressEvery` attempts. */
function* searchSteps(
  params: FaucetGetParams,
  name: string,
  context: BuildContext,
  state: FaucetGetState,
  options: FaucetGetOptions,
): Generator<void, FaucetGetResult> {
  builderParams(params, name, [])
  const o = checkOptions(options)
  const search = planFaucetGet(context, state, options.backend ?? nobleSecp256k1, options.exactSignatures === true)
  let tried = 0
  while (tried < o.maxAttempts) {
    aborted(options.signal, tried)
    const count = Math.min(o.progressEvery, o.maxAttempts - tried)
    const found = search.tryRange(o.startNonce + tried, count)
    if (found !== null) {
      tried = found - o.startNonce + 1
      options.onProgress?.(tried)
      return search.finish(found, tried)
    }
    tried += count
    options.onProgress?.(tried)
    yield
  }
  aborted(options.signal, tried)
  throw notFound(tried, o.startNonce)
}

/** Whether a display txid satisfies faucetget's proof of work (first and last byte zero). @example faucetTxidOk('00ab…00') // true */
export function faucetTxidOk(txid: string): boolean {
  return typeof txid === 'string' && /^00[0-9a-f]{60}00$/i.test(txid)
}

/**
 * One prepared nonce search (what {@link buildFaucetGet} runs): `tryRange(from, count)` returns the first nonce that
 * works or null; `finish(nonce, attempts)` builds the result. For benchmarks and custom schedulers (workers).
 * @example const s = prepareFaucetSearch(ctx, { faucetUtxos }); const n = s.tryRange(0, 65536); if (n !== null) s.finish(n, n + 1)
 */
export function prepareFaucetSearch(
  context: BuildContext,
  state: FaucetGetState,
  backend: Secp256k1Backend = nobleSecp256k1,
  options: { exactSignatures?: boolean } = {},
): FaucetSearch {
  return planFaucetGet(context, state, backend, options.exactSignatures === true)
}
