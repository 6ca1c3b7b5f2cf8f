// The orders komodod's look-ups see, written out for the tests from the daemon's key layouts (independently of
// src/: the tests compute expected choices with these, never with the code under test).
//
// - address-unspent index (SetCCunspents → GetAddressUnspent; AddNormalinputs2 / remote mode): LevelDB keys
//   type ‖ hash160 ‖ txid (32 internal bytes) ‖ index (u32 little-endian), compared bytewise
//   (komodo src/main.h CAddressUnspentKey::Serialize, src/txdb.cpp ReadAddressUnspentIndex);
// - wallet map (AvailableCoins → local-mode AddNormalinputs) and mempool maps (mapTx, mapAddress): txid by
//   uint256 operator< (memcmp of the internal bytes), then the index as a number (src/wallet/wallet.cpp
//   AvailableCoins, src/addressindex.h CMempoolAddressDeltaKeyCompare).

type Outpoint = { txid: string; vout: number }

/** The 32 internal bytes of a display txid (display hex read backwards, byte by byte). */
function internal(txid: string): number[] {
  const out: number[] = []
  for (let i = 31; i >= 0; i--) out.push(parseInt(txid.slice(2 * i, 2 * i + 2), 16))
  return out
}

function bytewise(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return a[i]! - b[i]!
  return a.length - b.length
}

/** The part of an address-unspent key after the address: txid internal bytes, then the index as u32 LE. */
function unspentKey(o: Outpoint): number[] {
  const v = o.vout
  return [...internal(o.txid), v & 0xff, (v >>> 8) & 0xff, (v >>> 16) & 0xff, (v >>> 24) & 0xff]
}

/** Comparator: the address-unspent index's order (what SetCCunspents walks). */
export function byUnspentIndex(a: Outpoint, b: Outpoint): number {
  return bytewise(unspentKey(a), unspentKey(b))
}

/** Comparator: the wallet's mapWallet order / the mempool maps' order (txid memcmp, then index numerically). */
export function byWalletMap(a: Outpoint, b: Outpoint): number {
  return bytewise(internal(a.txid), internal(b.txid)) || a.vout - b.vout
}

/** Comparator on txids alone (uint256 operator<). */
export function byTxid(a: string, b: string): number {
  return bytewise(internal(a), internal(b))
}

/** A sorted copy. */
export function sortedBy<T>(list: readonly T[], cmp: (a: T, b: T) => number): T[] {
  return [...list].sort(cmp)
}
