import { hash160ToAddress, p2pkhAddress } from '../address/address.js'
import { classifyScript } from './classify.js'

/**
 * The address komodod's address index files an output under: P2PK → P2PKH address of the key, P2PKH → its address,
 * CC → the CC address (Hash160 of the CC sub-script), P2SH → its address; null for OP_RETURN and nonstandard.
 * @example scriptAddress(p2pkScript(pubkey)) // 'R…'
 */
export function scriptAddress(script: Uint8Array): string | null {
  const c = classifyScript(script)
  if (c.type === 'pubkey' && c.pubkeys !== undefined && c.pubkeys[0]!.length === 33) return p2pkhAddress(c.pubkeys[0]!)
  if (c.type === 'pubkey' && c.hashes[0] !== undefined) return hash160ToAddress(c.hashes[0].hash, 'p2pkh')
  if ((c.type === 'pubkeyhash' || c.type === 'scripthash' || c.type === 'cryptocondition') && c.hashes[0] !== undefined)
    return hash160ToAddress(c.hashes[0].hash, c.hashes[0].kind)
  return null
}
