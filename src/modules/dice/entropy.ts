import { KomodoCcError } from '../../errors.js'
import { bytesOrHex } from '../../bytes/assert.js'
import { txidToInternalBytes } from '../../bytes/uint256.js'
import { sha256 } from '../../hash/index.js'
import { x25519, x25519Base } from './x25519.js'

/**
 * What {@link diceHashEntropy} derives: `entropy` (revealed later) and `hentropy` = sha256(entropy) (committed first).
 * @example const { entropy, hentropy }: DiceEntropy = diceHashEntropy(outpoint, true, key)
 */
export type DiceEntropy = { entropy: Uint8Array; hentropy: Uint8Array }

/**
 * komodod's `DiceHashEntropy` (src/cc/dice.cpp): the entropy a dice house commits to (or a bettor reveals) for an
 * outpoint, derived from the node's secp256k1 private key so only that key holder can recompute it:
 * a = the txid's 32 internal-order bytes (with `usevout`, bytes 1 and 2 XORed with the output index's low 16 bits),
 * b = sha256(privateKey), both clamped as X25519 scalars; entropy = sha256(X25519(b, X25519(a, 9))),
 * hentropy = sha256(entropy). Both are written to dice oprets byte for byte.
 * @param outpoint - `{ txid: display hex, vout }`: vin 0 of the 'E' / 'W' / 'L' transaction (house) or the entropy
 *   output a bet spends (bettor)
 * @param usevout - true in every transaction current komodod builds; false reproduces the 2018 'E' commitments
 * @throws KomodoCcError HEX_INVALID | BYTES_LENGTH | BYTES_TYPE | INT_RANGE | ARG_INVALID
 * @example bytesToHex(diceHashEntropy({ txid: fundingTxid, vout: 0 }, true, housePrivateKey).hentropy)
 */
export function diceHashEntropy(
  outpoint: { txid: string; vout: number },
  usevout: boolean,
  privateKey: Uint8Array | string,
): DiceEntropy {
  if (typeof outpoint !== 'object' || outpoint === null)
    throw new KomodoCcError('ARG_INVALID', 'outpoint expected { txid, vout }')
  if (typeof usevout !== 'boolean') throw new KomodoCcError('ARG_INVALID', 'usevout expected a boolean')
  const a = txidToInternalBytes(outpoint.txid, 'outpoint.txid').slice()
  if (!Number.isInteger(outpoint.vout) || outpoint.vout < 0 || outpoint.vout > 0xffffffff)
    throw new KomodoCcError('INT_RANGE', `outpoint.vout expected a u32, got ${String(outpoint.vout)}`)
  if (usevout) {
    a[1] = a[1]! ^ (outpoint.vout & 0xff)
    a[2] = a[2]! ^ ((outpoint.vout >>> 8) & 0xff)
  }
  const key = bytesOrHex(privateKey, 32, 'privateKey')
  // x25519() clamps both scalars exactly as DiceHashEntropy does before its curve25519 calls
  const shared = x25519(sha256(key), x25519Base(a))
  const entropy = sha256(shared)
  return { entropy, hentropy: sha256(entropy) }
}
