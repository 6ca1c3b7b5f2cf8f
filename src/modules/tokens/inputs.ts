// The token input gatherer (komodod's AddTokenCCInputs, spec 3.4) and the token balance built on it: the tokens
// resolvers use it, gateways' resolvers reuse it (gateways move tokens), the devnet's RPCs run the same selection.
import { KomodoCcError } from '../../errors.js'
import type { ChainParams } from '../../address/chain.js'
import { ccAddress, ccScriptAddress, tokensCcAddress } from '../../cc/address.js'
import { EVAL } from '../../cc/eval.js'
import { ccUnspent, outpointKey, txidText, type StateReader, type VerifiedTx } from '../../cctx/resolve.js'
import type { ChainUtxo, Utxo } from '../../cctx/types.js'
import type { Transaction } from '../../tx/types.js'
import { createNftEvalCode, tokensOpretOf, tokenVoutUnits, type TxLookup } from './validity.js'
import { addTokenCcInputs, TOKEN_MAX_INPUTS } from './add-inputs.js'

export { TOKEN_MAX_INPUTS } from './add-inputs.js'

/** Rounds of fetching a token history's missing transactions before giving up (the rule reads at most 3 levels). */
const MAX_FETCH_ROUNDS = 4

/**
 * The address that holds `pubkey`'s units of a token (`GetTokensCCaddress`): CC1(0xf2, pubkey) for a fungible token,
 * the three-eval TokensCC1(X, pubkey) for an NFT whose data starts with eval code X.
 * @example tokenAddress(null, pubkey) === ccAddress(0xf2, pubkey) // true
 */
export function tokenAddress(nftEval: number | null, pubkey: string | Uint8Array, chain?: ChainParams): string {
  // GetTokensCCaddress(0xf2, nftEval, pk): a 0 second eval code adds nothing (CC1(0xf2, pk))
  return nftEval === null || nftEval === 0 || nftEval === EVAL.TOKENS
    ? ccAddress(EVAL.TOKENS, pubkey, chain)
    : tokensCcAddress(nftEval, pubkey, 0, chain)
}

/**
 * `AddTokenCCInputs`' loop over an address's unspent outputs (address-index order, those spent in the mempool already
 * dropped): each output must be a valid token output of `tokenid` whose transaction balances
 * (`IsTokensvout(goDeeper = true)`); with `amount`, outputs below amount/60 are skipped and the loop stops once the
 * total reaches `amount` or 60 inputs are taken; without it every valid output counts (the balance).
 * @example pickTokenInputs(coins, tokenid, (id) => chain.txs.get(id)?.tx ?? null, 500n)
 */
export function pickTokenInputs<U extends Utxo>(
  candidates: readonly U[],
  tokenid: string,
  lookup: TxLookup,
  amount?: bigint,
): U[] {
  // AddTokenCCInputs(…, amount, 60) to spend; AddTokenCCInputs(…, 0, 0) for the balance (CCtoken_balance)
  return addTokenCcInputs(candidates, amount ?? 0n, amount === undefined ? 0 : TOKEN_MAX_INPUTS, (u) => {
    const src = lookup(u.txid)
    return src !== null && tokenVoutUnits(src, u.txid, u.vout, tokenid, lookup, true) > 0n
  }).inputs
}

/**
 * Runs a synchronous rule over a {@link TxLookup} backed by a {@link StateReader}: what the rule asks for and the
 * reader has not read yet is fetched (one batched round trip per round) and the rule runs again, until it asks for
 * nothing new. Every transaction it sees was checked against its txid by the reader.
 */
async function withHistory<T>(
  reader: StateReader,
  seed: readonly VerifiedTx[],
  rule: (lookup: TxLookup) => T,
): Promise<T> {
  const known = new Map<string, Transaction>(seed.map((t) => [t.txid, t.tx]))
  for (let round = 0; ; round++) {
    const missing = new Set<string>()
    const value = rule((txid) => {
      const id = txid.toLowerCase()
      const t = known.get(id)
      if (t === undefined) missing.add(id)
      return t ?? null
    })
    if (missing.size === 0) return value
    if (round >= MAX_FETCH_ROUNDS)
      throw new KomodoCcError('CHAIN_MISMATCH', `the token history kept asking for more transactions (${missing.size})`)
    for (const t of await reader.txs([...missing])) known.set(t.txid, t.tx)
  }
}

/**
 * A token's create transaction (the transaction whose txid is the tokenid) read through the reader, checked to hash to
 * it, or null when the chain does not know the tokenid (the daemon's `myGetTransaction` failing).
 * @throws KomodoCcError CHAIN_MISMATCH | ARG_INVALID | ABORTED
 * @example const create = await tokenCreateTx(reader, tokenid)
 */
export async function tokenCreateTx(reader: StateReader, tokenid: string): Promise<VerifiedTx | null> {
  try {
    return await reader.tx(tokenid)
  } catch (e) {
    if (e instanceof KomodoCcError && e.code === 'TX_NOT_FOUND') return null
    throw e
  }
}

/**
 * The confirmed unspent outputs of `address` that no mempool transaction spends, each checked to pay that address (a
 * source listing an output of another address under it contradicts itself).
 * @throws KomodoCcError CHAIN_MISMATCH
 */
async function unspentAt(reader: StateReader, address: string, chain?: ChainParams): Promise<ChainUtxo[]> {
  const [list, spent] = await Promise.all([ccUnspent(reader, address, { chain }), reader.mempoolSpends(address)])
  return list.filter((u) => !spent.has(outpointKey(u.txid, u.vout)))
}

/** Options of {@link tokenInputs}. */
export type TokenInputsOptions = {
  chain?: ChainParams
  /**
   * Also take the mempool's outputs on the token address (not spent in the mempool), after the confirmed ones, in the
   * mempool index's order: token transfers then chain without a block. komodod's own `AddTokenCCInputs` reads only
   * confirmed outputs (`SetCCunspents`), but its token validation reads a spent output's transaction with
   * `GetTxUnconfirmed` → `myGetTransaction`, which looks in the mempool first (src/cc/CCtokens.cpp `TokensValidate`,
   * `TokensExactAmounts`; src/cc/eval.cpp; src/main.cpp `myGetTransaction`), so a node accepts the spend of a mempool
   * parent. Default false (the daemon's rule).
   */
  mempool?: boolean
}

/** The mempool's outputs on `address` that no mempool transaction spends, in the mempool index's order. */
async function mempoolAt(reader: StateReader, address: string): Promise<ChainUtxo[]> {
  const [m, spent] = await Promise.all([reader.addressMempool(address), reader.mempoolSpends(address)])
  return m.outputs.filter((u) => !spent.has(outpointKey(u.txid, u.vout)))
}

/**
 * The token inputs komodod's `AddTokenCCInputs` would take for `pubkey` (spec 3.4): confirmed unspent outputs on the
 * token address of `pubkey` (NFT-aware, as komodod's `GetTokensCCaddress`), in address-index order, not spent in the mempool, each
 * a valid token output of `tokenid` whose transaction balances; with `amount` (token units), outputs below amount/60
 * are skipped and at most 60 are taken until they cover it. Every transaction read is checked by the reader. A tokenid
 * the chain does not know gives none. With `options.mempool` the mempool's outputs follow the confirmed ones.
 * @throws KomodoCcError CHAIN_MISMATCH | TX_NOT_FOUND (a spent transaction of the token's history) | ABORTED
 * @example const utxos = await tokenInputs(new StateReader(view), tokenid, pubkey, 500n)
 */
export async function tokenInputs(
  reader: StateReader,
  tokenid: string,
  pubkey: string | Uint8Array,
  amount?: bigint,
  options: TokenInputsOptions = {},
): Promise<ChainUtxo[]> {
  const id = txidText(tokenid, 'tokenid')
  if (options.mempool !== undefined && typeof options.mempool !== 'boolean')
    throw new KomodoCcError('ARG_INVALID', 'options.mempool expected a boolean', { name: 'mempool' })
  const create = await tokenCreateTx(reader, id)
  const address = tokenAddress(createNftEvalCode(create?.tx ?? null), pubkey, options.chain)
  const candidates = await unspentAt(reader, address, options.chain)
  if (options.mempool === true) candidates.push(...(await mempoolAt(reader, address)))
  if (candidates.length === 0) return []
  const seed = await reader.txs(candidates.map((u) => u.txid)) // already read by unspent(): no round trip
  return withHistory(reader, create === null ? seed : [create, ...seed], (lookup) =>
    pickTokenInputs(candidates, id, lookup, amount),
  )
}

/**
 * `tokenbalance tokenid pubkey`'s balance, computed from a chain source: the units of every valid token output of
 * `tokenid` confirmed on `pubkey`'s token address and not spent in the mempool (`AddTokenCCInputs` with no amount).
 * @throws KomodoCcError TX_NOT_FOUND (the tokenid: the daemon's `cant find tokenid`) | CHAIN_MISMATCH | ABORTED
 * @example await tokenBalance(new StateReader(view), tokenid, pubkey) // 700n
 */
export async function tokenBalance(
  reader: StateReader,
  tokenid: string,
  pubkey: string | Uint8Array,
  options: { chain?: ChainParams } = {},
): Promise<bigint> {
  await reader.tx(tokenid)
  return (await tokenInputs(reader, tokenid, pubkey, undefined, options)).reduce((s, u) => s + u.satoshis, 0n)
}

/**
 * Every fungible token `pubkey` holds, with its balance: the tokenids of the outputs on its token address
 * (CC1(0xf2, pubkey), `GetTokensCCaddress` for a fungible token) that no mempool transaction spends, each counted as
 * {@link tokenBalance} counts it (valid token outputs only, so a forged output of a real tokenid adds nothing). NFTs,
 * held on three-eval addresses of their own eval code, are not listed. Tokenids in ascending order; none is `{}`.
 * @throws KomodoCcError CHAIN_MISMATCH | TX_NOT_FOUND | ABORTED
 * @example await tokenHoldings(new StateReader(view), pubkey) // { '5c…': 700n }
 */
export async function tokenHoldings(
  reader: StateReader,
  pubkey: string | Uint8Array,
  options: { chain?: ChainParams } = {},
): Promise<Record<string, bigint>> {
  const candidates = await unspentAt(reader, ccAddress(EVAL.TOKENS, pubkey, options.chain), options.chain)
  if (candidates.length === 0) return {}
  const ids = new Set<string>()
  for (const t of await reader.txs(candidates.map((u) => u.txid))) {
    const opret = tokensOpretOf(t.tx)
    if (opret === null) continue
    // a create names no tokenid: its txid is the tokenid (komodod's DecodeTokenCreateOpRet)
    ids.add(opret.funcid === 'c' ? t.txid : (opret as { tokenid: string }).tokenid.toLowerCase())
  }
  const out: Record<string, bigint> = {}
  for (const id of [...ids].sort()) {
    const units = (await tokenInputs(reader, id, pubkey, undefined, options)).reduce((s, u) => s + u.satoshis, 0n)
    if (units > 0n) out[id] = units
  }
  return out
}
