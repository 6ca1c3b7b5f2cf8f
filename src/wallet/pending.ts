// The wallet's memory of what it sent and the node does not show yet (issue 18): a view over the node that adds
// them to the mempool, so that consecutive calls chain through the mempool and never spend an output twice while
// the node lags.
import { scriptAddress } from '../script/address.js'
import type { AddressMempool, ChainUtxo, ChainView, MempoolSpend } from '../cctx/types.js'
import type { BuildResult } from '../cctx/complete.js'

/** A transaction the wallet broadcast (or tried to) that the node did not show yet. */
export type PendingTx = Readonly<{
  txid: string
  hex: string
  /** Height past which the transaction can no longer enter a block (its nExpiryHeight). */
  expiryHeight: number
  /** True when the broadcast failed in a way that leaves its fate unknown (timeout, disconnect). */
  uncertain: boolean
  result: BuildResult
}>

/**
 * The transactions a wallet sent that the node does not show yet, by txid. An explicit object the wallet holds (no
 * module state); `view(base)` is the base view with these added to the mempool.
 * @example const pending = new PendingSet(); pending.add(result, false); const v = pending.view(base)
 */
export class PendingSet {
  private readonly byTxid = new Map<string, PendingTx>()

  /** Records a sent transaction. */
  add(result: BuildResult, uncertain: boolean): void {
    this.byTxid.set(
      result.txid,
      Object.freeze({ txid: result.txid, hex: result.hex, expiryHeight: result.tx.expiryHeight, uncertain, result }),
    )
  }

  /** The pending transactions, oldest first. */
  list(): PendingTx[] {
    return [...this.byTxid.values()]
  }

  /** Forgets one. */
  delete(txid: string): void {
    this.byTxid.delete(txid)
  }

  /**
   * Drops what the node now shows (in its mempool or a block) and what expired unconfirmed. One `getMempool`, plus
   * one `getTransaction` per pending transaction the mempool does not list (usually none).
   */
  async reconcile(base: ChainView): Promise<void> {
    if (this.byTxid.size === 0) return
    const mempool = new Set(await base.getMempool())
    let height: number | undefined
    for (const p of this.list()) {
      if (mempool.has(p.txid)) {
        this.byTxid.delete(p.txid)
        continue
      }
      const known = await base.getTransaction(p.txid).then(
        () => true,
        () => false,
      )
      if (known) {
        this.byTxid.delete(p.txid)
        continue
      }
      height ??= await base.getHeight()
      if (p.expiryHeight !== 0 && height >= p.expiryHeight) this.byTxid.delete(p.txid)
    }
  }

  /**
   * `base` with the pending transactions in its mempool: `getTransaction` serves them, `getMempool` lists them,
   * `getAddressMempool` adds their outputs and spends (unless the node already lists that transaction there).
   * @example const view = pending.view(base)
   */
  view(base: ChainView): ChainView {
    const find = (txid: string): PendingTx | undefined => this.byTxid.get(String(txid).toLowerCase())
    return Object.freeze({
      getTransaction: async (txid: string) => find(txid)?.hex ?? base.getTransaction(txid),
      getTransactions: async (txids: readonly string[]) => {
        const rest = txids.filter((t) => find(t) === undefined)
        const got =
          rest.length === 0
            ? []
            : typeof base.getTransactions === 'function'
              ? await base.getTransactions(rest)
              : await Promise.all(rest.map((t) => base.getTransaction(t)))
        let k = 0
        return txids.map((t) => find(t)?.hex ?? got[k++]!)
      },
      listUnspent: (address: string) => base.listUnspent(address),
      getAddressHistory: (address: string) => base.getAddressHistory(address),
      getHeight: () => base.getHeight(),
      // optional in the contract: forwarded when the source has it (rewardsunlock needs block times)
      ...(typeof base.getBlockTimes === 'function'
        ? { getBlockTimes: (heights: readonly number[]) => base.getBlockTimes!(heights) }
        : {}),
      broadcast: (hex: string) => base.broadcast(hex),
      ...(base.relayPolicy !== undefined ? { relayPolicy: base.relayPolicy } : {}),
      // a source that learns scripts (Electrum) is taught through the wallet's view too (tokens v2: tokenV2Utxos)
      ...(typeof (base as { addScripts?: unknown }).addScripts === 'function'
        ? {
            addScripts: (scripts: readonly Uint8Array[]) =>
              (base as unknown as { addScripts: (s: readonly Uint8Array[]) => void }).addScripts(scripts),
          }
        : {}),
      getMempool: async () => {
        const ids = await base.getMempool()
        const seen = new Set(ids)
        return [
          ...ids,
          ...this.list()
            .filter((p) => !seen.has(p.txid))
            .map((p) => p.txid),
        ]
      },
      getAddressMempool: async (address: string): Promise<AddressMempool> => {
        const m = await base.getAddressMempool(address)
        const listed = new Set([...m.outputs.map((o) => o.txid), ...m.spends.map((s) => s.spender)])
        const outputs: ChainUtxo[] = [...m.outputs]
        const spends: MempoolSpend[] = [...m.spends]
        for (const p of this.list()) {
          if (listed.has(p.txid)) continue
          p.result.inputs.forEach((i, vin) => {
            if (scriptAddress(i.script) === address) spends.push({ txid: i.txid, vout: i.vout, spender: p.txid, vin })
          })
          p.result.tx.vout.forEach((o, vout) => {
            if (o.script[0] !== 0x6a && scriptAddress(o.script) === address)
              outputs.push({ txid: p.txid, vout, satoshis: o.value, script: o.script, height: 0 })
          })
        }
        return { outputs, spends }
      },
    })
  }
}
