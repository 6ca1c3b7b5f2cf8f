// The ChainView contract (src/cctx/types.ts) over an Electrum server (issue 19). Electrum indexes output scripts, not
// addresses, lists unspent outputs net of the mempool, and has no whole-mempool method: this view turns its answers
// into the address-index answers the resolvers expect, and checks what it builds on (txids hash right, outputs are
// their transactions', optionally inclusion in a header chain whose prev links it checked).
import { KomodoCcError } from '../errors.js'
import { bytesToHex, hexToBytes } from '../bytes/hex.js'
import { parseTransaction, txidOfBytes } from '../tx/codec.js'
import { p2pkhAddress } from '../address/address.js'
import { MAX_TX_SIZE_AFTER_SAPLING, type Transaction } from '../tx/types.js'
import type { AddressMempool, ChainUtxo, ChainView, HistoryEntry, MempoolSpend } from '../cctx/types.js'
import { verifyTx } from '../cctx/resolve.js'
import { ElectrumClient, ElectrumError, type ElectrumCall, type ElectrumClientOptions } from './client.js'
import { scripthash } from './scripthash.js'
import { ScriptBook } from './scripts.js'
import {
  compactTarget,
  KOMODO_POW_LIMIT,
  MINDIFF_TARGET,
  merkleRootFromBranch,
  parseKomodoHeader,
  parseKomodoHeaders,
} from './merkle.js'
import type { ElectrumServerAddress } from './transport.js'

/** Where the server is: `{ url }` (`tcp://`, `ssl://`, `ws://`, `wss://`) or `{ host, port, tls?, ws? }`. */
export type ElectrumViewServer = { url: string } | ElectrumServerAddress

/** Options of {@link createElectrumView}. */
export type ElectrumViewOptions = ElectrumViewServer &
  ElectrumClientOptions & {
    /**
     * Keys whose scripts the view should know (the wallet's key, counterparties'): an address is a hash, so a key's
     * P2PK outputs and its CC addresses are found only when the view knows the key (see {@link ScriptBook}).
     */
    pubkeys?: readonly (string | Uint8Array)[]
    /** Extra output scripts to know (CC scripts of other shapes). */
    scripts?: readonly Uint8Array[]
    /** Eval codes a key is expanded to (default: the six modules, Assets and Tokens). */
    evalCodes?: readonly number[]
    /**
     * Check every confirmed transaction `listUnspent` and `getAddressHistory` report with `get_merkle` against a
     * header chain whose prev links the view checked, from `checkpoint` (default: the server's block 0) up.
     */
    verifyInclusion?: boolean | { checkpoint: { height: number; hash: string } }
    /** Calls per batch message (default 100; ElectrumX caps a batch's reply by its `MAX_SEND`). */
    batchSize?: number
    /** Verified transactions kept (default 5000; a transaction's bytes never change). */
    maxCachedTransactions?: number
    /**
     * Bytes the kept transactions may take, counted as 4 per transaction byte (its hex and its parsed form); the
     * oldest go first (default 32 MiB). A transaction larger than the consensus limit (`MAX_TX_SIZE_AFTER_SAPLING`,
     * 2,000,000 bytes) is refused (`CHAIN_MISMATCH`) and never kept.
     */
    maxCachedBytes?: number
    /**
     * With `verifyInclusion`: the most headers the view fetches to reach a height from its checkpoint (default
     * 10000); a transaction further up is refused with `HEADER_LIMIT` (give a checkpoint nearer the tip).
     */
    maxHeaders?: number
    /**
     * With `verifyInclusion`: the target each header's hash is held to, as komodod's `CheckProofOfWork` (src/pow.cpp)
     * holds it. `'mindiff'` (default, true of every valid block on every Komodo chain): the hash is at most the target
     * of `KOMODO_MINDIFF_NBITS` (0x200f0f0f), the target KMD's notaries and staked chains' blocks are held to.
     * `'nbits'`: the hash is at most the target of the header's own `nBits`, komodod's rule on an asset chain without
     * staking (`-ac_staked`), where no block is excepted. Either way the header's `nBits` must be within the chain's
     * proof-of-work limit. (KMD accepted blocks up to height 792000 that missed their target: give a KMD checkpoint
     * above it.)
     */
    proofOfWork?: 'mindiff' | 'nbits'
    /** An existing client to use (the view then leaves it open on `close`). */
    client?: ElectrumClient
    /**
     * Subscribe to each script hash the view lists (`blockchain.scripthash.subscribe`) and answer `listUnspent`,
     * `getAddressMempool` and `getAddressHistory` of an address again from what it read, until the server notifies a
     * change of one of its script hashes (a new status: any history or mempool change, a reorganisation included; a
     * reconnection renews every subscription and its answer counts as one). Default false: every call asks. The
     * server's notifications come when it has indexed the change (ElectrumX: its mempool poll), so an answer may be
     * that much older than the node; what the wallet sent itself it adds on its own (its pending set).
     */
    subscribe?: boolean
  }

/** A ChainView over Electrum, with its client and its address book. */
export type ElectrumView = ChainView & {
  readonly client: ElectrumClient
  /** Adds keys whose scripts the view should know. */
  addPubkeys(pubkeys: readonly (string | Uint8Array)[]): void
  /** Adds output scripts the view should know. */
  addScripts(scripts: readonly Uint8Array[]): void
  /** The scripts an address stands for, as the view will query them. */
  scriptsOf(address: string): Uint8Array[]
  /** Confirmed and mempool-delta balance of an address, in satoshis (Electrum's `get_balance`, summed over scripts). */
  getBalance(address: string): Promise<{ confirmed: bigint; unconfirmed: bigint }>
  /** Raw header of a block (1487 bytes on Komodo). */
  getHeader(height: number): Promise<Uint8Array>
  /** Electrum's fee estimate in satoshis per kB, or null when the server has none (−1). */
  estimateFee(blocks: number): Promise<bigint | null>
  /** The server's relay fee in satoshis per kB. */
  relayFee(): Promise<bigint>
  /** Closes the connection (unless the client was given). */
  close(): void
}

type Listed = { txid: string; vout: number; height: number; value: bigint }
type MempoolItem = { txid: string; height: number }
type Hist = { txid: string; height: number; mempool: boolean }

const TXID = /^[0-9a-f]{64}$/
const bad = (what: string, details: Record<string, unknown> = {}): KomodoCcError =>
  new KomodoCcError('RPC_RESULT', `the Electrum server answered ${what}`, { reason: 'shape', ...details })

function sats(v: unknown, what: string): bigint {
  if (typeof v === 'bigint' && v >= 0n) return v
  if (typeof v === 'number' && Number.isSafeInteger(v) && v >= 0) return BigInt(v)
  throw bad(`${what} that is not a whole number of satoshis`)
}
function signedSats(v: unknown, what: string): bigint {
  if (typeof v === 'bigint') return v
  if (typeof v === 'number' && Number.isSafeInteger(v)) return BigInt(v)
  throw bad(`${what} that is not a whole number of satoshis`)
}
const txidOf = (v: unknown, what: string): string => {
  if (typeof v !== 'string' || !TXID.test(v.toLowerCase())) throw bad(`${what} without a 64-digit tx_hash`)
  return v.toLowerCase()
}
const intOf = (v: unknown, what: string, min: number): number => {
  if (typeof v !== 'number' || !Number.isSafeInteger(v) || v < min) throw bad(`${what} with a bad integer`)
  return v
}
const listOf = (v: unknown, what: string): unknown[] => {
  if (!Array.isArray(v)) throw bad(`${what} that is not a list`)
  return v
}
const objOf = (v: unknown, what: string): Record<string, unknown> => {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) throw bad(`${what} that is not an object`)
  return v as Record<string, unknown>
}

/** Coins per kB as the server prints it (a float, or −1) → satoshis per kB, through the decimal text. */
function feeRate(v: unknown, what: string): bigint | null {
  if (v === -1) return null
  const text = typeof v === 'number' ? v.toFixed(8) : typeof v === 'string' ? v : undefined
  const m = text === undefined ? null : /^(\d{1,10})(?:\.(\d{1,8})\d*)?$/.exec(text)
  if (m === null) throw bad(`${what} that is not a fee rate`)
  return BigInt(m[1]!) * 100_000_000n + BigInt((m[2] ?? '').padEnd(8, '0'))
}

/**
 * A {@link ChainView} over an Electrum server (ElectrumX with Komodo's classes, or the devnet's), with the contract's
 * address semantics rebuilt from script-hash queries:
 * - an address stands for the scripts the view's {@link ScriptBook} knows for it: a P2PKH address covers the key's
 *   P2PK outputs only when the key is known (`pubkeys`, or seen in a transaction), a CC address only when its
 *   condition's keys are (the wallet's key, a module's global key, a key named in a transaction it read);
 * - `listUnspent` = the confirmed part of `listunspent` plus the confirmed outputs a mempool transaction spends
 *   (Electrum leaves those out), found from `get_mempool`'s transactions' inputs, in address-index order (height,
 *   position in the block — `get_merkle`'s `pos` where two scripts share a height —, output index);
 * - `getAddressMempool` from `get_mempool` and the transactions; `getAddressHistory` from `get_history`'s confirmed
 *   part; `getHeight` from `headers.subscribe`; `getTransactions` batched; `broadcast` checks the txid answered;
 * - `getMempool` lists the mempool transactions touching the scripts this view was asked about (Electrum has no
 *   whole-mempool method).
 * Every transaction is checked to hash to its txid; `verifyInclusion` also checks confirmed ones against headers.
 * @throws KomodoCcError ARG_INVALID (options) — calls reject with TX_NOT_FOUND, CHAIN_MISMATCH, ELECTRUM_ERROR,
 *   ELECTRUM_TRANSPORT, RPC_TIMEOUT, RPC_RESULT, RESPONSE_TOO_LARGE, ABORTED
 * @example
 * const view = createElectrumView({ url: 'tcp://127.0.0.1:50001', pubkeys: [myPubkey] })
 * const utxos = await view.listUnspent(myAddress)
 * view.close()
 */
export function createElectrumView(options: ElectrumViewOptions): ElectrumView {
  if (typeof options !== 'object' || options === null)
    throw new KomodoCcError('ARG_INVALID', 'options expected { url } or { host, port }', { name: 'options' })
  const own = options.client === undefined
  const server: string | ElectrumServerAddress =
    'url' in options && typeof options.url === 'string'
      ? options.url
      : {
          host: (options as ElectrumServerAddress).host,
          port: (options as ElectrumServerAddress).port,
          tls: (options as ElectrumServerAddress).tls === true,
          ws: (options as ElectrumServerAddress).ws === true,
          ...((options as ElectrumServerAddress).path === undefined
            ? {}
            : { path: (options as ElectrumServerAddress).path! }),
        }
  const client = options.client ?? new ElectrumClient(server, options)
  const book = new ScriptBook(options.pubkeys ?? [], options.evalCodes)
  for (const s of options.scripts ?? []) book.addScript(s)
  const batchSize = options.batchSize ?? 100
  if (!Number.isInteger(batchSize) || batchSize < 1)
    throw new KomodoCcError('ARG_INVALID', 'batchSize expected a positive integer', { name: 'batchSize' })
  const maxCached = options.maxCachedTransactions ?? 5000
  const maxCachedBytes = options.maxCachedBytes ?? 32 * 1024 * 1024
  if (!Number.isSafeInteger(maxCachedBytes) || maxCachedBytes < 0)
    throw new KomodoCcError('ARG_INVALID', 'maxCachedBytes expected a whole number of bytes', {
      name: 'maxCachedBytes',
    })
  const maxHeaders = options.maxHeaders ?? 10_000
  const proofOfWork = options.proofOfWork ?? 'mindiff'
  if (proofOfWork !== 'mindiff' && proofOfWork !== 'nbits')
    throw new KomodoCcError('ARG_INVALID', `proofOfWork expected 'mindiff' or 'nbits', not ${String(proofOfWork)}`, {
      name: 'proofOfWork',
    })
  if (!Number.isSafeInteger(maxHeaders) || maxHeaders < 1)
    throw new KomodoCcError('ARG_INVALID', 'maxHeaders expected a positive whole number', { name: 'maxHeaders' })
  const vi = options.verifyInclusion ?? false
  const checkpoint = typeof vi === 'object' && vi !== null ? vi.checkpoint : undefined
  if (
    checkpoint !== undefined &&
    (!Number.isSafeInteger(checkpoint.height) ||
      checkpoint.height < 0 ||
      !TXID.test(String(checkpoint.hash).toLowerCase()))
  )
    throw new KomodoCcError('ARG_INVALID', 'verifyInclusion.checkpoint expected { height, hash }', {
      name: 'checkpoint',
    })
  const verifying = vi !== false

  // ---- calls
  /** Runs calls in batches of `batchSize` (pipelined); each must succeed. */
  const calls = async (list: readonly ElectrumCall[]): Promise<unknown[]> => {
    const chunks: ElectrumCall[][] = []
    for (let i = 0; i < list.length; i += batchSize) chunks.push(list.slice(i, i + batchSize))
    const outs = await Promise.all(chunks.map((c) => client.batch(c)))
    return outs.flat().map((o) => {
      if (!o.ok) throw o.error
      return o.result
    })
  }

  // ---- transactions: fetched once, checked, learnt
  const txCache = new Map<string, { hex: string; tx: Transaction }>()
  let cachedBytes = 0
  /** What a kept transaction costs: its hex (1 byte a digit) and its parsed form (about as much again). */
  const cost = (hex: string): number => hex.length * 2
  const remember = (txid: string, hex: string, tx: Transaction): void => {
    book.learnTransaction(txid, tx)
    if (txCache.has(txid) || cost(hex) > maxCachedBytes) return
    while (txCache.size > 0 && (txCache.size >= maxCached || cachedBytes + cost(hex) > maxCachedBytes)) {
      const [oldest, v] = txCache.entries().next().value!
      txCache.delete(oldest)
      cachedBytes -= cost(v.hex)
    }
    txCache.set(txid, { hex, tx })
    cachedBytes += cost(hex)
  }
  const checked = (txid: string, hex: unknown): { hex: string; tx: Transaction } => {
    // a transaction above the consensus size is no transaction komodod would hold: refused before it is hashed
    if (typeof hex === 'string' && hex.length > 2 * MAX_TX_SIZE_AFTER_SAPLING)
      throw new KomodoCcError(
        'CHAIN_MISMATCH',
        `the Electrum server gave ${hex.length / 2} bytes for transaction ${txid}, above the consensus limit of ${MAX_TX_SIZE_AFTER_SAPLING}`,
        { txid, size: Math.floor(hex.length / 2) },
      )
    const v = verifyTx(txid, hex, 'the Electrum server')
    remember(txid, v.hex, v.tx)
    return v
  }
  const fetchTxs = async (txids: readonly string[]): Promise<Map<string, { hex: string; tx: Transaction }>> => {
    const want = [...new Set(txids)]
    const missing = want.filter((t) => !txCache.has(t))
    const out = new Map<string, { hex: string; tx: Transaction }>()
    if (missing.length > 0) {
      const hexes = await calls(missing.map((t) => ({ method: 'blockchain.transaction.get', params: [t, false] })))
      missing.forEach((t, i) => out.set(t, checked(t, hexes[i])))
    }
    for (const t of want) if (!out.has(t)) out.set(t, txCache.get(t)!)
    return out
  }
  const txidArg = (txid: unknown): string => {
    if (typeof txid !== 'string' || !TXID.test(txid.toLowerCase()))
      throw new KomodoCcError('ARG_INVALID', 'txid expected a 64-digit hex txid (display order)', { name: 'txid' })
    return txid.toLowerCase()
  }

  // ---- addresses
  const asked = new Map<string, string>() // script hash → script hex, for getMempool
  for (const pk of options.pubkeys ?? []) {
    const pkb = typeof pk === 'string' ? hexToBytes(pk) : pk
    for (const s of book.scriptsOf(addressOfKey(pkb))) asked.set(scripthash(s), bytesToHex(s))
  }
  const scriptsFor = (address: unknown): { scripts: Uint8Array[]; hashes: string[]; hexes: Set<string> } => {
    if (typeof address !== 'string') throw new KomodoCcError('ADDRESS_INVALID', 'address expected a string')
    const scripts = book.scriptsOf(address)
    const hashes = scripts.map((s) => scripthash(s))
    hashes.forEach((h, i) => asked.set(h, bytesToHex(scripts[i]!)))
    return { scripts, hashes, hexes: new Set(scripts.map((s) => bytesToHex(s))) }
  }
  const parseListed = (v: unknown, sh: string): Listed[] =>
    listOf(v, `listunspent of ${sh}`).map((x) => {
      const o = objOf(x, 'a listunspent item')
      const height = typeof o.height === 'number' && o.height < 0 ? 0 : intOf(o.height ?? 0, 'a listunspent item', 0)
      return {
        txid: txidOf(o.tx_hash, 'a listunspent item'),
        vout: intOf(o.tx_pos, 'a listunspent item', 0),
        height,
        value: sats(o.value, 'a listunspent value'),
      }
    })
  const parseMempool = (v: unknown, sh: string): MempoolItem[] =>
    listOf(v, `get_mempool of ${sh}`).map((x) => {
      const o = objOf(x, 'a get_mempool item')
      return { txid: txidOf(o.tx_hash, 'a get_mempool item'), height: intOf(o.height, 'a get_mempool item', -1) }
    })
  const parseHistory = (v: unknown, sh: string): Hist[] =>
    listOf(v, `get_history of ${sh}`).map((x) => {
      const o = objOf(x, 'a get_history item')
      const height = intOf(o.height, 'a get_history item', -1)
      // a mempool entry carries its fee; a confirmed one at height 0 is the genesis block's (the devnet's premine)
      return {
        txid: txidOf(o.tx_hash, 'a get_history item'),
        height,
        mempool: height < 0 || (height === 0 && 'fee' in o),
      }
    })
  /** Confirmed histories (chain order) of scripts; `undefined` for a script whose history the server refuses as too large. */
  const histories = async (hashes: readonly string[]): Promise<(Hist[] | undefined)[]> => {
    const outs = await Promise.all(
      hashes.map((sh) =>
        client.batch([{ method: 'blockchain.scripthash.get_history', params: [sh] }]).then(([o]) => {
          if (o!.ok) return parseHistory(o!.result, sh).filter((h) => !h.mempool)
          if (/history too large/.test(o!.error.serverMessage ?? '') || o!.error.code === 'RESPONSE_TOO_LARGE')
            return undefined
          throw o!.error
        }),
      ),
    )
    return outs
  }

  // ---- order across scripts: (height, position in block), positions asked only where two scripts share a height
  const positions = new Map<string, number>()
  const orderAcross = async <T extends { txid: string; height: number }>(
    lists: T[][],
    tail: (a: T, b: T) => number,
  ): Promise<T[]> => {
    const all: { item: T; list: number; rank: number }[] = []
    lists.forEach((l, li) => l.forEach((item, rank) => all.push({ item, list: li, rank })))
    const byHeight = new Map<number, { lists: Set<number>; txids: Set<string> }>()
    for (const e of all) {
      let h = byHeight.get(e.item.height)
      if (h === undefined) byHeight.set(e.item.height, (h = { lists: new Set(), txids: new Set() }))
      h.lists.add(e.list)
      h.txids.add(e.item.txid)
    }
    const need: { txid: string; height: number }[] = []
    for (const [height, h] of byHeight)
      if (h.lists.size > 1 && h.txids.size > 1)
        for (const txid of h.txids) if (!positions.has(`${txid}:${height}`)) need.push({ txid, height })
    if (need.length > 0) {
      const proofs = await calls(
        need.map((n) => ({ method: 'blockchain.transaction.get_merkle', params: [n.txid, n.height] })),
      )
      need.forEach((n, i) => {
        const p = objOf(proofs[i], 'a get_merkle result')
        positions.set(`${n.txid}:${n.height}`, intOf(p.pos, 'a get_merkle result', 0))
      })
    }
    const shared = (height: number): boolean => {
      const h = byHeight.get(height)!
      return h.lists.size > 1 && h.txids.size > 1
    }
    all.sort((a, b) => {
      if (a.item.height !== b.item.height) return a.item.height - b.item.height
      if (shared(a.item.height)) {
        const pa = positions.get(`${a.item.txid}:${a.item.height}`)!
        const pb = positions.get(`${b.item.txid}:${b.item.height}`)!
        if (pa !== pb) return pa - pb
        return tail(a.item, b.item)
      }
      if (a.list !== b.list) return a.list - b.list
      return a.rank - b.rank
    })
    return all.map((e) => e.item)
  }

  // ---- inclusion: merkle branches against a header chain with checked prev links
  const headerHashes = new Map<number, string>()
  const headerRoots = new Map<number, string>()
  let chainStart: number | undefined
  let chainEnd = -1
  const verified = new Set<string>()
  const readHeaders = async (
    start: number,
    count: number,
  ): Promise<{ hash: string; prevHash: string; merkleRoot: string }[]> => {
    const r = objOf(await client.request('blockchain.block.headers', [start, count]), 'a block.headers result')
    const n = intOf(r.count, 'a block.headers result', 0)
    const hs =
      typeof r.hex === 'string'
        ? parseKomodoHeaders(hexToBytes(r.hex, 'headers'))
        : listOf(r.headers, 'block.headers').map((h) => parseKomodoHeader(hexToBytes(String(h), 'header')))
    if (hs.length !== n || n === 0) throw bad(`block.headers with ${hs.length} headers for count ${n}`)
    // CheckProofOfWork (src/pow.cpp): nBits must encode a target within the chain's limit ("nBits below minimum
    // work"), then the hash must not exceed the target: nBits' own, or KOMODO_MINDIFF_NBITS' for a KMD notary's block
    // and on staked chains ('mindiff', the bound every Komodo block meets)
    hs.forEach((h, i) => {
      const target = compactTarget(h.bits)
      if (target === null || target > KOMODO_POW_LIMIT)
        throw new KomodoCcError(
          'CHAIN_MISMATCH',
          `header ${start + i} has nBits 0x${(h.bits >>> 0).toString(16)}, beyond the chain's proof-of-work limit`,
          { height: start + i, bits: h.bits },
        )
      const bound = proofOfWork === 'nbits' ? target : MINDIFF_TARGET
      const which =
        proofOfWork === 'nbits' ? `its nBits 0x${(h.bits >>> 0).toString(16)}` : 'KOMODO_MINDIFF_NBITS 0x200f0f0f'
      if (BigInt('0x' + h.hash) > bound)
        throw new KomodoCcError(
          'CHAIN_MISMATCH',
          `header ${start + i} hashes to ${h.hash}, above its target (${which}): it carries no proof of work`,
          { height: start + i, bits: h.bits, hash: h.hash },
        )
    })
    return hs
  }
  const extendHeaders = async (upTo: number): Promise<void> => {
    if (chainStart === undefined) {
      const start = checkpoint?.height ?? 0
      const [h] = await readHeaders(start, 1)
      if (checkpoint !== undefined && h!.hash !== checkpoint.hash.toLowerCase())
        throw new KomodoCcError('CHAIN_MISMATCH', `header ${start} hashes to ${h!.hash}, not the checkpoint`, {
          height: start,
        })
      chainStart = start
      chainEnd = start
      headerHashes.set(start, h!.hash)
      headerRoots.set(start, h!.merkleRoot)
    }
    if (upTo < chainStart)
      throw new KomodoCcError('CHAIN_MISMATCH', `height ${upTo} is below the checkpoint ${chainStart}`, {
        height: upTo,
      })
    // a bound on what a claimed height makes the view fetch (a server claiming a far tip cannot make it read millions)
    if (upTo - chainStart > maxHeaders)
      throw new KomodoCcError(
        'HEADER_LIMIT',
        `height ${upTo} is ${upTo - chainStart} headers above the checkpoint ${chainStart}; maxHeaders is ${maxHeaders} (give a checkpoint nearer the tip)`,
        { height: upTo, checkpoint: chainStart, maxHeaders },
      )
    while (chainEnd < upTo) {
      const from = chainEnd + 1
      const hs = await readHeaders(from, Math.min(300, upTo - chainEnd))
      hs.forEach((h, i) => {
        const height = from + i
        if (h.prevHash !== headerHashes.get(height - 1)) {
          // a reorganisation above the checked chain, or a lie: start again from the checkpoint once
          throw new KomodoCcError('CHAIN_MISMATCH', `header ${height} does not follow header ${height - 1}`, {
            height,
          })
        }
        headerHashes.set(height, h.hash)
        headerRoots.set(height, h.merkleRoot)
      })
      chainEnd = from + hs.length - 1
    }
  }
  const verifyIncluded = async (items: readonly { txid: string; height: number }[]): Promise<void> => {
    if (!verifying) return
    const todo = [...new Map(items.map((i) => [`${i.txid}:${i.height}`, i])).values()].filter(
      (i) => !verified.has(`${i.txid}:${i.height}`),
    )
    if (todo.length === 0) return
    const proofs = await calls(
      todo.map((t) => ({ method: 'blockchain.transaction.get_merkle', params: [t.txid, t.height] })),
    )
    await extendHeaders(Math.max(...todo.map((t) => t.height)))
    todo.forEach((t, i) => {
      const p = objOf(proofs[i], 'a get_merkle result')
      if (p.block_height !== t.height)
        throw bad(`get_merkle for height ${t.height} with block_height ${String(p.block_height)}`)
      const merkle = listOf(p.merkle, 'a get_merkle branch').map((x) => txidOf(x, 'a merkle branch'))
      const root = merkleRootFromBranch(t.txid, merkle, intOf(p.pos, 'a get_merkle result', 0))
      if (root !== headerRoots.get(t.height))
        throw new KomodoCcError(
          'CHAIN_MISMATCH',
          `transaction ${t.txid} is not in block ${t.height} (its branch leads to ${root})`,
          { txid: t.txid, height: t.height },
        )
      verified.add(`${t.txid}:${t.height}`)
      positions.set(`${t.txid}:${t.height}`, intOf(p.pos, 'a get_merkle result', 0))
    })
  }

  // ---- listings answered again until a script hash's status changes (options.subscribe)
  const subscribing = options.subscribe === true
  if (options.subscribe !== undefined && typeof options.subscribe !== 'boolean')
    throw new KomodoCcError('ARG_INVALID', 'subscribe expected a boolean', { name: 'subscribe' })
  /** Notifications seen per script hash (lower-case): a listing read at other counts is stale. */
  const notified = new Map<string, number>()
  const subscribed = new Set<string>()
  /** Script hashes the server will not follow (a refused subscription, a `null` status: history too large). */
  const unfollowed = new Set<string>()
  const listings = new Map<string, { hashes: string; counts: number[]; value: Promise<unknown> }>()
  if (subscribing)
    client.onNotification((method, params) => {
      if (method !== 'blockchain.scripthash.subscribe' || typeof params[0] !== 'string') return
      const sh = params[0].toLowerCase()
      notified.set(sh, (notified.get(sh) ?? 0) + 1)
      // a null status: an empty history, or the server dropping the subscription (history too large) and sending no
      // more; either way this script hash is listed on every call from now on
      if (params[1] === null) unfollowed.add(sh)
    })
  /** `read(address)`, or its last answer while none of the address's script hashes was notified since. */
  const remembered = async <T>(kind: string, address: string, read: () => Promise<T>, copy: (v: T) => T) => {
    if (!subscribing) return read()
    const { hashes } = scriptsFor(address)
    const fresh = hashes.filter((sh) => !subscribed.has(sh) && !unfollowed.has(sh))
    if (fresh.length > 0)
      await Promise.all(
        fresh.map((sh) =>
          client.subscribe('blockchain.scripthash.subscribe', [sh]).then(
            () => subscribed.add(sh),
            (e: unknown) => {
              if (!(e instanceof ElectrumError)) throw e // the transport: the listing would fail too
              unfollowed.add(sh) // refused (history too large): this address is listed on every call
            },
          ),
        ),
      )
    if (hashes.some((sh) => unfollowed.has(sh))) return read()
    const key = `${kind}:${address}`
    const counts = hashes.map((sh) => notified.get(sh) ?? 0)
    const m = listings.get(key)
    if (m !== undefined && m.hashes === hashes.join() && m.counts.every((c, i) => c === counts[i]))
      return copy((await m.value) as T)
    const value = read()
    listings.set(key, { hashes: hashes.join(), counts, value })
    value.catch(() => listings.delete(key))
    return copy(await value)
  }
  const utxoCopy = <U extends ChainUtxo>(l: U[]): U[] => l.map((u) => ({ ...u, script: u.script.slice() }))

  // ---- the contract
  const listUnspent = (address: string): Promise<ChainUtxo[]> =>
    remembered('unspent', address, () => readUnspent(address), utxoCopy)
  const getAddressMempool = (address: string): Promise<AddressMempool> =>
    remembered(
      'mempool',
      address,
      () => readAddressMempool(address),
      (m) => ({ outputs: utxoCopy(m.outputs), spends: m.spends.map((x) => ({ ...x })) }),
    )
  const getAddressHistory = (address: string): Promise<HistoryEntry[]> =>
    remembered(
      'history',
      address,
      () => readAddressHistory(address),
      (l) => l.map((h) => ({ ...h })),
    )

  const readUnspent = async (address: string): Promise<ChainUtxo[]> => {
    const { hashes, hexes } = scriptsFor(address)
    const r1 = await calls(
      hashes.flatMap((sh) => [
        { method: 'blockchain.scripthash.listunspent', params: [sh] },
        { method: 'blockchain.scripthash.get_mempool', params: [sh] },
      ]),
    )
    const listed = hashes.map((sh, i) => parseListed(r1[2 * i], sh))
    const mem = hashes.map((sh, i) => parseMempool(r1[2 * i + 1], sh))
    const mempoolIds = new Set(mem.flat().map((m) => m.txid))
    const perScript: Listed[][] = listed.map((l) => l.filter((u) => u.height > 0 || !mempoolIds.has(u.txid)))
    if (mempoolIds.size > 0) {
      // Electrum leaves out what the mempool spends: find it from the mempool transactions' inputs
      const withMempool = hashes.filter((_sh, i) => mem[i]!.length > 0)
      const [txs, hists] = await Promise.all([fetchTxs([...mempoolIds]), histories(withMempool)])
      const histOf = new Map(withMempool.map((sh, i) => [sh, hists[i]]))
      const have = new Set(perScript.flat().map((u) => `${u.txid}:${u.vout}`))
      const candidates = new Map<string, { txid: string; vout: number }>()
      for (const { tx } of txs.values())
        for (const i of tx.vin) {
          const k = `${i.txid}:${i.vout}`
          if (mempoolIds.has(i.txid) || have.has(k) || /^0{64}$/.test(i.txid)) continue
          candidates.set(k, { txid: i.txid, vout: i.vout })
        }
      const heightIn = new Map<string, number>()
      let unknownHistory = false
      for (const h of histOf.values()) {
        if (h === undefined) unknownHistory = true
        else for (const e of h) heightIn.set(e.txid, e.height)
      }
      const wanted = [...candidates.values()].filter((c) => unknownHistory || heightIn.has(c.txid))
      if (wanted.length > 0) {
        const funding = await fetchTxs(wanted.map((c) => c.txid))
        const missingHeight = wanted.filter((c) => !heightIn.has(c.txid))
        if (missingHeight.length > 0) {
          // history too large: the funding transaction's height comes from its verbose form
          const verbose = await calls(
            [...new Set(missingHeight.map((c) => c.txid))].map((t) => ({
              method: 'blockchain.transaction.get',
              params: [t, true],
            })),
          )
          ;[...new Set(missingHeight.map((c) => c.txid))].forEach((t, i) => {
            const v = objOf(verbose[i], 'a verbose transaction')
            if (typeof v.height === 'number' && Number.isSafeInteger(v.height) && v.height >= 0)
              heightIn.set(t, v.height)
          })
        }
        for (const c of wanted) {
          const o = funding.get(c.txid)!.tx.vout[c.vout]
          const height = heightIn.get(c.txid)
          if (o === undefined || height === undefined) continue
          const hex = bytesToHex(o.script)
          if (!hexes.has(hex)) continue
          const li = hashes.indexOf(scripthash(o.script))
          perScript[li]!.push({ txid: c.txid, vout: c.vout, height, value: o.value })
        }
        // back into chain order within each script: by history rank, then output index
        perScript.forEach((l, li) => {
          const h = histOf.get(hashes[li]!)
          if (h === undefined) {
            l.sort((a, b) => a.height - b.height || (a.txid === b.txid ? a.vout - b.vout : 0))
            return
          }
          const rank = new Map(h.map((e, i) => [e.txid, i]))
          l.sort((a, b) => (rank.get(a.txid) ?? 0) - (rank.get(b.txid) ?? 0) || a.vout - b.vout)
        })
      }
    }
    const ordered = await orderAcross(perScript, (a, b) => a.vout - b.vout)
    // check each output against its transaction (value, and a script of this address)
    const txs = await fetchTxs(ordered.map((u) => u.txid))
    const out: ChainUtxo[] = ordered.map((u) => {
      const o = txs.get(u.txid)!.tx.vout[u.vout]
      if (o === undefined || o.value !== u.value || !hexes.has(bytesToHex(o.script)))
        throw new KomodoCcError(
          'CHAIN_MISMATCH',
          `the Electrum server claims ${u.txid}:${u.vout} holds ${u.value} sat to ${address}, its transaction disagrees`,
          { txid: u.txid, vout: u.vout },
        )
      return { txid: u.txid, vout: u.vout, satoshis: o.value, script: o.script.slice(), height: u.height }
    })
    await verifyIncluded(out)
    return out
  }

  const readAddressMempool = async (address: string): Promise<AddressMempool> => {
    const { hashes, hexes } = scriptsFor(address)
    const r1 = await calls(hashes.map((sh) => ({ method: 'blockchain.scripthash.get_mempool', params: [sh] })))
    const ids: string[] = []
    for (const [i, sh] of hashes.entries())
      for (const m of parseMempool(r1[i], sh)) if (!ids.includes(m.txid)) ids.push(m.txid)
    if (ids.length === 0) return { outputs: [], spends: [] }
    const [txs, hists] = await Promise.all([fetchTxs(ids), histories(hashes)])
    const confirmedIds = new Set(hists.flatMap((h) => (h ?? []).map((e) => e.txid)))
    const unknownHistory = hists.some((h) => h === undefined)
    const idSet = new Set(ids)
    const prevTxids = new Set<string>()
    for (const id of ids)
      for (const i of txs.get(id)!.tx.vin)
        if (!idSet.has(i.txid) && (unknownHistory || confirmedIds.has(i.txid)) && !/^0{64}$/.test(i.txid))
          prevTxids.add(i.txid)
    const prev = prevTxids.size > 0 ? await fetchTxs([...prevTxids]) : new Map()
    const outputs: ChainUtxo[] = []
    const spends: MempoolSpend[] = []
    for (const id of ids) {
      const { tx } = txs.get(id)!
      tx.vin.forEach((i, vin) => {
        const src = idSet.has(i.txid) ? txs.get(i.txid) : prev.get(i.txid)
        const o = src?.tx.vout[i.vout]
        if (o !== undefined && hexes.has(bytesToHex(o.script)))
          spends.push({ txid: i.txid, vout: i.vout, spender: id, vin })
      })
      tx.vout.forEach((o, vout) => {
        if (o.script[0] !== 0x6a && hexes.has(bytesToHex(o.script)))
          outputs.push({ txid: id, vout, satoshis: o.value, script: o.script.slice(), height: 0 })
      })
    }
    return { outputs, spends }
  }

  const readAddressHistory = async (address: string): Promise<HistoryEntry[]> => {
    const { hashes } = scriptsFor(address)
    const r = await calls(hashes.map((sh) => ({ method: 'blockchain.scripthash.get_history', params: [sh] })))
    const lists = hashes.map((sh, i) => parseHistory(r[i], sh).filter((h) => !h.mempool))
    const seen = new Set<string>()
    const unique = lists.map((l) =>
      l.filter((h) => {
        if (seen.has(h.txid)) return false
        seen.add(h.txid)
        return true
      }),
    )
    const ordered = await orderAcross(unique, () => 0)
    const out = ordered.map((h) => ({ txid: h.txid, height: h.height }))
    await verifyIncluded(out)
    return out
  }

  const view: ElectrumView = {
    client,
    getTransaction: async (txid: string) => (await fetchTxs([txidArg(txid)])).get(txidArg(txid))!.hex,
    getTransactions: async (txids: readonly string[]) => {
      if (!Array.isArray(txids)) throw new KomodoCcError('ARG_INVALID', 'txids expected an array', { name: 'txids' })
      const ids = txids.map(txidArg)
      const got = await fetchTxs(ids)
      return ids.map((t) => got.get(t)!.hex)
    },
    listUnspent,
    getAddressMempool,
    getAddressHistory,
    getMempool: async () => {
      const hashes = [...asked.keys()]
      if (hashes.length === 0) return []
      const r = await calls(hashes.map((sh) => ({ method: 'blockchain.scripthash.get_mempool', params: [sh] })))
      const ids = new Set<string>()
      hashes.forEach((sh, i) => parseMempool(r[i], sh).forEach((m) => ids.add(m.txid)))
      return [...ids]
    },
    getHeight: async () => {
      const r = objOf(await client.request('blockchain.headers.subscribe', []), 'a headers.subscribe result')
      const height = intOf(r.height, 'a headers.subscribe result', 0)
      if (verifying) {
        await extendHeaders(height)
        if (
          typeof r.hex === 'string' &&
          parseKomodoHeader(hexToBytes(r.hex, 'header')).hash !== headerHashes.get(height)
        )
          throw new KomodoCcError('CHAIN_MISMATCH', `the tip header at ${height} is not the header chain's`, { height })
      }
      return height
    },
    broadcast: async (hex: string) => {
      if (typeof hex !== 'string' || !/^([0-9a-fA-F]{2})+$/.test(hex))
        throw new KomodoCcError('ARG_INVALID', 'hex expected a transaction in hex', { name: 'hex' })
      const raw = hexToBytes(hex)
      const txid = txidOfBytes(raw)
      const answer = await client.request('blockchain.transaction.broadcast', [hex.toLowerCase()], { retry: false })
      if (typeof answer !== 'string' || answer.toLowerCase() !== txid)
        throw new KomodoCcError(
          'CHAIN_MISMATCH',
          `the Electrum server answered ${String(answer).slice(0, 80)} to a broadcast of ${txid}`,
          { txid, got: String(answer).slice(0, 80) },
        )
      // learnt (its scripts), not cached: getTransaction answers what the server knows, and a wallet asks it
      // whether the node shows a transaction it sent (src/wallet/pending.ts)
      try {
        book.learnTransaction(txid, parseTransaction(raw))
      } catch {
        // the server accepted bytes we cannot parse: nothing to learn from them
      }
      return txid
    },
    addPubkeys: (pubkeys) => {
      for (const pk of pubkeys) book.addPubkey(pk)
    },
    addScripts: (scripts) => {
      for (const s of scripts) book.addScript(s)
    },
    scriptsOf: (address) => book.scriptsOf(address),
    getBalance: async (address) => {
      const { hashes } = scriptsFor(address)
      const r = await calls(hashes.map((sh) => ({ method: 'blockchain.scripthash.get_balance', params: [sh] })))
      let confirmed = 0n
      let unconfirmed = 0n
      for (const x of r) {
        const o = objOf(x, 'a get_balance result')
        confirmed += signedSats(o.confirmed, 'a confirmed balance')
        unconfirmed += signedSats(o.unconfirmed, 'an unconfirmed balance')
      }
      return { confirmed, unconfirmed }
    },
    // a block's time is its header's (one batch for every height asked)
    getBlockTimes: async (heights: readonly number[]) => {
      for (const h of heights)
        if (!Number.isSafeInteger(h) || h < 0)
          throw new KomodoCcError('ARG_INVALID', 'heights expected non-negative integers', { name: 'heights' })
      const hexes = await calls(heights.map((h) => ({ method: 'blockchain.block.header', params: [h] })))
      return hexes.map((hex) => {
        if (typeof hex !== 'string') throw bad('block.header that is not hex')
        return parseKomodoHeader(hexToBytes(hex, 'header')).time
      })
    },
    getHeader: async (height) => {
      if (!Number.isSafeInteger(height) || height < 0)
        throw new KomodoCcError('ARG_INVALID', 'height expected a non-negative integer', { name: 'height' })
      const hex = await client.request('blockchain.block.header', [height])
      if (typeof hex !== 'string') throw bad('block.header that is not hex')
      const bytes = hexToBytes(hex, 'header')
      parseKomodoHeader(bytes)
      return bytes
    },
    estimateFee: async (blocks) => {
      if (!Number.isSafeInteger(blocks) || blocks < 1)
        throw new KomodoCcError('ARG_INVALID', 'blocks expected a positive integer', { name: 'blocks' })
      return feeRate(await client.request('blockchain.estimatefee', [blocks]), 'estimatefee')
    },
    relayFee: async () => {
      const r = feeRate(await client.request('blockchain.relayfee', []), 'relayfee')
      if (r === null) throw bad('relayfee −1')
      return r
    },
    close: () => {
      if (own) client.close()
    },
  }
  return Object.freeze(view)
}

const addressOfKey = (pk: Uint8Array): string => p2pkhAddress(pk)
