// Electrum's script hashes and status hashes (electrum.md sections 6.1 and 6.3). Pure: no I/O.
import { KomodoCcError } from '../errors.js'
import { assertBytes } from '../bytes/assert.js'
import { bytesToHex } from '../bytes/hex.js'
import { utf8ToBytes } from '../bytes/utils.js'
import { sha256 } from '../hash/index.js'

const TXID = /^[0-9a-f]{64}$/

/**
 * The Electrum script hash of an output script: SHA-256 of the raw scriptPubKey, byte-reversed, lowercase hex (what
 * `blockchain.scripthash.*` methods take). A CC output's script is fixed by its condition, so its script hash is
 * computable offline from the keys and eval codes.
 * @throws KomodoCcError BYTES_TYPE
 * @example scripthash(hexToBytes('76a91444a8a0850da65aafd8f1f5ebf6ad6d841d9e71a688ac'))
 * // '6d9cb47a6e2c60b6469fe50a14eaca142c56a62007e7f5e424b2e33b1339a7e6'
 */
export function scripthash(script: Uint8Array): string {
  const h = sha256(assertBytes(script, undefined, 'script'))
  h.reverse()
  return bytesToHex(h)
}

/** One entry of a script's history as Electrum lists it: confirmed height > 0, mempool 0 or −1. */
export type ElectrumHistoryItem = { txid: string; height: number }

/**
 * The text an Electrum status hashes: `<txid>:<height>:` for each entry, in the order given.
 * @internal
 */
export function electrumStatusText(history: readonly ElectrumHistoryItem[]): string {
  let s = ''
  history.forEach((h, i) => {
    if (typeof h !== 'object' || h === null || typeof h.txid !== 'string' || !TXID.test(h.txid.toLowerCase()))
      throw new KomodoCcError('ARG_INVALID', `history[${i}].txid expected a 64-digit hex txid`, { index: i })
    if (!Number.isInteger(h.height) || h.height < -1)
      throw new KomodoCcError('ARG_INVALID', `history[${i}].height expected an integer ≥ −1`, { index: i })
    s += `${h.txid.toLowerCase()}:${h.height}:`
  })
  return s
}

/**
 * The status of a script hash (electrum.md 6.3): lowercase hex SHA-256 (not reversed) of the concatenated
 * `<txid display hex>:<height>:` of its history in the order the server lists it (confirmed in chain order, then the
 * mempool, height 0 before −1, each group by txid); `null` for an empty history.
 * @throws KomodoCcError ARG_INVALID (a malformed entry)
 * @example electrumStatus([{ txid: '11'.repeat(32), height: 5 }])
 * // '492d6ee629b364b9ecf90f85043580fb0331c39ea438d514ac32451d688c6525'
 */
export function electrumStatus(history: readonly ElectrumHistoryItem[]): string | null {
  if (!Array.isArray(history)) throw new KomodoCcError('ARG_INVALID', 'history expected an array')
  if (history.length === 0) return null
  return bytesToHex(sha256(utf8ToBytes(electrumStatusText(history))))
}

/**
 * The canonical mempool order of ElectrumX ≥ 1.19 (electrum.md 3.4, 6.3): height 0 before −1, then txid display hex
 * ascending. Returns a new array.
 * @example sortElectrumMempool([{ txid: 'e0'.repeat(32), height: 0 }, { txid: '0f'.repeat(32), height: 0 }])[0].txid // '0f0f…'
 */
export function sortElectrumMempool<T extends ElectrumHistoryItem>(items: readonly T[]): T[] {
  return [...items].sort((a, b) =>
    a.height !== b.height ? b.height - a.height : a.txid < b.txid ? -1 : a.txid > b.txid ? 1 : 0,
  )
}
