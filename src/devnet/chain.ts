import { compactTarget } from '../electrum/merkle.js'
import { bytesToHex, hexToBytes } from '../bytes/hex.js'
import { merkleRoot } from '../tx/merkle.js'
import { ByteWriter } from '../bytes/writer.js'
import { txidToInternalBytes, internalBytesToTxid } from '../bytes/uint256.js'
import { sha256d } from '../hash/index.js'
import { hash160ToAddress, p2pkhAddress } from '../address/address.js'
import { scriptAddress } from '../script/address.js'
import { KMD, type ChainParams } from '../address/chain.js'
import { ccScriptParts } from '../script/classify.js'
import { p2pkScript, p2pkhScript } from '../script/script.js'
import { hash160 } from '../hash/index.js'
import { parseTransaction, serializeTransaction, txid as txidOf } from '../tx/codec.js'
import { SAPLING_VERSION_GROUP_ID, type Transaction, type TxOutput } from '../tx/types.js'
import type { Utxo } from '../cctx/types.js'
import { ASSET_CHAIN_POLICY, type RelayPolicy } from '../tx/policy.js'
import type { Secp256k1Backend } from '../tx/sign.js'
import { coinbaseMatureAt, KMD_COINBASE_MATURITY } from '../cctx/resolve.js'

/** 1 coin in satoshis. */
export const COIN = 100_000_000n
/** Reward of each mined block, paid to the devnet wallet (fees are added). */
export const DEVNET_BLOCK_REWARD = 3n * COIN
/** Genesis premine to the wallet: this many outputs… */
export const DEVNET_PREMINE_OUTPUTS = 100
/** …of this many satoshis each (100 × 1000 coins). */
export const DEVNET_PREMINE_VALUE = 1000n * COIN

/** A confirmed or mempool output with where it sits. */
export type Coin = {
  txid: string
  vout: number
  value: bigint
  script: Uint8Array
  /** Block height; -1 for a mempool output. */
  height: number
  coinbase: boolean
  /** The address komodod's address index files it under (P2PK and P2PKH: the key's address; CC: its CC address). */
  address: string | null
}

/** A block of the devnet chain. */
export type Block = {
  height: number
  hash: string
  prevHash: string
  merkleRoot: string
  time: number
  txids: string[]
  /** The nonce's second word, found so the header's hash meets its nBits (komodod's `CheckProofOfWork`). */
  nonce: number
}

/** A transaction the chain knows, confirmed (height ≥ 0) or in the mempool (height -1). */
export type TxEntry = {
  txid: string
  hex: string
  tx: Transaction
  height: number
  blockHash?: string
  time: number
  fee: bigint
}

/** An address-index record as `getaddressutxos` / history scans use it. */
export type AddressReceipt = { txid: string; vout: number; height: number }

/**
 * One entry of komodod's confirmed address index (`CAddressIndexKey` → amount): an output paying the address
 * (`spending` false, `index` its vout, `satoshis` its value) or an input spending an output of the address
 * (`spending` true, `index` its vin, `satoshis` minus the value). `blockindex` is the transaction's position in its
 * block; `cc` whether the output is a CC one (komodod's index type 3; normal outputs are type 1, P2SH type 2).
 */
export type AddressDelta = {
  txid: string
  index: number
  spending: boolean
  satoshis: bigint
  height: number
  blockindex: number
  cc: boolean
}

const key = (txid: string, vout: number): string => `${txid}:${vout}`

export { scriptAddress }

/**
 * Where komodod's address index files an output: its address ({@link scriptAddress}) and whether it is a CC output
 * (index type 3 in the confirmed index; normal outputs are type 1, P2SH type 2); null when not indexed.
 * @example scriptIndexKey(ccScript(cc1of1(0xf2, pk)))?.cc // true
 */
export function scriptIndexKey(script: Uint8Array, chain: ChainParams = KMD): { address: string; cc: boolean } | null {
  const address = scriptAddress(script, chain)
  // an indexed script with a CC layout is a cryptocondition output (scriptAddress checked the condition)
  return address === null ? null : { address, cc: ccScriptParts(script) !== null }
}

/** The sha256d merkle root of display txids (bitcoin's odd-duplicate rule, src/tx/merkle.ts), display hex. */
function blockMerkleRoot(txids: readonly string[]): string {
  return internalBytesToTxid(merkleRoot(txids.map((t) => txidToInternalBytes(t))))
}

/** Length of the devnet's Equihash solution field: 1344 bytes, Equihash (200,9) as on KMD (electrum.md 8.1). */
export const DEVNET_SOLUTION_SIZE = 1344

/** The devnet's `nBits`: `KOMODO_MINDIFF_NBITS` (src/komodo_defs.h), the easiest target komodod's powLimit allows. */
export const DEVNET_BITS = 0x200f0f0f

/**
 * A devnet block header, a full Komodo header of 1487 bytes (electrum.md 8.1, what Electrum serves and KDF parses):
 * version 4, prev, merkle root, an all-zero Sapling root, time, bits {@link DEVNET_BITS}, a 32-byte nonce holding the
 * height and then `nonce` (little-endian words), and a 1344-byte all-zero Equihash solution (not a valid solution:
 * the devnet does no Equihash). Its sha256d is the block hash; with the nonce {@link devnetBlockNonce} finds, that hash
 * meets the target `nBits` encodes, as komodod's `CheckProofOfWork` (src/pow.cpp) holds every asset-chain block to.
 * `gettxoutproof` and the Electrum server serve it. `legacy` gives the 141-byte header with an empty solution that
 * data files written before the full header hashed (restored files are re-hashed).
 * @example devnetBlockHeader(block.prevHash, block.merkleRoot, block.time, block.height, block.nonce).length // 1487
 */
export function devnetBlockHeader(
  prevHash: string,
  root: string,
  time: number,
  height: number,
  nonce = 0,
  legacy = false,
): Uint8Array {
  const w = new ByteWriter()
  w.u32le(4)
  w.bytes(txidToInternalBytes(prevHash))
  w.bytes(txidToInternalBytes(root))
  w.bytes(new Uint8Array(32))
  w.u32le(time >>> 0)
  w.u32le(DEVNET_BITS)
  const n = new Uint8Array(32)
  const view = new DataView(n.buffer)
  view.setUint32(0, height, true)
  view.setUint32(4, nonce, true)
  w.bytes(n)
  const size = legacy ? 0 : DEVNET_SOLUTION_SIZE
  w.compactSize(size)
  w.bytes(new Uint8Array(size))
  return w.finish()
}

/** The target `DEVNET_BITS` encodes (`arith_uint256::SetCompact`: the one decoder, the light client's too). */
const DEVNET_TARGET = /* @__PURE__ */ compactTarget(DEVNET_BITS)!

/**
 * The smallest nonce word that makes the devnet header's hash meet its `nBits` (about 17 tries on average: the target
 * is 0x0f0f0f·2^232 of 2^256), and the hash it gives (display order). Deterministic: the same block gets the same nonce.
 * @example devnetBlockNonce(prevHash, root, time, height).hash
 */
export function devnetBlockNonce(
  prevHash: string,
  root: string,
  time: number,
  height: number,
): { nonce: number; hash: string } {
  for (let nonce = 0; ; nonce++) {
    const hash = internalBytesToTxid(sha256d(devnetBlockHeader(prevHash, root, time, height, nonce)))
    if (BigInt('0x' + hash) <= DEVNET_TARGET) return { nonce, hash } // display order is the big-endian number
  }
}

/** A coinbase paying `outputs`, unique per height (BIP34-style height push in the scriptSig). */
export function coinbaseTx(height: number, outputs: TxOutput[]): Transaction {
  const h = new ByteWriter()
  h.u32le(height)
  const hb = h.finish()
  const scriptSig = new Uint8Array([4, ...hb, 1, 0x64])
  return {
    overwintered: true,
    version: 4,
    versionGroupId: SAPLING_VERSION_GROUP_ID,
    vin: [{ txid: '0'.repeat(64), vout: 0xffffffff, scriptSig, sequence: 0xffffffff }],
    vout: outputs,
    lockTime: 0,
    expiryHeight: 0,
    valueBalance: 0n,
    shieldedSpends: [],
    shieldedOutputs: [],
    joinSplits: [],
  }
}

function isCoinbase(tx: Transaction): boolean {
  return tx.vin.length === 1 && tx.vin[0]!.vout === 0xffffffff && /^0{64}$/.test(tx.vin[0]!.txid)
}

/**
 * The devnet's ledger: blocks, the confirmed UTXO set, an address index (unspent outputs and receipt history per
 * address, normal and CC), the mempool with its spent-outpoint map, and a clock that can be moved forward. It does
 * not validate: {@link acceptTransaction} (validate.ts) decides what enters the mempool.
 * @example const chain = new DevChain({ walletPubkey }); chain.mine(1)
 */
export class DevChain {
  readonly blocks: Block[] = []
  /** Every known transaction, confirmed and mempool. */
  readonly txs = new Map<string, TxEntry>()
  /** Confirmed unspent outputs. */
  readonly utxos = new Map<string, Coin>()
  /** Confirmed unspent outpoint keys per address. */
  readonly addressUtxos = new Map<string, Set<string>>()
  /** Confirmed receipts per address, in chain order. */
  readonly addressHistory = new Map<string, AddressReceipt[]>()
  /** Confirmed address-index deltas per address, in komodod's key order (height, position, index, spending). */
  readonly addressDeltas = new Map<string, AddressDelta[]>()
  /** Mempool txids in arrival order. */
  readonly mempool: string[] = []
  /** outpoint key → mempool txid spending it. */
  readonly mempoolSpends = new Map<string, string>()
  /** Seconds added to the wall clock (advanceTime). */
  timeOffset = 0
  /** Counts changes: one more for every block connected and every transaction entering the mempool (persistence compares it). */
  revision = 0
  /**
   * The relay policy its mempool applies (komodod's `IsStandardTx`; `acceptTransaction` reads it unless told another):
   * komodod's for an asset chain unless the devnet was started with another (`startDevnet({ policy })`).
   */
  policy: RelayPolicy = ASSET_CHAIN_POLICY
  /**
   * The secp256k1 implementation that checks every signature of a transaction offered to it (`acceptTransaction`):
   * undefined for the library's default (pure-JS noble); `startDevnet({ secp256k1 })` sets another (libsecp256k1 in
   * WebAssembly, komodod's own library, through `tinySecp256k1Backend`). The same checks, only faster.
   */
  secp256k1: Secp256k1Backend | undefined = undefined
  readonly walletPubkey: Uint8Array
  /**
   * Blocks a coinbase output waits before it may be spent (komodod's `Params().CoinbaseMaturity()`): 1 by default,
   * an asset chain's with one era and no `-ac_cbmaturity` (src/komodo_utils.cpp `komodo_args`). The genesis premine
   * is exempt.
   */
  readonly coinbaseMaturity: number
  /**
   * The address versions its index files outputs under (KMD's by default; TOKEL or TKLTEST in the devnet's Tokel
   * mode, whose CC outputs, v1 and v2, are filed under `C…` addresses).
   */
  readonly params: ChainParams

  /**
   * The maturity the devnet's own wallet (its daemon-style RPCs, {@link walletUtxos}) waits for: the larger of
   * {@link coinbaseMaturity} and KMD's 100, what a library wallet assumes without chain parameters. So the devnet's
   * wallet and a library wallet over the devnet with default parameters pick the same coins; consensus still allows
   * a spend after {@link coinbaseMaturity}.
   */
  get walletCoinbaseMaturity(): number {
    return Math.max(this.coinbaseMaturity, KMD_COINBASE_MATURITY)
  }

  constructor(options: {
    walletPubkey: Uint8Array
    genesisTime?: number
    premine?: boolean
    coinbaseMaturity?: number
    params?: ChainParams
  }) {
    this.walletPubkey = options.walletPubkey
    this.params = options.params ?? KMD
    this.coinbaseMaturity = options.coinbaseMaturity ?? 1
    if (options.premine !== false) {
      const outs = Array.from({ length: DEVNET_PREMINE_OUTPUTS }, () => ({
        value: DEVNET_PREMINE_VALUE,
        script: p2pkScript(this.walletPubkey),
      }))
      this.connectBlock([coinbaseTx(0, outs)], options.genesisTime ?? this.now())
    }
  }

  /** The devnet clock: wall-clock seconds plus the offset. */
  now(): number {
    return Math.floor(Date.now() / 1000) + this.timeOffset
  }

  /** Height of the tip (the genesis block is 0). */
  get height(): number {
    return this.blocks.length - 1
  }

  /** The tip block. */
  get tip(): Block {
    return this.blocks[this.blocks.length - 1]!
  }

  /** A confirmed-unspent or mempool output, when it exists and is not spent (mempool spends count when `mempool`). */
  coin(txid: string, vout: number, mempool = true): Coin | undefined {
    const k = key(txid, vout)
    if (mempool && this.mempoolSpends.has(k)) return undefined
    const c = this.utxos.get(k)
    if (c !== undefined) return c
    if (!mempool) return undefined
    const e = this.txs.get(txid)
    if (e === undefined || e.height >= 0) return undefined
    const o = e.tx.vout[vout]
    if (o === undefined) return undefined
    return {
      txid,
      vout,
      value: o.value,
      script: o.script,
      height: -1,
      coinbase: false,
      address: scriptAddress(o.script, this.params),
    }
  }

  /** Output `vout` of a known transaction, spent or not (the daemon's `myGetTransaction` + vout). */
  output(txid: string, vout: number): TxOutput | undefined {
    return this.txs.get(txid)?.tx.vout[vout]
  }

  /** True when the outpoint is spent by a mempool transaction. */
  spentInMempool(txid: string, vout: number): boolean {
    return this.mempoolSpends.has(key(txid, vout))
  }

  /** Adds an already validated transaction to the mempool. */
  addToMempool(tx: Transaction, hex: string, fee: bigint): string {
    const id = txidOf(tx)
    this.txs.set(id, { txid: id, hex, tx, height: -1, time: this.now(), fee })
    this.mempool.push(id)
    for (const i of tx.vin) this.mempoolSpends.set(key(i.txid, i.vout), id)
    this.revision++
    return id
  }

  /**
   * Mines `n` blocks: each takes the whole mempool in arrival order (dropping transactions that expired, and what
   * spends them), plus a coinbase paying the block reward and the fees to the wallet.
   */
  mine(n: number, payTo: Uint8Array = this.walletPubkey): string[] {
    const hashes: string[] = []
    for (let k = 0; k < n; k++) {
      const height = this.height + 1
      const included: Transaction[] = []
      let fees = 0n
      const dropped = new Set<string>()
      for (const id of this.mempool) {
        const e = this.txs.get(id)!
        const expired = e.tx.expiryHeight !== 0 && height > e.tx.expiryHeight
        if (expired || e.tx.vin.some((i) => dropped.has(i.txid))) {
          dropped.add(id)
          continue
        }
        included.push(e.tx)
        fees += e.fee
      }
      for (const id of dropped) this.txs.delete(id)
      this.mempool.length = 0
      this.mempoolSpends.clear()
      const cb = coinbaseTx(height, [{ value: DEVNET_BLOCK_REWARD + fees, script: p2pkScript(payTo) }])
      const time = Math.max(this.tip.time + 1, this.now())
      hashes.push(this.connectBlock([cb, ...included], time).hash)
    }
    return hashes
  }

  /** Appends a block of transactions (no validation: mining and restoring from the data file use it). */
  connectBlock(txs: Transaction[], time: number, fees?: bigint[]): Block {
    const height = this.blocks.length
    const prevHash = height === 0 ? '0'.repeat(64) : this.tip.hash
    const ids = txs.map((t) => txidOf(t))
    const root = blockMerkleRoot(ids)
    const { nonce, hash } = devnetBlockNonce(prevHash, root, time, height)
    const block: Block = { height, hash, prevHash, merkleRoot: root, time, txids: ids, nonce }
    this.blocks.push(block)
    this.revision++
    txs.forEach((tx, n) => {
      const id = ids[n]!
      const cb = isCoinbase(tx)
      const old = this.txs.get(id)
      this.txs.set(id, {
        txid: id,
        hex: old?.hex ?? bytesToHex(serializeTransaction(tx)),
        tx,
        height,
        blockHash: hash,
        time,
        fee: old?.fee ?? fees?.[n] ?? 0n,
      })
      this.indexDeltas(tx, id, height, n, cb)
      if (!cb) for (const i of tx.vin) this.spend(i.txid, i.vout)
      tx.vout.forEach((o, vout) => {
        const address = scriptAddress(o.script, this.params)
        const c: Coin = { txid: id, vout, value: o.value, script: o.script, height, coinbase: cb, address }
        if (o.script[0] === 0x6a) return
        this.utxos.set(key(id, vout), c)
        if (address !== null) {
          let set = this.addressUtxos.get(address)
          if (set === undefined) this.addressUtxos.set(address, (set = new Set()))
          set.add(key(id, vout))
          let hist = this.addressHistory.get(address)
          if (hist === undefined) this.addressHistory.set(address, (hist = []))
          hist.push({ txid: id, vout, height })
        }
      })
    })
    return block
  }

  /** Files a confirmed transaction's outputs and spends under their addresses, in komodod's key order. */
  private indexDeltas(tx: Transaction, id: string, height: number, blockindex: number, coinbase: boolean): void {
    const deltas: (AddressDelta & { address: string })[] = []
    const add = (script: Uint8Array, index: number, spending: boolean, value: bigint): void => {
      if (script[0] === 0x6a) return
      const key = scriptIndexKey(script, this.params)
      if (key === null) return
      const { address, cc } = key
      deltas.push({ address, txid: id, index, spending, satoshis: spending ? -value : value, height, blockindex, cc })
    }
    if (!coinbase)
      tx.vin.forEach((i, vin) => {
        const o = this.output(i.txid, i.vout)
        if (o !== undefined) add(o.script, vin, true, o.value)
      })
    tx.vout.forEach((o, vout) => add(o.script, vout, false, o.value))
    deltas.sort((a, b) => a.index - b.index || Number(a.spending) - Number(b.spending))
    for (const { address, ...d } of deltas) {
      let list = this.addressDeltas.get(address)
      if (list === undefined) this.addressDeltas.set(address, (list = []))
      list.push(d)
    }
  }

  private spend(txid: string, vout: number): void {
    const k = key(txid, vout)
    const c = this.utxos.get(k)
    if (c === undefined) return
    this.utxos.delete(k)
    if (c.address !== null) this.addressUtxos.get(c.address)?.delete(k)
  }

  /** Confirmed unspent outputs of an address, in chain order (what `getaddressutxos` lists). */
  addressCoins(address: string): Coin[] {
    const set = this.addressUtxos.get(address)
    if (set === undefined) return []
    const out: Coin[] = []
    for (const k of set) out.push(this.utxos.get(k)!)
    return out.sort((a, b) => a.height - b.height)
  }

  /** Mempool outputs paying an address, not spent in the mempool. */
  mempoolAddressCoins(address: string): Coin[] {
    const out: Coin[] = []
    for (const id of this.mempool) {
      const e = this.txs.get(id)!
      e.tx.vout.forEach((o, vout) => {
        if (o.script[0] === 0x6a || this.mempoolSpends.has(key(id, vout))) return
        if (scriptAddress(o.script, this.params) === address)
          out.push({ txid: id, vout, value: o.value, script: o.script, height: -1, coinbase: false, address })
      })
    }
    return out
  }

  /** The wallet's spendable normal coins (P2PK or P2PKH of `pubkey`): confirmed then mempool, none spent in the mempool. */
  walletUtxos(pubkey: Uint8Array = this.walletPubkey): Utxo[] {
    const address = p2pkhAddress(pubkey)
    const pk = bytesToHex(p2pkScript(pubkey))
    const pkh = bytesToHex(p2pkhScript(hash160(pubkey)))
    return [
      ...this.addressCoins(address).filter(
        (c) =>
          !this.spentInMempool(c.txid, c.vout) &&
          // AvailableCoins skips an immature coinbase (src/wallet/wallet.cpp)
          (!c.coinbase || coinbaseMatureAt(c.height, this.height, this.walletCoinbaseMaturity)),
      ),
      ...this.mempoolAddressCoins(address),
    ]
      .filter((c) => {
        const s = bytesToHex(c.script)
        return s === pk || s === pkh
      })
      .map((c) => ({
        txid: c.txid,
        vout: c.vout,
        satoshis: c.value,
        script: c.script,
        height: c.height < 0 ? 0 : c.height,
      }))
  }

  /** Confirmations of a transaction (0 in the mempool, undefined when unknown). */
  confirmations(txid: string): number | undefined {
    const e = this.txs.get(txid)
    if (e === undefined) return undefined
    return e.height < 0 ? 0 : this.height - e.height + 1
  }

  /** The data-file form: every block's transactions and time, the mempool, the clock offset. */
  snapshot(): ChainSnapshot {
    return {
      format: 'komodo-cc-devnet/1',
      timeOffset: this.timeOffset,
      blocks: this.blocks.map((b) => ({
        time: b.time,
        hash: b.hash,
        txs: b.txids.map((id) => this.txs.get(id)!.hex),
        fees: b.txids.map((id) => String(this.txs.get(id)!.fee)),
      })),
      mempool: this.mempool.map((id) => this.txs.get(id)!.hex),
    }
  }

  /** Rebuilds a chain from {@link snapshot} output (blocks replayed; the mempool is returned for re-validation). */
  static restore(
    snap: ChainSnapshot,
    walletPubkey: Uint8Array,
    coinbaseMaturity?: number,
    params?: ChainParams,
  ): { chain: DevChain; mempool: string[] } {
    const chain = new DevChain({
      walletPubkey,
      premine: false,
      ...(params !== undefined ? { params } : {}),
      ...(coinbaseMaturity !== undefined ? { coinbaseMaturity } : {}),
    })
    chain.timeOffset = snap.timeOffset
    let legacyPrev = '0'.repeat(64)
    let worklessPrev = legacyPrev
    for (const [i, b] of snap.blocks.entries()) {
      const txs = b.txs.map((h) => parseTransaction(hexToBytes(h)))
      const blk = chain.connectBlock(
        txs,
        b.time,
        b.fees?.map((f) => BigInt(f)),
      )
      // a file written before the full 1487-byte header has the short header's hashes: replayed, it gets the new ones
      legacyPrev = internalBytesToTxid(
        sha256d(devnetBlockHeader(legacyPrev, blk.merkleRoot, blk.time, blk.height, 0, true)),
      )
      // and a file written before the devnet's headers met their nBits has the nonce-0 header's hashes
      worklessPrev = internalBytesToTxid(sha256d(devnetBlockHeader(worklessPrev, blk.merkleRoot, blk.time, blk.height)))
      if (blk.hash !== b.hash && legacyPrev !== b.hash && worklessPrev !== b.hash)
        throw new Error(`block ${i} hash mismatch`)
    }
    return { chain, mempool: snap.mempool }
  }
}

/** The data file's JSON. */
export type ChainSnapshot = {
  format: 'komodo-cc-devnet/1'
  timeOffset: number
  blocks: { time: number; hash: string; txs: string[]; fees?: string[] }[]
  mempool: string[]
  walletKey?: string
  chain?: string
}
