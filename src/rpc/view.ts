// The resolvers' ChainView over komodod's JSON-RPC with -addressindex (issue 18, layer 7). Every contract method is
// one HTTP round trip (getAddressMempool two when the mempool pays the address: its scripts come from the
// transactions); look-ups that komodod splits by index type (normal and CC outputs of one address) go out together
// in one JSON-RPC batch. Nothing here is trusted by the resolvers: StateReader (src/cctx/resolve.ts) checks every
// transaction against its txid and every output against its transaction; this file only refuses replies that
// contradict themselves (an entry for another address, an output the transaction does not have).
import { KomodoCcError } from '../errors.js'
import { bytesToHex, hexToBytes } from '../bytes/hex.js'
import { equalBytes } from '../bytes/utils.js'
import { base58checkDecode } from '../address/base58check.js'
import { classifyScript } from '../script/classify.js'
import { sha256 } from '../hash/index.js'
import { parseTransaction, txidOfBytes } from '../tx/codec.js'
import type { Transaction } from '../tx/types.js'
import type { AddressMempool, ChainUtxo, ChainView, HistoryEntry, MempoolSpend } from '../cctx/types.js'
import type { KomodoRpc } from './node-rpc.js'
import type { ExactJson } from './json.js'
import { addressParam, hexParam, txidParam } from './params.js'
import {
  asObject,
  resultInt,
  parseAddressDeltas,
  parseAddressMempool,
  parseAddressUtxos,
  parseHexString,
  parseTxid,
  parseTxidList,
  type AddressDelta,
  type AddressMempoolDelta,
  type AddressUtxo,
} from './results.js'
import { RpcError, type RpcBatchCall, type RpcBatchReply, type RpcCallOptions } from './transport.js'

/** Options of {@link createRpcView}. */
export type RpcViewOptions = {
  /**
   * Most calls in one JSON-RPC batch (default 500): `getTransactions` of more txids sends
   * several batches, one after the other.
   */
  maxBatch?: number
  /** Timeout of each HTTP request in milliseconds (default: the client's, 30 s). */
  timeoutMs?: number
}

/** Default {@link RpcViewOptions.maxBatch}: 500 raw transactions of a few kB each stay far below the reply cap. */
export const DEFAULT_MAX_BATCH = 500

/** komodod's RPC_INVALID_ADDRESS_OR_KEY: getrawtransaction's "No information available about transaction". */
const RPC_INVALID_ADDRESS_OR_KEY = -5

/**
 * The whole {@link ChainView} over komodod's JSON-RPC (the node needs `-addressindex`; `getrawtransaction` of a
 * confirmed transaction needs `-txindex`, komodod's default). The mapping, one HTTP request per method unless said:
 * - `getTransaction` = `getrawtransaction txid 0`; komodod's -5 "No information available about transaction" is
 *   `TX_NOT_FOUND`;
 * - `getTransactions` = one batch of `getrawtransaction` (several when more than `maxBatch`);
 * - `listUnspent` = one batch of `getaddressutxos {addresses:[a]}` and `getaddressutxos {addresses:[a]} true`
 *   (komodod files normal outputs under index type 1 and CC outputs under type 3, the `ccvout` flag): confirmed
 *   outputs, each list in komodod's order (by height), merged by height (normal first at one height);
 * - `getAddressMempool` = one batch of `getaddressmempool` without and with the flag (komodod's mempool index files
 *   CC outputs under type 1 too; both are asked so that either layout is read), then, when the mempool pays the
 *   address, one batch of `getrawtransaction` for those transactions (the deltas carry no script). A transaction
 *   that left the mempool between the two requests makes the whole look-up run once more; a second miss is
 *   `TX_NOT_FOUND`;
 * - `getAddressHistory` = one batch of `getaddressdeltas` without and with the flag (the deltas carry each
 *   transaction's height and position in its block; `getaddresstxids` has no heights), each transaction once;
 * - `getBlockTimes` = one batch of `getblock "<height>" 1` (komodod reads a digit string as a height; the answer's
 *   `height` must be the one asked), its `time`; a height above the tip is the daemon's -8 "Block height out of range";
 * - `getTipState` = one batch of `getbestblockhash` and `getrawmempool` (komodod's src/rpc/blockchain.cpp): the tip's
 *   hash, the mempool's size and the SHA-256 of its sorted txids;
 * - `getMempool` = `getrawmempool`, `getHeight` = `getblockcount`, `broadcast` = `sendrawtransaction` (its txid is
 *   checked to be the hash of the bytes sent; a refusal is the client's `RpcError` RPC_ERROR with the daemon's
 *   code and text).
 * Failures are the client's typed errors (`RpcError`: RPC_HTTP, RPC_TIMEOUT, RPC_RESULT, RESPONSE_TOO_LARGE, …,
 * credentials scrubbed); a reply naming another address, or a mempool output its transaction does not have, is
 * `CHAIN_MISMATCH`.
 * @throws KomodoCcError ARG_INVALID for a bad `rpc` or options
 * @example
 * const view = createRpcView(createKomodoRpc({ chain: 'DOC' }))
 * const coins = await view.listUnspent('RWqrNbM3fvRRdbyuhLKx98SN3ndE7SkD8L')
 */
export function createRpcView(rpc: KomodoRpc, options: RpcViewOptions = {}): ChainView {
  if (typeof rpc !== 'object' || rpc === null || typeof rpc.batch !== 'function' || typeof rpc.call !== 'function')
    throw new KomodoCcError('ARG_INVALID', 'rpc expected a komodod client (createKomodoRpc)', { name: 'rpc' })
  if (typeof options !== 'object' || options === null)
    throw new KomodoCcError('ARG_INVALID', 'options must be an object', { name: 'options' })
  const maxBatch = options.maxBatch ?? DEFAULT_MAX_BATCH
  if (!Number.isSafeInteger(maxBatch) || maxBatch < 1)
    throw new KomodoCcError('ARG_INVALID', 'maxBatch must be a positive whole number', { name: 'maxBatch' })
  if (options.timeoutMs !== undefined && !(typeof options.timeoutMs === 'number' && options.timeoutMs > 0))
    throw new KomodoCcError('ARG_INVALID', 'timeoutMs must be a positive number', { name: 'timeoutMs' })
  const callOptions: RpcCallOptions = options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }

  /** The results of one batch, each parsed; the first failed call's error is thrown (or mapped by `failed`). */
  const batchResults = async <T>(
    calls: readonly RpcBatchCall[],
    parse: (v: ExactJson) => T,
    failed: (e: RpcError, i: number) => never = (e) => {
      throw e
    },
  ): Promise<T[]> => {
    const replies: RpcBatchReply[] = await rpc.batch(calls, callOptions)
    const out: T[] = []
    for (const [i, r] of replies.entries()) {
      if (!r.ok) failed(r.error, i)
      else out.push(await parsed(rpc, calls[i]!.method, r.result, parse))
    }
    return out
  }

  /** Raw hex per txid, in order, in as few batches as `maxBatch` allows; `undefined` where komodod answers -5. */
  const rawTransactions = async (txids: readonly string[]): Promise<(string | undefined)[]> => {
    const out: (string | undefined)[] = []
    for (let from = 0; from < txids.length; from += maxBatch) {
      const chunk = txids.slice(from, from + maxBatch)
      const replies = await rpc.batch(
        chunk.map((id) => ({ method: 'getrawtransaction', params: [id, 0] })),
        callOptions,
      )
      for (const [i, r] of replies.entries()) {
        if (r.ok) out.push(await parsed(rpc, 'getrawtransaction', r.result, parseHexString))
        else if (isNotFound(r.error)) out.push(undefined)
        else throw r.error
      }
    }
    return out
  }

  const byType = (method: string, address: string): RpcBatchCall[] => [
    { method, params: [{ addresses: [address] }] },
    { method, params: [{ addresses: [address] }, true] },
  ]

  const view: ChainView = {
    getTransaction: async (txid) => {
      const id = txidParam(txid, 'txid')
      try {
        return await rpc.getrawtransaction(id, callOptions)
      } catch (e) {
        throw e instanceof RpcError && isNotFound(e) ? notFound(id, e) : e
      }
    },

    getTransactions: async (txids) => {
      if (!Array.isArray(txids))
        throw new KomodoCcError('ARG_INVALID', 'txids must be an array of txids', { name: 'txids' })
      const ids = txids.map((t, i) => txidParam(t, `txids[${i}]`))
      const hexes = await rawTransactions(ids)
      return hexes.map((h, i) => h ?? notFound(ids[i]!))
    },

    listUnspent: async (address) => {
      const a = addressParam(address, 'address')
      const hash = addressHash(a)
      const [normal, cc] = await batchResults(byType('getaddressutxos', a), parseAddressUtxos)
      const toUtxo = (u: AddressUtxo): ChainUtxo => {
        if (u.address !== a) throw otherAddress('getaddressutxos', a, u.address)
        const script = hexToBytes(u.script, 'script')
        if (u.outputIndex < 0 || !paysHash(script, hash))
          throw new KomodoCcError(
            'CHAIN_MISMATCH',
            `getaddressutxos lists ${u.txid}:${u.outputIndex} under ${a}, but its script pays elsewhere`,
            { txid: u.txid, vout: u.outputIndex, address: a },
          )
        return { txid: u.txid, vout: u.outputIndex, satoshis: u.satoshis, script, height: u.height }
      }
      return mergeBy(
        normal!.map(toUtxo),
        cc!.map(toUtxo),
        (u) => [u.height],
        (u) => `${u.txid}:${u.vout}`,
      )
    },

    getAddressMempool: async (address) => {
      const a = addressParam(address, 'address')
      const hash = addressHash(a)
      for (let attempt = 0; ; attempt++) {
        const [plain, cc] = await batchResults(byType('getaddressmempool', a), parseAddressMempool)
        const deltas = mergeBy(
          plain!,
          cc!,
          (d) => [d.timestamp],
          (d) => `${d.txid}:${d.index}:${d.prevtxid === undefined ? 'out' : 'in'}`,
        )
        for (const d of deltas) if (d.address !== a) throw otherAddress('getaddressmempool', a, d.address)
        // an output delta names neither prevtxid nor prevout; komodod prints them exactly for the spends
        const paying = [...new Set(deltas.filter((d) => d.prevtxid === undefined).map((d) => d.txid))]
        const hexes = await rawTransactions(paying)
        const gone = paying.filter((_t, i) => hexes[i] === undefined)
        if (gone.length > 0) {
          if (attempt === 0) continue // the transaction was mined or evicted between the two requests: look again
          throw notFound(gone[0]!)
        }
        const txs = new Map(paying.map((t, i) => [t, checkedTx(t, hexes[i]!)]))
        return mempoolOf(deltas, txs, a, hash)
      }
    },

    getAddressHistory: async (address) => {
      const a = addressParam(address, 'address')
      const [normal, cc] = await batchResults(byType('getaddressdeltas', a), parseAddressDeltas)
      for (const d of [...normal!, ...cc!]) if (d.address !== a) throw otherAddress('getaddressdeltas', a, d.address)
      const order = (d: AddressDelta): number[] => [d.height, d.blockindex ?? 0]
      const seen = new Set<string>()
      const out: HistoryEntry[] = []
      for (const d of mergeBy(normal!, cc!, order, (d) => `${d.txid}:${d.index}:${d.satoshis < 0n ? 'in' : 'out'}`)) {
        if (seen.has(d.txid)) continue
        seen.add(d.txid)
        out.push({ txid: d.txid, height: d.height })
      }
      return out
    },

    getMempool: () => rpc.getrawmempool(callOptions),

    getTipState: async () => {
      const calls: RpcBatchCall[] = [
        { method: 'getbestblockhash', params: [] },
        { method: 'getrawmempool', params: [] },
      ]
      const replies = await rpc.batch(calls, callOptions)
      for (const r of replies) if (!r.ok) throw r.error
      const [tip, mempool] = replies as { ok: true; result: ExactJson }[]
      const hash = await parsed(rpc, 'getbestblockhash', tip!.result, parseTxid)
      const txids = (await parsed(rpc, 'getrawmempool', mempool!.result, parseTxidList)).sort()
      const digest = bytesToHex(sha256(new TextEncoder().encode(txids.join(','))))
      return `${hash}:${txids.length}:${digest}`
    },

    getHeight: () => rpc.getblockcount(callOptions),

    getBlockTimes: async (heights) => {
      if (!Array.isArray(heights))
        throw new KomodoCcError('ARG_INVALID', 'heights must be an array of block heights', { name: 'heights' })
      heights.forEach((h, i) => {
        if (!Number.isSafeInteger(h) || h < 0)
          throw new KomodoCcError('ARG_INVALID', `heights[${i}] expected a block height`, { name: `heights[${i}]` })
      })
      const out: number[] = []
      for (let from = 0; from < heights.length; from += maxBatch) {
        const chunk = heights.slice(from, from + maxBatch)
        // komodod's getblock reads a digit string as a height; verbosity 1 is the JSON form with `time`
        const blocks = await batchResults(
          chunk.map((h) => ({ method: 'getblock', params: [String(h), 1] })),
          (v) => {
            const o = asObject(v)
            return {
              height: resultInt(o.height ?? null, 'result.height'),
              time: resultInt(o.time ?? null, 'result.time'),
            }
          },
        )
        blocks.forEach((b, i) => {
          if (b.height !== chunk[i])
            throw new KomodoCcError('CHAIN_MISMATCH', `getblock ${chunk[i]} answered the block at height ${b.height}`, {
              height: chunk[i],
              got: b.height,
            })
          out.push(b.time)
        })
      }
      return out
    },

    broadcast: async (hex) => {
      const h = hexParam(hex, 'hex')
      const expected = txidOfBytes(hexToBytes(h, 'hex'))
      const txid = (await rpc.sendrawtransaction(h, callOptions)).toLowerCase()
      if (txid !== expected)
        throw new KomodoCcError(
          'CHAIN_MISMATCH',
          `sendrawtransaction answered txid ${txid} for a transaction whose txid is ${expected}`,
          { txid: expected, got: txid },
        )
      return txid
    },
  }
  return Object.freeze(view)
}

/** A parsed result; a shape error becomes the client's RpcError RPC_RESULT naming the method and host. */
async function parsed<T>(rpc: KomodoRpc, method: string, v: ExactJson, parse: (v: ExactJson) => T): Promise<T> {
  try {
    return parse(v)
  } catch (e) {
    if (e instanceof KomodoCcError && e.code === 'RPC_RESULT')
      throw new RpcError('RPC_RESULT', method, await rpc.host(), e.message.slice('RPC_RESULT: '.length), {
        reason: 'shape',
        path: e.details.path,
      })
    throw e
  }
}

function isNotFound(e: RpcError): boolean {
  return e.code === 'RPC_ERROR' && e.rpcCode === RPC_INVALID_ADDRESS_OR_KEY
}

function notFound(txid: string, cause?: RpcError): never {
  throw new KomodoCcError(
    'TX_NOT_FOUND',
    `the node has no transaction ${txid} (getrawtransaction: No information available about transaction)`,
    { txid },
    cause === undefined ? undefined : { cause },
  )
}

function otherAddress(method: string, asked: string, got: string): KomodoCcError {
  return new KomodoCcError('CHAIN_MISMATCH', `${method} for ${asked} answered an entry of ${got}`, {
    method,
    address: asked,
    got,
  })
}

/** The 20-byte hash an address names (any chain's version bytes). */
function addressHash(address: string): Uint8Array {
  const payload = base58checkDecode(address)
  return payload.subarray(payload.length - 20)
}

/**
 * Whether an output script pays the address hash as komodod's address index files it (P2PK under its key's
 * hash, P2PKH and P2SH under theirs, CC under the CC sub-script's, multisig under each key's). Scripts the index
 * reads in ways this does not model (no hash derived) are let through: the resolvers match scripts themselves.
 */
function paysHash(script: Uint8Array, hash: Uint8Array): boolean {
  const c = classifyScript(script)
  return c.hashes.length === 0 || c.hashes.some((h) => equalBytes(h.hash, hash))
}

/** Raw hex checked to be the transaction asked for (the view reads scripts from it). */
function checkedTx(txid: string, hex: string): Transaction {
  const raw = hexToBytes(hex, 'transaction')
  const got = txidOfBytes(raw)
  if (got !== txid.toLowerCase())
    throw new KomodoCcError('CHAIN_MISMATCH', `getrawtransaction gave transaction ${got} when asked for ${txid}`, {
      txid,
      got,
    })
  try {
    return parseTransaction(raw)
  } catch (e) {
    throw new KomodoCcError('CHAIN_MISMATCH', `transaction ${txid} from the node does not parse`, {
      txid,
      cause: e instanceof KomodoCcError ? e.code : 'parse',
    })
  }
}

/**
 * The contract's form of komodod's mempool deltas: outputs (script and value read from the transaction, which must
 * agree with the delta) and spends. A zero-satoshi delta prints no prevtxid either way: it is an output when the
 * transaction has a zero-value output there paying the address, otherwise the spend of that input.
 */
function mempoolOf(
  deltas: readonly AddressMempoolDelta[],
  txs: ReadonlyMap<string, Transaction>,
  address: string,
  hash: Uint8Array,
): AddressMempool {
  const outputs: ChainUtxo[] = []
  const spends: MempoolSpend[] = []
  for (const d of deltas) {
    if (d.prevtxid !== undefined) {
      spends.push({ txid: d.prevtxid, vout: d.prevout!, spender: d.txid, vin: d.index })
      continue
    }
    const tx = txs.get(d.txid)!
    const o = tx.vout[d.index]
    if (d.satoshis === 0n && !(o !== undefined && o.value === 0n && paysHash(o.script, hash))) {
      const i = tx.vin[d.index]
      if (i !== undefined) {
        spends.push({ txid: i.txid, vout: i.vout, spender: d.txid, vin: d.index })
        continue
      }
    }
    if (o === undefined || o.value !== d.satoshis || !paysHash(o.script, hash))
      throw new KomodoCcError(
        'CHAIN_MISMATCH',
        `getaddressmempool says ${d.txid}:${d.index} pays ${d.satoshis} sat to ${address}; the transaction ` +
          `says ${o === undefined ? 'no such output' : `${o.value} sat to script ${bytesToHex(o.script)}`}`,
        { txid: d.txid, vout: d.index, claimed: String(d.satoshis), actual: o === undefined ? null : String(o.value) },
      )
    outputs.push({ txid: d.txid, vout: d.index, satoshis: o.value, script: o.script, height: 0 })
  }
  return { outputs, spends }
}

/**
 * Two lists, each in its source's order, merged by `order` (compared element-wise; the first list first on ties),
 * entries whose `key` was seen dropped.
 */
function mergeBy<T>(a: readonly T[], b: readonly T[], order: (x: T) => number[], key: (x: T) => string): T[] {
  const out: T[] = []
  const seen = new Set<string>()
  const push = (x: T): void => {
    const k = key(x)
    if (seen.has(k)) return
    seen.add(k)
    out.push(x)
  }
  let i = 0
  let j = 0
  while (i < a.length || j < b.length) {
    if (j >= b.length || (i < a.length && compare(order(a[i]!), order(b[j]!)) <= 0)) push(a[i++]!)
    else push(b[j++]!)
  }
  return out
}

function compare(x: readonly number[], y: readonly number[]): number {
  for (let k = 0; k < x.length; k++) if (x[k] !== y[k]) return x[k]! - y[k]!
  return 0
}
