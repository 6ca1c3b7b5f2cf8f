// The faucet module's resolvers (issue 18): komodod's AddFaucetInputs over a ChainView, the brand-new-address rule
// checked before the proof of work, and the funding sum `faucetinfo` prints. The devnet's RPCs and its validator use
// the same rules.
import { KomodoCcError } from '../../errors.js'
import { p2pkhAddress, pubkeyBytes } from '../../address/address.js'
import type { ChainParams } from '../../address/chain.js'
import { amountArg } from '../../amount.js'
import { faucetUnits } from './units.js'
import { ccAddress } from '../../cc/address.js'
import { ccModule, EVAL } from '../../cc/eval.js'
import { daemonRefusal } from '../../cctx/context.js'
import type { BuildResult } from '../../cctx/complete.js'
import { builderParams } from '../../cctx/params.js'
import { ccDuration, type BlockStamp } from '../../cctx/duration.js'
import {
  buildContextOf,
  ccUnspent,
  normalCoins,
  outpointKey,
  StateReader,
  methodResolver,
  type MethodResolver,
  type ResolveContext,
  readerOf,
} from '../../cctx/resolve.js'
import type { ChainUtxo, Utxo } from '../../cctx/types.js'
import { CC_TXFEE } from '../../tx/types.js'
import { addFaucetInputs, FAUCET_MAX_INPUTS } from './add-inputs.js'
import {
  buildFaucetFund,
  buildFaucetGetAsync,
  FAUCET_SIZE,
  type FaucetFundParams,
  type FaucetGetOptions,
  type FaucetGetParams,
  type FaucetGetResult,
} from './build.js'

const FAUCET = /* @__PURE__ */ ccModule('Faucet')

/**
 * A payout address is "brand new" when none of its confirmed transactions is more than this many blocks below the
 * tip (`FaucetValidate`: `CCduration(numblocks, txid) > 0 && numblocks > 3`).
 * @example FAUCET_NEW_ADDRESS_BLOCKS // 3
 */
export const FAUCET_NEW_ADDRESS_BLOCKS = 3

/**
 * The brand-new-address rule of `FaucetValidate` (spec 4.4): true when a transaction of the address's history makes
 * komodod's `CCduration(numblocks, txid) > 0 && numblocks > 3` — confirmed more than 3 blocks below the tip, not in
 * the genesis block, and the tip's time later than its block's. With `tip` as a bare height, or an entry without its
 * block's `time`, the time is not compared (heights only).
 * @example faucetAddressIsOld([{ height: 10, time: 1000 }], { height: 14, time: 1240 }) // true
 */
export function faucetAddressIsOld(
  history: readonly { height: number; time?: number }[],
  tip: number | BlockStamp,
): boolean {
  const t = typeof tip === 'number' ? undefined : tip
  const height = typeof tip === 'number' ? tip : tip.height
  return history.some((h) => {
    if (t !== undefined && h.time !== undefined) {
      const { numblocks, duration } = ccDuration({ height: h.height, time: h.time }, t)
      return duration > 0 && numblocks > FAUCET_NEW_ADDRESS_BLOCKS
    }
    return h.height > 0 && height - h.height > FAUCET_NEW_ADDRESS_BLOCKS
  })
}

/**
 * `AddFaucetInputs(total, maxinputs)` ({@link addFaucetInputs}, the rule) over the faucet address's confirmed unspent
 * outputs (address-index order), those spent in the mempool refused.
 * @example pickFaucetInputs(coins, (u) => chain.spentInMempool(u.txid, u.vout), 10_010_000n, 60)
 */
export function pickFaucetInputs<U extends Utxo>(
  utxos: readonly U[],
  spentInMempool: (u: U) => boolean,
  total: bigint,
  maxInputs: number,
): U[] {
  return addFaucetInputs(utxos, total, maxInputs, (u) => !spentInMempool(u)).inputs
}

/**
 * `AddFaucetInputs` through a chain source: the faucet global address's confirmed unspent outputs, each checked to
 * be a CC output filed there (others are skipped, as komodod's CC index never lists them), picked by
 * {@link pickFaucetInputs}.
 * @throws KomodoCcError CHAIN_MISMATCH (an output that is not what its transaction says) | ABORTED
 * @example const utxos = await faucetInputs(new StateReader(view), 10_010_000n, 60)
 */
export async function faucetInputs(
  reader: StateReader,
  total: bigint,
  maxInputs: number,
  options: { chain?: ChainParams } = {},
): Promise<ChainUtxo[]> {
  const address = ccAddress(EVAL.FAUCET, FAUCET.pubkey, options.chain)
  // AddFaucetInputs walks SetCCunspents(…, ccflag = true): only the CC outputs filed there (ccUnspent skips others)
  const [list, spent] = await Promise.all([ccUnspent(reader, address, options), reader.mempoolSpends(address)])
  return pickFaucetInputs(list, (u) => spent.has(outpointKey(u.txid, u.vout)), total, maxInputs)
}

/**
 * `faucetinfo`'s funding, in satoshis, from a chain source: the confirmed faucet outputs above 0.01 coin that no
 * mempool transaction spends (`AddFaucetInputs(0, 0)`). The daemon prints it as coins with 8 decimals.
 * Round trips: 3 (the faucet address's unspent list, their transactions, its mempool).
 * @throws KomodoCcError CHAIN_MISMATCH | ABORTED
 * @example formatCoins(await faucetFunding(new StateReader(view))) // '5.00000000'
 */
export async function faucetFunding(reader: StateReader, options: { chain?: ChainParams } = {}): Promise<bigint> {
  return (await faucetInputs(reader, 0n, 0, options)).reduce((s, u) => s + u.satoshis, 0n)
}

/**
 * The parameters of {@link resolveFaucetFund}, named as the daemon names them. `amount`: a bigint is satoshis, a
 * decimal string or a number is coins (the daemon's RPC takes coins).
 * @example const p: FaucetFundResolveParams = { amount: '5' }
 */
export type FaucetFundResolveParams = FaucetFundParams

/**
 * `faucetfund amount`, key-local: the caller's normal coins as local-mode `AddNormalinputs` sees them (confirmed and
 * mempool outputs of `ctx.pubkey` not spent in the mempool, at most 64 taken), the height, then
 * {@link buildFaucetFund}. Round trips: 4.
 * @throws KomodoCcError like {@link buildFaucetFund} | CHAIN_MISMATCH | ABORTED
 * @example const r = await resolveFaucetFund({ amount: '5' }, { view, pubkey, privateKey })
 */
export async function resolveFaucetFund(params: FaucetFundResolveParams, ctx: ResolveContext): Promise<BuildResult> {
  const { amount } = builderParams(params, 'resolveFaucetFund', ['amount'])
  const sats = amountArg(amount, 'amount', faucetUnits.faucetfund.amount, { allowNegative: true })
  const reader = readerOf(ctx)
  const [utxos, height] = await Promise.all([normalCoins(reader, ctx.pubkey, { chain: ctx.chain }), reader.height()])
  return buildFaucetFund({ amount: sats }, buildContextOf(ctx, utxos, height))
}

/**
 * Options of {@link resolveFaucetGet}: the proof-of-work search's ({@link FaucetGetOptions}; `signal` defaults to the
 * context's), and `allowOldAddress` to skip the brand-new-address check (the daemon's RPC does not check it: the
 * devnet's `faucetget` builds for any address, as komodod does, and the node refuses it when broadcast).
 * @example const o: FaucetGetResolveOptions = { onProgress: (n) => bar.update(n) }
 */
export type FaucetGetResolveOptions = FaucetGetOptions & { allowOldAddress?: boolean }

/**
 * `faucetget`, key-local: the faucet inputs komodod's `AddFaucetInputs` would take (confirmed outputs on the faucet
 * global address strictly above 0.01 coin and at least 166,833 sat, not spent in the mempool, at most 60, until
 * 10,010,000 sat), then {@link buildFaucetGetAsync}'s proof of work. Before the work, the payout address (the P2PKH
 * address of `ctx.pubkey`) must be brand new, or it refuses with the validator's text `faucet is only for brand new
 * addresses` (`BUILD_STATE`): the daemon would build and then have the transaction refused. A faucet that cannot pay
 * refuses first, as the daemon's RPC does. Round trips: 5 (height, the faucet address's unspent list, their
 * transactions and mempool, the payout address's history).
 * @throws KomodoCcError BUILD_STATE | INSUFFICIENT_FUNDS | POW_NOT_FOUND | ABORTED | CHAIN_MISMATCH | …
 * @example const r = await resolveFaucetGet({}, { view, pubkey }, { signal: AbortSignal.timeout(60000) })
 */
export async function resolveFaucetGet(
  params: FaucetGetParams,
  ctx: ResolveContext,
  options: FaucetGetResolveOptions = {},
): Promise<FaucetGetResult> {
  builderParams(params, 'resolveFaucetGet', [])
  if (typeof options !== 'object' || options === null)
    throw new KomodoCcError('ARG_INVALID', 'options expected an object')
  const { allowOldAddress, ...search } = options
  if (allowOldAddress !== undefined && typeof allowOldAddress !== 'boolean')
    throw new KomodoCcError('ARG_INVALID', 'options.allowOldAddress expected a boolean')
  const reader = readerOf(ctx)
  const payout = p2pkhAddress(pubkeyBytes(ctx.pubkey, 'context.pubkey'), ctx.chain)
  const need = FAUCET_SIZE + CC_TXFEE
  const [height, utxos, history] = await Promise.all([
    reader.height(),
    faucetInputs(reader, need, FAUCET_MAX_INPUTS, { chain: ctx.chain }),
    allowOldAddress === true ? [] : reader.history(payout),
  ])
  const funded = utxos.reduce((s, u) => s + u.satoshis, 0n) >= need
  // CCduration also compares the tip's time with each block's: read them when the source can (getBlockTimes)
  const old = history.filter((h) => h.height > 0 && height - h.height > FAUCET_NEW_ADDRESS_BLOCKS)
  let stamped: { height: number; time?: number }[] = history
  let tip: number | BlockStamp = height
  if (funded && old.length > 0 && typeof ctx.view.getBlockTimes === 'function') {
    const times = await reader.blockTimes([...old.map((h) => h.height), height])
    stamped = old.map((h, i) => ({ height: h.height, time: times[i]! }))
    tip = { height, time: times[old.length]! }
  }
  if (funded && faucetAddressIsOld(stamped, tip))
    throw daemonRefusal(
      'faucet is only for brand new addresses',
      { address: payout, height, oldest: Math.min(...history.map((h) => h.height).filter((h) => h > 0)) },
      'BUILD_STATE',
    )
  return buildFaucetGetAsync(
    {},
    buildContextOf(ctx, [], height),
    { faucetUtxos: utxos },
    {
      ...search,
      signal: search.signal ?? ctx.signal,
    },
  )
}

/**
 * The faucet module's state-changing RPCs as the wallet, the CLI and the devnet call them.
 * @example faucetResolvers.map((r) => r.method) // ['faucetfund', 'faucetget']
 */
export const faucetResolvers = /* @__PURE__ */ Object.freeze([
  methodResolver('faucetfund', ['amount'], resolveFaucetFund),
  methodResolver('faucetget', [], resolveFaucetGet),
])
