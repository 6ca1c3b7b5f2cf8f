// The chain look-ups the gateways resolvers share (issue 18): transactions that may be missing, the daemon's
// "confirmed/notarized" test, CC outputs listed at an address (checked to pay it), the bind, the gateway's token
// inputs (`AddGatewaysInputs`) and the markers at the gateways global CC address. Everything is read through a
// StateReader (txids hashed, outputs checked); nothing here signs.
import { KomodoCcError } from '../../errors.js'
import { equalBytes } from '../../bytes/utils.js'
import { ccAddressOf, ccScriptAddress } from '../../cc/address.js'
import { cc1of1, tokensCc1of1 } from '../../cc/condition.js'
import { ccModule, EVAL } from '../../cc/eval.js'
import { ccScript } from '../../script/cc.js'
import { KMD, type ChainParams } from '../../address/chain.js'
import type { ChainUtxo, Utxo } from '../../cctx/types.js'
import { ccUnspent, outpointKey, type StateReader, type VerifiedTx } from '../../cctx/resolve.js'
import { lastOpret, type TxOutputsView } from '../../cctx/state-tx.js'
import { decodeTokensOpret } from '../tokens/opret.js'
import { decodeGatewaysOpret, type GatewaysBindOpret, type GatewaysOpret } from './opret.js'

/**
 * The confirmations after which the gateways resolvers treat a bind, deposit, withdraw or complete-signing
 * transaction as "confirmed/notarized" (`komodo_txnotarizedconfirmed`). The daemon asks for more than one
 * confirmation of a notarized transaction and 101 of one not yet notarized (2 in a TESTMODE build: the devnet's
 * rule). A `ChainView` cannot tell notarization, so the default is the least any daemon accepts; the node's own
 * consensus refuses a claim or signing step whose transactions it finds too young. Raise it with the resolvers'
 * `minConfirmations` option.
 * @example await resolveGatewaysClaim(params, ctx, { minConfirmations: GATEWAYS_MIN_CONFIRMATIONS })
 */
export const GATEWAYS_MIN_CONFIRMATIONS = 2

/** The marker every gateways step carries: 10000 satoshis (`CC_MARKER_VALUE`). @internal */
export const GATEWAYS_MARKER = 10000n

/** What the gateways resolvers take besides the parameters and the context. @example const o: GatewaysResolveOptions = { minConfirmations: 101 } */
export type GatewaysResolveOptions = {
  /** Confirmations that make a transaction "confirmed/notarized" (default {@link GATEWAYS_MIN_CONFIRMATIONS}). */
  minConfirmations?: number
  /**
   * `gatewaysbind` and `gatewayswithdraw`: also gather the caller's token outputs still in the mempool (a bind right
   * after the token's `tokencreate`, a withdraw right after a claim or another withdraw), which komodod's
   * confirmed-only `AddTokenCCInputs` does not; its token validation accepts such a parent (`GetTxUnconfirmed`, see
   * `TokenInputsOptions.mempool`). Default false.
   */
  mempool?: boolean
}

/** The options checked and defaulted. @internal */
export function minConfirmationsOf(options: GatewaysResolveOptions | undefined): number {
  if (options?.mempool !== undefined && typeof options.mempool !== 'boolean')
    throw new KomodoCcError('ARG_INVALID', 'options.mempool expected a boolean', { name: 'options.mempool' })
  const n = options?.minConfirmations ?? GATEWAYS_MIN_CONFIRMATIONS
  if (!Number.isSafeInteger(n) || n < 1)
    throw new KomodoCcError('ARG_INVALID', 'options.minConfirmations expected a positive integer', {
      name: 'options.minConfirmations',
    })
  return n
}

const GATEWAYS = /* @__PURE__ */ ccModule('Gateways')

/** CC1(0xf1, gatewayspk): the script of the markers at the gateways global CC address. @internal */
export function gatewaysMarkerScript(): Uint8Array {
  return ccScript(cc1of1(EVAL.GATEWAYS, GATEWAYS.pubkey))
}

/** TOK2(0xf1, gatewayspk): the script of the gateway's token outputs. @internal */
export function gatewayTokensScript(): Uint8Array {
  return ccScript(tokensCc1of1(EVAL.GATEWAYS, GATEWAYS.pubkey))
}

/** The gateways global CC address (markers, binds) on `chain`. @internal */
export function gatewaysGlobalAddress(chain: ChainParams = KMD): string {
  return chain === KMD ? GATEWAYS.ccAddress : ccAddressOf(cc1of1(EVAL.GATEWAYS, GATEWAYS.pubkey), chain)
}

/** The gateway token address TOK2(0xf1, gatewayspk) on `chain`. @internal */
export function gatewayTokensAddress(chain: ChainParams = KMD): string {
  return ccAddressOf(tokensCc1of1(EVAL.GATEWAYS, GATEWAYS.pubkey), chain)
}

/**
 * A transaction the daemon may fail to find (`myGetTransaction` false): undefined when the source says
 * `TX_NOT_FOUND`, any other failure (a lying source, a disconnect) thrown.
 * @internal
 */
export async function maybeTx(reader: StateReader, txid: string): Promise<VerifiedTx | undefined> {
  try {
    return await reader.tx(txid)
  } catch (e) {
    if (e instanceof KomodoCcError && e.code === 'TX_NOT_FOUND') return undefined
    throw e
  }
}

/** A verified transaction as the builders' state takes it (its txid and outputs: no re-hash). @internal */
export function outputsOf(t: VerifiedTx): TxOutputsView {
  return { txid: t.txid, vout: t.tx.vout }
}

/** The gateways opret of a verified transaction in the current (2019+) layout, as the builders decode it. @internal */
export function gatewaysOpretOf(t: VerifiedTx | undefined): Exclude<GatewaysOpret, { layout: 'legacy' }> | undefined {
  if (t === undefined) return undefined
  const p = lastOpret(outputsOf(t), decodeGatewaysOpret)
  return p === undefined || 'layout' in p ? undefined : p
}

/** A current-layout bind opret, or undefined. @internal */
export function bindOpretOf(t: VerifiedTx | undefined): GatewaysBindOpret | undefined {
  const p = gatewaysOpretOf(t)
  return p?.funcid === 'B' ? p : undefined
}

/**
 * `komodo_txnotarizedconfirmed` through a view: `txid` is in a block of the history of `address` (an address its
 * outputs pay) at least `min` blocks deep. A transaction only in the mempool, or absent, is not.
 * @internal
 */
export async function isConfirmed(reader: StateReader, txid: string, address: string, min: number): Promise<boolean> {
  const [tip, history] = await Promise.all([reader.height(), reader.history(address)])
  const e = history.find((h) => h.txid === txid)
  return e !== undefined && e.height > 0 && e.height <= tip && tip - e.height + 1 >= min
}

/**
 * `AddGatewaysInputs` (spec 5.6): the gateway's token outputs a claim may spend, in address-index order: unspent
 * outputs at TOK2(0xf1, gatewayspk) that are the bind's vout 0, or vout 1 of a 'W' or a 'C' of this bind, coin and
 * tokenid. The daemon does not skip outputs spent in the mempool and sets no minimum size; the builder stops at
 * the amount or 60 inputs. An output at that address whose script is not exactly TOK2 (a vData tail) is left out.
 * @internal
 */
export async function gatewayTokenInputs(
  reader: StateReader,
  bindtxid: string,
  bind: GatewaysBindOpret,
  chain?: ChainParams,
): Promise<Utxo[]> {
  const list = await ccUnspent(reader, gatewayTokensAddress(chain), { chain })
  const txs = await reader.txs(list.map((u) => u.txid))
  const script = gatewayTokensScript()
  return list.filter((u, i) => {
    if (!equalBytes(u.script, script)) return false
    if (u.txid === bindtxid) return u.vout === 0
    const p = gatewaysOpretOf(txs[i])
    return (
      u.vout === 1 &&
      p !== undefined &&
      (p.funcid === 'W' || p.funcid === 'C') &&
      p.bindtxid === bindtxid &&
      p.refcoin === bind.coin &&
      p.tokenid === bind.tokenid
    )
  })
}

/**
 * The transactions whose 10000 marker (vout 0) at the gateways global CC address is unspent (confirmed, those spent
 * in the mempool included: `GatewaysWithdraw`'s pending scan reads `SetCCunspents`), in address-index order.
 * @internal
 */
export async function openMarkers(reader: StateReader, chain?: ChainParams): Promise<VerifiedTx[]> {
  const list = await ccUnspent(reader, gatewaysGlobalAddress(chain), { chain })
  const markers = list.filter((u) => u.vout === 0 && u.satoshis === GATEWAYS_MARKER)
  return reader.txs(markers.map((u) => u.txid))
}

/**
 * {@link isConfirmed} for a transaction already read: its block is found in the history of the address its first CC
 * output pays (every gateways transaction the resolvers test has one: the bind's gateway tokens, the deposit's claim
 * marker, a withdraw's or signing step's marker). A transaction paying no CC output is not confirmed.
 * @internal
 */
export async function isConfirmedTx(
  reader: StateReader,
  t: VerifiedTx,
  min: number,
  chain?: ChainParams,
): Promise<boolean> {
  for (const o of t.tx.vout) {
    let address: string
    try {
      address = ccScriptAddress(o.script, chain)
    } catch {
      continue
    }
    return isConfirmed(reader, t.txid, address, min)
  }
  return false
}

/**
 * `CCtoken_balance(address, tokenid)`: the confirmed unspent outputs at `address` (those spent in the mempool
 * included) of the token's create transaction or of a transaction whose tokens opret (eval 0xf2) names `tokenid`,
 * summed. Unlike `tokenbalance` it checks no token validity: what gatewaysbind compares with the supply and
 * gatewaysinfo prints as `remaining`. `mempool`: the mempool's unspent outputs at `address` count too (the opt-in).
 * @internal
 */
export async function ccTokenBalance(
  reader: StateReader,
  address: string,
  tokenid: string,
  chain?: ChainParams,
  mempool = false,
): Promise<bigint> {
  const list = await ccUnspent(reader, address, { chain })
  // with the mempool opt-in (GatewaysResolveOptions.mempool): also the mempool's outputs there, none spent in the mempool
  if (mempool) {
    const [m, spent] = await Promise.all([reader.addressMempool(address), reader.mempoolSpends(address)])
    list.push(...m.outputs.filter((u) => !spent.has(outpointKey(u.txid, u.vout))))
  }
  const txs = await reader.txs(list.map((u) => u.txid))
  return list.reduce((sum, u, i) => {
    const p = lastOpret(outputsOf(txs[i]!), decodeTokensOpret)
    const ofToken = u.txid === tokenid || (p?.funcid === 't' && p.evalCode === EVAL.TOKENS && p.tokenid === tokenid)
    return ofToken ? sum + u.satoshis : sum
  }, 0n)
}
