import { hash160ToAddress, p2pkhAddress } from '../address/address.js'
import { base58checkDecode } from '../address/base58check.js'
import { equalBytes } from '../bytes/utils.js'
import { hash160 } from '../hash/index.js'
import { classifyScript } from './classify.js'
import { parseCcV2Script } from './ccv2.js'
import { KMD, type ChainParams } from '../address/chain.js'

/**
 * The address komodod's address index files an output under: P2PK → P2PKH address of the key, P2PKH → its address,
 * CC → the CC address (Hash160 of the CC sub-script; for a CC v2 output, of `push('M'|'N' ‖ blob) cc`, as Tokel's
 * `Solver` files it), P2SH → its address; null for OP_RETURN and nonstandard. `chain`: the version bytes (default
 * KMD's; a chain with `cctype`, TOKEL or TKLTEST, prints CC addresses with it).
 * @example scriptAddress(p2pkScript(pubkey)) // 'R…'
 */
export function scriptAddress(script: Uint8Array, chain: ChainParams = KMD): string | null {
  const c = classifyScript(script)
  if (c.type === 'pubkey' && c.pubkeys !== undefined && c.pubkeys[0]!.length === 33)
    return p2pkhAddress(c.pubkeys[0]!, chain)
  if (c.type === 'pubkey' && c.hashes[0] !== undefined) return hash160ToAddress(c.hashes[0].hash, 'p2pkh', chain)
  if (c.type === 'cryptocondition' && c.hashes[0] !== undefined) return hash160ToAddress(c.hashes[0].hash, 'cc', chain)
  if ((c.type === 'pubkeyhash' || c.type === 'scripthash') && c.hashes[0] !== undefined)
    return hash160ToAddress(c.hashes[0].hash, c.hashes[0].kind, chain)
  const v2 = parseCcV2Script(script)
  if (v2 !== null) return hash160ToAddress(hash160(v2.subScript), 'cc', chain)
  return null
}

/**
 * Whether `script` is filed under `address` by komodod's address index, whatever the chain's address versions:
 * the 20-byte hash the address carries is the script's (the key's Hash160 for P2PK, the hash for P2PKH and P2SH,
 * the CC sub-script's Hash160 for a CC output, v1 or Tokel's v2). False for an address that does not decode.
 * @example scriptPaysAddress(p2pkScript(pubkey), p2pkhAddress(pubkey)) // true
 */
export function scriptPaysAddress(script: Uint8Array, address: string): boolean {
  let payload: Uint8Array
  try {
    payload = base58checkDecode(address)
  } catch {
    return false
  }
  if (payload.length !== 21) return false
  // a CC v2 (Tokel mixed-mode) output: filed under the Hash160 of `push(blob) cc` (tokel Solver → cryptocondition)
  const v2 = parseCcV2Script(script)
  if (v2 !== null) return equalBytes(hash160(v2.subScript), payload.subarray(1))
  const c = classifyScript(script)
  let h: Uint8Array | undefined
  if (c.type === 'pubkey' && c.pubkeys !== undefined && c.pubkeys[0] !== undefined) h = hash160(c.pubkeys[0])
  else if (
    (c.type === 'pubkey' || c.type === 'pubkeyhash' || c.type === 'scripthash' || c.type === 'cryptocondition') &&
    c.hashes[0] !== undefined
  )
    h = c.hashes[0].hash
  return h !== undefined && equalBytes(h, payload.subarray(1))
}
