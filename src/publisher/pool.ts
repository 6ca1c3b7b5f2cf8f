// A pool of oracle publishers in one process (issue 34): many oracles over one chain source, one journal each, one
// transaction cache for all; members of one key share a lane (one queue, what they sent, the key's normal coins), so
// that their samples never spend the same coin. A member that fails — at start or later — fails alone.
import { KomodoCcError } from '../errors.js'
import { bytesToHex } from '../bytes/hex.js'
import { decodeWif } from '../address/address.js'
import { KMD } from '../address/chain.js'
import { hexToBytes } from '../bytes/hex.js'
import { keySigner } from '../tx/sign.js'
import type { ChainView } from '../cctx/types.js'
import { TxCache } from '../cctx/tx-cache.js'
import {
  createOraclePublisher,
  createPublisherLane,
  type OraclePublisher,
  type OraclePublisherOptions,
  type PublisherEvent,
  type PublisherLane,
  type PublisherStatus,
  type PublishOptions,
  type PublishResult,
  type SampleInput,
} from './publisher.js'

/**
 * A pool member's default `pollMs`: a minute (a lone publisher's is 10 s). Each reconcile is about ten requests to
 * the node; a hundred members at 10 s would be a hundred requests a second. The window in which another spender of
 * a member's key goes unseen is this long (docs/publisher.md).
 */
export const POOL_POLL_MS = 60_000

/**
 * One oracle of a pool: a publisher's options without the pool's own (the chain source, the cache, the signal);
 * `pollMs` defaults to 60000 (a minute; a lone publisher's is 10 s).
 */
export type PublisherPoolMember = Omit<OraclePublisherOptions, 'view' | 'txCache' | 'lane' | 'wallet' | 'signal'>

/** How to make a pool. */
export type PublisherPoolOptions = {
  /** The chain source every member reads and broadcasts through. */
  view: ChainView
  /** The oracles to start with (more with `add`). Each needs its own journal to survive a restart. */
  members?: readonly PublisherPoolMember[]
  /** The transactions verified by any member, kept for all (default: a `new TxCache()` of the pool's own). */
  txCache?: TxCache
  /** Closes every member. */
  signal?: AbortSignal
}

/** A member's event, with the oracle it is about. */
export type PoolEvent = PublisherEvent & { oracletxid: string }

/** The pool. */
export type PublisherPool = {
  /** The oracles of the started members, in the order they started. */
  readonly oracles: readonly string[]
  /** The members that failed to start (or to be added), by oracletxid, with their error. */
  readonly failures: ReadonlyMap<string, unknown>
  /** The member publishing to `oracletxid`, if started. */
  get(oracletxid: string): OraclePublisher | undefined
  /** Starts one more member (its failure is thrown, and kept in `failures`). */
  add(member: PublisherPoolMember): Promise<OraclePublisher>
  /** Closes one member (its journal flushed and released); the others go on. */
  remove(oracletxid: string): Promise<void>
  /** Publishes a sample to one oracle (`ARG_INVALID` when the pool has no started member for it). */
  publish(oracletxid: string, sample: SampleInput, options?: PublishOptions): Promise<PublishResult>
  /** Every started member's status, by oracletxid; a member whose status fails is left out and emits an error. */
  status(): Promise<Record<string, PublisherStatus>>
  /** Listens to one event type of every member ('*' for all); returns the function that stops listening. */
  on<T extends PublisherEvent['type'] | '*'>(
    type: T,
    listener: (
      e: (T extends '*' ? PublisherEvent : Extract<PublisherEvent, { type: T }>) & { oracletxid: string },
    ) => void,
  ): () => void
  /** Closes every member (each one's failure to close does not stop the others'; the first is thrown after). */
  close(): Promise<void>
}

/** The member's public key (hex), which names its lane. */
function memberPubkey(m: PublisherPoolMember): string {
  if (m.signer !== undefined) return bytesToHex(m.signer.publicKey)
  const k = m.privateKey
  if (k === undefined)
    throw new KomodoCcError('ARG_INVALID', 'a pool member needs privateKey, or signer and batonSigner', {
      name: 'privateKey',
    })
  const bytes =
    k instanceof Uint8Array
      ? k
      : /^[0-9a-fA-F]{64}$/.test(k)
        ? hexToBytes(k, 'privateKey')
        : decodeWif(k, m.chain ?? KMD).privateKey
  return bytesToHex(keySigner(bytes).publicKey)
}

/**
 * Starts a pool of oracle publishers over one chain source: every member's publisher starts at once (each takes its
 * own journal's lock, reconciles its journal with the chain, reads its state); a member that fails to start is kept
 * in `failures` and reported as an `error` event, and the others run. Members of one key share a lane: their samples
 * go out one at a time and follow one set of normal coins, so they never spend the same coin; members of different
 * keys run independently. In steady state each member's sample costs one round trip, its broadcast.
 * @throws KomodoCcError ARG_INVALID (no view, two members for one oracle, a member without a key)
 * @example
 * const pool = await createPublisherPool({ view, members: feeds.map((f) => ({ oracletxid: f.oracle, privateKey: wif,
 * journal: fileJournal(`${f.name}.json`) })) })
 * await pool.publish(feeds[0].oracle, [1700000000, 6500000n])
 * await pool.close()
 */
export async function createPublisherPool(options: PublisherPoolOptions): Promise<PublisherPool> {
  if (typeof options !== 'object' || options === null)
    throw new KomodoCcError('ARG_INVALID', 'createPublisherPool expected an options object')
  const view = options.view
  if (typeof view !== 'object' || view === null || typeof view.getTransaction !== 'function')
    throw new KomodoCcError('ARG_INVALID', 'createPublisherPool: options.view expected a ChainView', { name: 'view' })
  if (options.txCache !== undefined && !(options.txCache instanceof TxCache))
    throw new KomodoCcError('ARG_INVALID', 'createPublisherPool: options.txCache expected a TxCache', {
      name: 'txCache',
    })
  const txCache = options.txCache ?? new TxCache()
  const lanes = new Map<string, PublisherLane>()
  const members = new Map<string, OraclePublisher>()
  const starting = new Set<string>()
  const failures = new Map<string, unknown>()
  const listeners = new Map<string, Set<(e: PoolEvent) => void>>()
  let closed = false
  const emit = (e: PoolEvent): void => {
    for (const key of [e.type, '*'])
      for (const l of listeners.get(key) ?? []) {
        try {
          l(e)
        } catch {
          // a listener's failure is the listener's
        }
      }
  }

  const add = async (m: PublisherPoolMember): Promise<OraclePublisher> => {
    if (closed) throw new KomodoCcError('ABORTED', 'the pool is closed')
    if (typeof m !== 'object' || m === null)
      throw new KomodoCcError('ARG_INVALID', 'a pool member expected an options object', { name: 'member' })
    const id = String(m.oracletxid ?? '').toLowerCase()
    if (members.has(id) || starting.has(id))
      throw new KomodoCcError('ARG_INVALID', `the pool already has a member for oracle ${id}`, { name: 'oracletxid' })
    starting.add(id)
    try {
      const pubkey = memberPubkey(m)
      let lane = lanes.get(pubkey)
      if (lane === undefined) lanes.set(pubkey, (lane = createPublisherLane()))
      const pub = await createOraclePublisher({
        ...m,
        pollMs: m.pollMs ?? POOL_POLL_MS,
        view,
        txCache,
        lane,
        ...(options.signal !== undefined ? { signal: options.signal } : {}),
      })
      pub.on('*', (e) => emit({ ...e, oracletxid: pub.oracletxid }))
      members.set(pub.oracletxid, pub)
      failures.delete(id)
      return pub
    } catch (error) {
      failures.set(id, error)
      emit({ type: 'error', error, oracletxid: id })
      throw error
    } finally {
      starting.delete(id)
    }
  }

  const member = (oracletxid: string): OraclePublisher => {
    const p = members.get(String(oracletxid).toLowerCase())
    if (p === undefined)
      throw new KomodoCcError('ARG_INVALID', `the pool has no started member for oracle ${String(oracletxid)}`, {
        name: 'oracletxid',
      })
    return p
  }

  const initial = options.members ?? []
  if (!Array.isArray(initial))
    throw new KomodoCcError('ARG_INVALID', 'createPublisherPool: options.members expected an array', {
      name: 'members',
    })
  const seen = new Set<string>()
  for (const m of initial) {
    const id = String((m as { oracletxid?: unknown })?.oracletxid ?? '').toLowerCase()
    if (seen.has(id))
      throw new KomodoCcError('ARG_INVALID', `two pool members for oracle ${id}: one journal per oracle`, {
        name: 'members',
      })
    seen.add(id)
  }
  await Promise.allSettled(initial.map((m) => add(m)))

  const pool: PublisherPool = {
    get oracles() {
      return [...members.keys()]
    },
    failures,
    get: (oracletxid) => members.get(String(oracletxid).toLowerCase()),
    add,
    remove: async (oracletxid) => {
      const p = member(oracletxid)
      members.delete(p.oracletxid)
      await p.close()
    },
    publish: (oracletxid, sample, o) => {
      try {
        return member(oracletxid).publish(sample, o)
      } catch (e) {
        return Promise.reject(e)
      }
    },
    status: async () => {
      const out: Record<string, PublisherStatus> = {}
      await Promise.all(
        [...members.values()].map(async (p) => {
          try {
            out[p.oracletxid] = await p.status()
          } catch (error) {
            emit({ type: 'error', error, oracletxid: p.oracletxid })
          }
        }),
      )
      return out
    },
    on: (type, listener) => {
      let set = listeners.get(type)
      if (set === undefined) listeners.set(type, (set = new Set()))
      const l = listener as unknown as (e: PoolEvent) => void
      set.add(l)
      return () => void set.delete(l)
    },
    close: async () => {
      closed = true
      const all = [...members.values()]
      members.clear()
      const results = await Promise.allSettled(all.map((p) => p.close()))
      const failed = results.find((r) => r.status === 'rejected')
      if (failed !== undefined) throw (failed as PromiseRejectedResult).reason
    },
  }
  return Object.freeze(pool)
}
