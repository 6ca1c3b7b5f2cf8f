// The oracle publisher's journal (issue 20): what it signed, by sequence number, written before each broadcast, so
// that a restart re-sends the same bytes and never signs a second transaction for a sample. The storage is pluggable:
// a file (Node, ./file-journal.ts), an in-memory string, a localStorage-like store in browsers.
import { KomodoCcError } from '../errors.js'

/** Where one journal entry stands. */
export type JournalState = 'signed' | 'sent' | 'confirmed'

/** One sample the publisher signed. */
export type JournalEntry = {
  /** The sample's sequence number: 0, 1, 2, … in publishing order. */
  seq: number
  /** SHA-256 of the record (hex): a second `publish` of this sequence number must carry the same record. */
  hash: string
  txid: string
  /** The signed transaction (dropped once confirmed). */
  hex?: string
  state: JournalState
}

/** The journal's content (its file is this object as JSON). */
export type JournalData = {
  version: 1
  oracletxid: string
  /** The publisher's pubkey (hex): a journal of another key is refused. */
  pubkey: string
  /** The next sequence number to sign. */
  next: number
  /** Every sequence number below this one is confirmed and was compacted away. */
  compacted: number
  /** The entries from `compacted` to `next - 1`, ascending. */
  entries: JournalEntry[]
}

/**
 * Where a journal lives. `read` returns the last text written (undefined when there is none); `write` replaces it
 * atomically (all or nothing: a crash mid-write leaves the previous text). `lock`/`unlock`, when given, make the
 * journal exclusive to one publisher (`lock` throws `JOURNAL_LOCKED` while another holds it).
 */
export type JournalStorage = {
  /** The last text written, or undefined when there is none (an empty string also counts as none). */
  read(): Promise<string | undefined> | string | undefined
  /** Replaces the whole text atomically: after a crash, `read` returns either the previous text or this one. */
  write(text: string): Promise<void> | void
  /**
   * Takes the journal for this publisher (called once, before the first `read`); throws `JOURNAL_LOCKED` while another
   * holds it.
   */
  lock?(): Promise<void> | void
  /** Releases what `lock` took (on `close()`, or when the publisher fails to start). */
  unlock?(): Promise<void> | void
  /** Names the storage in messages (a path, a key). */
  readonly name?: string
}

/**
 * A journal kept in memory (tests, short-lived publishers): survives a publisher's `close()` and a new publisher on
 * the same storage, not the process. Its lock refuses a second holder.
 * @example const journal = memoryJournalStorage(); await createOraclePublisher({ oracletxid, privateKey, view, journal })
 */
export function memoryJournalStorage(initial?: string): JournalStorage & { readonly text: string | undefined } {
  let text = initial
  let locked = false
  return {
    name: 'memory',
    get text() {
      return text
    },
    read: () => text,
    write: (t: string) => {
      text = t
    },
    lock: () => {
      if (locked) throw new KomodoCcError('JOURNAL_LOCKED', 'the in-memory journal is held by another publisher')
      locked = true
    },
    unlock: () => {
      locked = false
    },
  }
}

/** The part of the Web Storage API (`localStorage`, `sessionStorage`) a journal uses. */
export type WebStorageLike = {
  /** The value stored under `key`, or null. */
  getItem(key: string): string | null
  /** Stores `value` under `key`, replacing any previous value whole. */
  setItem(key: string, value: string): void
  /** Deletes `key` (used to release the lock item). */
  removeItem(key: string): void
}

/**
 * A journal in a Web Storage (`localStorage`) under `key`: `setItem` replaces the value whole, which is the atomic
 * write the journal needs. The lock is a `${key}.lock` item holding a random owner id and a time refreshed on every
 * write; a lock older than `staleMs` (default 60 s: a tab that closed without `close()`) is taken over.
 * @example const journal = webStorageJournal(localStorage, 'oracle-publisher:' + oracletxid)
 */
export function webStorageJournal(
  storage: WebStorageLike,
  key: string,
  options: { staleMs?: number; now?: () => number } = {},
): JournalStorage {
  if (typeof storage?.getItem !== 'function' || typeof storage.setItem !== 'function')
    throw new KomodoCcError('ARG_INVALID', 'webStorageJournal expected a Storage (getItem, setItem, removeItem)')
  if (typeof key !== 'string' || key === '') throw new KomodoCcError('ARG_INVALID', 'webStorageJournal expected a key')
  const staleMs = options.staleMs ?? 60_000
  const now = options.now ?? (() => Date.now())
  const lockKey = `${key}.lock`
  const owner = Array.from(globalThis.crypto.getRandomValues(new Uint8Array(8)), (b) =>
    b.toString(16).padStart(2, '0'),
  ).join('')
  const held = (): { owner: string; at: number } | undefined => {
    try {
      const v = JSON.parse(storage.getItem(lockKey) ?? 'null') as { owner?: unknown; at?: unknown } | null
      return typeof v?.owner === 'string' && typeof v.at === 'number' ? { owner: v.owner, at: v.at } : undefined
    } catch {
      return undefined
    }
  }
  const stamp = (): void => storage.setItem(lockKey, JSON.stringify({ owner, at: now() }))
  return {
    name: key,
    read: () => storage.getItem(key) ?? undefined,
    write: (t: string) => {
      storage.setItem(key, t)
      if (held()?.owner === owner) stamp()
    },
    lock: () => {
      const h = held()
      if (h !== undefined && h.owner !== owner && now() - h.at < staleMs)
        throw new KomodoCcError('JOURNAL_LOCKED', `the journal ${key} is held by another publisher (lock ${lockKey})`, {
          key,
        })
      stamp()
    },
    unlock: () => {
      if (held()?.owner === owner) storage.removeItem(lockKey)
    },
  }
}

const HEX64 = /^[0-9a-f]{64}$/

/**
 * Parses and checks a journal's text (strictly: a journal that does not read as one is refused, never guessed at).
 * @throws KomodoCcError JOURNAL_INVALID
 * @example parseJournal(text, oracletxid, pubkey).next
 */
export function parseJournal(text: string, oracletxid: string, pubkey: string, name = 'journal'): JournalData {
  const bad = (why: string): never => {
    throw new KomodoCcError('JOURNAL_INVALID', `${name}: ${why}`, { journal: name })
  }
  let d: JournalData
  try {
    d = JSON.parse(text) as JournalData
  } catch {
    return bad('is not JSON')
  }
  if (typeof d !== 'object' || d === null || d.version !== 1) return bad('is not a version 1 publisher journal')
  if (d.oracletxid !== oracletxid)
    bad(`belongs to oracle ${String(d.oracletxid)}, not ${oracletxid} (use another journal per oracle)`)
  if (d.pubkey !== pubkey) bad(`belongs to publisher ${String(d.pubkey)}, not ${pubkey}`)
  if (!Number.isSafeInteger(d.next) || !Number.isSafeInteger(d.compacted) || d.compacted < 0 || d.compacted > d.next)
    bad('has bad sequence counters')
  if (!Array.isArray(d.entries)) return bad('has no entries')
  let seq = d.compacted
  for (const e of d.entries) {
    if (typeof e !== 'object' || e === null || e.seq !== seq) bad(`entry for ${seq} is missing or out of order`)
    if (!HEX64.test(e.txid) || !HEX64.test(e.hash)) bad(`entry ${seq} has a bad txid or hash`)
    if (e.state !== 'signed' && e.state !== 'sent' && e.state !== 'confirmed') bad(`entry ${seq} has a bad state`)
    if (e.state !== 'confirmed' && typeof e.hex !== 'string') bad(`entry ${seq} is not confirmed and has no hex`)
    seq++
  }
  if (seq !== d.next) bad(`entries end at ${seq}, next is ${d.next}`)
  return d
}

/**
 * What {@link journalText} remembers of each entry's text: the state and hex it was written with, and the text of the
 * entries from `first` up to this one (valid while `first` is still the journal's first entry and none of them
 * changed since). @internal
 */
export type JournalTextMemo = WeakMap<
  JournalEntry,
  { state: JournalState; hex: string | undefined; text: string; first?: JournalEntry; upTo?: string }
>

/**
 * The journal's text, `JSON.stringify` of `{ version, oracletxid, pubkey, next, compacted, entries }` in that order,
 * each entry's JSON taken from `memo` while its state and hex are those it was written with, and the text of the
 * longest unchanged run of entries from the first taken whole: a publisher with many unconfirmed samples writes its
 * journal per sample without encoding or joining every entry again. The memo is the caller's.
 * @internal
 * @example await storage.write(journalText(journal, memo))
 */
export function journalText(d: JournalData, memo: JournalTextMemo): string {
  const first = d.entries[0]
  let body = ''
  // the unchanged run from the first entry: its text as joined when it was last written
  let i = 0
  for (; i < d.entries.length; i++) {
    const e = d.entries[i]!
    const m = memo.get(e)
    if (m === undefined || m.state !== e.state || m.hex !== e.hex || m.first !== first || m.upTo === undefined) break
    body = m.upTo
  }
  for (; i < d.entries.length; i++) {
    const e = d.entries[i]!
    const m = memo.get(e)
    const text = m !== undefined && m.state === e.state && m.hex === e.hex ? m.text : JSON.stringify(e)
    body = i === 0 ? text : `${body},${text}`
    memo.set(e, { state: e.state, hex: e.hex, text, first, upTo: body })
  }
  const head = JSON.stringify({
    version: d.version,
    oracletxid: d.oracletxid,
    pubkey: d.pubkey,
    next: d.next,
    compacted: d.compacted,
  })
  return `${head.slice(0, -1)},"entries":[${body}]}`
}

/**
 * Drops what a journal no longer needs: the hex of confirmed entries, and confirmed entries before the last
 * `keepConfirmed` ones, from the start only (an entry after an unconfirmed one stays): memory stays bounded however
 * long the publisher runs.
 * @example compactJournal(data, 64)
 */
export function compactJournal(d: JournalData, keepConfirmed: number): void {
  for (const e of d.entries) if (e.state === 'confirmed') delete e.hex
  let firstOpen = d.entries.findIndex((e) => e.state !== 'confirmed')
  if (firstOpen < 0) firstOpen = d.entries.length
  const drop = Math.max(0, firstOpen - keepConfirmed)
  if (drop > 0) {
    d.entries.splice(0, drop)
    d.compacted += drop
  }
}
