// A verified-transaction cache (issue 34): transactions by txid, bounded in bytes, held by the object that owns it
// (a wallet, a publisher, a caller's StateReader). Sound because a txid commits to the bytes: only bytes whose hash
// was checked against the txid are ever put in, so an answer from the cache is the answer any honest source gives.
import { KomodoCcError } from '../errors.js'
import { hexToBytes } from '../bytes/hex.js'
import { txidOfBytes } from '../tx/codec.js'

/** Default bound of a {@link TxCache}: 4 MiB of transaction hex (about 2 MiB of transactions). */
export const DEFAULT_TX_CACHE_BYTES = 4 * 1024 * 1024

/**
 * Transactions by display txid, their hex kept while the total stays within `maxBytes` (the sum of the hex strings'
 * lengths: V8 keeps a hex string in one byte per character), the least recently used dropped first. Nothing is
 * put in unchecked: `set` hashes the bytes and refuses any that are not transaction `txid` (`CHAIN_MISMATCH`), so a
 * source that lies about a txid it was asked for before is never asked again, and its lie cannot enter. An object
 * the caller creates and holds (no module state); drop it to drop the cache.
 * @example
 * const cache = new TxCache(1 << 20)
 * const reader = new StateReader(view, undefined, cache) // a second reader on the same cache asks nothing twice
 */
export class TxCache {
  private readonly map = new Map<string, string>()
  private used = 0
  /** Look-ups answered from the cache, and missed, since it was made. */
  hits = 0
  misses = 0

  constructor(readonly maxBytes: number = DEFAULT_TX_CACHE_BYTES) {
    if (!Number.isSafeInteger(maxBytes) || maxBytes < 0)
      throw new KomodoCcError('ARG_INVALID', `maxBytes expected a whole number of bytes ≥ 0, got ${String(maxBytes)}`, {
        name: 'maxBytes',
      })
  }

  /** Bytes held now (the sum of the cached hex strings' lengths), never above `maxBytes`. */
  get bytes(): number {
    return this.used
  }

  /** Transactions held now. */
  get size(): number {
    return this.map.size
  }

  /** The hex of `txid` (lower-case display hex), or undefined; a hit makes it the most recently used. */
  get(txid: string): string | undefined {
    const hex = this.map.get(txid)
    if (hex === undefined) {
      this.misses++
      return undefined
    }
    this.hits++
    this.map.delete(txid)
    this.map.set(txid, hex)
    return hex
  }

  /**
   * Keeps `hex` as transaction `txid` (both lower-case), after checking that the bytes hash to `txid`; a transaction
   * larger than the whole bound is not kept.
   * @throws KomodoCcError CHAIN_MISMATCH when `hex` is not transaction `txid` | HEX_INVALID
   */
  set(txid: string, hex: string): void {
    if (hex.length > this.maxBytes) return
    const got = txidOfBytes(hexToBytes(hex, 'hex'))
    if (got !== txid)
      throw new KomodoCcError('CHAIN_MISMATCH', `bytes of transaction ${got} offered to the cache as ${txid}`, {
        txid,
        got,
      })
    this.store(txid, hex)
  }

  /**
   * Keeps bytes the caller has already hashed to `txid` (`verifyTx`, or a transaction it signed itself).
   * @internal
   */
  keepVerified(txid: string, hex: string): void {
    if (hex.length > this.maxBytes) return
    this.store(txid, hex)
  }

  private store(txid: string, hex: string): void {
    const old = this.map.get(txid)
    if (old !== undefined) {
      this.map.delete(txid)
      this.used -= old.length
    }
    this.map.set(txid, hex)
    this.used += hex.length
    for (const [k, v] of this.map) {
      if (this.used <= this.maxBytes) break
      this.map.delete(k)
      this.used -= v.length
    }
  }

  /** Forgets everything. */
  clear(): void {
    this.map.clear()
    this.used = 0
  }
}
