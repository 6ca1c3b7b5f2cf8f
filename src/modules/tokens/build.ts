import { KomodoCcError } from '../../errors.js'
import { bytesToHex } from '../../bytes/hex.js'
import { equalBytes, utf8ToBytes } from '../../bytes/utils.js'
import type { AmountArg } from '../../amount.js'
import { tokensUnits } from './units.js'
import { cc1of1, tokensCc1of1 } from '../../cc/condition.js'
import { TOKENS_CC, EVAL as EVAL_CODES } from '../../cc/eval.js'
import { ccScript } from '../../script/cc.js'
import { encodeTokensPayload, decodeTokensOpret, nftData, TOKENS_BLOB_ID, type TokensCreateOpret } from './opret.js'
import { checkContext, checkUtxo, daemonRefusal, type BuildContext } from '../../cctx/context.js'
import { builderParams } from '../../cctx/params.js'
import { finalizeCcTx } from '../../cctx/finalize.js'
import { completeBuild, type BuildResult } from '../../cctx/complete.js'
import { curvePubkey } from '../../cctx/pubkey.js'
import { amountParam, hexParam, normalInputs, stateTx, txidParam, type TxLike } from '../../cctx/common.js'
import { OutpointSet } from '../../cctx/outpoints.js'
import { addTokenCcInputs, TOKEN_MAX_INPUTS } from './add-inputs.js'
import type { InputPlan, Utxo } from '../../cctx/types.js'

const EVAL = EVAL_CODES.TOKENS
const TOKENS = TOKENS_CC
/** `tokencreate`'s limits (komodo src/wallet/rpcwallet.cpp, CCtokens.cpp). */
const MAX_NAME = 32
const MAX_DESCRIPTION = 4096
const MAX_NFT_DATA = 10001
/** AddTokenCCInputs takes at most this many token inputs. */

/**
 * The parameters of `tokencreate`, named as the daemon names them (same order as its RPC).
 * @example const p: TokenCreateParams = { name, supply }
 */
export type TokenCreateParams = {
  name: string
  supply: AmountArg
  description?: string | undefined
  data?: string | Uint8Array | undefined
}

/**
 * `tokencreate name supply [description] [data]`: vout 0 = the 10000-sat marker on the Tokens global CC address,
 * vout 1 = `supply` units (1 unit = 1 sat) on the creator's token address (CC1(0xf2, creator), or the 3-eval
 * TokensCC1(X, creator) for an NFT whose data starts with eval code X), change (P2PK), 'c' opret. Normal inputs from
 * the creator's own address for supply + 2·txfee, at most 64. The RPC's checks, then the builder's, in order, with the
 * daemon's texts in `details.daemonError`.
 * @param params.supply - coins as text/number (`'0.00000100'` = 100 units) or units as bigint
 * @param params.data - NFT data (hex or bytes), 1..10001 bytes; an NFT must have supply 1 unit
 * @throws KomodoCcError BUILD_PARAMS | INSUFFICIENT_FUNDS | AMOUNT_INVALID | AMOUNT_RANGE | HEX_INVALID | …
 * @example buildTokenCreate({ name: 'TOK', supply: '0.00000100', description: 'creating a TOK token' }, { pubkey, utxos, height, privateKey })
 */
export function buildTokenCreate(params: TokenCreateParams, context: BuildContext): BuildResult {
  const { name, supply, description, data } = builderParams(
    params,
    'buildTokenCreate',
    ['name', 'supply'],
    ['description', 'data'],
  )
  const ctx = checkContext(context)
  if (typeof name !== 'string') throw new KomodoCcError('BUILD_PARAMS', 'name expected a string', { name: 'name' })
  const desc = description ?? ''
  if (typeof desc !== 'string')
    throw new KomodoCcError('BUILD_PARAMS', 'description expected a string', { name: 'description' })
  const nameLen = utf8ToBytes(name).length
  if (nameLen === 0 || nameLen > MAX_NAME)
    throw daemonRefusal('Token name must not be empty and up to 32 characters', { length: nameLen, max: MAX_NAME })
  const sats = amountParam(supply, 'supply', tokensUnits.tokencreate.supply)
  if (sats <= 0n) throw daemonRefusal('Token supply must be positive', { supply: String(sats) })
  const descLen = utf8ToBytes(desc).length
  if (descLen > MAX_DESCRIPTION)
    throw daemonRefusal('Token description must be <= 4096 characters', { length: descLen, max: MAX_DESCRIPTION })
  let nft: Uint8Array | undefined
  if (data !== undefined) {
    nft = hexParam(data, 'data')
    if (nft.length > MAX_NFT_DATA)
      throw daemonRefusal('Non-fungible data size must be <= 10001', { length: nft.length, max: MAX_NFT_DATA })
    if (nft.length === 0) throw daemonRefusal('Non-fungible data incorrect')
    if (sats !== 1n)
      throw daemonRefusal('for non-fungible tokens tokensupply should be equal to 1', { supply: String(sats) })
  }
  const inputs = normalInputs(ctx, sats + 2n * ctx.fee, 64, 'cant find normal inputs')
  const destEval = nft === undefined ? EVAL : nft[0]!
  const fin = finalizeCcTx({
    inputs,
    outputs: [
      { value: ctx.fee, script: ccScript(cc1of1(EVAL, TOKENS.pubkey)) },
      { value: sats, script: ccScript(tokensCc1of1(destEval, ctx.pubkey)) },
    ],
    opret: encodeTokensPayload({
      funcid: 'c',
      evalCode: EVAL,
      origpubkey: bytesToHex(ctx.pubkey),
      name,
      description: desc,
      blobs: nft === undefined ? [] : [{ id: TOKENS_BLOB_ID.nonfungible, data: bytesToHex(nft) }],
    }),
    changePubkey: ctx.changePubkey,
    fee: ctx.fee,
    expiryHeight: ctx.expiryHeight,
  })
  return completeBuild(fin, ctx, TOKENS)
}

/**
 * State for {@link buildTokenTransfer}: what the daemon looks up for the token and the caller. @example const s:
 * TokenTransferState = { create: createTxHex, tokens: myTokenUtxos }
 */
export type TokenTransferState = {
  /** The token's create transaction (its txid is the tokenid): gives the NFT eval code, if any. */
  create: TxLike
  /**
   * The caller's token UTXOs of this tokenid (on CC1(0xf2, caller), or TokensCC1(X, caller) for an NFT), in node
   * order. The daemon also checks each is a valid token output (its source transaction balances); give only outputs
   * of this token.
   */
  tokens: readonly Utxo[]
}

/**
 * Reads the 'c' opret of a token create transaction given as state. Without a valid create transaction no output
 * can be a valid token output, so the daemon ends with 'no token inputs'.
 */
function tokenCreate(create: TxLike | undefined, tokenid: string): TokensCreateOpret {
  if (create === undefined)
    throw daemonRefusal('no token inputs', { tokenid, reason: 'state.create missing' }, 'BUILD_STATE')
  const tx = stateTx(create, tokenid, 'state.create')
  const last = tx.vout[tx.vout.length - 1]
  try {
    const p = decodeTokensOpret(last!.script)
    if (p.funcid === 'c' && p.evalCode === EVAL) return p
  } catch {
    // fall through
  }
  throw daemonRefusal(
    'no token inputs',
    { tokenid, reason: 'state.create is not a token create transaction' },
    'BUILD_STATE',
  )
}

/**
 * The parameters of `tokentransfer`, named as the daemon names them (same order as its RPC).
 * @example const p: TokenTransferParams = { tokenid, destpubkey, amount }
 */
export type TokenTransferParams = {
  tokenid: string
  destpubkey: string | Uint8Array
  amount: AmountArg
}

/**
 * `tokentransfer tokenid destpubkey amount`: vout 0 = `amount` units on the recipient's token address, vout 1 = the
 * token change back to the caller (when non-zero), normal change, 't' opret naming the recipient. Normal inputs for
 * the fee (at most 3), then token inputs (at most 60, each at least amount/60) until they cover the amount; after
 * FinalizeCCTx the inputs read [first normal, tokens…, other normal]. Unlike the daemon, an invalid destpubkey is
 * refused (the daemon would write an unspendable output and a 0-length key into the opret).
 * @param params.amount - token units (integer satoshis) as bigint, or text the way the RPC reads it (`atoll`: digits only here)
 * @throws KomodoCcError BUILD_PARAMS | BUILD_STATE | INSUFFICIENT_FUNDS | PUBKEY_INVALID | …
 * @example buildTokenTransfer({ tokenid, destpubkey: recipientPubkey, amount: 500000n }, { pubkey, utxos, height, privateKey }, { create, tokens })
 */
export function buildTokenTransfer(
  params: TokenTransferParams,
  context: BuildContext,
  state: TokenTransferState,
): BuildResult {
  const { tokenid, destpubkey, amount } = builderParams(params, 'buildTokenTransfer', [
    'tokenid',
    'destpubkey',
    'amount',
  ])
  const ctx = checkContext(context)
  const id = txidParam(tokenid, 'tokenid')
  if (/^0{64}$/.test(id)) throw daemonRefusal('invalid tokenid')
  const dest = curvePubkey(destpubkey, 'destpubkey')
  const units = amountParam(amount, 'amount', tokensUnits.tokentransfer.amount)
  if (units <= 0n) throw daemonRefusal('amount must be positive', { amount: String(units) })
  if (typeof state !== 'object' || state === null)
    throw new KomodoCcError('BUILD_STATE', 'state expected { create, tokens }')
  const normal = normalInputs(ctx, ctx.fee, 3, 'insufficient normal inputs for tx fee')
  const create = tokenCreate(state.create, id)
  const data = nftData(create)
  const destEval = data === null || data.length < 2 ? EVAL : parseInt(data.slice(0, 2), 16)
  const mine = tokensCc1of1(destEval, ctx.pubkey)
  const mineScript = ccScript(mine) // computed once: condition encoding is a large share of an unsigned build
  if (!Array.isArray(state.tokens)) throw new KomodoCcError('BUILD_STATE', 'state.tokens expected an array of UTXOs')
  for (const [i, u] of state.tokens.entries()) checkUtxo(u, `state.tokens[${i}]`)
  const seen = new OutpointSet()
  // AddTokenCCInputs(cp, mtx, mypk, tokenid, total, 60) over the given outputs (CreateTokenTransfer)
  const { inputs: taken, sum: total } = addTokenCcInputs(state.tokens, units, TOKEN_MAX_INPUTS, (u, i) => {
    if (!seen.take(u, 'state.tokens')) return false
    if (!equalBytes(u.script, mineScript))
      throw new KomodoCcError(
        'BUILD_STATE',
        `state.tokens[${i}] is not on your token address for this token (${destEval === EVAL ? 'CC1(0xf2, you)' : `TokensCC1(0x${destEval.toString(16)}, you)`})`,
        { name: `state.tokens[${i}]` },
      )
    return true
  })
  const tokens: InputPlan[] = taken.map((u) => ({
    kind: 'cc',
    utxo: u,
    role: 'caller',
    condition: mine,
    evalCode: destEval,
  }))
  if (tokens.length === 0) throw daemonRefusal('no token inputs', { tokenid: id }, 'INSUFFICIENT_FUNDS')
  if (total < units)
    throw daemonRefusal(
      'insufficient token inputs',
      { have: String(total), amount: String(units) },
      'INSUFFICIENT_FUNDS',
    )
  const outputs = [{ value: units, script: ccScript(tokensCc1of1(destEval, dest)) }]
  if (total > units) outputs.push({ value: total - units, script: mineScript })
  const fin = finalizeCcTx({
    inputs: [...normal, ...tokens],
    outputs,
    opret: encodeTokensPayload({ funcid: 't', evalCode: EVAL, tokenid: id, pubkeys: [bytesToHex(dest)], blobs: [] }),
    changePubkey: ctx.changePubkey,
    fee: ctx.fee,
    expiryHeight: ctx.expiryHeight,
  })
  return completeBuild(fin, ctx, TOKENS)
}
