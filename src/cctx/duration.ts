// komodod's CCduration (src/cc/CCutils.cpp): how long ago, in blocks and in seconds, a confirmed transaction's block
// is from the tip. The dice timeout, the faucet's brand-new-address rule and the rewards unlock all read it.

/** A block as CCduration reads it: its height and its header time (`nTime`, seconds). */
export type BlockStamp = { height: number; time: number }

/**
 * komodod's `CCduration(numblocks, txid)` for a transaction confirmed in `block`, with `tip` the active chain's tip:
 * `{ numblocks: tip.height − block.height, duration: tip.time − block.time }`, or both 0 when the transaction is not
 * in a block (`block` undefined), its block is the genesis block (height ≤ 0), or the tip is not above it in height
 * or is earlier in time (`pindex->nTime < txtime || pindex->nHeight <= txheight`).
 * @example ccDuration({ height: 10, time: 1000 }, { height: 15, time: 1300 }) // { numblocks: 5, duration: 300 }
 */
export function ccDuration(block: BlockStamp | undefined, tip: BlockStamp): { numblocks: number; duration: number } {
  if (block === undefined || block.height <= 0) return { numblocks: 0, duration: 0 }
  if (tip.time < block.time || tip.height <= block.height) return { numblocks: 0, duration: 0 }
  return { numblocks: tip.height - block.height, duration: tip.time - block.time }
}
