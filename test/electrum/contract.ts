// The ChainView contract (src/cctx/types.ts) as shared checks, with the expected answers computed independently from
// the devnet's chain (blocks, transactions, mempool), never from a view. Written to move into test/chain/contract.ts
// (branch r-view) unchanged: `chainViewContract(label, () => ({ view, dev, addresses }))`.
import { describe, expect, test } from 'vitest'
import type { ChainView } from '../../src/cctx/types.js'
import type { Devnet } from '../../src/devnet/server.js'
import { scriptAddress } from '../../src/script/address.js'
import { KomodoCcError } from '../../src/errors.js'
import { hexToBytes } from '../../src/bytes/hex.js'
import { txidOfBytes } from '../../src/tx/codec.js'

export type ContractContext = {
  view: ChainView
  dev: Devnet
  /** addresses to check: normal (P2PK and P2PKH outputs), CC */
  addresses: readonly string[]
  /** true when `getMempool` may list only the mempool transactions touching addresses asked about (Electrum) */
  partialMempool?: boolean
}

const isCoinbase = (tx: { vin: { txid: string; vout: number }[] }) =>
  tx.vin.length === 1 && tx.vin[0]!.vout === 0xffffffff && /^0{64}$/.test(tx.vin[0]!.txid)

/** Confirmed unspent outputs of `address`, including those the mempool spends, in chain order. */
export function expectedUnspent(dev: Devnet, address: string) {
  const chain = dev.chain
  const spent = new Set<string>()
  for (const b of chain.blocks)
    for (const id of b.txids) {
      const { tx } = chain.txs.get(id)!
      if (!isCoinbase(tx)) for (const i of tx.vin) spent.add(`${i.txid}:${i.vout}`)
    }
  const out: { txid: string; vout: number; satoshis: bigint; height: number }[] = []
  for (const b of chain.blocks)
    for (const id of b.txids)
      chain.txs.get(id)!.tx.vout.forEach((o, vout) => {
        if (o.script[0] !== 0x6a && scriptAddress(o.script) === address && !spent.has(`${id}:${vout}`))
          out.push({ txid: id, vout, satoshis: o.value, height: b.height })
      })
  return out
}

/** The mempool's outputs to and spends from `address`, as sorted keys. */
export function expectedMempool(dev: Devnet, address: string) {
  const chain = dev.chain
  const outputs: string[] = []
  const spends: string[] = []
  for (const id of chain.mempool) {
    const { tx } = chain.txs.get(id)!
    tx.vout.forEach((o, vout) => {
      if (o.script[0] !== 0x6a && scriptAddress(o.script) === address) outputs.push(`${id}:${vout}:${o.value}`)
    })
    tx.vin.forEach((i, vin) => {
      const o = chain.txs.get(i.txid)?.tx.vout[i.vout]
      if (o !== undefined && scriptAddress(o.script) === address) spends.push(`${i.txid}:${i.vout}>${id}:${vin}`)
    })
  }
  return { outputs: outputs.sort(), spends: spends.sort() }
}

/** Confirmed transactions paying or spending from `address`, each once, in chain order. */
export function expectedHistory(dev: Devnet, address: string) {
  const chain = dev.chain
  const out: { txid: string; height: number }[] = []
  for (const b of chain.blocks)
    for (const id of b.txids) {
      const { tx } = chain.txs.get(id)!
      const pays = tx.vout.some((o) => o.script[0] !== 0x6a && scriptAddress(o.script) === address)
      const spends =
        !isCoinbase(tx) &&
        tx.vin.some((i) => {
          const o = chain.txs.get(i.txid)?.tx.vout[i.vout]
          return o !== undefined && scriptAddress(o.script) === address
        })
      if (pays || spends) out.push({ txid: id, height: b.height })
    }
  return out
}

const utxoKey = (u: { txid: string; vout: number; satoshis: bigint; height: number }) =>
  `${u.txid}:${u.vout}:${u.satoshis}:${u.height}`

/** Registers the contract's tests for one view. */
export function chainViewContract(label: string, get: () => ContractContext): void {
  describe(`ChainView contract: ${label}`, () => {
    test('listUnspent: confirmed outputs in address-index order, those spent in the mempool included', async () => {
      const { view, dev, addresses } = get()
      let spentInMempool = 0
      for (const a of addresses) {
        const want = expectedUnspent(dev, a)
        const got = await view.listUnspent(a)
        expect(got.map(utxoKey), a).toEqual(want.map(utxoKey))
        for (const u of got) {
          expect(u.script).toEqual(dev.chain.txs.get(u.txid)!.tx.vout[u.vout]!.script)
          if (dev.chain.spentInMempool(u.txid, u.vout)) spentInMempool++
        }
      }
      expect(spentInMempool).toBeGreaterThan(0) // the chain state has some: the check above covered them
    })
    test('getAddressMempool: the mempool outputs to and spends from each address', async () => {
      const { view, dev, addresses } = get()
      let seen = 0
      for (const a of addresses) {
        const want = expectedMempool(dev, a)
        const got = await view.getAddressMempool(a)
        expect(got.outputs.map((o) => `${o.txid}:${o.vout}:${o.satoshis}`).sort(), a).toEqual(want.outputs)
        expect(got.spends.map((s) => `${s.txid}:${s.vout}>${s.spender}:${s.vin}`).sort(), a).toEqual(want.spends)
        for (const o of got.outputs) expect(o.height).toBe(0)
        seen += want.outputs.length + want.spends.length
      }
      expect(seen).toBeGreaterThan(0)
    })
    test('getAddressHistory: confirmed transactions touching the address, chain order, each once', async () => {
      const { view, dev, addresses } = get()
      for (const a of addresses) expect(await view.getAddressHistory(a), a).toEqual(expectedHistory(dev, a))
    })
    test('getHeight, getTransaction(s), TX_NOT_FOUND', async () => {
      const { view, dev } = get()
      expect(await view.getHeight()).toBe(dev.chain.height)
      const ids = [dev.chain.blocks[1]!.txids[0]!, dev.chain.mempool[0]!, dev.chain.blocks[0]!.txids[0]!]
      expect(await view.getTransaction(ids[0]!)).toBe(dev.chain.txs.get(ids[0]!)!.hex)
      if (view.getTransactions !== undefined)
        expect(await view.getTransactions(ids)).toEqual(ids.map((t) => dev.chain.txs.get(t)!.hex))
      const err = await view.getTransaction('ab'.repeat(32)).catch((e: unknown) => e)
      expect(err).toBeInstanceOf(KomodoCcError)
      expect((err as KomodoCcError).code).toBe('TX_NOT_FOUND')
    })
    test('getMempool lists mempool transactions (all, or at least those touching the addresses asked)', async () => {
      const { view, dev, addresses, partialMempool } = get()
      for (const a of addresses) await view.listUnspent(a)
      const got = await view.getMempool()
      for (const t of got) expect(dev.chain.mempool).toContain(t)
      const touching = dev.chain.mempool.filter((id) =>
        addresses.some((a) => {
          const m = expectedMempool(dev, a)
          return [...m.outputs, ...m.spends].some((k) => k.includes(id))
        }),
      )
      if (partialMempool === true) for (const t of touching) expect(got).toContain(t)
      else expect([...got].sort()).toEqual([...dev.chain.mempool].sort())
    })
    test('broadcast: a valid transaction gives its txid; a refused one rejects with a KomodoCcError', async () => {
      const { view, dev } = get()
      const a = await dev.rpc.tokencreate('BCA', '0.000001')
      const b = await dev.rpc.tokencreate('BCB', '0.000002') // the same inputs: conflicts with a once a is in
      const txid = txidOfBytes(hexToBytes(a.hex))
      expect(await view.broadcast(a.hex)).toBe(txid)
      expect(dev.chain.mempool).toContain(txid)
      const err = await view.broadcast(b.hex).catch((e: unknown) => e)
      expect(err).toBeInstanceOf(KomodoCcError)
    })
  })
}
