import { KomodoCcError } from '../errors.js'
import { inspectTransaction } from '../inspect/index.js'
import type { Inspection } from '../inspect/index.js'
import { parseTransaction } from '../tx/codec.js'
import { ASSET_CHAIN_POLICY, checkRelayPolicy, type RelayPolicy } from '../tx/policy.js'
import type { ChainParams } from '../address/chain.js'
import type { KomodoRpc } from './client.js'
import { RpcError } from './transport.js'
import type { RpcCallOptions } from './transport.js'

/** What the caller asked the daemon for; `submit` refuses a transaction that does anything else. */
export type SubmitExpect = {
  /** The RPC that should have built it (`oraclescreate`, `tokentransfer`, …), as the inspector names it. */
  method: string
  /**
   * Fields the transaction must carry, by the inspector's names (`reading`, then `payload`): e.g.
   * `{ name: 'NYWTHR', format: 'L' }`, `{ oracletxid, datafee: 1000000n }`. Amounts as bigint satoshis.
   */
  params?: Readonly<Record<string, unknown>>
  /** Addresses change may go to (the caller's). Required unless `allowAnyChange` is true. */
  changeAddress?: string | readonly string[]
  /** Accept change to any address (explicit opt-out of the change check). */
  allowAnyChange?: boolean
  /** Largest acceptable fee in satoshis (default 100000 = 0.001 coin); `null` skips the fee check (no prevout lookups). */
  maxFee?: bigint | null
  /** Address versions for the inspector (default KMD). */
  chain?: ChainParams | string
}

/** Progress of {@link submit}. */
export type SubmitProgress =
  | { stage: 'checked'; txid: string; fee?: bigint }
  | { stage: 'sent'; txid: string; alreadyKnown: boolean }
  | { stage: 'waiting'; txid: string; elapsedMs: number }
  | { stage: 'mempool' | 'confirmed'; txid: string; elapsedMs: number }

/** Options of {@link submit}. */
export type SubmitOptions = {
  /** How long to wait for the txid to show in the mempool or a block (default 60000 ms). */
  timeoutMs?: number
  /** Poll interval (default 1000 ms). */
  pollMs?: number
  /**
   * Called at each stage: 'checked' (with the fee when it was computed), 'sent', then 'waiting' per poll, and 'mempool'
   * or 'confirmed'.
   */
  onProgress?: (p: SubmitProgress) => void
  signal?: AbortSignal
  /**
   * The node's relay policy (default komodod's for an asset chain: 208-byte OP_RETURN scripts; pass
   * `relayPolicy('asset', { datacarriersize: N })` for a node started with `-datacarriersize=N`, `KMD_POLICY` for KMD).
   * A transaction the node would refuse is refused before it is sent (`TX_NONSTANDARD`, naming the rule, the size and
   * the node option that would admit it).
   */
  policy?: RelayPolicy
}

/** The outcome of {@link submit}. */
export type SubmitResult = { txid: string; status: 'mempool' | 'confirmed'; inspection: Inspection; fee?: bigint }

/** The RPCs `submit` uses. A {@link KomodoRpc} has them all. */
export type SubmitRpc = Pick<KomodoRpc, 'sendrawtransaction' | 'getrawmempool' | 'getrawtransaction' | 'call'>

/** The largest fee `submit` and the wallet accept unless told otherwise: 100000 sat (0.001 coin). @internal */
export const DEFAULT_MAX_FEE = 100_000n
/** Daemon messages meaning "this exact transaction is already known": re-broadcasting is then a success. */
const ALREADY_KNOWN =
  /already in (the )?block ?chain|txn-already-in-mempool|txn-already-known|already have transaction/i

/**
 * The safe second step of the module RPCs: inspects the daemon's hex, checks it is the method the caller asked
 * for, carries the caller's parameters, pays change only to the caller and a fee within bound — and only then
 * broadcasts it and waits until the txid is in the mempool or a block. It never broadcasts twice by itself; if the
 * txid is lost, calling `submit` again with the same hex is the recovery (re-broadcasting the same transaction is
 * idempotent: "already in chain / mempool" counts as sent).
 * @throws KomodoCcError SUBMIT_MISMATCH (with `details.check`: method | param | change | fee) before anything is
 * sent; TX_NONSTANDARD when the node's relay policy (`options.policy`) would refuse it, also before; TX_INVALID for hex
 * that is not a transaction; RpcError from the daemon; RPC_TIMEOUT when the txid did not
 *   show up in time (the transaction may still confirm: check again, don't rebuild).
 * @example
 * const res = await rpc.oraclescreate('NYWTHR', 'Weather in NYC', 'L')
 * const { txid } = await submit(rpc, res, { method: 'oraclescreate', params: { name: 'NYWTHR', format: 'L' }, changeAddress: myAddress })
 */
export async function submit(
  rpc: SubmitRpc,
  hexResult: string | { hex: string },
  expect: SubmitExpect,
  options: SubmitOptions = {},
): Promise<SubmitResult> {
  const hex =
    typeof hexResult === 'string'
      ? hexResult
      : typeof hexResult === 'object' && hexResult !== null
        ? hexResult.hex
        : undefined
  if (typeof hex !== 'string')
    throw new KomodoCcError('ARG_INVALID', 'hexResult must be a hex string or a {hex} result', { name: 'hexResult' })
  if (hex === '0')
    throw new KomodoCcError(
      'ARG_INVALID',
      'the daemon returned hex "0" (dicefinish: the bet is already finished); there is nothing to send',
      { name: 'hexResult' },
    )
  checkExpect(expect)
  const timeoutMs = options.timeoutMs ?? 60_000
  const pollMs = options.pollMs ?? 1000
  if (!(timeoutMs > 0) || !(pollMs > 0))
    throw new KomodoCcError('ARG_INVALID', 'timeoutMs and pollMs must be positive', { name: 'options' })
  const call: RpcCallOptions = options.signal ? { signal: options.signal } : {}

  // 1. inspect and check, before anything is sent
  let inspection: Inspection
  try {
    inspection = inspectTransaction(hex, expect.chain === undefined ? {} : { chain: expect.chain })
  } catch (e) {
    if (e instanceof KomodoCcError && e.code !== 'ARG_INVALID')
      throw new KomodoCcError(
        'TX_INVALID',
        `the daemon's hex is not a transaction (${e.code})`,
        { cause: e.code },
        { cause: e },
      )
    throw e
  }
  checkInspection(inspection, expect)
  let fee: bigint | undefined
  const maxFee = expect.maxFee === undefined ? DEFAULT_MAX_FEE : expect.maxFee
  if (maxFee !== null) {
    const tx = parseTransaction(hex)
    const prevouts: { value: bigint }[] = []
    for (const [i, input] of tx.vin.entries()) {
      const prevHex = await rpc.getrawtransaction(input.txid, call)
      const prev = parseTransaction(prevHex)
      const out = prev.vout[input.vout]
      if (out === undefined)
        mismatch('fee', `input ${i} spends ${input.txid}:${input.vout}, which does not exist`, { vin: i })
      prevouts.push({ value: out.value })
    }
    fee = prevouts.reduce((s, p) => s + p.value, 0n) - tx.vout.reduce((s, o) => s + o.value, 0n)
    checkFee(fee, maxFee)
  }
  // the node's relay policy (komodod IsStandardTx), before anything is sent
  checkRelayPolicy(parseTransaction(hex), options.policy ?? ASSET_CHAIN_POLICY, {
    what: `the ${expect.method} transaction`,
    allowAnyVersion: true,
  })
  const txid = inspection.txid
  options.onProgress?.(fee === undefined ? { stage: 'checked', txid } : { stage: 'checked', txid, fee })

  // 2. broadcast once; "already known" is success (same hex, same txid)
  let alreadyKnown = false
  try {
    const sent = await rpc.sendrawtransaction(hex, call)
    if (sent !== txid)
      throw new KomodoCcError('RPC_RESULT', `sendrawtransaction returned ${sent}, the transaction's txid is ${txid}`, {
        txid,
      })
  } catch (e) {
    if (
      e instanceof RpcError &&
      e.code === 'RPC_ERROR' &&
      e.daemonMessage !== undefined &&
      ALREADY_KNOWN.test(e.daemonMessage)
    )
      alreadyKnown = true
    else throw e
  }
  options.onProgress?.({ stage: 'sent', txid, alreadyKnown })

  // 3. wait for the mempool or a block
  const start = Date.now()
  for (;;) {
    const elapsedMs = Date.now() - start
    const mempool = await rpc.getrawmempool(call)
    if (mempool.includes(txid)) {
      options.onProgress?.({ stage: 'mempool', txid, elapsedMs })
      return withFee({ txid, status: 'mempool', inspection }, fee)
    }
    const confirmations = await confirmationsOf(rpc, txid, call)
    if (confirmations > 0) {
      options.onProgress?.({ stage: 'confirmed', txid, elapsedMs })
      return withFee({ txid, status: 'confirmed', inspection }, fee)
    }
    if (elapsedMs >= timeoutMs)
      throw new KomodoCcError(
        'RPC_TIMEOUT',
        `${txid} is neither in the mempool nor confirmed after ${timeoutMs} ms; it was broadcast — check again or re-submit the same hex, do not rebuild`,
        { txid, timeoutMs },
      )
    options.onProgress?.({ stage: 'waiting', txid, elapsedMs })
    await sleep(Math.min(pollMs, Math.max(1, timeoutMs - elapsedMs)), options.signal)
  }
}

function withFee(r: SubmitResult, fee: bigint | undefined): SubmitResult {
  if (fee !== undefined) r.fee = fee
  return r
}

async function confirmationsOf(rpc: SubmitRpc, txid: string, call: RpcCallOptions): Promise<number> {
  try {
    const v = await rpc.call('getrawtransaction', [txid, 1], call)
    if (
      typeof v === 'object' &&
      v !== null &&
      !Array.isArray(v) &&
      typeof (v as Record<string, unknown>).confirmations === 'number'
    )
      return (v as { confirmations: number }).confirmations
    return 0
  } catch (e) {
    if (e instanceof RpcError && e.code === 'RPC_ERROR') return 0 // "No information available about transaction"
    throw e
  }
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new KomodoCcError('ABORTED', 'submit was aborted while waiting', {}))
    const t = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort)
      resolve()
    }, ms)
    const onAbort = (): void => {
      clearTimeout(t)
      reject(new KomodoCcError('ABORTED', 'submit was aborted while waiting', {}))
    }
    signal?.addEventListener('abort', onAbort, { once: true })
  })
}

/**
 * Methods whose transactions the inspector may read as another's, the wire being the same: `tokenv2createtokel` and
 * `tokenv2create` both make a v2 create (tokel src/rpc/tokensrpc.cpp → CreateTokenExt); the inspector names one with
 * a valid Tokel data blob `tokenv2createtokel`, one without `tokenv2create`, whichever RPC made it.
 */
const READS_AS: Readonly<Record<string, string>> = /* @__PURE__ */ Object.freeze({
  tokenv2createtokel: 'tokenv2create',
  tokenv2create: 'tokenv2createtokel',
})

/**
 * The checks `submit` makes on an inspected transaction before it sends anything (the key-local wallet makes the
 * same on its builds): the method asked for, the parameters asked for (by the inspector's names), change only to
 * the caller's addresses (or `allowAnyChange`). The fee bound is {@link checkFee}.
 * @throws KomodoCcError SUBMIT_MISMATCH (`details.check`: method | param | change) | ARG_INVALID for a bad `expect`
 * @example checkInspection(inspectBuild(result), { method: 'tokentransfer', changeAddress: myAddress })
 * @internal
 */
export function checkInspection(inspection: Inspection, expect: SubmitExpect): void {
  checkExpect(expect)
  if (inspection.method !== expect.method && inspection.method !== READS_AS[expect.method])
    mismatch(
      'method',
      `the transaction is ${inspection.method ?? 'not a module transaction'}, expected ${expect.method}`,
      { expected: expect.method, got: inspection.method },
    )
  for (const [key, want] of Object.entries(expect.params ?? {})) {
    const got =
      key in inspection.reading
        ? inspection.reading[key]
        : inspection.payload !== null && key in inspection.payload
          ? (inspection.payload as Record<string, unknown>)[key]
          : undefined
    if (got === undefined) mismatch('param', `the transaction carries no ${key}`, { param: key })
    if (!sameValue(want, got))
      mismatch('param', `${key} differs from what was asked`, { param: key, expected: show(want), got: show(got) })
  }
  if (expect.allowAnyChange !== true) {
    const mine = new Set(
      typeof expect.changeAddress === 'string' ? [expect.changeAddress] : (expect.changeAddress ?? []),
    )
    for (const o of inspection.outputs) {
      const isChange =
        o.role === 'change' || (o.role === undefined && (o.kind === 'p2pk' || o.kind === 'p2pkh' || o.kind === 'p2sh'))
      if (isChange && (o.address === null || !mine.has(o.address)))
        mismatch(
          'change',
          `output ${o.n} pays change of ${o.value} sat to ${o.address ?? 'a script without address'}, not to the caller`,
          { vout: o.n, address: o.address },
        )
    }
  }
}

/**
 * The fee bound of `submit` and the wallet: not negative, not above `maxFee`.
 * @throws KomodoCcError SUBMIT_MISMATCH (`details.check`: fee)
 * @example checkFee(result.fee, 100000n)
 * @internal
 */
export function checkFee(fee: bigint, maxFee: bigint): void {
  if (fee < 0n) mismatch('fee', `outputs exceed inputs by ${-fee} sat`, { fee: String(fee) })
  if (fee > maxFee)
    mismatch('fee', `fee ${fee} sat is above the bound ${maxFee}`, { fee: String(fee), maxFee: String(maxFee) })
}

function checkExpect(e: SubmitExpect): void {
  if (typeof e !== 'object' || e === null || typeof e.method !== 'string' || e.method === '')
    throw new KomodoCcError('ARG_INVALID', 'expect must be an object with the method name', { name: 'expect' })
  if (e.allowAnyChange !== undefined && typeof e.allowAnyChange !== 'boolean')
    throw new KomodoCcError('ARG_INVALID', 'expect.allowAnyChange must be a boolean', { name: 'allowAnyChange' })
  if (
    e.allowAnyChange !== true &&
    (e.changeAddress === undefined || (typeof e.changeAddress !== 'string' && !Array.isArray(e.changeAddress)))
  )
    throw new KomodoCcError('ARG_INVALID', 'expect.changeAddress is required (or allowAnyChange: true)', {
      name: 'changeAddress',
    })
  if (e.maxFee !== undefined && e.maxFee !== null && (typeof e.maxFee !== 'bigint' || e.maxFee < 0n))
    throw new KomodoCcError('ARG_INVALID', 'expect.maxFee must be a non-negative bigint of satoshis or null', {
      name: 'maxFee',
    })
  if (e.params !== undefined && (typeof e.params !== 'object' || e.params === null))
    throw new KomodoCcError('ARG_INVALID', 'expect.params must be an object', { name: 'params' })
}

/** Compares an expected parameter with the inspector's value: bigint/number/decimal text numerically, bytes as hex, text exactly. */
function sameValue(want: unknown, got: unknown): boolean {
  const num = (x: unknown): bigint | undefined =>
    typeof x === 'bigint'
      ? x
      : typeof x === 'number' && Number.isSafeInteger(x)
        ? BigInt(x)
        : typeof x === 'string' && /^-?\d+$/.test(x)
          ? BigInt(x)
          : undefined
  if (typeof want === 'bigint' || typeof want === 'number') {
    const g = num(got)
    return g !== undefined && g === num(want)
  }
  if (want instanceof Uint8Array)
    return got instanceof Uint8Array
      ? hex(got) === hex(want)
      : typeof got === 'string' && got.toLowerCase() === hex(want)
  if (typeof want === 'string' && typeof got === 'string' && /^[0-9a-fA-F]{64,}$/.test(want))
    return want.toLowerCase() === got.toLowerCase()
  if (typeof want === 'string' && got instanceof Uint8Array) return want.toLowerCase() === hex(got)
  return want === got
}

function hex(b: Uint8Array): string {
  let s = ''
  for (const x of b) s += x.toString(16).padStart(2, '0')
  return s
}

function show(v: unknown): string {
  if (typeof v === 'bigint') return v.toString()
  if (v instanceof Uint8Array) return hex(v)
  const s = typeof v === 'string' ? v : (JSON.stringify(v) ?? String(v))
  return s.length > 80 ? `${s.slice(0, 77)}...` : s
}

function mismatch(
  check: 'method' | 'param' | 'change' | 'fee',
  message: string,
  details: Record<string, unknown>,
): never {
  throw new KomodoCcError('SUBMIT_MISMATCH', message, { check, ...details })
}
