// The oracle publisher (issue 20): a stream of samples into one oracle, chained through the mempool (baton after
// baton, subscription change after change), each sample's transaction written to a journal before it is broadcast,
// so that a restart re-sends the same bytes and never signs a second transaction for a sample.
import { KomodoCcError } from '../errors.js'
import { bytesToHex, hexToBytes } from '../bytes/hex.js'
import { sha256 } from '../hash/index.js'
import { KMD, type ChainParams } from '../address/chain.js'
import { decodeWif } from '../address/address.js'
import { batonKey, batonPubkey } from '../cc/address.js'
import { keySigner, type Signer } from '../tx/sign.js'
import type { ChainUtxo, ChainView, Utxo } from '../cctx/types.js'
import { daemonMapOrder, normalCoins, outpointKey, StateReader } from '../cctx/resolve.js'
import type { BuildResult } from '../cctx/complete.js'
import { TxCache } from '../cctx/tx-cache.js'
import { p2pkhAddress } from '../address/address.js'
import { hash160 } from '../hash/index.js'
import { equalBytes } from '../bytes/utils.js'
import { p2pkScript, p2pkhScript } from '../script/script.js'
import { buildOraclesData } from '../modules/oracles/build.js'
import { encodeOracleData, type OracleValue } from '../oracle-data/format.js'
import { chunkOracleData } from '../oracle-data/chunk.js'
import { oracleRecordFit, oraclesDataScriptSize, type OracleRecordFit } from '../oracle-data/fit.js'
import { ASSET_CHAIN_POLICY, checkRelayPolicy, type RelayPolicy } from '../tx/policy.js'
import { oraclesResolvers } from '../modules/oracles/resolve.js'
import {
  oracleTxOf,
  oraclesBaton,
  oraclesDatafee,
  oraclesOpretOf,
  oraclesSubscriptions,
  settledInOrder,
} from '../modules/oracles/resolve-state.js'
import { chainAheadOfJournal, verifyJournal, type JournalOwner } from './verify.js'
import { PendingSet } from '../wallet/pending.js'
import { inspectBuild } from '../inspect-build.js'
import { checkBuilt, createWallet, type Wallet, type WalletResult } from '../wallet/wallet.js'
import { checkFee, DEFAULT_MAX_FEE } from '../rpc/flow.js'
import { encodeOraclesOpret } from '../modules/oracles/opret.js'
import type { Inspection } from '../inspect/index.js'
import {
  compactJournal,
  journalText,
  memoryJournalStorage,
  parseJournal,
  type JournalData,
  type JournalEntry,
  type JournalTextMemo,
} from './journal.js'
import type { JournalStorage, JournalState } from './journal.js'
import { samplesPaid } from './funds.js'

/** How to make a publisher: the oracle, a key (or a wallet) and a chain source. */
export type OraclePublisherOptions = {
  oracletxid: string
  /** The publisher's key (32 bytes, hex or WIF); or `signer` (+ `batonSigner`), or `wallet`. */
  privateKey?: Uint8Array | string
  signer?: Signer
  batonSigner?: Signer
  /** A key-local wallet of the publisher's key (its chain source must be `view`). */
  wallet?: Wallet
  /** The chain source (komodod JSON-RPC, Electrum, the devnet): reads, broadcasts, reconciliation. */
  view: ChainView
  chain?: ChainParams
  /** The oracle's format (default: read from its create transaction; a different one is refused). */
  format?: string
  /** Where the journal lives (default: in memory, which does not survive the process). */
  journal?: JournalStorage
  /** `low-funds` is emitted while fewer than this many samples remain paid (default 10). */
  lowFundsSamples?: number
  /** Confirmed entries kept in the journal (without their hex) before compaction drops them (default 64). */
  keepConfirmed?: number
  /** Milliseconds between checks of sent samples (confirmed? dropped from the mempool?); 0: none (default 10000). */
  pollMs?: number
  /**
   * Retries of a chain source that fails in passing (timeout, disconnect): delays double from `delayMs` (default 500)
   * to `maxDelayMs` (default 30000), at most `attempts` (default: unbounded) per step.
   */
  retry?: { attempts?: number; delayMs?: number; maxDelayMs?: number }
  /** Aborts every wait and closes the publisher. */
  signal?: AbortSignal
  /** The builder's fee (default 10000 sat) and the largest fee accepted (default 100000 sat). */
  fee?: bigint
  maxFee?: bigint
  /**
   * The relay policy of the node it publishes to (`relayPolicy('asset', { datacarriersize: 10001 })` for a node
   * started with `-datacarriersize=10001`). Default: the chain source's `relayPolicy` (the devnet's), else komodod's
   * for an asset chain: OP_RETURN scripts of at most 208 bytes, so records of at most 104 bytes. A record over it is
   * refused before it is signed (`TX_NONSTANDARD`, naming the node option that would admit it); `publishChunked`
   * splits to it; `fit` says at start whether the oracle's records can fit.
   */
  policy?: RelayPolicy
  /**
   * Transactions verified before (kept by txid, bounded in bytes; default: this publisher's own `new TxCache()`):
   * reconciling with the chain reads them from here, and the publisher keeps each sample it signs in it. A pool
   * gives its members one.
   */
  txCache?: TxCache
  /**
   * What publishers of one key in one process share (a pool makes one per key): one queue (their samples are built
   * and sent one at a time), what they sent, and the key's normal coins, which pay every sample's fee.
   * @internal
   */
  lane?: PublisherLane
}

/**
 * What publishers of one key share ({@link createPublisherLane}): one queue, the transactions they sent that the
 * node may not show yet, and the key's normal coins as followed locally (undefined: read them from the chain).
 * @internal
 */
export type PublisherLane = {
  readonly pending: PendingSet
  readonly coins: { list: Utxo[] | undefined }
  /** Runs `f` after everything queued before it (whatever it did). */
  serial<T>(f: () => Promise<T>): Promise<T>
  /** Resolves when the queue is empty of what was queued so far. */
  idle(): Promise<void>
}

/**
 * A lane for the publishers of one key in one process.
 * @internal
 * @example const lane = createPublisherLane(); await createOraclePublisher({ ...options, lane })
 */
export function createPublisherLane(): PublisherLane {
  let queue: Promise<unknown> = Promise.resolve()
  return {
    pending: new PendingSet(),
    coins: { list: undefined },
    serial: <T>(f: () => Promise<T>): Promise<T> => {
      const run = queue.then(f, f)
      queue = run.catch(() => undefined)
      return run
    },
    idle: () => queue.then(() => undefined),
  }
}

/** Whether the oracle's records fit the node's relay policy ({@link OraclePublisher.fit}). */
export type PublisherFit = OracleRecordFit & {
  /** The node's `-datacarriersize` the publisher checks against (0 when the node relays no OP_RETURN). */
  datacarriersize: number
  /** The same, in words: what fits and, when not everything does, the node option that would admit every record. */
  message: string
}

/** A sample to publish: values in the oracle's format, or a ready record. */
export type SampleInput = readonly OracleValue[] | { record: Uint8Array | string }

/** Options of one `publish`. */
export type PublishOptions = {
  /**
   * The sample's sequence number (default: the next one). A number already signed returns that sample (the same
   * record is required: `PUBLISH_CONFLICT` otherwise) without signing anything: replaying a stream after a restart
   * publishes each sample once. A number past the next one is refused (`ARG_INVALID`): samples go out in order.
   */
  seq?: number
  signal?: AbortSignal
}

/** What `publish` answers. */
export type PublishResult = {
  seq: number
  /** The sample's transaction (null for a sample compacted out of the journal long ago: it is confirmed). */
  txid: string | null
  state: JournalState
  /** True when this sequence number had been signed before (nothing new was signed). */
  duplicate: boolean
}

/** The publisher's view of its samples and funds (`status()`). */
export type PublisherStatus = {
  oracletxid: string
  pubkey: string
  format: string
  /** Samples signed (the next sequence number). */
  published: number
  /** Signed, not yet accepted by the node (a broadcast pending or failing). */
  unsent: number
  /** Accepted by the node, not yet in a block. */
  inMempool: number
  confirmed: number
  lastTxid: string | null
  /** The current datafee of this publisher (sat). */
  datafee: bigint
  /** Subscription funds spendable by samples (sat): confirmed and mempool outputs of this oracle on the CC address. */
  funds: bigint
  /** Samples those funds still pay for. */
  samplesPaid: number
  /** The publisher's normal coins (sat), which pay each sample's transaction fee. */
  normalFunds: bigint
}

/** Progress of a publisher. */
export type PublisherEvent =
  | { type: 'sent'; seq: number; txid: string }
  | { type: 'confirmed'; seq: number; txid: string }
  | { type: 'retry'; seq?: number; attempt: number; delayMs: number; reason: string; error?: unknown }
  | { type: 'low-funds'; samplesPaid: number; funds: bigint; datafee: bigint; normalFunds?: bigint }
  | { type: 'error'; error: unknown; seq?: number }

/** The publisher. */
export type OraclePublisher = {
  readonly oracletxid: string
  readonly pubkey: string
  readonly format: string
  /**
   * Whether the oracle's records can fit the node's relay policy, found at start from the oracle's format: `always`,
   * `sometimes` (records up to `limit` bytes) or `never` — with the `-datacarriersize` that admits every record.
   */
  readonly fit: PublisherFit
  /** Publishes one sample (queued: calls go out in call order, chained through the mempool). */
  publish(sample: SampleInput, options?: PublishOptions): Promise<PublishResult>
  /**
   * Publishes a payload as consecutive samples (format 'S' or 'D'; `chunkOracleData`), each record small enough for
   * the node's relay policy (at most 104 bytes under a default asset chain's 208; at most 8192).
   */
  publishChunked(payload: string | Uint8Array, options?: PublishOptions): Promise<PublishResult[]>
  /** Reads the chain (confirmations, funds) and answers the counts. */
  status(): Promise<PublisherStatus>
  /** Waits for queued samples, writes the journal, releases its lock, ends the event iterators. */
  close(): Promise<void>
  /** Listens to one event type ('*' for all); returns the function that stops listening. */
  on<T extends PublisherEvent['type'] | '*'>(
    type: T,
    listener: (e: T extends '*' ? PublisherEvent : Extract<PublisherEvent, { type: T }>) => void,
  ): () => void
  /** The events from now on, until `close()`. */
  [Symbol.asyncIterator](): AsyncIterator<PublisherEvent>
}

/**
 * How long a publisher without a poll (`pollMs: 0`) builds from its local state before reading the chain again (ms):
 * each sample's expiry height comes from the height last read, so the state must not age for ~200 blocks.
 */
const LOCAL_MAX_AGE_MS = 60_000

/** Shapes of samples (inputs' and outputs' scripts) a publisher remembers as checked in full (buildLocal). */
const SHAPES_KEPT = 64

/** A sample built and checked: what publishing it needs (the reading only when the full checks ran). */
type Built = Pick<WalletResult, 'txid' | 'hex' | 'fee' | 'build'> & { inspection?: Inspection }

/** Failures of a chain source that say nothing about the transaction: worth trying again. */
const TRANSIENT: ReadonlySet<string> = new Set(['RPC_HTTP', 'RPC_TIMEOUT', 'ELECTRUM_TRANSPORT'])
const isTransient = (e: unknown): boolean =>
  e instanceof KomodoCcError
    ? TRANSIENT.has(e.code)
    : typeof (e as { code?: unknown })?.code === 'string' && /^E[A-Z]+$/.test((e as { code: string }).code)

/** The private key's 32 bytes (the wallet checks it; this reads it for the baton key). */
function keyBytes(k: Uint8Array | string, chain: ChainParams | undefined): Uint8Array {
  if (k instanceof Uint8Array) return k
  if (/^[0-9a-fA-F]{64}$/.test(k)) return hexToBytes(k, 'privateKey')
  return decodeWif(k, chain ?? KMD).privateKey
}

const hashOf = (hex: string): string => bytesToHex(sha256(hexToBytes(hex)))

/**
 * Starts a publisher for one oracle: takes the journal's lock, reads the oracle's format, then reconciles the
 * journal with the chain and the mempool (samples signed but not seen are sent again, the same bytes; the chain's
 * current baton is read). Samples then go out through `publish`.
 * @throws KomodoCcError ARG_INVALID | JOURNAL_LOCKED | JOURNAL_INVALID | TX_NOT_FOUND | BUILD_STATE | PUBLISH_CONFLICT
 * @example
 * const pub = await createOraclePublisher({ oracletxid, privateKey: wif, view: createRpcView(rpc), journal: fileJournal('pub.json') })
 * await pub.publish([1700000000, 12, 34, 56789n])
 * await pub.close()
 */
export async function createOraclePublisher(options: OraclePublisherOptions): Promise<OraclePublisher> {
  if (typeof options !== 'object' || options === null)
    throw new KomodoCcError('ARG_INVALID', 'createOraclePublisher expected an options object')
  const base = options.view
  if (typeof base !== 'object' || base === null || typeof base.getTransaction !== 'function')
    throw new KomodoCcError('ARG_INVALID', 'createOraclePublisher: options.view expected a ChainView', { name: 'view' })
  const oracletxid = String(options.oracletxid ?? '').toLowerCase()
  if (!/^[0-9a-f]{64}$/.test(oracletxid))
    throw new KomodoCcError('ARG_INVALID', 'oracletxid expected 64 hex digits', { name: 'oracletxid' })
  const lowFunds = options.lowFundsSamples ?? 10
  const keepConfirmed = options.keepConfirmed ?? 64
  const pollMs = options.pollMs ?? 10_000
  const attempts = options.retry?.attempts ?? Infinity
  const delay0 = options.retry?.delayMs ?? 500
  const maxDelay = options.retry?.maxDelayMs ?? 30_000
  const chain = options.chain
  const signal = options.signal
  const policy = options.policy ?? base.relayPolicy ?? ASSET_CHAIN_POLICY
  if (typeof policy !== 'object' || policy === null || typeof policy.datacarriersize !== 'number')
    throw new KomodoCcError('ARG_INVALID', 'createOraclePublisher: options.policy expected a relay policy', {
      name: 'policy',
    })
  const datacarriersize = policy.datacarrier ? policy.datacarriersize : 0

  // the builder: the caller's wallet, or one made here over the chain source plus what this publisher sent
  const lane = options.lane ?? createPublisherLane()
  const pending = lane.pending
  if (options.txCache !== undefined && !(options.txCache instanceof TxCache))
    throw new KomodoCcError('ARG_INVALID', 'createOraclePublisher: options.txCache expected a TxCache', {
      name: 'txCache',
    })
  const txCache = options.txCache ?? new TxCache()
  let wallet: Wallet
  const own = options.wallet === undefined
  // the signers of the publisher's own builds (its chain of samples, built without asking the source)
  let signers: { signer: Signer; batonSigner: Signer } | undefined
  if (own) {
    const privateKey = options.privateKey
    wallet = createWallet({
      txCache,
      view: pending.view(base),
      ...(privateKey !== undefined ? { privateKey } : {}),
      ...(options.signer !== undefined ? { signer: options.signer } : {}),
      ...(options.batonSigner !== undefined ? { batonSigner: options.batonSigner } : {}),
      ...(chain !== undefined ? { chain } : {}),
      ...(options.fee !== undefined ? { fee: options.fee } : {}),
      ...(options.maxFee !== undefined ? { maxFee: options.maxFee } : {}),
      policy,
      methods: oraclesResolvers.filter((m) => m.method === 'oraclesdata'),
    })
    if (privateKey !== undefined) {
      const k = keyBytes(privateKey, chain)
      signers = { signer: keySigner(k), batonSigner: keySigner(batonKey(k)) }
    } else if (options.signer !== undefined && options.batonSigner !== undefined)
      signers = { signer: options.signer, batonSigner: options.batonSigner }
    // a source that must learn which scripts an address stands for (Electrum): the key and its baton key
    const keys: string[] = [wallet.pubkey]
    if (privateKey !== undefined) keys.push(bytesToHex(batonPubkey(keyBytes(privateKey, chain))))
    if (options.batonSigner !== undefined) keys.push(bytesToHex(options.batonSigner.publicKey))
    ;(base as { addPubkeys?: (k: readonly string[]) => void }).addPubkeys?.(keys)
  } else {
    wallet = options.wallet!
    if (typeof wallet !== 'object' || typeof wallet.call !== 'function')
      throw new KomodoCcError('ARG_INVALID', 'options.wallet expected a wallet (createWallet)', { name: 'wallet' })
    ;(base as { addPubkeys?: (k: readonly string[]) => void }).addPubkeys?.([wallet.pubkey])
  }
  const pubkey = wallet.pubkey
  const storage = options.journal ?? memoryJournalStorage()
  const journalName = storage.name ?? 'journal'

  // ---- events ----
  const listeners = new Map<string, Set<(e: PublisherEvent) => void>>()
  const iterators = new Set<{ push: (e: PublisherEvent | null) => void }>()
  const emit = (e: PublisherEvent): void => {
    for (const key of [e.type, '*'])
      for (const l of listeners.get(key) ?? []) {
        try {
          l(e)
        } catch {
          // a listener's failure is the listener's
        }
      }
    for (const it of iterators) it.push(e)
  }

  let closed = false
  const checkOpen = (s?: AbortSignal): void => {
    if (closed) throw new KomodoCcError('ABORTED', 'the publisher is closed')
    if (signal?.aborted === true || s?.aborted === true) throw new KomodoCcError('ABORTED', 'publishing was aborted')
  }
  const sleep = (ms: number, s?: AbortSignal): Promise<void> =>
    new Promise((resolve, reject) => {
      const t = setTimeout(done, ms)
      function done(): void {
        signal?.removeEventListener('abort', stop)
        s?.removeEventListener('abort', stop)
        resolve()
      }
      function stop(): void {
        clearTimeout(t)
        reject(new KomodoCcError('ABORTED', 'publishing was aborted'))
      }
      signal?.addEventListener('abort', stop, { once: true })
      s?.addEventListener('abort', stop, { once: true })
    })

  /**
   * `p`, or `ABORTED` as soon as the publisher's signal (or `s`) fires: a chain source that hangs (a request waiting
   * for its timeout) cannot hold a stop back; what `p` does later is ignored.
   */
  const abortable = <T>(p: Promise<T>, s?: AbortSignal): Promise<T> => {
    if (signal === undefined && s === undefined) return p
    return new Promise<T>((resolve, reject) => {
      const stop = (): void => {
        done()
        reject(new KomodoCcError('ABORTED', 'publishing was aborted'))
      }
      const done = (): void => {
        signal?.removeEventListener('abort', stop)
        s?.removeEventListener('abort', stop)
      }
      if (signal?.aborted === true || s?.aborted === true) return stop()
      signal?.addEventListener('abort', stop, { once: true })
      s?.addEventListener('abort', stop, { once: true })
      p.then(
        (v) => (done(), resolve(v)),
        (e: unknown) => (done(), reject(e)),
      )
    })
  }

  /** Runs `step`, retrying transient failures of the chain source with growing delays (a `retry` event each). */
  const retrying = async <T>(reason: string, step: () => Promise<T>, seq?: number, s?: AbortSignal): Promise<T> => {
    for (let attempt = 1; ; attempt++) {
      checkOpen(s)
      try {
        return await abortable(step(), s)
      } catch (e) {
        if (!isTransient(e) || attempt >= attempts || closed) throw e
        const delayMs = Math.min(maxDelay, delay0 * 2 ** Math.min(attempt - 1, 20))
        emit({ type: 'retry', ...(seq !== undefined ? { seq } : {}), attempt, delayMs, reason, error: e })
        await sleep(delayMs, s)
      }
    }
  }

  // ---- the oracle ----
  const reader0 = new StateReader(base, signal)
  const oracle = await retrying('read the oracle', () => oracleTxOf(reader0, oracletxid))
  const create = oracle === undefined ? null : oraclesOpretOf(oracle.tx)
  if (create === null || create.funcid !== 'C')
    throw new KomodoCcError(
      oracle === undefined ? 'TX_NOT_FOUND' : 'BUILD_STATE',
      `oracle ${oracletxid} ${oracle === undefined ? 'is unknown to the chain source' : 'is not an oraclescreate transaction'}`,
      { oracletxid },
    )
  const format = create.format
  if (options.format !== undefined && options.format !== format)
    throw new KomodoCcError('ARG_INVALID', `the oracle's format is ${format}, not ${options.format}`, {
      name: 'format',
    })
  // what of this format the node relays: an oraclesdata OP_RETURN carries 100 bytes besides the record
  const fitOf = oracleRecordFit(format, datacarriersize)
  const fit: PublisherFit = Object.freeze({
    ...fitOf,
    datacarriersize,
    message:
      fitOf.fits === 'always'
        ? `every record of format ${format} (at most ${fitOf.max} bytes) fits the node's -datacarriersize ${datacarriersize}`
        : `${fitOf.fits === 'never' ? 'no record' : `only records of at most ${fitOf.limit} bytes (of up to ${fitOf.max})`}` +
          ` of format ${format} fit the node's -datacarriersize ${datacarriersize}; a node started with ` +
          `-datacarriersize=${fitOf.datacarriersizeForAll} relays every record`,
  })

  // ---- the journal ----
  await storage.lock?.()
  let journal: JournalData
  try {
    const text = await storage.read()
    journal =
      text === undefined || text === ''
        ? { version: 1, oracletxid, pubkey, next: 0, compacted: 0, entries: [] }
        : parseJournal(text, oracletxid, pubkey, journalName)
  } catch (e) {
    await storage.unlock?.()
    throw e
  }
  // ---- the journal checked against the key and the chain before anything is sent ----
  const batonPk =
    options.batonSigner !== undefined
      ? options.batonSigner.publicKey
      : own && options.privateKey !== undefined
        ? batonPubkey(keyBytes(options.privateKey, chain))
        : undefined
  const owner: JournalOwner = {
    oracletxid,
    pubkey,
    name: journalName,
    ...(batonPk !== undefined ? { batonPubkey: batonPk } : {}),
  }
  const readTx = (t: string): Promise<string> => retrying('read a transaction', () => base.getTransaction(t))
  try {
    await verifyJournal(journal, owner, readTx)
    if (batonPk !== undefined && (journal.next > 0 || journal.entries.length > 0)) {
      // the chain's latest sample of this publisher (its current baton, the mempool walked) must be the journal's
      const baton = await retrying('read the baton', () =>
        oraclesBaton(new StateReader(base, signal), oracletxid, pubkey, batonPk, chain ? { chain } : {}),
      )
      if (baton !== undefined) {
        const { passed, met } = await chainAheadOfJournal(journal, owner, baton.txid, readTx)
        if (passed > 0)
          throw new KomodoCcError(
            'JOURNAL_INVALID',
            `${journalName} is older than the chain: the chain holds ${passed} sample(s) of this publisher ` +
              `after ${met ? "the journal's last one it knows" : 'any the journal names'} (latest ` +
              `${baton.txid}); the journal was restored from an older copy or belongs to another history. Nothing was sent; start from the newest journal`,
            { journal: journalName, latest: baton.txid, ahead: passed, next: journal.next },
          )
      }
    }
  } catch (e) {
    await storage.unlock?.()
    throw e
  }

  let dirty = false
  const textMemo: JournalTextMemo = new WeakMap()
  const persist = async (): Promise<void> => {
    compactJournal(journal, keepConfirmed)
    await storage.write(journalText(journal, textMemo))
    dirty = false
  }
  const entryOf = (seq: number): JournalEntry | undefined => journal.entries[seq - journal.compacted]

  // ---- the local chain of samples (issue 34) ----
  /**
   * The state of the next sample as `resolveOraclesData` would read it, followed locally from the last read through
   * each sample this publisher signs: its baton (vout 1), its subscription change (on the publisher's CC address) and
   * its normal outputs (the datafee and the change, P2PK of the key) are known without asking. Read again every
   * `pollMs`, after a refusal, and at start.
   */
  type LocalState = {
    datafee: bigint
    baton?: ChainUtxo
    /** Subscription outputs in the resolver's order: the confirmed ones (address-index order), then the mempool's. */
    confirmedSubs: ChainUtxo[]
    mempoolSubs: ChainUtxo[]
    height: number
  }
  let local: LocalState | undefined
  /** When `local` was read (ms): without a poll (`pollMs: 0`) it is read again once older than LOCAL_MAX_AGE_MS. */
  let localAt = 0

  // ---- funds, followed locally between reads ----
  let datafee = 0n
  let subs: { key: string; value: bigint }[] = []
  let normalFunds = 0n
  /**
   * Reads the chain (through what this publisher sent and the node may not show yet): the funds, and, for a publisher
   * with its own signers, the whole state of its next sample — what `resolveOraclesData` reads (datafee, baton,
   * subscriptions with the mempool's, normal coins, height) — from which its chain of samples then goes on locally.
   */
  const readFunds = async (): Promise<void> => {
    const reader = new StateReader(own ? pending.view(base) : base, signal, txCache)
    const opts = chain ? { chain } : {}
    const baton =
      signers === undefined || batonPk === undefined
        ? undefined
        : Promise.all([oraclesBaton(reader, oracletxid, pubkey, batonPk, opts), reader.height()])
    baton?.catch(() => undefined) // its failure only means no local state: the next sample resolves in full
    const [fee, list, coins] = await settledInOrder([
      oraclesDatafee(reader, oracletxid, pubkey, opts),
      oraclesSubscriptions(reader, oracletxid, pubkey, { mempool: true, ...opts }),
      normalCoins(reader, hexToBytes(pubkey), opts),
    ] as const)
    datafee = fee
    subs = list.map((u) => ({ key: `${u.txid}:${u.vout}`, value: u.satoshis }))
    normalFunds = coins.reduce((s, u) => s + u.satoshis, 0n)
    // normal coins in `normalCoins`' order (txid, then vout), shared by the lane's publishers of this key
    lane.coins.list = [...coins]
    local = undefined
    if (baton === undefined) return
    const got = await baton.catch(() => undefined)
    if (got === undefined) return
    const [b, height] = got
    localAt = Date.now()
    local = {
      datafee: fee,
      ...(b === undefined ? {} : { baton: b }),
      confirmedSubs: list.filter((u) => u.height !== 0),
      mempoolSubs: list.filter((u) => u.height === 0),
      height,
    }
  }

  const mine = [p2pkScript(hexToBytes(pubkey)), p2pkhScript(hash160(hexToBytes(pubkey)))]
  const address = p2pkhAddress(hexToBytes(pubkey), chain)

  /**
   * The shapes of samples the wallet's full checks passed (`checkBuilt`: the inspector's reading — the method, change
   * only to this key — the fee bound, the relay policy), kept on this publisher (at most SHAPES_KEPT).
   */
  const passed = new Set<string>()

  /**
   * What the inspector's verdict on one of this publisher's samples depends on, or undefined when the sample is not
   * of the form this publisher builds: the scripts its inputs spend (from the local state it built from), the scripts
   * its outputs pay but the opret, and the opret — which must be, byte for byte, the `oraclesdata` opret of this
   * oracle, this key, the baton it spends and the record asked (its only per-sample fields). Two samples of one shape
   * read the same (the oracles reading assigns its roles by position and script kind, never by value).
   */
  const shapeOf = (
    b: BuildResult,
    recordHex: string,
    baton: ChainUtxo | undefined,
    spent: ReadonlyMap<string, Uint8Array>,
  ): string | undefined => {
    const vout = b.tx.vout
    const opret = vout.at(-1)
    if (opret === undefined) return undefined
    const want = encodeOraclesOpret({
      funcid: 'D',
      oracletxid,
      batontxid: baton?.txid ?? '0'.repeat(64),
      pubkey,
      data: recordHex,
    })
    if (opret.value !== 0n || !equalBytes(opret.script, want)) return undefined
    const parts: string[] = []
    for (const i of b.tx.vin) {
      const script = spent.get(outpointKey(i.txid, i.vout))
      if (script === undefined) return undefined
      parts.push(bytesToHex(script))
    }
    parts.push('|')
    for (let n = 0; n < vout.length - 1; n++) parts.push(bytesToHex(vout[n]!.script))
    return parts.join(' ')
  }

  /** Builds and signs sample `recordHex` from the local state (no round trip), with the wallet's checks. */
  const buildLocal = (recordHex: string, l: LocalState, coins: Utxo[]): Built => {
    const subscriptions = [...l.confirmedSubs, ...l.mempoolSubs]
    const build = buildOraclesData(
      { oracletxid, hexstr: recordHex },
      {
        pubkey,
        utxos: coins,
        height: l.height,
        signer: signers!.signer,
        batonSigner: signers!.batonSigner,
        ...(chain !== undefined ? { chain } : {}),
        ...(options.fee !== undefined ? { fee: options.fee } : {}),
      },
      {
        oracle: oracle!.hex,
        datafee: l.datafee,
        ...(l.baton === undefined ? {} : { baton: l.baton }),
        subscriptions,
        batonPubkey: batonPk!,
      },
    )
    const maxFee = options.maxFee ?? DEFAULT_MAX_FEE
    // the scripts of what this sample may spend: the local state's own outputs
    const spent = new Map<string, Uint8Array>()
    for (const u of [...coins, ...subscriptions, ...(l.baton === undefined ? [] : [l.baton])])
      spent.set(outpointKey(u.txid, u.vout), u.script)
    const shape = shapeOf(build, recordHex, l.baton, spent)
    if (shape !== undefined && passed.has(shape)) {
      // a shape read before: what depends on this sample alone is checked (src/wallet/wallet.ts checkBuilt)
      checkFee(build.fee, maxFee)
      checkRelayPolicy(build.tx, policy, { what: "oraclesdata's transaction" })
      return { txid: build.txid, hex: build.hex, fee: build.fee, build }
    }
    const inspection = checkBuilt(build, {
      method: 'oraclesdata',
      chain: chain ?? KMD,
      changeAddress: address,
      maxFee,
      policy,
      inspect: inspectBuild,
    })
    if (shape !== undefined) {
      if (passed.size >= SHAPES_KEPT) passed.clear()
      passed.add(shape)
    }
    return { txid: build.txid, hex: build.hex, fee: build.fee, inspection, build }
  }

  /** Follows sample `b` in the local state: its inputs spent, its baton, subscription change and normal outputs. */
  const advance = (b: BuildResult): void => {
    const l = local
    if (l === undefined) {
      lane.coins.list = undefined // built by the wallet: the coins are read again with the next state
      return
    }
    const spent = new Set(b.tx.vin.map((i) => outpointKey(i.txid, i.vout)))
    const left = <T extends Utxo>(u: T): boolean => !spent.has(outpointKey(u.txid, u.vout))
    const coins = lane.coins.list?.filter(left)
    l.confirmedSubs = l.confirmedSubs.filter(left)
    l.mempoolSubs = l.mempoolSubs.filter(left)
    b.tx.vout.forEach((o, vout) => {
      const u = { txid: b.txid, vout, satoshis: o.value, script: o.script, height: 0 }
      if (vout === 1) l.baton = u
      else if (mine.some((m) => equalBytes(m, o.script))) coins?.push(u)
      // vout 0 is the subscription change on the publisher's CC address (buildOraclesData), spent again at ≥ 10000
      else if (vout === 0 && o.value >= 10000n) l.mempoolSubs.push(u)
    })
    lane.coins.list = coins?.sort(daemonMapOrder)
    l.mempoolSubs.sort(daemonMapOrder)
  }
  const fundsNow = (): { funds: bigint; paid: number } => ({
    funds: subs.reduce((s, u) => s + u.value, 0n),
    paid: samplesPaid(
      subs.map((u) => u.value),
      datafee,
    ),
  })
  /** Follows one sample's effect on the funds: its inputs spent, its change and datafee output added. */
  const followFunds = (r: Built): void => {
    const spent = new Set(r.build.tx.vin.map((i) => `${i.txid}:${i.vout}`))
    subs = subs.filter((u) => !spent.has(u.key))
    const change = r.build.tx.vout[0]!.value
    if (change >= 10000n) subs.push({ key: `${r.txid}:0`, value: change })
    datafee = r.build.tx.vout[2]!.value
    normalFunds += datafee - r.fee
  }
  const warnLow = (): void => {
    const { funds, paid } = fundsNow()
    if (paid < lowFunds) emit({ type: 'low-funds', samplesPaid: paid, funds, datafee, normalFunds })
  }

  // ---- sending ----
  /** True when the node knows the transaction (mempool or block); transient failures are thrown. */
  const known = (txid: string): Promise<boolean> =>
    base.getTransaction(txid).then(
      () => true,
      (x: unknown) => {
        if (isTransient(x)) throw x
        return false
      },
    )

  /**
   * Sends a journaled transaction (again): accepted, or already known to the node. A refusal first re-sends the
   * earlier samples the node lost (a restarted node, a mempool that dropped them: this one spends their outputs),
   * then tries once more; refused again, it is `PUBLISH_CONFLICT` and stays in the journal, never re-signed.
   */
  const send = async (e: JournalEntry, s?: AbortSignal): Promise<void> => {
    let recovered = false
    await retrying(
      'broadcast',
      async () => {
        for (;;) {
          try {
            await base.broadcast(e.hex!)
            return
          } catch (err) {
            if (isTransient(err)) throw err
            // refused: already in a block? (komodod: "transaction already in block chain")
            if (await known(e.txid)) return
            if (!recovered) {
              recovered = true
              if (await resendLost(e.seq)) continue
            }
            // the node disagrees with what this publisher knows: the next sample reads the chain
            local = undefined
            lane.coins.list = undefined
            pending.delete(e.txid)
            const why = err instanceof Error ? err.message : String(err)
            throw new KomodoCcError(
              'PUBLISH_CONFLICT',
              `sample ${e.seq} (${e.txid}) was signed, and the node refuses it (${why}); it stays in the ` +
                `journal ${journalName} and no other transaction will be signed for it`,
              { seq: e.seq, txid: e.txid },
              { cause: err },
            )
          }
        }
      },
      e.seq,
      s,
    )
    if (e.state === 'signed') {
      e.state = 'sent'
      dirty = true
      emit({ type: 'sent', seq: e.seq, txid: e.txid })
    }
  }

  /** Re-sends, in order, the samples before `seq` that the node no longer has; true when there was one. */
  const resendLost = async (seq: number): Promise<boolean> => {
    const open = journal.entries.filter((x) => x.seq < seq && x.state !== 'confirmed')
    if (open.length === 0) return false
    const mempool = new Set(await base.getMempool())
    let any = false
    for (const x of open) {
      if (mempool.has(x.txid) || (await known(x.txid))) continue
      emit({ type: 'retry', seq: x.seq, attempt: 1, delayMs: 0, reason: 'dropped' })
      await base.broadcast(x.hex!)
      any = true
    }
    return any
  }

  /** Checks every sent sample: confirmed, still in the mempool, or dropped (then sent again, the same bytes). */
  const refresh = async (): Promise<void> => {
    const open = journal.entries.filter((e) => e.state !== 'confirmed')
    if (open.length === 0) return
    const mempool = new Set(await retrying('read the mempool', () => base.getMempool()))
    // the samples the mempool does not list: usually all confirmed, asked in one batch where the source batches
    const gone = open.filter((e) => !mempool.has(e.txid)).map((e) => e.txid)
    const allKnown =
      gone.length > 1 && typeof base.getTransactions === 'function'
        ? await retrying('read the samples', () =>
            base.getTransactions!(gone).then(
              (hexes) => Array.isArray(hexes) && hexes.length === gone.length,
              (x: unknown) => {
                if (isTransient(x)) throw x
                return false // one of them is unknown: asked one by one below
              },
            ),
          )
        : false
    for (const e of open) {
      if (mempool.has(e.txid)) {
        if (e.state === 'signed') {
          e.state = 'sent'
          dirty = true
          emit({ type: 'sent', seq: e.seq, txid: e.txid })
        }
        continue
      }
      if (allKnown || (await retrying('read a sample', () => known(e.txid)))) {
        if (e.state === 'signed') emit({ type: 'sent', seq: e.seq, txid: e.txid })
        e.state = 'confirmed'
        dirty = true
        emit({ type: 'confirmed', seq: e.seq, txid: e.txid })
        pending.delete(e.txid)
        continue
      }
      if (e.state === 'sent') emit({ type: 'retry', seq: e.seq, attempt: 1, delayMs: 0, reason: 'dropped' })
      await send(e)
    }
    if (dirty) await persist()
  }

  // ---- one at a time ----
  const serial = lane.serial

  /** Waits (wallet given) until the node shows sample `e`, so the wallet's next build chains on it. */
  const visible = async (e: JournalEntry, s?: AbortSignal): Promise<void> => {
    for (let i = 0; i < 50; i++) {
      const m = await retrying('read the mempool', () => base.getMempool(), e.seq, s)
      if (m.includes(e.txid)) return
      const known = await base.getTransaction(e.txid).then(
        () => true,
        () => false,
      )
      if (known) return
      await sleep(100, s)
    }
  }

  const fundsError = async (cause: KomodoCcError, seq: number): Promise<KomodoCcError> => {
    try {
      await readFunds()
    } catch {
      // the numbers known locally
    }
    const { funds, paid } = fundsNow()
    const daemon = typeof cause.details.daemonError === 'string' ? cause.details.daemonError : cause.message
    const normal = /normal inputs/.test(daemon)
    const message = normal
      ? `cannot publish sample ${seq} to oracle ${oracletxid}: the publisher's normal coins total ` +
        `${normalFunds} sat, and a sample needs ${2n * 10000n} sat of inputs for its fee (${daemon})`
      : `cannot publish sample ${seq} to oracle ${oracletxid}: the subscriptions hold ${funds} sat in ` +
        `${subs.length} output(s), the datafee is ${datafee} sat, they pay for ${paid} sample(s) (${daemon}); a new oraclessubscribe lets publishing resume`
    return new KomodoCcError(
      'INSUFFICIENT_FUNDS',
      message,
      {
        ...cause.details,
        seq,
        funds: String(funds),
        datafee: String(datafee),
        samplesPaid: paid,
        normalFunds: String(normalFunds),
      },
      { cause },
    )
  }

  /** Refuses, before anything is signed, a record whose oraclesdata transaction the node would not relay. */
  const checkFits = (recordHex: string): void => {
    const size = recordHex.length >> 1
    const script = oraclesDataScriptSize(size)
    if (script <= datacarriersize) return
    throw new KomodoCcError(
      'TX_NONSTANDARD',
      `a record of ${size} bytes makes an oraclesdata OP_RETURN of ${script} bytes, over the node's ` +
        `-datacarriersize ${datacarriersize} (komodod: 64: scriptpubkey); records of at most ${fit.limit} ` +
        `bytes fit, a node started with -datacarriersize=${script} relays this one (publishChunked splits to the policy)`,
      {
        reason: 'scriptpubkey',
        size: script,
        limit: datacarriersize,
        record: size,
        option: `-datacarriersize=${script}`,
      },
    )
  }

  /** The caller's wallet (or one without its own signers) resolves and builds the sample in full. */
  const buildByWallet = (recordHex: string, seq: number, s?: AbortSignal): Promise<Built> =>
    retrying(
      'build',
      () =>
        wallet.call(
          'oraclesdata',
          { oracletxid, hexstr: recordHex },
          { broadcast: false, resolve: { mempool: true }, ...(s !== undefined ? { signal: s } : {}) },
        ),
      seq,
      s,
    )

  /**
   * The publisher's own build: from the local state, asking nothing (read from the chain first when there is none);
   * a build the local state cannot make (funds spent, a subscription since) reads the chain and tries once more.
   */
  const buildOwn = async (recordHex: string, seq: number, s?: AbortSignal): Promise<Built> => {
    // a state never reconciled for long (no poll) is read again: its height sets each sample's expiry
    if (pollMs === 0 && Date.now() - localAt > LOCAL_MAX_AGE_MS) local = undefined
    if (local !== undefined && lane.coins.list !== undefined)
      try {
        return buildLocal(recordHex, local, lane.coins.list)
      } catch (e) {
        if (!(e instanceof KomodoCcError) || e.code === 'TX_NONSTANDARD' || e.code === 'ORACLE_TX_TOO_BIG') throw e
      }
    await retrying('read the chain', readFunds, seq, s)
    if (local === undefined || lane.coins.list === undefined) return buildByWallet(recordHex, seq, s)
    return buildLocal(recordHex, local, lane.coins.list)
  }

  const publishRecord = async (recordHex: string, o: PublishOptions): Promise<PublishResult> => {
    checkOpen(o.signal)
    const hash = hashOf(recordHex)
    const seq = o.seq ?? journal.next
    if (!Number.isSafeInteger(seq) || seq < 0)
      throw new KomodoCcError('ARG_INVALID', `seq expected a whole number ≥ 0, got ${String(seq)}`, { name: 'seq' })
    if (seq < journal.compacted) return { seq, txid: null, state: 'confirmed', duplicate: true }
    if (seq < journal.next) {
      const e = entryOf(seq)!
      if (e.hash !== hash)
        throw new KomodoCcError(
          'PUBLISH_CONFLICT',
          `sample ${seq} was signed with another record (sha256 ${e.hash}, txid ${e.txid}); this one is ${hash}`,
          { seq, txid: e.txid },
        )
      if (e.state === 'signed') await send(e, o.signal)
      return { seq, txid: e.txid, state: e.state, duplicate: true }
    }
    if (seq > journal.next)
      throw new KomodoCcError(
        'ARG_INVALID',
        `seq ${seq} is past the next sample ${journal.next}: samples are published in order`,
        { name: 'seq' },
      )
    checkFits(recordHex)
    // every earlier sample must be with the node first: this one spends its baton
    for (const e of journal.entries) if (e.state === 'signed') await send(e, o.signal)
    const prev = entryOf(seq - 1)
    if (!own && prev !== undefined && prev.state === 'sent') await visible(prev, o.signal)
    if (pending.list().length > (signers === undefined ? 32 : 256)) {
      // the samples confirmed since are forgotten in one batch first (refresh), so that the reconcile does not
      // ask for them one by one
      await refresh()
      await retrying('read the mempool', () => pending.reconcile(base), seq, o.signal)
    }
    let r: Built
    try {
      r =
        signers !== undefined ? await buildOwn(recordHex, seq, o.signal) : await buildByWallet(recordHex, seq, o.signal)
    } catch (e) {
      if (e instanceof KomodoCcError && e.code === 'INSUFFICIENT_FUNDS') {
        const err = await fundsError(e, seq)
        emit({ type: 'error', error: err, seq })
        throw err
      }
      throw e
    }
    // the journal first: once written, this sequence number has its one transaction
    const entry: JournalEntry = { seq, hash, txid: r.txid, hex: r.hex, state: 'signed' }
    journal.entries.push(entry)
    journal.next = seq + 1
    try {
      await persist()
    } catch (e) {
      journal.entries.pop()
      journal.next = seq
      throw e
    }
    txCache.keepVerified(r.txid, r.hex) // its own bytes: a reconcile reads its baton from here
    // the local state goes on from this sample now: it is the next one's parent whether this send succeeds or the
    // sample waits in the journal (sent again before any later one); a refusal drops the local state (send)
    advance(r.build)
    // and the lane's reads see it (another publisher of the key reading the chain before this one is sent)
    if (own) pending.add(r.build, false)
    await send(entry, o.signal)
    followFunds(r)
    warnLow()
    return { seq, txid: r.txid, state: entry.state, duplicate: false }
  }

  // ---- start: reconcile the journal with the chain and the mempool ----
  let timer: ReturnType<typeof setInterval> | undefined
  const stopAll = (): void => {
    closed = true
    if (timer !== undefined) clearInterval(timer)
  }
  try {
    await refresh()
    if (dirty) await persist()
    await retrying('read the funds', readFunds)
  } catch (e) {
    await storage.unlock?.()
    throw e
  }
  if (pollMs > 0) {
    timer = setInterval(() => {
      if (closed) return
      void serial(async () => {
        await refresh()
        await retrying('read the chain', readFunds)
      }).catch((error: unknown) => emit({ type: 'error', error }))
    }, pollMs)
    ;(timer as { unref?: () => void }).unref?.()
  }
  const onAbort = (): void => void publisher.close()
  signal?.addEventListener('abort', onAbort, { once: true })

  const recordOf = (sample: SampleInput): string => {
    if (Array.isArray(sample)) return bytesToHex(encodeOracleData(format, sample as OracleValue[]))
    const rec = (sample as { record?: unknown })?.record
    if (rec instanceof Uint8Array) return bytesToHex(rec)
    if (typeof rec === 'string' && /^([0-9a-fA-F]{2})+$/.test(rec)) return rec.toLowerCase()
    throw new KomodoCcError('ARG_INVALID', 'a sample is an array of values or { record: bytes | hex }', {
      name: 'sample',
    })
  }

  /** `close()`'s work, once: every caller (the abort signal, the owner) waits for the same flush. */
  let closing: Promise<void> | undefined
  const closeOnce = async (): Promise<void> => {
    stopAll()
    signal?.removeEventListener('abort', onAbort)
    await lane.idle()
    try {
      await persist()
    } finally {
      await storage.unlock?.()
      for (const it of iterators) it.push(null)
      iterators.clear()
    }
  }

  const publisher: OraclePublisher = {
    oracletxid,
    pubkey,
    format,
    fit,
    publish: (sample, o = {}) => {
      let hex: string
      try {
        checkOpen(o.signal)
        hex = recordOf(sample)
      } catch (e) {
        return Promise.reject(e)
      }
      return serial(() => publishRecord(hex, o))
    },
    publishChunked: (payload, o = {}) => {
      if (format !== 'S' && format !== 'D')
        return Promise.reject(
          new KomodoCcError(
            'ORACLE_FORMAT',
            `publishChunked needs an oracle of format 'S' or 'D', this one is ${format}`,
          ),
        )
      let records: string[]
      try {
        checkOpen(o.signal)
        records = chunkOracleData(format, payload, { datacarriersize }).map((r) => bytesToHex(r))
      } catch (e) {
        return Promise.reject(e)
      }
      return serial(async () => {
        const out: PublishResult[] = []
        for (const [i, hex] of records.entries())
          out.push(await publishRecord(hex, { ...o, ...(o.seq !== undefined ? { seq: o.seq + i } : {}) }))
        return out
      })
    },
    status: () =>
      serial(async () => {
        checkOpen()
        await refresh()
        await retrying('read the funds', readFunds)
        const { funds, paid } = fundsNow()
        const count = (s: JournalState): number => journal.entries.filter((e) => e.state === s).length
        return {
          oracletxid,
          pubkey,
          format,
          published: journal.next,
          unsent: count('signed'),
          inMempool: count('sent'),
          confirmed: journal.compacted + count('confirmed'),
          lastTxid: journal.entries.at(-1)?.txid ?? null,
          datafee,
          funds,
          samplesPaid: paid,
          normalFunds,
        }
      }),
    close: () => (closing ??= closeOnce()),
    on: (type, listener) => {
      let set = listeners.get(type)
      if (set === undefined) listeners.set(type, (set = new Set()))
      const l = listener as (e: PublisherEvent) => void
      set.add(l)
      return () => void set.delete(l)
    },
    [Symbol.asyncIterator]: () => {
      const buffered: (PublisherEvent | null)[] = []
      let wake: ((v: IteratorResult<PublisherEvent>) => void) | undefined
      const it = {
        push: (e: PublisherEvent | null): void => {
          if (wake !== undefined) {
            const w = wake
            wake = undefined
            w(e === null ? { done: true, value: undefined } : { done: false, value: e })
          } else buffered.push(e)
        },
      }
      if (!closed) iterators.add(it)
      else buffered.push(null)
      return {
        next: (): Promise<IteratorResult<PublisherEvent>> => {
          if (buffered.length > 0) {
            const e = buffered.shift()!
            return Promise.resolve(e === null ? { done: true, value: undefined } : { done: false, value: e })
          }
          return new Promise((resolve) => (wake = resolve))
        },
        return: (): Promise<IteratorResult<PublisherEvent>> => {
          iterators.delete(it)
          return Promise.resolve({ done: true, value: undefined })
        },
      }
    },
  }
  return Object.freeze(publisher)
}
