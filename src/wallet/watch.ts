// Waiting and watching over any ChainView: `waitForTransaction` (until a txid has N confirmations), `watchBlocks`
// and `watchAddress`. A view polls; an Electrum view (one with a `client` that subscribes) is also woken at once by
// its server's `blockchain.headers.subscribe` notifications. Browser-safe: timers and AbortSignal only.
import { KomodoCcError } from '../errors.js'
import { hexToBytes } from '../bytes/hex.js'
import { parseTransaction } from '../tx/codec.js'
import { scriptAddress } from '../script/address.js'
import type { AddressMempool, ChainUtxo, ChainView } from '../cctx/types.js'

/** Default time between two looks at the chain, in milliseconds. */
export const DEFAULT_WATCH_POLL_MS = 1000

/** Where a transaction stands. */
export type TxProgress = {
  txid: string
  /** 0 in the mempool, else the tip's height − its block's height + 1. */
  confirmations: number
  /** Its block's height; -1 in the mempool. */
  height: number
  /** The chain's tip height when looked at. */
  tip: number
}

/** Options of {@link waitForTransaction}. */
export type WaitForTransactionOptions = {
  /** Confirmations to wait for (default 1; 0: resolves as soon as the mempool or a block holds it). */
  confirmations?: number
  /** Aborts the wait: rejects with `ABORTED`. */
  signal?: AbortSignal
  /** Called on each change of confirmations (and first when the transaction is seen). */
  onProgress?: (p: TxProgress) => void
  /** Milliseconds between looks (default 1000). */
  pollMs?: number
  /** Gives up after this many milliseconds: rejects with `WAIT_TIMEOUT` (default: no limit). */
  timeoutMs?: number
}

function checkMs(v: unknown, name: string, min: number): number | undefined {
  if (v === undefined) return undefined
  if (typeof v !== 'number' || !Number.isFinite(v) || v < min)
    throw new KomodoCcError('ARG_INVALID', `${name} expected a number of milliseconds ≥ ${min}`, { name })
  return v
}

function checkSignal(v: unknown): AbortSignal | undefined {
  if (v === undefined) return undefined
  if (typeof v !== 'object' || v === null || typeof (v as AbortSignal).aborted !== 'boolean')
    throw new KomodoCcError('ARG_INVALID', 'signal expected an AbortSignal', { name: 'signal' })
  return v as AbortSignal
}

const aborted = (what: string, signal: AbortSignal): KomodoCcError =>
  new KomodoCcError('ABORTED', `${what} was aborted`, {}, { cause: signal.reason })

type NotifyingClient = {
  subscribe(method: string, params?: readonly unknown[]): Promise<unknown>
  onNotification(listener: (method: string, params: readonly unknown[]) => void): () => void
}

/** The view's Electrum client when it has one that subscribes (duck-typed: no Electrum code is imported). */
function notifier(view: ChainView): NotifyingClient | undefined {
  const c = (view as { client?: Partial<NotifyingClient> }).client
  return typeof c === 'object' &&
    c !== null &&
    typeof c.subscribe === 'function' &&
    typeof c.onNotification === 'function'
    ? (c as NotifyingClient)
    : undefined
}

/**
 * A loop that calls `look` now, then every `pollMs` and whenever the view's Electrum server announces a block, until
 * `look` returns true, the signal aborts or `timeoutMs` passes. `look`'s errors end the loop.
 */
function loop(
  view: ChainView,
  what: string,
  look: () => Promise<boolean>,
  o: { pollMs: number; signal?: AbortSignal; timeoutMs?: number },
): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    let timer: ReturnType<typeof setTimeout> | undefined
    let deadline: ReturnType<typeof setTimeout> | undefined
    let running = false
    let again = false
    let finished = false
    const client = notifier(view)
    let unlisten: (() => void) | undefined
    const finish = (e?: unknown): void => {
      if (finished) return
      finished = true
      clearTimeout(timer)
      clearTimeout(deadline)
      unlisten?.()
      o.signal?.removeEventListener('abort', onAbort)
      if (e === undefined) resolve()
      else reject(e)
    }
    const onAbort = (): void => finish(aborted(what, o.signal!))
    const step = (): void => {
      if (finished) return
      if (running) {
        again = true
        return
      }
      running = true
      clearTimeout(timer)
      look().then(
        (done) => {
          running = false
          if (done) return finish()
          if (again) {
            again = false
            return step()
          }
          if (!finished) timer = setTimeout(step, o.pollMs)
        },
        (e: unknown) => {
          running = false
          finish(e)
        },
      )
    }
    if (o.signal?.aborted === true) return finish(aborted(what, o.signal))
    o.signal?.addEventListener('abort', onAbort, { once: true })
    if (o.timeoutMs !== undefined)
      deadline = setTimeout(
        () =>
          finish(
            new KomodoCcError('WAIT_TIMEOUT', `${what}: nothing after ${o.timeoutMs} ms`, { timeoutMs: o.timeoutMs }),
          ),
        o.timeoutMs,
      )
    if (client !== undefined) {
      unlisten = client.onNotification((method) => {
        if (method === 'blockchain.headers.subscribe') step()
      })
      // the subscription makes the server send the notifications; its failure leaves polling alone
      client.subscribe('blockchain.headers.subscribe', []).catch(() => {})
    }
    step()
  })
}

/** Addresses a transaction touches, for finding its height in an address history: its outputs', then its inputs'. */
async function addressesOf(view: ChainView, hex: string): Promise<string[]> {
  const tx = parseTransaction(hexToBytes(hex))
  const out = new Set<string>()
  for (const o of tx.vout) {
    const a = scriptAddress(o.script)
    if (a !== null) out.add(a)
  }
  if (out.size === 0)
    for (const i of tx.vin) {
      if (i.vout === 0xffffffff) continue
      const prev = await view.getTransaction(i.txid).catch(() => undefined)
      const o = prev === undefined ? undefined : parseTransaction(hexToBytes(prev)).vout[i.vout]
      const a = o === undefined ? null : scriptAddress(o.script)
      if (a !== null) out.add(a)
    }
  return [...out]
}

/**
 * Where a transaction stands on `view`: in the mempool (0 confirmations), in a block (its height from an address
 * history of an address it pays or spends from; a known transaction out of the mempool that no history lists yet
 * counts as mined at the tip), or unknown to the view (null).
 * @throws KomodoCcError from the view (other than TX_NOT_FOUND)
 * @example await transactionProgress(view, txid) // { txid, confirmations: 2, height: 101, tip: 102 }
 */
export async function transactionProgress(view: ChainView, txid: string): Promise<TxProgress | null> {
  const id = checkTxid(txid)
  const [mempool, tip] = await Promise.all([view.getMempool(), view.getHeight()])
  if (mempool.some((m) => m.toLowerCase() === id)) return { txid: id, confirmations: 0, height: -1, tip }
  let hex: string
  try {
    hex = await view.getTransaction(id)
  } catch (e) {
    if (e instanceof KomodoCcError && e.code === 'TX_NOT_FOUND') return null
    throw e
  }
  for (const a of await addressesOf(view, hex)) {
    const h = (await view.getAddressHistory(a)).find((e) => e.txid.toLowerCase() === id)
    if (h !== undefined) return { txid: id, confirmations: Math.max(0, tip - h.height + 1), height: h.height, tip }
  }
  // known, out of the mempool, in no history read (an address index a block behind): counted as just mined
  return { txid: id, confirmations: 1, height: tip, tip }
}

function checkTxid(txid: unknown): string {
  if (typeof txid !== 'string' || !/^[0-9a-fA-F]{64}$/.test(txid))
    throw new KomodoCcError('ARG_INVALID', 'txid expected 64 hex digits (display order)', { name: 'txid' })
  return txid.toLowerCase()
}

/**
 * Waits until `txid` has `confirmations` confirmations on `view` (any ChainView: komodod JSON-RPC, Electrum, the
 * devnet, a wallet's pending view). Polls every `pollMs`; over Electrum it is also woken by each new block.
 * A transaction that was seen (mempool or block) and then is known no more — dropped from the mempool, expired,
 * taken out by a reorganisation — rejects with `TX_DROPPED`.
 * @throws KomodoCcError ABORTED (the signal) | WAIT_TIMEOUT | TX_DROPPED | ARG_INVALID | the view's errors
 * @example
 * const { txid } = await wallet.oraclesdata(oracletxid, hex)
 * await waitForTransaction(view, txid, { confirmations: 2, onProgress: (p) => console.log(p.confirmations) })
 */
export async function waitForTransaction(
  view: ChainView,
  txid: string,
  options: WaitForTransactionOptions = {},
): Promise<TxProgress> {
  if (typeof view !== 'object' || view === null || typeof view.getMempool !== 'function')
    throw new KomodoCcError('ARG_INVALID', 'view expected a ChainView', { name: 'view' })
  const id = checkTxid(txid)
  if (typeof options !== 'object' || options === null)
    throw new KomodoCcError('ARG_INVALID', 'options expected an object', { name: 'options' })
  const want = options.confirmations ?? 1
  if (!Number.isSafeInteger(want) || want < 0)
    throw new KomodoCcError('ARG_INVALID', 'confirmations expected a non-negative integer', { name: 'confirmations' })
  if (options.onProgress !== undefined && typeof options.onProgress !== 'function')
    throw new KomodoCcError('ARG_INVALID', 'onProgress expected a function', { name: 'onProgress' })
  const pollMs = checkMs(options.pollMs, 'pollMs', 1) ?? DEFAULT_WATCH_POLL_MS
  const timeoutMs = checkMs(options.timeoutMs, 'timeoutMs', 0)
  const signal = checkSignal(options.signal)
  let seen = false
  let last = -2
  let result: TxProgress | undefined
  await loop(
    view,
    `waiting for ${id}`,
    async () => {
      const p = await transactionProgress(view, id)
      if (p === null) {
        if (seen) throw new KomodoCcError('TX_DROPPED', `${id} left the mempool and is in no block`, { txid: id })
        return false
      }
      seen = true
      if (p.confirmations !== last) {
        last = p.confirmations
        options.onProgress?.(p)
      }
      if (p.confirmations >= want) {
        result = p
        return true
      }
      return false
    },
    { pollMs, ...(signal === undefined ? {} : { signal }), ...(timeoutMs === undefined ? {} : { timeoutMs }) },
  )
  return result!
}

/** A running watcher: `stop()` ends it; `done` settles when it ended (rejects with the error that ended it). */
export type Watcher = {
  /** Ends the watcher; `done` then resolves. */
  stop(): void
  /** Settles when the watcher ended: resolves after `stop()` or the signal, rejects with a chain source's error. */
  done: Promise<void>
}

/** Options shared by the watchers. */
export type WatchOptions = {
  /** Ends the watcher (its `done` resolves). */
  signal?: AbortSignal
  /** Milliseconds between looks (default 1000). */
  pollMs?: number
}

function watch(view: ChainView, what: string, look: () => Promise<void>, options: WatchOptions): Watcher {
  if (typeof view !== 'object' || view === null || typeof view.getHeight !== 'function')
    throw new KomodoCcError('ARG_INVALID', 'view expected a ChainView', { name: 'view' })
  const pollMs = checkMs(options.pollMs, 'pollMs', 1) ?? DEFAULT_WATCH_POLL_MS
  const outer = checkSignal(options.signal)
  const stopper = new AbortController()
  const onOuter = (): void => stopper.abort()
  if (outer?.aborted === true) stopper.abort()
  outer?.addEventListener('abort', onOuter, { once: true })
  const done = loop(
    view,
    what,
    async () => {
      await look()
      return false
    },
    { pollMs, signal: stopper.signal },
  ).then(
    () => undefined,
    (e: unknown) => {
      outer?.removeEventListener('abort', onOuter)
      // stopping is the normal end of a watcher
      if (e instanceof KomodoCcError && e.code === 'ABORTED' && stopper.signal.aborted) return
      throw e
    },
  )
  return { stop: () => stopper.abort(), done }
}

/** A new tip. */
export type BlockEvent = { height: number }

/**
 * Calls `onBlock` with each new tip height of `view` (first with the current one). Over Electrum a block is seen as
 * soon as the server announces it; other views are polled.
 * @throws KomodoCcError ARG_INVALID; the view's errors end the watcher (its `done` rejects)
 * @example const w = watchBlocks(view, (b) => console.log(b.height)); …; w.stop()
 */
export function watchBlocks(view: ChainView, onBlock: (e: BlockEvent) => void, options: WatchOptions = {}): Watcher {
  if (typeof onBlock !== 'function') throw new KomodoCcError('ARG_INVALID', 'onBlock expected a function')
  let last = -1
  return watch(
    view,
    'watching blocks',
    async () => {
      const h = await view.getHeight()
      if (h !== last) {
        last = h
        onBlock({ height: h })
      }
    },
    options,
  )
}

/** What an address has now: its confirmed unspent outputs and what the mempool does to it. */
export type AddressEvent = { address: string; height: number; unspent: ChainUtxo[]; mempool: AddressMempool }

/**
 * Calls `onChange` whenever what `address` holds changes on `view` (a new or spent output, confirmed or in the
 * mempool), and first with what it holds now.
 * @throws KomodoCcError ARG_INVALID; the view's errors end the watcher (its `done` rejects)
 * @example const w = watchAddress(view, myAddress, (e) => console.log(e.unspent.length)); …; w.stop()
 */
export function watchAddress(
  view: ChainView,
  address: string,
  onChange: (e: AddressEvent) => void,
  options: WatchOptions = {},
): Watcher {
  if (typeof address !== 'string' || address === '')
    throw new KomodoCcError('ARG_INVALID', 'address expected a string', { name: 'address' })
  if (typeof onChange !== 'function') throw new KomodoCcError('ARG_INVALID', 'onChange expected a function')
  let last: string | undefined
  return watch(
    view,
    `watching ${address}`,
    async () => {
      const [unspent, mempool, height] = await Promise.all([
        view.listUnspent(address),
        view.getAddressMempool(address),
        view.getHeight(),
      ])
      const key = [
        ...unspent.map((u) => `u${u.txid}:${u.vout}@${u.height}`).sort(),
        ...mempool.outputs.map((u) => `m${u.txid}:${u.vout}`).sort(),
        ...mempool.spends.map((s) => `s${s.txid}:${s.vout}`).sort(),
      ].join(',')
      if (key !== last) {
        last = key
        onChange({ address, height, unspent, mempool })
      }
    },
    options,
  )
}
