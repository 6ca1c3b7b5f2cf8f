// The wallet's pending set kept in storage (a file with the publisher's `fileJournal`, or anything with read/write),
// so that a wallet restarted before the node shows what it sent still treats those transactions as in the mempool and
// never spends their inputs a second time. The wallet takes it as its `pendingStore` option.
import { KomodoCcError } from '../errors.js'
import { bytesToHex, hexToBytes } from '../bytes/hex.js'
import { parseTransaction, txid as txidOf } from '../tx/codec.js'
import type { BuildResult, BuiltInput } from '../cctx/complete.js'
import type { PendingSet, PendingTx } from './pending.js'

/**
 * Where the pending set is kept: the publisher's journal storage contract (`fileJournal(path)` for a file on Node,
 * `memoryJournalStorage()` in tests). `write` must replace the whole text atomically.
 */
export type PendingStorage = {
  /** The last text written, or undefined when there is none. */
  read(): Promise<string | undefined> | string | undefined
  /** Replaces the whole text atomically. */
  write(text: string): Promise<void> | void
  /** Takes the storage for this wallet (called once, before the first read); throws while another holds it. */
  lock?(): Promise<void> | void
  /** Releases what `lock` took. */
  unlock?(): Promise<void> | void
  /** Names the storage in messages (a path). */
  name?: string
}

const FORMAT = 'komodo-cc-pending/1'
const KINDS: ReadonlySet<string> = new Set(['p2pk', 'p2pkh', 'cc'])
const ROLES: ReadonlySet<string> = new Set(['caller', 'global', 'baton'])

type StoredInput = { txid: string; vout: number; satoshis: string; script: string; kind: string; role: string }
type StoredTx = { hex: string; uncertain: boolean; fee: string; signed: boolean; inputs: StoredInput[] }

/**
 * The pending set as text (JSON): each transaction's hex, whether its broadcast was uncertain, and its inputs' spent
 * outputs (what the wallet's mempool view needs). Amounts as decimal strings.
 * @example encodePendingSet(wallet.pending())
 */
export function encodePendingSet(list: readonly PendingTx[]): string {
  const txs: StoredTx[] = list.map((p) => ({
    hex: p.hex,
    uncertain: p.uncertain,
    fee: String(p.result.fee),
    signed: p.result.signed,
    inputs: p.result.inputs.map((i) => ({
      txid: i.txid,
      vout: i.vout,
      satoshis: String(i.satoshis),
      script: bytesToHex(i.script),
      kind: i.kind,
      role: i.role,
    })),
  }))
  return JSON.stringify({ format: FORMAT, txs })
}

const bad = (name: string, why: string): KomodoCcError =>
  new KomodoCcError('PENDING_STORE', `pending store ${name}: ${why}`, { store: name })

/**
 * Reads {@link encodePendingSet}'s text back: every transaction re-parsed and its txid recomputed from its bytes, so
 * that a stored record cannot claim outputs its transaction does not have.
 * @throws KomodoCcError PENDING_STORE (not this format, a malformed record, an input that the transaction does not spend)
 * @example decodePendingSet(text, 'pending.json').map((r) => r.result.txid)
 */
export function decodePendingSet(text: string, name = 'store'): { result: BuildResult; uncertain: boolean }[] {
  let doc: { format?: unknown; txs?: unknown }
  try {
    doc = JSON.parse(text) as typeof doc
  } catch {
    throw bad(name, 'not JSON')
  }
  if (typeof doc !== 'object' || doc === null || doc.format !== FORMAT || !Array.isArray(doc.txs))
    throw bad(name, `not a ${FORMAT} document`)
  return doc.txs.map((raw: unknown, n: number) => {
    const r = raw as Partial<StoredTx>
    if (typeof r !== 'object' || r === null || typeof r.hex !== 'string' || !Array.isArray(r.inputs))
      throw bad(name, `record ${n} is malformed`)
    let tx
    try {
      tx = parseTransaction(hexToBytes(r.hex))
    } catch {
      throw bad(name, `record ${n}'s transaction does not parse`)
    }
    if (r.inputs.length !== tx.vin.length) throw bad(name, `record ${n} lists ${r.inputs.length} inputs`)
    const inputs: BuiltInput[] = r.inputs.map((i: StoredInput, k: number) => {
      const vin = tx.vin[k]!
      if (
        typeof i !== 'object' ||
        i === null ||
        i.txid !== vin.txid ||
        i.vout !== vin.vout ||
        typeof i.script !== 'string' ||
        !/^\d+$/.test(String(i.satoshis)) ||
        !KINDS.has(i.kind) ||
        !ROLES.has(i.role)
      )
        throw bad(name, `record ${n} input ${k} does not match its transaction`)
      return {
        txid: i.txid,
        vout: i.vout,
        satoshis: BigInt(i.satoshis),
        script: hexToBytes(i.script),
        kind: i.kind as BuiltInput['kind'],
        role: i.role as BuiltInput['role'],
        sighash: '',
      }
    })
    if (!/^-?\d+$/.test(String(r.fee))) throw bad(name, `record ${n} has no fee`)
    const result: BuildResult = {
      hex: r.hex.toLowerCase(),
      txid: txidOf(tx),
      tx,
      signed: r.signed === true,
      fee: BigInt(String(r.fee)),
      inputs,
    }
    return { result, uncertain: r.uncertain === true }
  })
}

/** A wallet's pending set bound to its storage (what `createWallet` makes of its `pendingStore` option). @internal */
export type BoundPendingStore = {
  /** Loads the stored set into the wallet's (once; later calls wait for that first load). */
  load(): Promise<void>
  /** Writes the wallet's set as it is now. */
  save(): Promise<void>
}

/**
 * Binds `storage` to a wallet's pending set: `load` takes the storage's lock (when it has one) and adds every stored
 * transaction to the set; `save` writes the set.
 * @example const store = bindPendingStore(fileJournal('wallet-pending.json'), pending)
 */
export function bindPendingStore(storage: PendingStorage, pending: PendingSet): BoundPendingStore {
  if (
    typeof storage !== 'object' ||
    storage === null ||
    typeof storage.read !== 'function' ||
    typeof storage.write !== 'function'
  )
    throw new KomodoCcError('ARG_INVALID', 'pendingStore expected { read, write } (e.g. fileJournal(path))', {
      name: 'pendingStore',
    })
  const name = storage.name ?? 'pendingStore'
  let loaded: Promise<void> | undefined
  return {
    load: () =>
      (loaded ??= (async () => {
        await storage.lock?.()
        const text = await storage.read()
        if (text === undefined || text === '') return
        for (const { result, uncertain } of decodePendingSet(text, name)) pending.add(result, uncertain)
      })()),
    save: async () => {
      await storage.write(encodePendingSet(pending.list()))
    },
  }
}
