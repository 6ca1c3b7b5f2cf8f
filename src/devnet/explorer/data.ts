// What the devnet explorer shows, read from the devnet's chain: blocks, mempool, each transaction with the
// inspector's reading, token balances and oracle samples. Module rules stay in the modules: transactions are read by
// the generic inspector (src/inspect/), balances come from the devnet's own `tokenbalance` RPC, samples are printed
// by the oracle-data codec's `formatOracleSample` (what `oraclessamples` prints).
import { hexToBytes } from '../../bytes/hex.js'
import { p2pkhAddress } from '../../address/address.js'
import { inspectTransaction, type Inspection } from '../../inspect/inspect.js'
import { formatOracleSample } from '../../oracle-data/format.js'
import { bytesToHex } from '../../bytes/hex.js'
import type { DevnetNode } from '../node.js'
import { callDevnet } from '../rpc.js'

/** The explorer's memo of inspections, by txid (transactions never change; a revert only drops some). */
export type ExplorerCache = { inspections: Map<string, Inspection> }

/** Most blocks the explorer's front page lists (the newest). */
export const EXPLORER_BLOCKS = 30
/** Most samples per oracle the explorer charts (the newest). */
export const EXPLORER_SAMPLES = 500

/** A transaction in a list: what made it. */
export type ExplorerTxLine = { txid: string; module: string | null; method: string | null }

/** The explorer's front page as JSON. */
export type ExplorerState = {
  chain: string
  height: number
  /** The devnet clock (unix seconds). */
  now: number
  walletAddress: string
  blocks: { height: number; hash: string; time: number; txs: ExplorerTxLine[] }[]
  mempool: (ExplorerTxLine & { size: number; fee: bigint })[]
  tokens: {
    tokenid: string
    name: string
    supply: bigint
    owner: string
    balances: { pubkey: string; address: string; balance: bigint }[]
  }[]
  oracles: {
    txid: string
    name: string
    format: string
    samples: { txid: string; time: number; height: number; publisher: string; values: string[] }[]
  }[]
}

/** The inspection of a known transaction (prevout values from the chain, so the fee is computed), memoised. */
export function inspectionOf(node: DevnetNode, cache: ExplorerCache, txid: string): Inspection | undefined {
  const e = node.chain.txs.get(txid)
  if (e === undefined) return undefined
  const hit = cache.inspections.get(txid)
  if (hit !== undefined && hit.txid === txid) return hit
  let ins: Inspection
  try {
    const coinbase = e.tx.vin.length === 1 && e.tx.vin[0]!.vout === 0xffffffff
    const prevouts = coinbase ? [] : e.tx.vin.map((i) => node.chain.output(i.txid, i.vout) ?? null)
    const known = prevouts.length > 0 && prevouts.every((p) => p !== null)
    ins = inspectTransaction(e.tx, known ? { prevouts: prevouts.map((p) => ({ value: p!.value })) } : {})
  } catch {
    try {
      ins = inspectTransaction(e.tx)
    } catch {
      return undefined // a transaction the inspector cannot read is listed without a reading
    }
  }
  cache.inspections.set(txid, ins)
  return ins
}

function line(node: DevnetNode, cache: ExplorerCache, txid: string): ExplorerTxLine {
  const ins = inspectionOf(node, cache, txid)
  return { txid, module: ins?.module ?? null, method: ins?.method ?? null }
}

/**
 * The explorer's front page: the newest blocks, the mempool, every token with its holders' balances, every oracle
 * with its samples (oldest first).
 * @example const state = await explorerState(node, { inspections: new Map() })
 */
export async function explorerState(node: DevnetNode, cache: ExplorerCache): Promise<ExplorerState> {
  const chain = node.chain
  for (const id of cache.inspections.keys()) if (!chain.txs.has(id)) cache.inspections.delete(id)
  const blocks = chain.blocks
    .slice(-EXPLORER_BLOCKS)
    .reverse()
    .map((b) => ({ height: b.height, hash: b.hash, time: b.time, txs: b.txids.map((id) => line(node, cache, id)) }))
  const mempool = chain.mempool.map((id) => {
    const e = chain.txs.get(id)!
    return { ...line(node, cache, id), size: e.hex.length / 2, fee: e.fee }
  })
  // every transaction once, in chain order (confirmed, then mempool)
  const order: { txid: string; time: number; height: number }[] = []
  for (const b of chain.blocks) for (const id of b.txids) order.push({ txid: id, time: b.time, height: b.height })
  for (const id of chain.mempool) order.push({ txid: id, time: chain.txs.get(id)!.time, height: -1 })
  const tokens: ExplorerState['tokens'] = []
  const holders = new Map<string, Set<string>>()
  const oracles = new Map<string, ExplorerState['oracles'][number]>()
  const wallet = bytesToHex(node.wallet.pubkey)
  for (const { txid, time, height } of order) {
    const ins = inspectionOf(node, cache, txid)
    if (ins === undefined) continue
    const r = ins.reading as Record<string, unknown> & { kind?: string }
    if (r.kind === 'tokencreate') {
      tokens.push({
        tokenid: String(r.tokenid),
        name: String(r.name),
        supply: r.supply as bigint,
        owner: String(r.owner),
        balances: [],
      })
      holders.set(String(r.tokenid), new Set([String(r.owner), wallet]))
    }
    // every key a token output of this transaction names may hold some of its token
    const tokenid = tokenIdOf(ins)
    if (tokenid !== undefined)
      for (const o of ins.outputs) if (o.cc?.pubkey && !o.cc.global) holders.get(tokenid)?.add(o.cc.pubkey)
    if (r.kind === 'oraclescreate')
      oracles.set(txid, { txid, name: String(r.name), format: String(r.format), samples: [] })
    if (r.kind === 'oraclesdata') {
      const o = oracles.get(String(r.oracletxid))
      if (o !== undefined)
        o.samples.push({
          txid,
          time,
          height,
          publisher: String(r.publisher),
          values: formatOracleSample(o.format, hexToBytes(String(r.data))),
        })
    }
  }
  for (const t of tokens) {
    for (const pk of holders.get(t.tokenid) ?? []) {
      const b = (await callDevnet(node, 'tokenbalance', [t.tokenid, pk])) as {
        result?: string
        CCaddress?: string
        balance?: bigint
      }
      if (b.result === 'success' && typeof b.balance === 'bigint' && b.balance > 0n)
        t.balances.push({ pubkey: pk, address: String(b.CCaddress), balance: b.balance })
    }
  }
  for (const o of oracles.values()) o.samples = o.samples.slice(-EXPLORER_SAMPLES)
  return {
    chain: node.chainName,
    height: chain.height,
    now: chain.now(),
    walletAddress: p2pkhAddress(node.wallet.pubkey),
    blocks,
    mempool,
    tokens,
    oracles: [...oracles.values()],
  }
}

/** The token a transaction moves, from its payload (`tokenid`), when it has one. */
function tokenIdOf(ins: Inspection): string | undefined {
  const p = ins.payload as { tokenid?: unknown } | null
  if (p !== null && typeof p.tokenid === 'string') return p.tokenid
  const r = ins.reading as { kind?: string; tokenid?: unknown }
  return r.kind === 'tokencreate' && typeof r.tokenid === 'string' ? r.tokenid : undefined
}

/** One transaction for the explorer: where it is, its hex and the inspector's reading. */
export type ExplorerTx = {
  txid: string
  height: number
  confirmations: number
  time: number
  blockhash: string | null
  hex: string
  inspection: Inspection
}

/**
 * One transaction for the explorer page, or undefined when the chain does not know it.
 * @example explorerTx(node, cache, txid)?.inspection.method // 'tokencreate'
 */
export function explorerTx(node: DevnetNode, cache: ExplorerCache, txid: string): ExplorerTx | undefined {
  const e = node.chain.txs.get(txid)
  const inspection = inspectionOf(node, cache, txid)
  if (e === undefined || inspection === undefined) return undefined
  return {
    txid,
    height: e.height,
    confirmations: node.chain.confirmations(txid) ?? 0,
    time: e.time,
    blockhash: e.blockHash ?? null,
    hex: e.hex,
    inspection,
  }
}
