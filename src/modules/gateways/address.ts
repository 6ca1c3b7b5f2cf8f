// The gateways deposit address for chain parameters (moved from src/cc/address.ts in issue 32: gateways' own rule
// lives in its folder). It checks its arguments and applies the bind's rule of ./proof.ts with the chain's prefixes.
import { KomodoCcError } from '../../errors.js'
import { KMD, chainParams, type ChainParams } from '../../address/chain.js'
import { pubkey33 } from '../../cc/condition.js'
import { gatewaysDepositAddress as depositAddressOf } from './proof.js'

/**
 * The gateways deposit address computed while decoding a bind (gateways spec 5.3): with KMD-style prefixes
 * (pubtype 60, p2shtype 85) an M-of-N multisig (N > 1) gives the P2SH address of `OP_M <pk…> OP_N
 * OP_CHECKMULTISIG` (keys in bind order, not sorted) and N = 1 the P2PK address of the key; with other prefixes
 * N > 1 gives base58check(p2shtype, HASH160(multisig)) — `taddr` is never prepended for P2SH — and N = 1 the
 * custom P2PK address (with `taddr`).
 * @throws KomodoCcError INT_RANGE | PUBKEY_INVALID | CHAIN_PARAMS
 * @example gatewaysDepositAddress(1, [dicePk, rewardsPk]) // 'bPX6zogiQ9ViorHFaw7iqgJHkSyjyvUVof'
 */
export function gatewaysDepositAddress(
  m: number,
  pubkeys: readonly (string | Uint8Array)[],
  chain: ChainParams | string = KMD,
): string {
  const c = chain === KMD ? KMD : chainParams(chain)
  if (!Array.isArray(pubkeys) || pubkeys.length < 1 || pubkeys.length > 16)
    throw new KomodoCcError(
      'INT_RANGE',
      `gateways expects 1..16 pubkeys, got ${Array.isArray(pubkeys) ? pubkeys.length : typeof pubkeys}`,
    )
  const keys = pubkeys.map((p, i) => pubkey33(p, `pubkeys[${i}]`))
  if (!Number.isInteger(m) || m < 1 || m > keys.length)
    throw new KomodoCcError('INT_RANGE', `M expected 1..${keys.length}, got ${m}`, { got: m })
  // N = 1: the key's P2PKH address (taddr ‖ pubtype ‖ hash160); N > 1: p2shtype ‖ hash160(multisig), never taddr
  return depositAddressOf(m, keys, { taddr: c.taddr ?? 0, prefix: c.pubtype, prefix2: c.p2shtype })
}
