// What every module's resolvers share (issue 18, layer 5): the resolve context, a per-call reader that checks what
// a chain source says, the caller's normal coins, and the resolver descriptor the wallet and the devnet loop over.
// Names no module.
import { KomodoCcError } from '../errors.js'
import { bytesToHex, hexToBytes } from '../bytes/hex.js'
import { compareTxids } from '../bytes/uint256.js'
import { equalBytes } from '../bytes/utils.js'
import { pubkeyBytes, p2pkhAddress } from '../address/address.js'
import { KMD, type ChainParams } from '../address/chain.js'
import { ccScriptAddress } from '../cc/address.js'
import { hash160 } from '../hash/index.js'
import { p2pkScript, p2pkhScript } from '../script/script.js'
import { scriptPaysAddress } from '../script/address.js'
import { parseTransaction, txidOfBytes } from '../tx/codec.js'
import type { Transaction } from '../tx/types.js'
import type { BuildContext } from './context.js'
import type { BuildResult } from './complete.js'
import type { AddressMempool, ChainUtxo, ChainView, HistoryEntry, MempoolSpend, Utxo } from './types.js'
import type { TxCache } from './tx-cache.js'

/**
 * What a resolver needs besides the RPC's parameters: the builder's context without the state it finds itself
 * (`utxos`, `height`), plus the chain source. Keys as in {@link BuildContext}: `privateKey` or `signer` to sign,
 * neither for an unsigned transaction with every input's sighash.
 * @example const ctx: ResolveContext = { view, pubkey: signer.publicKey, signer }
 */
export type ResolveContext = Omit<BuildContext, 'utxos' | 'height'> & {
  /** Where the chain state comes from. */
  view: ChainView
  /** Aborts between look-ups (`ABORTED`). */
  signal?: AbortSignal
  /**
   * Transactions verified by earlier calls (a wallet's, a publisher's): read from it before asking the view, and
   * every transaction the view gives (checked against its txid) is kept in it.
   */
  txCache?: TxCache
}

/** A transaction read through a {@link StateReader}: its display txid, raw hex and parsed form, checked to match. */
export type VerifiedTx = Readonly<{ txid: string; hex: string; tx: Transaction }>

const TXID = /^[0-9a-f]{64}$/

/** Display txid in lower case, or `ARG_INVALID`. @internal */
export function txidText(txid: unknown, name: string): string {
  if (typeof txid !== 'string' || !TXID.test(txid.toLowerCase()))
    throw new KomodoCcError('ARG_INVALID', `${name} expected a 64-digit hex txid (display order)`, { name })
  return txid.toLowerCase()
}

/**
 * komodod's order of an address's confirmed unspent outputs, as its CC look-ups (`SetCCunspents` →
 * `GetAddressUnspent`) and `AddNormalinputs2`/remote mode see them: the LevelDB address-unspent index iterated
 * bytewise, whose key is (type, hash160, txid in internal byte order, output index as a little-endian u32)
 * (komodo src/main.h `CAddressUnspentKey::Serialize`, src/txdb.cpp `ReadAddressUnspentIndex`). So: by
 * {@link compareTxids}, then by the index's little-endian bytes (output 256 comes before output 1). Not by height:
 * only the `getaddressutxos` RPC re-sorts by height before printing. {@link StateReader.unspent} lists in this order.
 * @returns negative, zero or positive, as `Array.prototype.sort` takes it
 * @example list.slice().sort(daemonUtxoOrder) // what AddTokenCCInputs walks
 */
export function daemonUtxoOrder(a: { txid: string; vout: number }, b: { txid: string; vout: number }): number {
  return compareTxids(outpointArg(a).txid, outpointArg(b).txid) || leIndexKey(a.vout) - leIndexKey(b.vout)
}

/**
 * komodod's order of outpoints in its in-memory maps: by {@link compareTxids}, then by the output (or input) index
 * as a number. The wallet's `mapWallet` (`std::map<uint256, CWalletTx>`, which `AvailableCoins` and so local-mode
 * `AddNormalinputs` walk, each transaction's outputs in index order), the mempool's `mapTx` (ordered by txid) and
 * its address index (`CMempoolAddressDeltaKeyCompare`: txid, then index, then spending) all iterate this way.
 * {@link StateReader.addressMempool} lists outputs (by txid, vout) and spends (by spender, vin) in this order;
 * {@link normalCoins} gives the wallet's coins in it.
 * @returns negative, zero or positive, as `Array.prototype.sort` takes it
 * @example coins.slice().sort(daemonMapOrder) // the order AvailableCoins lists the wallet's coins
 */
export function daemonMapOrder(a: { txid: string; vout: number }, b: { txid: string; vout: number }): number {
  return compareTxids(outpointArg(a).txid, outpointArg(b).txid) || a.vout - b.vout
}

/** `o` checked to be an outpoint `{ txid, vout }` (the txid is checked by `compareTxids`). */
function outpointArg(o: { txid: string; vout: number }): { txid: string; vout: number } {
  if (typeof o !== 'object' || o === null || !Number.isInteger(o.vout) || o.vout < 0 || o.vout > 0xffffffff)
    throw new KomodoCcError('ARG_INVALID', 'expected an outpoint { txid, vout } with vout a u32', { name: 'outpoint' })
  return o
}

/** An output index as the address index's key stores it (u32 little-endian), read back big-endian: its sort key. */
function leIndexKey(n: number): number {
  return (((n & 0xff) << 24) | (((n >>> 8) & 0xff) << 16) | (((n >>> 16) & 0xff) << 8) | ((n >>> 24) & 0xff)) >>> 0
}

/**
 * One resolve call's window on a {@link ChainView}: every transaction it returns hashes to the txid asked for, every
 * unspent output it returns matches its transaction's output (value and script), and each look-up is asked once per
 * call (memoised in this object, which the caller drops afterwards: no state outlives the call). `roundTrips` counts
 * the view calls made.
 *
 * The reader owns the order: whatever order a source answers in (komodod's `getaddressutxos` sorts by height,
 * Electrum by history), its lists come back in the order komodod's own look-ups see — {@link StateReader.unspent} in the
 * address-unspent index's ({@link daemonUtxoOrder}), {@link StateReader.addressMempool} in the mempool index's
 * ({@link daemonMapOrder}), {@link StateReader.history} by height (the address index's (height, position in block) order; the
 * position is the source's), {@link StateReader.mempool} in `mapTx`'s (txid) order. Resolvers take these lists as they come.
 *
 * With a `txCache` (a {@link TxCache} the caller holds across calls), transactions verified before are read from it
 * instead of the view, and each one the view gives, once checked against its txid, is kept there. A source that
 * would lie about a cached txid is not asked: its lie is irrelevant; one asked is checked as without the cache.
 * @example const r = new StateReader(view); const { tx } = await r.tx(tokenid)
 */
export class StateReader {
  /** View calls made so far. */
  roundTrips = 0
  private readonly txMemo = new Map<string, Promise<VerifiedTx>>()
  private readonly unspentCache = new Map<string, Promise<ChainUtxo[]>>()
  private readonly mempoolCache = new Map<string, Promise<AddressMempool>>()
  private readonly historyCache = new Map<string, Promise<HistoryEntry[]>>()
  private readonly timeCache = new Map<number, Promise<number>>()
  private heightValue: Promise<number> | undefined
  private mempoolTxids: Promise<string[]> | undefined

  constructor(
    readonly view: ChainView,
    readonly signal?: AbortSignal,
    readonly txCache?: TxCache,
  ) {
    if (typeof view !== 'object' || view === null || typeof view.getTransaction !== 'function')
      throw new KomodoCcError('ARG_INVALID', 'context.view expected a ChainView', { name: 'context.view' })
  }

  /** Throws `ABORTED` when the signal has fired. */
  checkAbort(): void {
    if (this.signal?.aborted === true) throw new KomodoCcError('ABORTED', 'the resolve was aborted')
  }

  private async call<T>(what: () => Promise<T>): Promise<T> {
    this.checkAbort()
    this.roundTrips++
    const v = await what()
    this.checkAbort()
    return v
  }

  /** The chain's height. */
  height(): Promise<number> {
    this.heightValue ??= this.call(() => this.view.getHeight()).then((h) => {
      if (!Number.isInteger(h) || h < 0)
        throw new KomodoCcError('CHAIN_MISMATCH', `the chain source gave height ${String(h)}`, { got: String(h) })
      return h
    })
    return this.heightValue
  }

  /**
   * Block times (seconds) at these heights, in order; one round trip for those not read yet. Each must be a whole
   * number in the u32 range (a header's `nTime`).
   * @throws KomodoCcError ARG_INVALID when the view has no `getBlockTimes` | CHAIN_MISMATCH on a malformed answer
   */
  async blockTimes(heights: readonly number[]): Promise<number[]> {
    heights.forEach((h, i) => {
      if (!Number.isInteger(h) || h < 0)
        throw new KomodoCcError('ARG_INVALID', `heights[${i}] expected a block height, got ${String(h)}`)
    })
    const missing = [...new Set(heights.filter((h) => !this.timeCache.has(h)))]
    if (missing.length > 0) {
      const view = this.view
      if (typeof view.getBlockTimes !== 'function')
        throw new KomodoCcError(
          'ARG_INVALID',
          'context.view has no getBlockTimes: this look-up needs block times (the age of a lock)',
          { name: 'context.view' },
        )
      const batch = this.call(() => view.getBlockTimes!(missing)).then((times) => {
        if (!Array.isArray(times) || times.length !== missing.length)
          throw new KomodoCcError('CHAIN_MISMATCH', `the chain source answered ${missing.length} block times wrongly`)
        return times
      })
      missing.forEach((h, i) =>
        this.timeCache.set(
          h,
          batch.then((t) => {
            const v = t[i]
            if (typeof v !== 'number' || !Number.isInteger(v) || v < 0 || v > 0xffffffff)
              throw new KomodoCcError(
                'CHAIN_MISMATCH',
                `the chain source gave block time ${String(v)} for height ${h}, not a header's nTime`,
                { height: h },
              )
            return v
          }),
        ),
      )
    }
    return Promise.all(heights.map((h) => this.timeCache.get(h)!))
  }

  /** Display txids in the mempool, in `mapTx`'s order (by {@link compareTxids}), as komodod walks its mempool. */
  mempool(): Promise<string[]> {
    this.mempoolTxids ??= this.call(() => this.view.getMempool()).then((ids) => {
      if (!Array.isArray(ids))
        throw new KomodoCcError('CHAIN_MISMATCH', 'the chain source gave a mempool that is not a list')
      return ids.map((t, i) => txidText(t, `mempool[${i}]`)).sort(compareTxids)
    })
    return this.mempoolTxids
  }

  /**
   * A transaction by display txid, checked to hash to it.
   * @throws KomodoCcError TX_NOT_FOUND (from the source) | CHAIN_MISMATCH when the bytes hash to another txid
   */
  tx(txid: string): Promise<VerifiedTx> {
    const id = txidText(txid, 'txid')
    let p = this.txMemo.get(id)
    if (p === undefined) {
      const cached = this.txCache?.get(id)
      p =
        cached !== undefined
          ? Promise.resolve(cachedTx(id, cached))
          : this.call(() => this.view.getTransaction(id)).then((hex) => this.kept(verifyTx(id, hex)))
      this.txMemo.set(id, p)
    }
    return p
  }

  /** `t` (checked by `verifyTx`), kept in the caller's cache. */
  private kept(t: VerifiedTx): VerifiedTx {
    this.txCache?.keepVerified(t.txid, t.hex)
    return t
  }

  /** Several transactions, in order; one batched round trip where the view batches, for those not read yet. */
  async txs(txids: readonly string[]): Promise<VerifiedTx[]> {
    const ids = txids.map((t, i) => txidText(t, `txids[${i}]`))
    const missing = [...new Set(ids.filter((t) => !this.txMemo.has(t)))].filter((t) => {
      const cached = this.txCache?.get(t)
      if (cached === undefined) return true
      this.txMemo.set(t, Promise.resolve(cachedTx(t, cached)))
      return false
    })
    if (missing.length > 1 && typeof this.view.getTransactions === 'function') {
      const batch = this.call(() => this.view.getTransactions!(missing)).then((hexes) => {
        if (!Array.isArray(hexes) || hexes.length !== missing.length)
          throw new KomodoCcError('CHAIN_MISMATCH', `the chain source answered ${missing.length} transactions wrongly`)
        return hexes
      })
      missing.forEach((id, i) =>
        this.txMemo.set(
          id,
          batch.then((h) => this.kept(verifyTx(id, h[i]!))),
        ),
      )
    }
    return Promise.all(ids.map((t) => this.tx(t)))
  }

  /**
   * Confirmed unspent outputs of an address in komodod's `SetCCunspents` order ({@link daemonUtxoOrder}: txid's
   * internal bytes, then the index's little-endian bytes; not height), each checked against its transaction's output.
   * Includes outputs a mempool transaction spends (filter with {@link mempoolSpends}).
   * @throws KomodoCcError CHAIN_MISMATCH when a listed output is not what its transaction says
   */
  unspent(address: string): Promise<ChainUtxo[]> {
    let p = this.unspentCache.get(address)
    if (p === undefined) {
      p = this.call(() => this.view.listUnspent(address)).then(async (list) => {
        if (!Array.isArray(list))
          throw new KomodoCcError('CHAIN_MISMATCH', `the chain source listed the outputs of ${address} as a non-list`)
        const txs = await this.txs(list.map((u) => u.txid))
        return list.map((u, i) => checkUtxo(u, txs[i]!, address)).sort(daemonUtxoOrder)
      })
      this.unspentCache.set(address, p)
    }
    return p
  }

  /**
   * The mempool's outputs to and spends from `address`; each output checked against its transaction. Outputs in
   * {@link daemonMapOrder} (txid, then vout), spends by spender then vin: the mempool address index's order, which
   * is also `mapTx`'s when the daemon walks the mempool transaction by transaction.
   */
  addressMempool(address: string): Promise<AddressMempool> {
    let p = this.mempoolCache.get(address)
    if (p === undefined) {
      p = this.call(() => this.view.getAddressMempool(address)).then(async (m) => {
        if (typeof m !== 'object' || m === null || !Array.isArray(m.outputs) || !Array.isArray(m.spends))
          throw new KomodoCcError('CHAIN_MISMATCH', `the chain source gave a malformed mempool for ${address}`)
        const txs = await this.txs(m.outputs.map((u) => u.txid))
        const outputs = m.outputs.map((u, i) => ({ ...checkUtxo(u, txs[i]!, address), height: 0 }))
        const spends: MempoolSpend[] = m.spends.map((s, i) => ({
          txid: txidText(s.txid, `spends[${i}].txid`),
          vout: s.vout,
          spender: txidText(s.spender, `spends[${i}].spender`),
          vin: s.vin,
        }))
        outputs.sort(daemonMapOrder)
        spends.sort((x, y) => compareTxids(x.spender, y.spender) || x.vin - y.vin)
        return { outputs, spends }
      })
      this.mempoolCache.set(address, p)
    }
    return p
  }

  /**
   * Confirmed transactions touching `address`, each once, in chain order (not fetched: read them with `txs`): the
   * address index's (`SetCCtxids` → `GetAddressIndex`) key is (type, hash160, height big-endian, position in the block
   * big-endian, txid, index, spending), so by height, then position. The reader sorts by height (stably); the
   * position within a block is the source's order.
   */
  history(address: string): Promise<HistoryEntry[]> {
    let p = this.historyCache.get(address)
    if (p === undefined) {
      p = this.call(() => this.view.getAddressHistory(address)).then((list) => {
        if (!Array.isArray(list))
          throw new KomodoCcError('CHAIN_MISMATCH', `the chain source gave the history of ${address} as a non-list`)
        return list
          .map((h, i) => {
            if (typeof h !== 'object' || h === null || !Number.isInteger(h.height) || h.height < 0)
              throw new KomodoCcError('CHAIN_MISMATCH', `history entry ${i} of ${address} is malformed`)
            return { txid: txidText(h.txid, `history[${i}].txid`), height: h.height }
          })
          .sort((a, b) => a.height - b.height)
      })
      this.historyCache.set(address, p)
    }
    return p
  }

  /** `txid:vout` keys of the outputs of `address` that mempool transactions spend (`myIsutxo_spentinmempool`). */
  async mempoolSpends(address: string): Promise<Set<string>> {
    return new Set((await this.addressMempool(address)).spends.map((s) => outpointKey(s.txid, s.vout)))
  }

  /** Confirmed unspent outputs of `address` that no mempool transaction spends, in {@link daemonUtxoOrder}. */
  async unspentNotSpentInMempool(address: string): Promise<ChainUtxo[]> {
    const [list, spent] = await Promise.all([this.unspent(address), this.mempoolSpends(address)])
    return list.filter((u) => !spent.has(outpointKey(u.txid, u.vout)))
  }
}

/**
 * Confirmed unspent outputs of a CC address as komodod's CC look-ups see them, in {@link StateReader.unspent}'s order
 * ({@link daemonUtxoOrder}, those spent in the mempool included): only the CC outputs filed there. komodod's
 * `SetCCunspents(…, ccflag = true)` (src/cc/CCtx.cpp) reads the address index under key type 3, which `GetAddressType`
 * (src/main.cpp) gives to cryptocondition outputs only, so a P2PK or P2PKH output paying the same hash (type 1), or a
 * CLTV-prefixed one, is never seen there: it is skipped here, not an error. A CC output with a data tail
 * (`<condition> OP_CHECKCRYPTOCONDITION <data> OP_DROP`) is filed by its sub-script and is listed; each module then
 * skips what its own `Add*Inputs` skips. Every output was checked by the reader to be filed under `address`.
 * @param options.name - how messages name the address (kept for callers; no message names it now)
 * @throws KomodoCcError CHAIN_MISMATCH from the reader (an output that is not what its transaction says)
 * @example const outs = await ccUnspent(reader, ccAddress(0xf2, pubkey))
 */
export async function ccUnspent(
  reader: StateReader,
  address: string,
  options: { chain?: ChainParams; name?: string } = {},
): Promise<ChainUtxo[]> {
  return (await reader.unspent(address)).filter((u) => isCcFiledAt(u.script, address, options.chain))
}

/**
 * Whether `script` is a CC output filed under `address` (komodod's address-index key type 3): its CC sub-script, the
 * data tail left out, hashes to the address.
 * @internal
 * @example isCcFiledAt(ccScript(cc1of1(0xf2, pk)), ccAddress(0xf2, pk)) // true
 */
export function isCcFiledAt(script: Uint8Array, address: string, chain?: ChainParams): boolean {
  try {
    return ccScriptAddress(script, chain ?? KMD) === address
  } catch {
    return false // not a CC script
  }
}

/**
 * The reader of one resolve call: the context checked to be an object, a {@link StateReader} over its view (which
 * checks the view) and its signal. Every resolver starts here.
 * @throws KomodoCcError ARG_INVALID when the context is not an object or has no ChainView
 * @example const reader = readerOf(ctx)
 */
export function readerOf(ctx: ResolveContext): StateReader {
  if (typeof ctx !== 'object' || ctx === null)
    throw new KomodoCcError('ARG_INVALID', 'resolve context expected an object { view, pubkey, … }', {
      name: 'context',
    })
  return new StateReader(ctx.view, ctx.signal, ctx.txCache)
}

/**
 * Where a read finds chain state: a resolve context's view (and signal), or a {@link StateReader} already made (the
 * wallet's reads hand theirs), with the chain's address parameters.
 * @example const src: ReadSource = { view, chain: TOKEL }
 */
export type ReadSource = Readonly<
  ({ view: ChainView; signal?: AbortSignal } | { reader: StateReader }) & { chain?: BuildContext['chain'] }
>

/**
 * The {@link StateReader} of a {@link ReadSource}.
 * @throws KomodoCcError ARG_INVALID when the source is not an object or has no ChainView
 * @example const reader = readerFrom({ view })
 */
export function readerFrom(src: ReadSource): StateReader {
  if (typeof src === 'object' && src !== null && 'reader' in src && src.reader instanceof StateReader) return src.reader
  return readerOf(src as ResolveContext)
}

/** `txid:vout` (txid lower-case display hex), the key resolvers use for outpoint sets. @example outpointKey(u.txid, u.vout) */
export function outpointKey(txid: string, vout: number): string {
  return `${txid.toLowerCase()}:${vout}`
}

/**
 * The bytes a chain source gave for `txid`, checked: hex, hashing to `txid`, parsing as a transaction. `source` names
 * the source in the messages.
 * @throws KomodoCcError CHAIN_MISMATCH (no hex, non-hex, another transaction, not a transaction)
 * @example verifyTx(txid, await view.getTransaction(txid)) // { txid, hex, tx }
 */
export function verifyTx(txid: string, hex: unknown, source = 'the chain source'): VerifiedTx {
  if (typeof hex !== 'string')
    throw new KomodoCcError('CHAIN_MISMATCH', `${source} gave no hex for transaction ${txid}`, { txid })
  let raw: Uint8Array
  try {
    raw = hexToBytes(hex, 'transaction')
  } catch {
    throw new KomodoCcError('CHAIN_MISMATCH', `${source} gave non-hex bytes for transaction ${txid}`, { txid })
  }
  const got = txidOfBytes(raw)
  if (got !== txid)
    throw new KomodoCcError('CHAIN_MISMATCH', `${source} gave transaction ${got} when asked for ${txid}`, {
      txid,
      got,
    })
  let tx: Transaction
  try {
    tx = parseTransaction(raw)
  } catch (e) {
    throw new KomodoCcError('CHAIN_MISMATCH', `transaction ${txid} from ${source} does not parse`, {
      txid,
      cause: e instanceof KomodoCcError ? e.code : 'parse',
    })
  }
  return Object.freeze({ txid, hex: hex.toLowerCase(), tx })
}

/** A transaction from a {@link TxCache}: its bytes were checked against `txid` when they were kept; parsed afresh. */
function cachedTx(txid: string, hex: string): VerifiedTx {
  return Object.freeze({ txid, hex, tx: parseTransaction(hexToBytes(hex, 'transaction')) })
}

/**
 * `u` checked against output `u.vout` of its transaction: the value and script are the transaction's.
 * @throws KomodoCcError CHAIN_MISMATCH naming the node's claim
 * @internal
 */
export function checkUtxo(u: ChainUtxo, t: VerifiedTx, address: string): ChainUtxo {
  const o = typeof u === 'object' && u !== null && Number.isInteger(u.vout) ? t.tx.vout[u.vout] : undefined
  if (o === undefined)
    throw new KomodoCcError(
      'CHAIN_MISMATCH',
      `the chain source claims ${t.txid}:${String(u?.vout)} pays ${address}, which has no such output`,
      {
        txid: t.txid,
        vout: u?.vout,
      },
    )
  if (
    typeof u.satoshis !== 'bigint' ||
    u.satoshis !== o.value ||
    !(u.script instanceof Uint8Array) ||
    !equalBytes(u.script, o.script)
  )
    throw new KomodoCcError(
      'CHAIN_MISMATCH',
      `the chain source claims ${t.txid}:${u.vout} holds ${String(u.satoshis)} sat, its transaction says ${o.value} sat to script ${bytesToHex(o.script)}`,
      { txid: t.txid, vout: u.vout, claimed: String(u.satoshis), actual: String(o.value) },
    )
  if (!filedUnder(o.script, address))
    throw new KomodoCcError(
      'CHAIN_MISMATCH',
      `the chain source lists ${t.txid}:${u.vout} under ${address}, but that output pays another address`,
      { txid: t.txid, vout: u.vout, address },
    )
  return {
    txid: t.txid,
    vout: u.vout,
    satoshis: o.value,
    script: o.script,
    height: Number.isInteger(u.height) ? u.height : 0,
  }
}

/**
 * Whether komodod's address index files `script` under `address`: {@link scriptPaysAddress} (P2PK, P2PKH, P2SH, CC
 * with or without a data tail), or, for a CLTV-prefixed script (`<push of 0..5 bytes> OP_CHECKLOCKTIMEVERIFY OP_DROP
 * …`), the script after the prefix, as `ExtractDestination` (src/script/standard.cpp, `IsCheckLockTimeVerify` in
 * src/script/script.cpp) reads it for `GetAddressType` (src/main.cpp): such an output is a stranger's at the address,
 * not a contradiction.
 * @internal
 * @example filedUnder(p2pkhScript(hash160(pk)), p2pkhAddress(pk)) // true
 */
export function filedUnder(script: Uint8Array, address: string): boolean {
  if (scriptPaysAddress(script, address)) return true
  const n = script[0]
  // IsCheckLockTimeVerify: a direct push of under 6 bytes, then OP_CHECKLOCKTIMEVERIFY; the destination starts 3 on
  if (n === undefined || n > 5 || script[n + 1] !== OP_CHECKLOCKTIMEVERIFY || script.length <= n + 3) return false
  return scriptPaysAddress(script.subarray(n + 3), address)
}

/** OP_CHECKLOCKTIMEVERIFY (OP_NOP2). */
const OP_CHECKLOCKTIMEVERIFY = 0xb1

/**
 * komodod's `CTransaction::IsCoinBase`: one input, spending the null outpoint (txid 0, index 0xffffffff).
 * @internal
 * @example isCoinbaseTx(parseTransaction(hex))
 */
export function isCoinbaseTx(tx: Transaction): boolean {
  return tx.vin.length === 1 && tx.vin[0]!.vout === 0xffffffff && /^0{64}$/.test(tx.vin[0]!.txid)
}

/** komodod's coinbase maturity when the chain parameters do not give one: KMD's (src/chainparams.h). @internal */
export const KMD_COINBASE_MATURITY = 100

/**
 * The chain's coinbase maturity: `chain.coinbaseMaturity`, else KMD's 100 (komodod's `Params().CoinbaseMaturity()`;
 * an asset chain's is set by `komodo_args`, src/komodo_utils.cpp: `-ac_cbmaturity`, else 1 with one era).
 * @internal
 * @example coinbaseMaturity({ ...KMD, coinbaseMaturity: 1 }) // 1
 */
export function coinbaseMaturity(chain: ChainParams | undefined): number {
  return chain?.coinbaseMaturity ?? KMD_COINBASE_MATURITY
}

/**
 * Whether a coinbase output confirmed at `height` may be spent in the next block over a tip at `tip`, as komodod
 * decides it in two places that agree: consensus, `CheckTxInputs` (src/main.cpp) refuses
 * `nSpendHeight - coins->nHeight < Params().CoinbaseMaturity()` with `bad-txns-premature-spend-of-coinbase`
 * (`nSpendHeight` = tip + 1); the wallet, `CWallet::AvailableCoins` (src/wallet/wallet.cpp), skips a coinbase whose
 * `GetBlocksToMaturity()` (maturity − depth, depth = tip − height + 1) is above 0. Height 0 (a genesis output) is
 * always mature: komodod never lists one (the genesis coinbase is not in its UTXO set); the devnet's premine sits
 * there.
 * @internal
 * @example coinbaseMatureAt(5, 104, 100) // true: the next block is 105, 100 blocks on
 */
export function coinbaseMatureAt(height: number, tip: number, maturity: number): boolean {
  return height === 0 || tip + 1 - height >= maturity
}

/**
 * The caller's spendable normal coins as the devnet's wallet and komodod's local-mode `AddNormalinputs` see them:
 * confirmed P2PK and P2PKH outputs of `pubkey` not spent in the mempool and the mempool's outputs paying them (not
 * spent in the mempool either), together in the wallet's `mapWallet` order ({@link daemonMapOrder}: txid, then vout;
 * `AvailableCoins` interleaves confirmed and unconfirmed coins). `confirmedOnly` keeps the confirmed ones, in the
 * address-unspent index's order ({@link daemonUtxoOrder}), as `AddNormalinputs2` and remote mode (`SetCCunspents`
 * on the -pubkey address) see them.
 *
 * Local mode leaves out coinbase outputs not yet mature on `options.chain` (`chain.coinbaseMaturity`: 100 unless the
 * chain says otherwise), as `AvailableCoins` does (`pcoin->IsCoinBase() && pcoin->GetBlocksToMaturity() > 0`,
 * src/wallet/wallet.cpp, called by `AddNormalinputsLocal`, src/cc/CCtx.cpp). `confirmedOnly` does not:
 * `AddNormalinputsRemote` walks the address index without a maturity check (komodod would then refuse the spend).
 * @example const utxos = await normalCoins(reader, pubkey)
 */
export async function normalCoins(
  reader: StateReader,
  pubkey: string | Uint8Array,
  options: { confirmedOnly?: boolean; chain?: BuildContext['chain'] } = {},
): Promise<Utxo[]> {
  const pk = pubkeyBytes(pubkey, 'pubkey')
  const address = p2pkhAddress(pk, options.chain)
  const p2pk = bytesToHex(p2pkScript(pk))
  const p2pkh = bytesToHex(p2pkhScript(hash160(pk)))
  const mine = (u: Utxo): boolean => {
    const s = bytesToHex(u.script)
    return s === p2pk || s === p2pkh
  }
  const confirmed = (await reader.unspentNotSpentInMempool(address)).filter(mine)
  if (options.confirmedOnly === true) return confirmed
  // the transactions are the reader's already (unspent() read them to check each output): no round trip
  const coinbase = (await reader.txs(confirmed.map((u) => u.txid))).map((t) => isCoinbaseTx(t.tx))
  const tip = confirmed.some((u, i) => coinbase[i] === true && u.height !== 0) ? await reader.height() : 0
  const maturity = coinbaseMaturity(options.chain)
  const spendable = confirmed.filter((u, i) => coinbase[i] !== true || coinbaseMatureAt(u.height, tip, maturity))
  const pending = (await reader.addressMempool(address)).outputs.filter(mine)
  const spent = await reader.mempoolSpends(address)
  return [...spendable, ...pending.filter((u) => !spent.has(outpointKey(u.txid, u.vout)))].sort(daemonMapOrder)
}

/**
 * The builder's context from a resolve context and the state found: `utxos` and `height` filled in, `view`,
 * `signal` and `txCache` dropped.
 * @internal
 */
export function buildContextOf(ctx: ResolveContext, utxos: readonly Utxo[], height: number): BuildContext {
  const { view: _view, signal: _signal, txCache: _txCache, ...rest } = ctx
  return { ...rest, utxos, height }
}

/**
 * One state-changing RPC of a module, as the wallet, the CLI and the devnet call it: its daemon name, its parameters
 * in the daemon's order and spelling, and its resolver (find the state, then build).
 * @example tokensResolvers.find((r) => r.method === 'tokentransfer')!.resolve({ tokenid, destpubkey, amount }, ctx)
 */
export type MethodResolver = Readonly<{
  method: string
  params: readonly string[]
  /**
   * Reads the state the method needs through `ctx.view`, then builds (and signs, when `ctx` holds a key or signer)
   * its transaction; `params` are keyed by the names in `params`, `options` are the resolver's own (e.g. faucetget's
   * proof-of-work progress). Nothing is broadcast.
   */
  resolve: (
    params: Record<string, unknown>,
    ctx: ResolveContext,
    options?: Record<string, unknown>,
  ) => Promise<BuildResult>
}>

/**
 * A {@link MethodResolver} that keeps, as types, its method name `M`, its parameter names in order `N`, its
 * parameters `P` (keyed by those names), its options `O` and its result `R`: what the wallet's methods, `call` and
 * their options are typed from. At run time it is a plain `MethodResolver`.
 * @example type T = TypedMethodResolver<'oraclesfund', readonly ['oracletxid'], { oracletxid: string }>
 */
export type TypedMethodResolver<
  M extends string,
  N extends readonly string[],
  P,
  O = Record<string, unknown>,
  R extends BuildResult = BuildResult,
> = MethodResolver & {
  readonly method: M
  readonly params: N
  /** Type-only: the parameters, options and result of this method (never set at run time). */
  readonly __types?: { names: N; params: P; options: O; result: R }
}

/**
 * One entry of a module's resolver table, frozen: the daemon's method name, its parameter names in the daemon's order
 * (how the wallet and the CLI map positional arguments), and the resolver. The table is shared by every caller, so
 * nothing in it can be changed. The entry keeps the resolver's parameter, option and result types
 * ({@link TypedMethodResolver}).
 * @example methodResolver('oraclesfund', ['oracletxid'], resolveOraclesFund)
 */
/* @__NO_SIDE_EFFECTS__ */
export function methodResolver<const M extends string, const N extends readonly string[], P, O, R extends BuildResult>(
  method: M,
  params: N,
  resolve: (params: P, ctx: ResolveContext, options?: O) => Promise<R>,
): TypedMethodResolver<M, N, P, O, R> {
  const names = Object.freeze([...params])
  return Object.freeze({
    method,
    params: names,
    resolve: (p: Record<string, unknown>, ctx: ResolveContext, o?: Record<string, unknown>) =>
      resolve(p as P, ctx, o as O | undefined),
  }) as unknown as TypedMethodResolver<M, N, P, O, R>
}
