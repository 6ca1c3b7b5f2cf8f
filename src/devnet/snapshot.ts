// Devnet-only chain-state RPCs, as a local EVM chain has them: `snapshot` saves the chain (blocks, mempool, clock
// offset) under an id, `revert` returns to it, `advancetime` moves the clock. komodod has none of these.
import { DevChain } from './chain.js'
import { expect, type DevnetNode, type Method } from './node.js'
import { DevnetRefusal, RPC_CODES } from './refusal.js'
import { acceptTransaction } from './validate.js'

/** Most snapshots a devnet keeps at once (each holds the whole chain's hex); the oldest goes first. */
export const MAX_DEVNET_SNAPSHOTS = 64

/**
 * Saves the chain's state and returns its id (`"1"`, `"2"`, …).
 * @example const id = devnetSnapshot(node)
 */
export function devnetSnapshot(n: DevnetNode): string {
  const s = (n.snapshots ??= { next: 1, saved: new Map() })
  const id = String(s.next++)
  s.saved.set(id, n.chain.snapshot())
  if (s.saved.size > MAX_DEVNET_SNAPSHOTS) s.saved.delete(s.saved.keys().next().value!)
  return id
}

/**
 * Returns the chain to a saved state: its blocks, its mempool (each transaction validated again, in arrival order)
 * and its clock offset (the clock reads wall time plus that offset, so it does not go back to the instant of the
 * snapshot). Transactions and blocks made since are gone; that snapshot and every later one are used up (take a new
 * one to revert again), as a local EVM chain's `evm_revert` does. Returns false for an unknown id.
 * @example devnetRevert(node, id) // true
 */
export function devnetRevert(n: DevnetNode, id: string): boolean {
  const s = n.snapshots
  const snap = s?.saved.get(id)
  if (s === undefined || snap === undefined) return false
  for (const k of [...s.saved.keys()]) if (Number(k) >= Number(id)) s.saved.delete(k)
  const { chain: fresh, mempool } = DevChain.restore(snap, n.chain.walletPubkey, n.chain.coinbaseMaturity)
  replaceChain(n.chain, fresh)
  for (const hex of mempool) {
    try {
      acceptTransaction(n.chain, hex, { validators: n.validators })
    } catch {
      // accepted before, so valid then; nothing in the restored chain can refuse it now but the clock
    }
  }
  n.onBlocks?.()
  return true
}

/** Moves `fresh`'s state into `chain` in place (the server, views and Electrum index hold `chain`). */
function replaceChain(chain: DevChain, fresh: DevChain): void {
  const revision = chain.revision
  chain.blocks.length = 0
  chain.blocks.push(...fresh.blocks)
  for (const name of ['txs', 'utxos', 'addressUtxos', 'addressHistory', 'addressDeltas', 'mempoolSpends'] as const) {
    const into = chain[name] as Map<string, unknown>
    into.clear()
    for (const [k, v] of fresh[name] as Map<string, unknown>) into.set(k, v)
  }
  chain.mempool.length = 0
  chain.mempool.push(...fresh.mempool)
  chain.timeOffset = fresh.timeOffset
  // the revision only grows: persistence and the Electrum index see a change
  chain.revision = revision + fresh.revision + 1
}

/** The devnet-only `snapshot`, `revert` and `advancetime` RPCs. @internal */
export function snapshotMethods(): Record<string, Method> {
  return {
    snapshot: {
      min: 0,
      max: 0,
      usage: 'snapshot\n(devnet only) saves the chain state; returns its id for revert\n',
      run: (n) => devnetSnapshot(n),
    },
    revert: {
      min: 1,
      max: 1,
      usage: 'revert "id"\n(devnet only) returns the chain to a snapshot; true, or false for an unknown id\n',
      run: (n, p) => {
        expect(p[0], 'string')
        return devnetRevert(n, p[0] as string)
      },
    },
    advancetime: {
      min: 1,
      max: 1,
      usage: 'advancetime seconds\n(devnet only) moves the devnet clock forward; returns the clock (unix seconds)\n',
      run: (n, p) => {
        expect(p[0], 'number')
        const t = p[0] as number
        if (!Number.isInteger(t) || t < 0 || t > 100 * 365 * 86400)
          throw new DevnetRefusal(
            RPC_CODES.INVALID_PARAMETER,
            'seconds must be a non-negative integer (at most 100 years)',
          )
        n.chain.timeOffset += t
        return n.chain.now()
      },
    },
  }
}
