// The devnet's address-index RPCs (komodod -addressindex, src/rpc/misc.cpp): getaddressutxos, getaddressbalance,
// getaddressdeltas, getaddresstxids and getaddressmempool, shaped as komodod prints them and read from the devnet's
// chain (the same index devnetChainView reads). komodod files normal outputs under index type 1, P2SH under 2 and
// CC outputs under 3 in the confirmed index; any second parameter (`ccvout`) asks type 3 for an R-address. Its
// mempool index files CC outputs under type 1 (txmempool.cpp's addAddressIndex never sets 3), so
// getaddressmempool lists them without the flag and nothing with it: the devnet does the same.
import { bytesToHex } from '../bytes/hex.js'
import { decodeAddress } from '../address/address.js'
import { base58checkDecode } from '../address/base58check.js'
import { KMD, type ChainParams } from '../address/chain.js'
import { scriptAddress, scriptIndexKey, type AddressDelta, type Coin } from './chain.js'
import { usageError, type DevnetNode, type Method } from './node.js'
import { DevnetRefusal, RPC_CODES } from './refusal.js'

/**
 * A base58 address the devnet's chain can hold, or komodod's -5 "Invalid address": a P2PKH or P2SH address of the
 * chain, or (a chain with `cctype`: the devnet's Tokel mode) a CC address (`CRYPTOCONDITION_ADDRESS`).
 * @example checkAddress('R…')
 */
export function checkAddress(v: unknown, message = 'Invalid address', chain: ChainParams = KMD): string {
  if (typeof v !== 'string') throw new DevnetRefusal(RPC_CODES.INVALID_ADDRESS_OR_KEY, message)
  if (isCcTypeAddress(v, chain)) return v
  try {
    decodeAddress(v, chain)
  } catch {
    throw new DevnetRefusal(RPC_CODES.INVALID_ADDRESS_OR_KEY, message)
  }
  return v
}

/** Whether `address` carries the chain's CC version byte (`cctype`, Tokel's 0x1C): index type 3 (`GetIndexKey`). */
function isCcTypeAddress(address: string, chain: ChainParams): boolean {
  if (chain.cctype === undefined) return false
  try {
    const payload = base58checkDecode(address)
    return payload.length === 21 && payload[0] === chain.cctype
  } catch {
    return false
  }
}

/**
 * komodod's `getAddressesFromParams`: a single address string, or `{addresses: [...]}`.
 * @example addressList({ addresses: ['R…'] }) // ['R…']
 */
export function addressList(v: unknown, chain: ChainParams = KMD): string[] {
  if (typeof v === 'string') return [checkAddress(v, 'Invalid address', chain)]
  if (typeof v === 'object' && v !== null && !Array.isArray(v)) {
    const a = (v as { addresses?: unknown }).addresses
    if (!Array.isArray(a))
      throw new DevnetRefusal(RPC_CODES.INVALID_ADDRESS_OR_KEY, 'Addresses is expected to be an array')
    return a.map((x) => {
      if (typeof x !== 'string') throw new DevnetRefusal(RPC_CODES.MISC_ERROR, 'JSON value is not a string as expected')
      return checkAddress(x, 'Invalid addresses', chain)
    })
  }
  throw new DevnetRefusal(RPC_CODES.INVALID_ADDRESS_OR_KEY, 'Invalid address')
}

/**
 * Which index type a call reads for an address: CC (type 3) when a second parameter is given and the address is an
 * R-address (`GetIndexKey(…, ccflag)`); a P2SH address is type 2 either way (its entries are never CC).
 */
function wantsCc(params: readonly unknown[], address: string, chain: ChainParams = KMD): boolean {
  if (isCcTypeAddress(address, chain)) return true
  return params.length === 2 && decodeAddress(address, chain).kind === 'p2pkh'
}

const isCcCoin = (c: Coin): boolean => scriptIndexKey(c.script)?.cc === true

/** komodod's numeric `start`/`end` of getaddressdeltas / getaddresstxids, when both are numbers. */
function range(o: Record<string, unknown>): { start: number; end: number } | undefined {
  if (typeof o.start !== 'number' || typeof o.end !== 'number') return undefined
  if (!Number.isInteger(o.start) || !Number.isInteger(o.end))
    throw new DevnetRefusal(RPC_CODES.MISC_ERROR, 'JSON value is not an integer as expected')
  return { start: o.start, end: o.end }
}

/** The confirmed deltas of one address and index type, within `[start, end]` when both are above 0. */
function deltasOf(n: DevnetNode, address: string, cc: boolean, r?: { start: number; end: number }): AddressDelta[] {
  const all = (n.chain.addressDeltas.get(address) ?? []).filter((d) => d.cc === cc)
  if (r === undefined || r.start <= 0 || r.end <= 0) return all
  return all.filter((d) => d.height >= r.start && d.height <= r.end)
}

type MempoolEntry = {
  address: string
  txid: string
  index: number
  satoshis: bigint
  timestamp: number
  prevtxid?: string
  prevout?: number
}

/** The mempool's deltas of one address: per transaction in arrival order, by (index, outputs before spends). */
function mempoolDeltas(n: DevnetNode, address: string): MempoolEntry[] {
  const out: MempoolEntry[] = []
  for (const id of n.chain.mempool) {
    const e = n.chain.txs.get(id)!
    const own: (MempoolEntry & { spending: boolean })[] = []
    e.tx.vin.forEach((i, vin) => {
      const o = n.chain.output(i.txid, i.vout)
      if (o !== undefined && o.script[0] !== 0x6a && scriptAddress(o.script, n.chain.params) === address)
        own.push({
          address,
          txid: id,
          index: vin,
          satoshis: -o.value,
          timestamp: e.time,
          prevtxid: i.txid,
          prevout: i.vout,
          spending: true,
        })
    })
    e.tx.vout.forEach((o, vout) => {
      if (o.script[0] !== 0x6a && scriptAddress(o.script, n.chain.params) === address)
        own.push({ address, txid: id, index: vout, satoshis: o.value, timestamp: e.time, spending: false })
    })
    own.sort((a, b) => a.index - b.index || Number(a.spending) - Number(b.spending))
    for (const { spending: _s, ...entry } of own) out.push(entry)
  }
  return out
}

/**
 * The address-index RPCs, keyed by name, for the devnet's method table.
 * @example Object.keys(addressIndexMethods()) // ['getaddressutxos', 'getaddressbalance', …]
 */
export function addressIndexMethods(): Record<string, Method> {
  const methods: Record<string, Method> = {
    getaddressutxos: {
      min: 1,
      max: 2,
      usage: 'getaddressutxos {"addresses": ["address", ...], "chainInfo": bool} ( ccvout )\n',
      run: (n, p) => {
        const out = addressList(p[0], n.chain.params).flatMap((a) =>
          n.chain
            .addressCoins(a)
            .filter((c) => isCcCoin(c) === wantsCc(p, a, n.chain.params))
            .map((c) => ({
              address: a,
              txid: c.txid,
              outputIndex: c.vout,
              script: bytesToHex(c.script),
              satoshis: c.value,
              height: c.height,
            })),
        )
        out.sort((a, b) => a.height - b.height)
        const chainInfo =
          typeof p[0] === 'object' && p[0] !== null && (p[0] as { chainInfo?: unknown }).chainInfo === true
        return chainInfo ? { utxos: out, hash: n.chain.tip.hash, height: n.chain.height } : out
      },
    },
    getaddressbalance: {
      min: 1,
      max: 2,
      usage: 'getaddressbalance {"addresses": ["address", ...]} ( ccvout )\n',
      run: (n, p) => {
        let balance = 0n
        let received = 0n
        for (const a of addressList(p[0], n.chain.params))
          for (const d of deltasOf(n, a, wantsCc(p, a, n.chain.params))) {
            if (d.satoshis > 0n) received += d.satoshis
            balance += d.satoshis
          }
        return { balance, received }
      },
    },
    getaddressdeltas: {
      min: 1,
      max: 2,
      usage: 'getaddressdeltas {"addresses": ["address", ...], "start": n, "end": n, "chainInfo": bool} ( ccvout )\n',
      run: (n, p) => {
        if (typeof p[0] !== 'object' || p[0] === null || Array.isArray(p[0]))
          throw usageError(methods.getaddressdeltas!)
        const o = p[0] as Record<string, unknown>
        const r = range(o)
        if (r !== undefined) {
          if (r.start <= 0 || r.end <= 0)
            throw new DevnetRefusal(
              RPC_CODES.INVALID_ADDRESS_OR_KEY,
              'Start and end is expected to be greater than zero',
            )
          if (r.end < r.start)
            throw new DevnetRefusal(RPC_CODES.INVALID_ADDRESS_OR_KEY, 'End value is expected to be greater than start')
        }
        const deltas = addressList(o, n.chain.params).flatMap((a) =>
          deltasOf(n, a, wantsCc(p, a, n.chain.params), r).map((d) => ({
            satoshis: d.satoshis,
            txid: d.txid,
            index: d.index,
            blockindex: d.blockindex,
            height: d.height,
            address: a,
          })),
        )
        if (o.chainInfo !== true || r === undefined) return deltas
        if (r.start > n.chain.height || r.end > n.chain.height)
          throw new DevnetRefusal(RPC_CODES.INVALID_ADDRESS_OR_KEY, 'Start or end is outside chain range')
        return {
          deltas,
          start: { hash: n.chain.blocks[r.start]!.hash, height: r.start },
          end: { hash: n.chain.blocks[r.end]!.hash, height: r.end },
        }
      },
    },
    getaddresstxids: {
      min: 1,
      max: 2,
      usage: 'getaddresstxids {"addresses": ["address", ...], "start": n, "end": n} ( ccvout )\n',
      run: (n, p) => {
        const addresses = addressList(p[0], n.chain.params)
        const r = typeof p[0] === 'object' && p[0] !== null ? range(p[0] as Record<string, unknown>) : undefined
        const pairs = addresses.flatMap((a) => deltasOf(n, a, wantsCc(p, a, n.chain.params), r))
        const seen = new Set<string>()
        const unique = pairs.filter((d) => {
          const k = `${d.height}:${d.txid}`
          if (seen.has(k)) return false
          seen.add(k)
          return true
        })
        // several addresses: komodod's std::set<(height, txid text)> order
        if (addresses.length > 1)
          unique.sort((a, b) => a.height - b.height || (a.txid < b.txid ? -1 : a.txid > b.txid ? 1 : 0))
        return unique.map((d) => d.txid)
      },
    },
    getaddressmempool: {
      min: 1,
      max: 2,
      usage: 'getaddressmempool {"addresses": ["address", ...]} ( ccvout )\n',
      run: (n, p) => {
        // komodod's mempool index has no type-3 entries: with the flag an R-address lists nothing
        const entries = addressList(p[0], n.chain.params).flatMap((a) =>
          wantsCc(p, a, n.chain.params) ? [] : mempoolDeltas(n, a),
        )
        // komodod sorts by the time each transaction entered the mempool
        return entries
          .map((e, i) => ({ e, i }))
          .sort((x, y) => x.e.timestamp - y.e.timestamp || x.i - y.i)
          .map(({ e }) => e)
      },
    },
  }
  return methods
}
