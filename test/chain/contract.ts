// The ChainView contract (src/cctx/types.ts), one test suite for every chain source (issue 18). A source registers
// itself with `chainViewContract(label, makeView)`: the suite starts a devnet, builds one chain on it (confirmed
// P2PK and P2PKH coins of one key, CC outputs, a normal output filed under a CC address, token outputs spent and
// made by CC transactions, mempool spends of confirmed and of mempool outputs, mempool outputs), asks `makeView`
// for the source's view of that devnet, and checks every method against what the chain holds. The expectations
// come from the transactions the suite built, through its own small address index below, never from a view.
// Nothing here names a source: JSON-RPC, the in-process devnet and Electrum plug in alike.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { bytesToHex, hexToBytes } from '../../src/bytes/hex.js'
import { decodeAddress, hash160ToAddress, p2pkhAddress } from '../../src/address/address.js'
import { ccAddress, ccAddressOf } from '../../src/cc/address.js'
import { cc1of1 } from '../../src/cc/condition.js'
import { normalCoins, StateReader } from '../../src/cctx/resolve.js'
import { byTxid, byUnspentIndex, byWalletMap, sortedBy } from '../_util/daemon-order.js'
import { countingView, CHAIN_VIEW_METHODS } from '../../src/cctx/counting-view.js'
import type { ChainUtxo, ChainView } from '../../src/cctx/types.js'
import type { Devnet, DevnetOptions } from '../../src/devnet/server.js'
import { startTestDevnet } from '../_util/devnet.js'
import { KomodoCcError } from '../../src/errors.js'
import { hash160 } from '../../src/hash/index.js'
import { ccScript } from '../../src/script/cc.js'
import { classifyScript } from '../../src/script/classify.js'
import { opReturnScript, p2pkhScript, p2pkScript } from '../../src/script/script.js'
import { parseTransaction, serializeTransaction, txid as txidOf } from '../../src/tx/codec.js'
import { keySigner, signTransaction } from '../../src/tx/sign.js'
import {
  DEFAULT_TX_EXPIRY_DELTA,
  SAPLING_VERSION_GROUP_ID,
  type Transaction,
  type TxOutput,
} from '../../src/tx/types.js'

/** Makes the source's view of a running devnet (called once, after the chain is built). */
export type ViewFactory = (dev: Devnet) => ChainView | Promise<ChainView>

/** What a source needs from the suite, and what the contract leaves to it. */
export type ContractOptions = {
  /** Options of the suite's devnet (e.g. `{ electrum: true }` for a source served over another protocol). */
  devnet?: DevnetOptions
  /**
   * `getMempool` may list only the mempool transactions touching the addresses the view was asked about (Electrum
   * has no whole-mempool method): then it must list at least those, and nothing that is not in the mempool.
   */
  partialMempool?: boolean
  /** Releases the view (closes its connection) before the devnet stops. */
  close?: (view: ChainView) => void | Promise<void>
}

const COIN = 100_000_000n
/** The key whose coins the suite watches (not the devnet's wallet). */
export const CONTRACT_KEY = hexToBytes('00'.repeat(31) + '2a')

/** One transaction the suite made: its place in the chain (height −1 and arrival order for the mempool). */
type Entry = { txid: string; hex: string; tx: Transaction; height: number; seq: number }

/** What the suite built: the ledger and the addresses it checks. */
export type ContractChain = {
  ledger: Entry[]
  /** The key's normal address (its P2PK and P2PKH coins). */
  keyAddress: string
  /** A CC address of the key (faucet eval code): CC outputs, plus one P2PKH output of the same hash. */
  ccAddress: string
  /** The key's and the wallet's token CC addresses (CC spends and outputs, confirmed and in the mempool). */
  keyTokensAddress: string
  walletTokensAddress: string
  /** An address nothing pays. */
  emptyAddress: string
  /** Txids by role. */
  ids: Record<string, string>
}

/** The index address of an output script, by the contract's rule (P2PK under its key's P2PKH address, CC under its CC address). */
function addressOf(script: Uint8Array): string | null {
  const c = classifyScript(script)
  if (c.type === 'pubkey' && c.pubkeys?.[0] !== undefined && c.hashes.length > 0)
    return hash160ToAddress(hash160(c.pubkeys[0]), 'p2pkh')
  if ((c.type === 'pubkeyhash' || c.type === 'cryptocondition') && c.hashes[0] !== undefined)
    return hash160ToAddress(c.hashes[0].hash, 'p2pkh')
  if (c.type === 'scripthash' && c.hashes[0] !== undefined) return hash160ToAddress(c.hashes[0].hash, 'p2sh')
  return null
}

/** The suite's own address index over its ledger: what each contract method must answer for `address`. */
export function expected(chain: ContractChain, address: string) {
  const confirmed = chain.ledger.filter((e) => e.height >= 0).sort((a, b) => a.height - b.height || a.seq - b.seq)
  const pool = chain.ledger.filter((e) => e.height < 0).sort((a, b) => a.seq - b.seq)
  const byId = new Map(chain.ledger.map((e) => [e.txid, e]))
  const pays = (txid: string, vout: number): boolean => {
    const o = byId.get(txid)?.tx.vout[vout]
    return o !== undefined && addressOf(o.script) === address
  }
  const spentConfirmed = new Set(confirmed.flatMap((e) => e.tx.vin.map((i) => `${i.txid}:${i.vout}`)))
  const outputs = (e: Entry, height: number): ChainUtxo[] =>
    e.tx.vout.flatMap((o, vout) =>
      addressOf(o.script) === address ? [{ txid: e.txid, vout, satoshis: o.value, script: o.script, height }] : [],
    )
  return {
    unspent: confirmed.flatMap((e) => outputs(e, e.height)).filter((u) => !spentConfirmed.has(`${u.txid}:${u.vout}`)),
    mempoolOutputs: pool.flatMap((e) => outputs(e, 0)),
    mempoolSpends: pool.flatMap((e) =>
      e.tx.vin.flatMap((i, vin) =>
        pays(i.txid, i.vout) ? [{ txid: i.txid, vout: i.vout, spender: e.txid, vin }] : [],
      ),
    ),
    history: confirmed
      .filter(
        (e) => e.tx.vout.some((o) => addressOf(o.script) === address) || e.tx.vin.some((i) => pays(i.txid, i.vout)),
      )
      .map((e) => ({ txid: e.txid, height: e.height })),
  }
}

const utxoText = (u: ChainUtxo) => `${u.txid}:${u.vout} ${u.satoshis} ${bytesToHex(u.script)} @${u.height}`

/** Builds the suite's chain on a fresh devnet. */
export async function buildContractChain(dev: Devnet): Promise<ContractChain> {
  const wallet = hexToBytes(dev.privateKey)
  const walletPk = keySigner(wallet).publicKey
  const key = keySigner(CONTRACT_KEY).publicKey
  const ccCond = cc1of1(0xe4, key)
  const keyAddress = p2pkhAddress(key)
  const ccAddr = ccAddressOf(ccCond)
  const ledger: Entry[] = []
  const ids: Record<string, string> = {}
  let seq = 0
  const prevout = (txid: string, vout: number): TxOutput => dev.chain.output(txid, vout)!
  const submit = async (role: string, hex: string): Promise<string> => {
    const id = await dev.rpc.sendrawtransaction(hex)
    ledger.push({ txid: id, hex: hex.toLowerCase(), tx: parseTransaction(hex), height: -1, seq: seq++ })
    ids[role] = id
    return id
  }
  const mine = async (): Promise<void> => {
    await dev.mine(1)
    for (const e of ledger) if (e.height < 0) e.height = dev.chain.height
  }
  /** A transaction spending `ins` (signed with `signer`) to `outs`. */
  const spend = (ins: [string, number][], outs: TxOutput[], signer: Uint8Array): string => {
    const tx: Transaction = {
      overwintered: true,
      version: 4,
      versionGroupId: SAPLING_VERSION_GROUP_ID,
      vin: ins.map(([txid, vout]) => ({ txid, vout, scriptSig: new Uint8Array(0), sequence: 0xffffffff })),
      vout: outs,
      lockTime: 0,
      expiryHeight: dev.chain.height + 1 + DEFAULT_TX_EXPIRY_DELTA,
      valueBalance: 0n,
      shieldedSpends: [],
      shieldedOutputs: [],
      joinSplits: [],
    }
    const signed = signTransaction(
      tx,
      ins.map(([t, v]) => ({ value: prevout(t, v).value, script: prevout(t, v).script })),
      [signer],
    )
    return bytesToHex(serializeTransaction(signed))
  }
  const premine = dev.chain.blocks[0]!.txids[0]!
  const fee = 10_000n
  const rest = (t: string, v: number, ...paid: bigint[]) => prevout(t, v).value - paid.reduce((s, x) => s + x, 0n) - fee
  const pk = (k: Uint8Array) => p2pkScript(k)
  const pkh = (k: Uint8Array) => p2pkhScript(hash160(k))

  // block 1: the wallet pays the key (P2PK and P2PKH of one key, a CC output, coins for later), two transactions
  await submit(
    'T1',
    spend(
      [[premine, 0]],
      [
        { value: 1n * COIN, script: pk(key) },
        { value: 2n * COIN, script: pkh(key) },
        { value: COIN / 2n, script: ccScript(ccCond) },
        { value: 50n * COIN, script: pk(key) },
        { value: rest(premine, 0, 1n * COIN, 2n * COIN, COIN / 2n, 50n * COIN), script: pk(walletPk) },
      ],
      wallet,
    ),
  )
  await submit(
    'T2',
    spend(
      [[premine, 1]],
      [
        { value: 3n * COIN, script: pkh(key) },
        { value: 4n * COIN, script: pk(key) },
        { value: 0n, script: opReturnScript(new TextEncoder().encode('contract')) },
        { value: rest(premine, 1, 7n * COIN), script: pk(walletPk) },
      ],
      wallet,
    ),
  )
  await mine()
  // block 2: the key spends its P2PKH coin to itself (one history entry) and pays P2PKH to the CC address's hash;
  // the wallet creates a token (CC outputs at its tokens address)
  const stray = { value: 5_000_000n, script: p2pkhScript(decodeAddress(ccAddr).hash) }
  await submit('T3', spend([[ids.T1!, 1]], [{ value: 190_000_000n, script: pk(key) }, stray], CONTRACT_KEY))
  const tokenid = await submit('TC', (await dev.rpc.tokencreate('CTR', '0.00001', 'contract token')).hex)
  await mine()
  // block 3: a second CC output of the key; the wallet sends tokens to the key (a CC spend)
  await submit(
    'T4',
    spend(
      [[ids.T1!, 3]],
      [
        { value: 70_000_000n, script: ccScript(ccCond) },
        { value: rest(ids.T1!, 3, 70_000_000n), script: pk(key) },
      ],
      CONTRACT_KEY,
    ),
  )
  await submit('TT1', (await dev.rpc.tokentransfer(tokenid, bytesToHex(key), 100n)).hex)
  await mine()
  // mempool: the key spends a confirmed coin (outputs to itself and its CC address), then spends that mempool
  // output; the wallet sends tokens again (a mempool CC spend and CC outputs)
  await submit(
    'M1',
    spend(
      [[ids.T2!, 0]],
      [
        { value: 1n * COIN, script: pk(key) },
        { value: 30_000_000n, script: ccScript(ccCond) },
        { value: rest(ids.T2!, 0, 1n * COIN, 30_000_000n), script: pkh(walletPk) },
      ],
      CONTRACT_KEY,
    ),
  )
  await submit('M2', spend([[ids.M1!, 0]], [{ value: 1n * COIN - fee, script: pkh(key) }], CONTRACT_KEY))
  await submit('TT2', (await dev.rpc.tokentransfer(tokenid, bytesToHex(key), 5n)).hex)

  return {
    ledger,
    keyAddress,
    ccAddress: ccAddr,
    keyTokensAddress: ccAddress(0xf2, key),
    walletTokensAddress: ccAddress(0xf2, walletPk),
    emptyAddress: p2pkhAddress(keySigner(hexToBytes('00'.repeat(31) + '2b')).publicKey),
    ids,
  }
}

/**
 * Registers the contract's tests for one chain source: `makeView` gets the devnet the suite built and returns the
 * source's ChainView of it.
 * @example chainViewContract('devnet view', (dev) => dev.view)
 */
export function chainViewContract(label: string, makeView: ViewFactory, options: ContractOptions = {}): void {
  describe(`ChainView contract: ${label}`, () => {
    let dev: Devnet
    let chain: ContractChain
    let view: ChainView
    beforeAll(async () => {
      dev = await startTestDevnet(options.devnet)
      chain = await buildContractChain(dev)
      view = await makeView(dev)
    }, 60_000)
    afterAll(async () => {
      if (view !== undefined) await options.close?.(view)
      await dev?.stop()
    })
    const addresses = (): [string, string][] => [
      ['the key', chain.keyAddress],
      ['the CC address', chain.ccAddress],
      ["the key's tokens", chain.keyTokensAddress],
      ["the wallet's tokens", chain.walletTokensAddress],
      ['an empty address', chain.emptyAddress],
    ]
    const rejection = async (p: Promise<unknown>): Promise<KomodoCcError> => {
      const e = await p.then(
        () => undefined,
        (x: unknown) => x,
      )
      expect(e, 'a KomodoCcError').toBeInstanceOf(KomodoCcError)
      return e as KomodoCcError
    }

    test('the chain under test reaches every case', () => {
      const k = expected(chain, chain.keyAddress)
      expect(k.unspent.length).toBe(5)
      expect(new Set(k.unspent.map((u) => u.height)).size).toBe(3) // several heights, two coins of one block
      expect(k.unspent.map((u) => classifyScript(u.script).type)).toEqual(
        expect.arrayContaining(['pubkey', 'pubkeyhash']),
      )
      expect(k.mempoolSpends.map((s) => s.txid)).toEqual([chain.ids.T2, chain.ids.M1]) // a confirmed and a mempool output
      const cc = expected(chain, chain.ccAddress)
      expect(cc.unspent.map((u) => classifyScript(u.script).type)).toEqual([
        'cryptocondition',
        'pubkeyhash',
        'cryptocondition',
      ])
      expect(cc.mempoolOutputs.length).toBe(1)
      const tw = expected(chain, chain.walletTokensAddress)
      expect(tw.mempoolSpends.length).toBeGreaterThan(0) // a CC output spent in the mempool
      expect(tw.history.length).toBe(2) // the create and the confirmed transfer (a CC spend)
      expect(expected(chain, chain.keyTokensAddress).mempoolOutputs.length).toBeGreaterThan(0)
      expect(expected(chain, chain.keyTokensAddress).unspent.length).toBeGreaterThan(0)
    })

    test('getHeight is the tip', async () => {
      expect(await view.getHeight()).toBe(3)
    })

    test('getBlockTimes (optional) gives the header times of the heights asked, in order; above the tip rejects', async () => {
      if (view.getBlockTimes === undefined) return
      const heights = [3, 0, 2, 2, 1]
      expect(await view.getBlockTimes(heights)).toEqual(heights.map((h) => dev.chain.blocks[h]!.time))
      expect(await view.getBlockTimes([])).toEqual([])
      await rejection(view.getBlockTimes([4]))
      await rejection(view.getBlockTimes([-1]))
    })

    test('getMempool lists the mempool, each txid once', async () => {
      const pool = [chain.ids.M1!, chain.ids.M2!, chain.ids.TT2!]
      if (options.partialMempool === true) for (const [, a] of addresses()) await view.listUnspent(a)
      const ids = await view.getMempool()
      expect(new Set(ids).size).toBe(ids.length)
      if (options.partialMempool === true) {
        for (const t of ids) expect(pool).toContain(t)
        for (const t of pool) expect(ids).toContain(t) // each touches an address asked about
      } else expect([...ids].sort()).toEqual([...pool].sort())
    })

    test('getTransaction gives the raw bytes of confirmed and mempool transactions', async () => {
      for (const e of chain.ledger) expect((await view.getTransaction(e.txid)).toLowerCase()).toBe(e.hex)
    })

    test('an unknown txid is TX_NOT_FOUND', async () => {
      expect((await rejection(view.getTransaction('00'.repeat(32)))).code).toBe('TX_NOT_FOUND')
      expect((await rejection(view.getTransaction('ab'.repeat(32)))).code).toBe('TX_NOT_FOUND')
    })

    test('a malformed txid is a KomodoCcError, never a TypeError', async () => {
      for (const bad of ['xyz', '', 'ab'.repeat(33), 42 as unknown as string]) await rejection(view.getTransaction(bad))
    })

    test('getTransactions answers in the order asked; an unknown txid among them is TX_NOT_FOUND', async () => {
      if (view.getTransactions === undefined) return
      const order = [chain.ids.M2!, chain.ids.T1!, chain.ids.TT2!, chain.ids.T3!]
      const hexes = await view.getTransactions(order)
      expect(hexes.map((h) => h.toLowerCase())).toEqual(order.map((t) => chain.ledger.find((e) => e.txid === t)!.hex))
      expect(await view.getTransactions([])).toEqual([])
      expect((await rejection(view.getTransactions([chain.ids.T1!, '00'.repeat(32)]))).code).toBe('TX_NOT_FOUND')
    })

    test('listUnspent: confirmed outputs, in (height, position in block, vout) order, with heights and scripts; P2PK and P2PKH under the key, CC and normal under a CC address; those spent in the mempool included', async () => {
      for (const [what, a] of addresses())
        expect((await view.listUnspent(a)).map(utxoText), what).toEqual(expected(chain, a).unspent.map(utxoText))
      const spentInPool = (await view.listUnspent(chain.keyAddress)).find(
        (u) => u.txid === chain.ids.T2 && u.vout === 0,
      )
      expect(spentInPool).toBeDefined()
    })

    test('getAddressMempool: the outputs mempool transactions pay (height 0) and the outputs they spend (confirmed or mempool, with spender and vin)', async () => {
      for (const [what, a] of addresses()) {
        const m = await view.getAddressMempool(a)
        const want = expected(chain, a)
        expect(m.outputs.map(utxoText).sort(), what).toEqual(want.mempoolOutputs.map(utxoText).sort())
        const spend = (s: { txid: string; vout: number; spender: string; vin: number }) =>
          `${s.txid}:${s.vout} by ${s.spender}:${s.vin}`
        expect(m.spends.map(spend).sort(), what).toEqual(want.mempoolSpends.map(spend).sort())
      }
    })

    test('getAddressHistory: confirmed transactions paying or spending from the address, each once, in chain order, with heights', async () => {
      for (const [what, a] of addresses())
        expect(await view.getAddressHistory(a), what).toEqual(expected(chain, a).history)
      // the transaction that spends the key's coin and pays the key change is listed once
      expect((await view.getAddressHistory(chain.keyAddress)).filter((h) => h.txid === chain.ids.T3).length).toBe(1)
    })

    test("through a StateReader: every transaction and output checks out, in komodod's order whatever the source's; normalCoins is the confirmed coins not spent in the mempool and the mempool coins not spent there, in the wallet map's order", async () => {
      const counted = countingView(view)
      const reader = new StateReader(counted.view)
      const pub = bytesToHex(keySigner(CONTRACT_KEY).publicKey)
      const coins = await normalCoins(reader, pub)
      const want = expected(chain, chain.keyAddress)
      const spent = new Set(want.mempoolSpends.map((s) => `${s.txid}:${s.vout}`))
      const free = (u: ChainUtxo) => !spent.has(`${u.txid}:${u.vout}`)
      const op = (u: { txid: string; vout: number }) => `${u.txid}:${u.vout}`
      // AvailableCoins walks mapWallet: confirmed and mempool coins interleaved by txid
      expect(coins.map(op)).toEqual(
        sortedBy([...want.unspent.filter(free), ...want.mempoolOutputs.filter(free)], byWalletMap).map(op),
      )
      // AddNormalinputs2 / remote: the address-unspent index
      expect((await normalCoins(reader, pub, { confirmedOnly: true })).map(op)).toEqual(
        sortedBy(want.unspent.filter(free), byUnspentIndex).map(op),
      )
      // one call per look-up, the counter sees every one
      expect(counted.total()).toBe(reader.roundTrips)
      expect(counted.counts.listUnspent).toBe(1)
      expect(counted.counts.getAddressMempool).toBe(1)
      for (const m of CHAIN_VIEW_METHODS) expect(typeof counted.counts[m]).toBe('number')
      for (const [, a] of addresses()) {
        const r = new StateReader(view)
        const w = expected(chain, a)
        expect((await r.unspent(a)).map(op)).toEqual(sortedBy(w.unspent, byUnspentIndex).map(op))
        const m = await r.addressMempool(a)
        expect(m.outputs.map(op)).toEqual(sortedBy(w.mempoolOutputs, byWalletMap).map(op))
        const bySpender = (x: { spender: string; vin: number }, y: { spender: string; vin: number }) =>
          byTxid(x.spender, y.spender) || x.vin - y.vin
        expect(m.spends.map((x) => `${x.spender}:${x.vin}`)).toEqual(
          sortedBy(w.mempoolSpends, bySpender).map((x) => `${x.spender}:${x.vin}`),
        )
        expect((await r.history(a)).map((h) => h.txid)).toEqual(w.history.map((h) => h.txid))
      }
    })

    test('broadcast sends a transaction and answers its txid; the node then knows it; sending it again answers the same txid', async () => {
      const key = keySigner(CONTRACT_KEY)
      const coin = expected(chain, chain.keyAddress).unspent.find((u) => u.txid === chain.ids.T4)!
      const tx: Transaction = {
        overwintered: true,
        version: 4,
        versionGroupId: SAPLING_VERSION_GROUP_ID,
        vin: [{ txid: coin.txid, vout: coin.vout, scriptSig: new Uint8Array(0), sequence: 0xffffffff }],
        vout: [{ value: coin.satoshis - 20_000n, script: p2pkhScript(hash160(key.publicKey)) }],
        lockTime: 0,
        expiryHeight: 3 + 1 + DEFAULT_TX_EXPIRY_DELTA,
        valueBalance: 0n,
        shieldedSpends: [],
        shieldedOutputs: [],
        joinSplits: [],
      }
      const signed = signTransaction(tx, [{ value: coin.satoshis, script: coin.script }], [key])
      const hex = bytesToHex(serializeTransaction(signed))
      const id = txidOf(signed)
      expect(await view.broadcast(hex)).toBe(id)
      expect(await view.getMempool()).toContain(id)
      expect((await view.getTransaction(id)).toLowerCase()).toBe(hex)
      expect(await view.broadcast(hex)).toBe(id)
    })

    test('a refused transaction rejects with a KomodoCcError naming the reason; so does one that is not a transaction', async () => {
      // a second spend of the key's coin that M1 already spends in the mempool
      const coin = expected(chain, chain.keyAddress).unspent.find((u) => u.txid === chain.ids.T2 && u.vout === 0)!
      const key = keySigner(CONTRACT_KEY)
      const tx: Transaction = {
        overwintered: true,
        version: 4,
        versionGroupId: SAPLING_VERSION_GROUP_ID,
        vin: [{ txid: coin.txid, vout: coin.vout, scriptSig: new Uint8Array(0), sequence: 0xffffffff }],
        vout: [{ value: coin.satoshis - 30_000n, script: p2pkScript(key.publicKey) }],
        lockTime: 0,
        expiryHeight: 3 + 1 + DEFAULT_TX_EXPIRY_DELTA,
        valueBalance: 0n,
        shieldedSpends: [],
        shieldedOutputs: [],
        joinSplits: [],
      }
      const hex = bytesToHex(
        serializeTransaction(signTransaction(tx, [{ value: coin.satoshis, script: coin.script }], [key])),
      )
      const e = await rejection(view.broadcast(hex))
      expect(e.message).toMatch(/txn-mempool-conflict|inputs-spent|missing/i)
      await rejection(view.broadcast('00'))
      expect(await view.getMempool()).not.toContain(txidOf(tx))
    })

    test('unknown addresses list nothing; a malformed address is a KomodoCcError or an empty answer, never a TypeError', async () => {
      expect(await view.listUnspent(chain.emptyAddress)).toEqual([])
      expect(await view.getAddressMempool(chain.emptyAddress)).toEqual({ outputs: [], spends: [] })
      expect(await view.getAddressHistory(chain.emptyAddress)).toEqual([])
      for (const bad of ['not an address', '']) {
        for (const call of [view.listUnspent(bad), view.getAddressMempool(bad), view.getAddressHistory(bad)]) {
          const r = await call.then(
            (v) => v,
            (x: unknown) => x,
          )
          if (r instanceof Error) expect(r).toBeInstanceOf(KomodoCcError)
          else expect(JSON.stringify(r)).toMatch(/^\[\]$|^\{"outputs":\[\],"spends":\[\]\}$/)
        }
      }
    })
  })
}
