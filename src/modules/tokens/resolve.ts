// The tokens module's resolvers (issue 18): find through a ChainView the state komodod's `tokencreate` and
// `tokentransfer` would use, then call the builders. The devnet's daemon-style RPCs run these same functions.
import { KomodoCcError } from '../../errors.js'
import { curvePubkey } from '../../cctx/pubkey.js'
import { amountArg, type AmountArg } from '../../amount.js'
import { tokensUnits } from './units.js'
import { daemonRefusal } from '../../cctx/context.js'
import type { BuildResult } from '../../cctx/complete.js'
import { txidParam } from '../../cctx/common.js'
import { builderParams } from '../../cctx/params.js'
import {
  buildContextOf,
  normalCoins,
  methodResolver,
  type MethodResolver,
  type ResolveContext,
  readerOf,
} from '../../cctx/resolve.js'
import { EVAL } from '../../cc/eval.js'
import type { Transaction } from '../../tx/types.js'
import { buildTokenCreate, buildTokenTransfer, type TokenCreateParams } from './build.js'
import { tokenCreateTx, tokenInputs } from './inputs.js'
import { tokensOpretOf } from './validity.js'

/**
 * The parameters of {@link resolveTokenTransfer}, named as the daemon names them. `amount` is token units, as the
 * daemon's RPC reads it (`atoll`): a bigint, or whole-number text (`'500'` is 500 units).
 * @example const p: TokenTransferResolveParams = { tokenid, destpubkey, amount: 500n }
 */
export type TokenTransferResolveParams = {
  tokenid: string
  destpubkey: string | Uint8Array
  amount: AmountArg
}

/**
 * The options of {@link resolveTokenTransfer}: `mempool` also gathers token outputs still in the mempool (a transfer
 * right after `tokencreate`, or two transfers without a block), which komodod's confirmed-only `AddTokenCCInputs`
 * does not; its token validation accepts such a parent (see `TokenInputsOptions.mempool`).
 * @example await wallet.tokentransfer(tokenid, destpubkey, '100', { resolve: { mempool: true } })
 */
export type TokenTransferResolveOptions = { mempool?: boolean }

/**
 * `tokencreate name supply [description] [data]`, key-local: the creator's normal coins as `AddNormalinputs2` sees
 * them (confirmed outputs of `ctx.pubkey`'s own address not spent in the mempool, at most 64 taken), the chain's
 * height, then {@link buildTokenCreate}. `supply`: a bigint is units (satoshis), a decimal string is coins, as the
 * daemon's RPC reads it.
 * Round trips: 4 (height, the address's unspent list and their transactions, its mempool).
 * @throws KomodoCcError like {@link buildTokenCreate} (`daemonError` holds the daemon's text) | CHAIN_MISMATCH | TX_NOT_FOUND | ABORTED
 * @example const r = await resolveTokenCreate({ name: 'TOK', supply: '0.00001' }, { view, pubkey, privateKey })
 */
export async function resolveTokenCreate(params: TokenCreateParams, ctx: ResolveContext): Promise<BuildResult> {
  const p = builderParams(params, 'resolveTokenCreate', ['name', 'supply'], ['description', 'data'])
  const supply = amountArg(p.supply, 'supply', tokensUnits.tokencreate.supply, { allowNegative: true })
  const reader = readerOf(ctx)
  const [utxos, height] = await Promise.all([
    normalCoins(reader, ctx.pubkey, { confirmedOnly: true, chain: ctx.chain }),
    reader.height(),
  ])
  return buildTokenCreate({ ...p, supply }, buildContextOf(ctx, utxos, height))
}

/**
 * `tokentransfer tokenid destpubkey amount`, key-local: the caller's normal coins (the wallet's, as local-mode
 * `AddNormalinputs`: confirmed and mempool outputs of `ctx.pubkey` not spent in the mempool), the token's create
 * transaction, and the token inputs komodod's `AddTokenCCInputs` would take ({@link tokenInputs}: confirmed, valid
 * outputs of this tokenid on the caller's token address, not spent in the mempool, each at least amount/60, at most
 * 60), then {@link buildTokenTransfer}. The RPC's checks come first (`invalid tokenid`, `amount must be positive`).
 * Round trips: about 10 (height, create, the caller's two addresses' unspent lists, transactions and mempools, and
 * one or two batches of the token outputs' history).
 * @throws KomodoCcError like {@link buildTokenTransfer} | CHAIN_MISMATCH | TX_NOT_FOUND | ABORTED
 * @example const r = await resolveTokenTransfer({ tokenid, destpubkey, amount: 500n }, { view, pubkey, privateKey })
 */
export async function resolveTokenTransfer(
  params: TokenTransferResolveParams,
  ctx: ResolveContext,
  options: TokenTransferResolveOptions = {},
): Promise<BuildResult> {
  if (typeof options !== 'object' || options === null)
    throw new KomodoCcError('ARG_INVALID', 'options expected an object', { name: 'options' })
  if (options.mempool !== undefined && typeof options.mempool !== 'boolean')
    throw new KomodoCcError('ARG_INVALID', 'options.mempool expected a boolean', { name: 'mempool' })
  const p = builderParams(params, 'resolveTokenTransfer', ['tokenid', 'destpubkey', 'amount'])
  const tokenid = txidParam(p.tokenid, 'tokenid')
  if (/^0{64}$/.test(tokenid)) throw daemonRefusal('invalid tokenid')
  curvePubkey(p.destpubkey, 'destpubkey')
  const amount = amountArg(p.amount, 'amount', tokensUnits.tokentransfer.amount, { allowNegative: true })
  if (amount <= 0n) throw daemonRefusal('amount must be positive', { amount: String(amount) })
  const reader = readerOf(ctx)
  const [utxos, height, create] = await Promise.all([
    normalCoins(reader, ctx.pubkey, { chain: ctx.chain }),
    reader.height(),
    tokenCreateTx(reader, tokenid),
  ])
  const c = tokensOpretOf(create?.tx)
  // without its create no output can be a token of this tokenid: the builder refuses ('no token inputs')
  const tokens =
    c?.funcid === 'c' && c.evalCode === EVAL.TOKENS
      ? await tokenInputs(reader, tokenid, ctx.pubkey, amount, {
          chain: ctx.chain,
          ...(options.mempool === undefined ? {} : { mempool: options.mempool }),
        })
      : []
  return buildTokenTransfer(
    { tokenid, destpubkey: p.destpubkey, amount },
    buildContextOf(ctx, utxos, height),
    // an unknown tokenid: no create, the builder refuses as the daemon does ('no token inputs')
    { create: create?.tx as Transaction, tokens },
  )
}

/**
 * The tokens module's state-changing RPCs as the wallet, the CLI and the devnet call them.
 * @example tokensResolvers.map((r) => r.method) // ['tokencreate', 'tokentransfer']
 */
export const tokensResolvers = /* @__PURE__ */ Object.freeze([
  methodResolver('tokencreate', ['name', 'supply', 'description', 'data'], resolveTokenCreate),
  methodResolver('tokentransfer', ['tokenid', 'destpubkey', 'amount'], resolveTokenTransfer),
])
