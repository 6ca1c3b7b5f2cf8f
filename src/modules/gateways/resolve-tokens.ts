// The caller's token outputs of one token, as gatewaysbind and gatewayswithdraw read them (issue 18). A minimal
// stand-in for the tokens module's own token-input gatherer (`AddTokenCCInputs`), written here until that one lands;
// the lead replaces it with the tokens resolver's (one implementation).
import { equalBytes } from '../../bytes/utils.js'
import { ccAddress } from '../../cc/address.js'
import { cc1of1 } from '../../cc/condition.js'
import { EVAL } from '../../cc/eval.js'
import { ccScript } from '../../script/cc.js'
import type { ChainParams } from '../../address/chain.js'
import { outpointKey, type StateReader, type VerifiedTx } from '../../cctx/resolve.js'
import type { Utxo } from '../../cctx/types.js'
import { lastOpret } from '../../cctx/rewards-gateways-state.js'
import { decodeTokensOpret, type TokensOpret } from '../tokens/opret.js'
import { ccUnspent, outputsOf } from './resolve-lookups.js'

/** What {@link callerTokens} found. @internal */
export type CallerTokens = {
  /** `AddTokenCCInputs`' candidates, in address-index order (the builder applies total / max and the limit). */
  candidates: Utxo[]
  /** `CCtoken_balance` of the caller's token address for this token. */
  balance: bigint
}

function tokensOpretOf(t: VerifiedTx): TokensOpret | undefined {
  return lastOpret(outputsOf(t), decodeTokensOpret)
}

/**
 * The caller's outputs of token `tokenid` at its tokens address CC1(0xf2, pubkey), confirmed (address-index order):
 * - `balance` as `CCtoken_balance`: every such output of the token's create transaction or of a transaction whose
 *   token opret names `tokenid`, those spent in the mempool included;
 * - `candidates` as `AddTokenCCInputs` would take them: the outputs exactly CC1(0xf2, pubkey), not spent in the
 *   mempool, of the create transaction ('c' opret) or of a tokens 't' opret (eval 0xf2) naming `tokenid`.
 *   The daemon's `IsTokensvout` also checks that the output is one the opret's keys or the input signers may hold
 *   and that the transaction's token amounts balance; this stand-in does not (a forged output would make the
 *   built transaction fail token validation at the node, never move another's tokens).
 * @internal
 */
export async function callerTokens(
  reader: StateReader,
  pubkey: Uint8Array,
  tokenid: string,
  chain?: ChainParams,
): Promise<CallerTokens> {
  const address = ccAddress(EVAL.TOKENS, pubkey, chain)
  const [list, spent] = await Promise.all([ccUnspent(reader, address, chain), reader.mempoolSpends(address)])
  const txs = await reader.txs(list.map((u) => u.txid))
  const script = ccScript(cc1of1(EVAL.TOKENS, pubkey))
  let balance = 0n
  const candidates: Utxo[] = []
  list.forEach((u, i) => {
    const p = tokensOpretOf(txs[i]!)
    const transfer = p?.funcid === 't' && p.evalCode === EVAL.TOKENS && p.tokenid === tokenid
    if (u.txid === tokenid || transfer) balance += u.satoshis
    const ofToken = (u.txid === tokenid && p?.funcid === 'c') || transfer
    if (ofToken && equalBytes(u.script, script) && !spent.has(outpointKey(u.txid, u.vout))) candidates.push(u)
  })
  return { candidates, balance }
}
