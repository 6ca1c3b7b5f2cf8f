// Offline builders of the tokens v2 RPCs of Tokel's fork (tokel src/rpc/tokensrpc.cpp, src/cc/CCtokens_impl.h
// CreateTokenExt<TokensV2>, TokenTransferExtDest<TokensV2>; finalized as FinalizeCCV2Tx; spec tokel-v2 §5).
import { KomodoCcError } from '../../errors.js'
import { bytesToHex } from '../../bytes/hex.js'
import { equalBytes, utf8ToBytes } from '../../bytes/utils.js'
import type { AmountInput } from '../../amount.js'
import { decodeAddress, pubkeyBytes } from '../../address/address.js'
import { cc1of1 } from '../../cc/condition.js'
import { hash160 } from '../../hash/index.js'
import { ccV2Script, encodeCcParamsV2, parseCcV2Script } from '../../script/ccv2.js'
import { checkContext, checkUtxo, daemonRefusal, type BuildContext } from '../../cctx/context.js'
import { builderParams } from '../../cctx/params.js'
import { finalizeCcV2Tx } from '../../cctx/finalize.js'
import { TOKENSV2_CC } from '../../cc/eval.js'
import { completeBuild, type BuildResult } from '../../cctx/complete.js'
import { amountParam, hexParam, moneyParam, normalInputs, txidParam } from '../../cctx/common.js'
import { OutpointSet } from '../../cctx/outpoints.js'
import type { InputPlan, Utxo } from '../../cctx/types.js'
import { encodeTokensV2Payload, EVAL_TOKENSV2, TOKENS_V2_LIMITS } from './opret.js'
import { decodeTokelData, encodeTokelData } from './tokeldata.js'
import { TOKENSV2_GLOBAL_PUBKEY, TOKENSV2_MARKER_VALUE, tokensV2Condition, type TokenDest } from './globals.js'

/**
 * How Tokel's `AddNormalinputsLocal` / `AddNormalinputsRemote` pick normal coins: the v2 builders ask for 0x1000 or
 * 0x10000 inputs, which both functions cap at `CC_MAXVINS` (1024), and no per-coin minimum (their threshold is
 * commented out). @internal
 */
export const TOKEL_GATHER = /* @__PURE__ */ Object.freeze({ threshold: false } as const)
/** `CC_MAXVINS`, the cap of Tokel's normal-input gatherers. @internal */
export const MAX_NORMAL_INPUTS = 1024
/** `CC_MAXVINS`: the token input cap of `AddTokenCCInputs`. */
const MAX_TOKEN_INPUTS = 1024

/**
 * A token output TV2(F5, 0, 1, {dest}) as `MakeTokensCCMofNDestVoutMixed` writes it: a pubkey destination gives
 * sub-version 0 with params `02 f5 01 01 <pk>`, a keyID destination sub-version 1 with params `02 f5 01 00`.
 * @throws KomodoCcError BUILD_PARAMS | PUBKEY_INVALID
 * @example bytesToHex(tokenV2Output(pk1)).slice(0, 4) // '3e4d'
 */
export function tokenV2Output(dest: TokenDest, evalCode: number = EVAL_TOKENSV2): Uint8Array {
  const d = typeof dest === 'string' ? dest : bytesToHex(dest)
  const isKey = d.length === 66
  const params = encodeCcParamsV2({ evalCode, m: 1, pubkeys: isKey ? [d] : [] })
  return ccV2Script(tokensV2Condition(evalCode, 0, 1, [d]), { subver: isKey ? 0 : 1, params })
}

/**
 * The parameters of `tokenv2create` (and, with a JSON object as `data`, of `tokenv2createtokel`).
 * @example const p: TokenV2CreateParams = { name: 'NFT', supply: '0.00000001', description: 'one', data: 'f70101' }
 */
export type TokenV2CreateParams = {
  name: string
  supply: AmountInput
  description?: string | undefined
  data?: string | Uint8Array | undefined
}

/**
 * `tokenv2create name supply [description] [data]`: vout 0 the 10000-sat marker CC1(F5, TokensV2 global) (sub-version
 * 0, no params), vout 1 `supply` units to the creator's pubkey token output (always a pubkey, before and after S1),
 * P2PK change unless dust, the v2 'c' opret with the data blob if any. Normal inputs from the creator's own coins for
 * supply + 2 × 10000. The RPC's checks in its order, with its texts in `details.daemonError` (the name check prints
 * the description limit, as the daemon does).
 * @param params.supply - coins as text (`AmountFromValue`: exact, at most 8 decimals; '0.00000001' = 1 unit) or units as bigint
 * @throws KomodoCcError BUILD_PARAMS | INSUFFICIENT_FUNDS | AMOUNT_INVALID | AMOUNT_RANGE | HEX_INVALID
 * @example buildTokenV2Create({ name: 'NFT', supply: '0.00000001' }, { pubkey, utxos, height, privateKey })
 */
export function buildTokenV2Create(params: TokenV2CreateParams, context: BuildContext): BuildResult {
  const { name, supply, description, data } = builderParams(
    params,
    'buildTokenV2Create',
    ['name', 'supply'],
    ['description', 'data'],
  )
  const blob = data === undefined ? undefined : hexParam(data, 'data')
  if (blob !== undefined && blob.length === 0) throw daemonRefusal('Tokel token data incorrect')
  return createTx(name, supply, description, blob, context)
}

/**
 * The parameters of `tokenv2createtokel`: `data` is the Tokel data JSON (`id`, `url`, `royalty`, `arbitrary`).
 * @example const p: TokenV2CreateTokelParams = { name: 'NFT', supply: '0.00000001', data: { url: 'https://tokel.io/', royalty: 10 } }
 */
export type TokenV2CreateTokelParams = {
  name: string
  supply: AmountInput
  description?: string | undefined
  data?: Readonly<Record<string, unknown>> | string | undefined
}

/**
 * `tokenv2createtokel name supply [description] [json]`: {@link buildTokenV2Create} with the Tokel blob made from
 * the JSON (`ParseTokelJson`: key order kept) and checked as `CheckTokelData` (royalty 0..999).
 * @throws KomodoCcError BUILD_PARAMS | TOKEL_DATA_INVALID | INSUFFICIENT_FUNDS | …
 * @example buildTokenV2CreateTokel({ name: 'NFT', supply: '0.00000001', data: { id: 1, royalty: 500 } }, ctx)
 */
export function buildTokenV2CreateTokel(params: TokenV2CreateTokelParams, context: BuildContext): BuildResult {
  const { name, supply, description, data } = builderParams(
    params,
    'buildTokenV2CreateTokel',
    ['name', 'supply'],
    ['description', 'data'],
  )
  let blob: Uint8Array | undefined
  if (data !== undefined) {
    let json: unknown = data
    if (typeof data === 'string')
      try {
        json = JSON.parse(data)
      } catch {
        throw daemonRefusal('parameter 4 must be a valid json object\n')
      }
    if (typeof json !== 'object' || json === null || Array.isArray(json))
      throw daemonRefusal('parameter 4 must be a json object\n')
    blob = encodeTokelData(json as Record<string, unknown>)
    decodeTokelData(blob) // CheckTokelData: TOKEL_DATA_INVALID with its reason
  }
  return createTx(name, supply, description, blob, context)
}

function createTx(
  name: unknown,
  supply: AmountInput,
  description: unknown,
  blob: Uint8Array | undefined,
  context: BuildContext,
): BuildResult {
  const ctx = checkContext(context)
  if (typeof name !== 'string') throw new KomodoCcError('BUILD_PARAMS', 'name expected a string', { name: 'name' })
  const desc = description ?? ''
  if (typeof desc !== 'string')
    throw new KomodoCcError('BUILD_PARAMS', 'description expected a string', { name: 'description' })
  const nameLen = utf8ToBytes(name).length
  // tokensrpc.cpp tokenv2create: the name check's text names the description limit (a daemon bug, kept)
  if (nameLen === 0 || nameLen > TOKENS_V2_LIMITS.name)
    throw daemonRefusal('Token name must not be empty and up to 4096', { length: nameLen, max: TOKENS_V2_LIMITS.name })
  const sats = amountParam(supply, 'supply', 'coins')
  if (sats <= 0n) throw daemonRefusal('Token supply must be positive', { supply: String(sats) })
  const descLen = utf8ToBytes(desc).length
  if (descLen > TOKENS_V2_LIMITS.description)
    throw daemonRefusal('Token description must be <= 4096', { length: descLen, max: TOKENS_V2_LIMITS.description })
  // CreateTokenExt: AddNormalinputsRemote(mtx, mypk, supply + txfee + marker, 0x10000)
  const inputs = normalInputs(
    ctx,
    sats + ctx.fee + TOKENSV2_MARKER_VALUE,
    MAX_NORMAL_INPUTS,
    'cant find normal inputs',
    TOKEL_GATHER,
  )
  const fin = finalizeCcV2Tx({
    inputs,
    outputs: [
      {
        value: TOKENSV2_MARKER_VALUE,
        script: ccV2Script(cc1of1(EVAL_TOKENSV2, TOKENSV2_GLOBAL_PUBKEY), { subver: 0 }),
      },
      { value: sats, script: tokenV2Output(bytesToHex(ctx.pubkey)) },
    ],
    opret: encodeTokensV2Payload({
      funcid: 'c',
      origpubkey: bytesToHex(ctx.pubkey),
      name,
      description: desc,
      blobs: blob === undefined ? [] : [bytesToHex(blob)],
    }),
    changePubkey: ctx.pubkey,
    fee: ctx.fee,
    expiryHeight: ctx.expiryHeight,
  })
  return completeBuild(fin, ctx, TOKENSV2_CC, parseCcV2Script)
}

/**
 * State for {@link buildTokenV2Transfer}: the caller's token UTXOs of this tokenid, on its two token index keys
 * (`tokenv2indexkey`: the pubkey output address first, then the keyID one), in the order `AddTokenCCInputs` walks
 * them; and whether the S1 upgrade (`CCUPGID_MIXEDMODE_SUBVER_1`) is active.
 * @example const s: TokenV2TransferState = { tokens: myTokenUtxos, s1: true }
 */
export type TokenV2TransferState = {
  tokens: readonly Utxo[]
  /**
   * S1 active (R-address destinations, pubkey destinations converted to keyIDs, token change to the keyID): TOKEL
   * since 1656077853 (2022-06-24), never on TKLTEST, always on other chains. Default: false for TKLTEST, else true.
   */
  s1?: boolean
}

/**
 * The parameters of `tokenv2transfer`: `destination` is a pubkey (hex) or an R-address.
 * @example const p: TokenV2TransferParams = { tokenid, destination: 'RUBJvgvsnWMuzWZ9BBhrXhZY8JKZQ52oUX', amount: 1n }
 */
export type TokenV2TransferParams = { tokenid: string; destination: string; amount: bigint | string }

/**
 * `tokenv2transfer tokenid destination amount`: normal inputs for the fee, then token inputs until the amount is
 * covered; vout 0 the amount to the destination (after S1 a pubkey is converted to its keyID: a sub-version-1
 * output), vout 1 the token change (after S1 to the caller's keyID, before to its pubkey), P2PK change unless dust,
 * the v2 't' opret. No input reordering (FinalizeCCV2Tx).
 * @throws KomodoCcError BUILD_PARAMS | BUILD_STATE | INSUFFICIENT_FUNDS | ADDRESS_* | PUBKEY_INVALID
 * @example buildTokenV2Transfer({ tokenid, destination: pk2, amount: 1n }, ctx, { tokens })
 */
export function buildTokenV2Transfer(
  params: TokenV2TransferParams,
  context: BuildContext,
  state: TokenV2TransferState,
): BuildResult {
  const { tokenid, destination, amount } = builderParams(params, 'buildTokenV2Transfer', [
    'tokenid',
    'destination',
    'amount',
  ])
  const ctx = checkContext(context)
  const id = txidParam(tokenid, 'tokenid')
  if (/^0{64}$/.test(id)) throw daemonRefusal('invalid tokenid')
  if (typeof state !== 'object' || state === null) throw new KomodoCcError('BUILD_STATE', 'state expected { tokens }')
  const s1 = state.s1 ?? ctx.chain.name !== 'TKLTEST'
  const dest = destinationParam(destination, s1)
  const units = unitsParam(amount)
  if (units <= 0n) throw daemonRefusal('amount must be positive', { amount: String(units) })
  const normal = normalInputs(ctx, ctx.fee, MAX_NORMAL_INPUTS, 'insufficient normal inputs for tx fee', TOKEL_GATHER)
  const { plans, total } = tokenV2Inputs(ctx.pubkey, state.tokens, units)
  const outputs = [{ value: units, script: tokenV2Output(dest) }]
  if (total > units)
    outputs.push({
      value: total - units,
      script: tokenV2Output(s1 ? bytesToHex(hash160(ctx.pubkey)) : bytesToHex(ctx.pubkey)),
    })
  const fin = finalizeCcV2Tx({
    inputs: [...normal, ...plans],
    outputs,
    opret: encodeTokensV2Payload({ funcid: 't', tokenid: id, blobs: [] }),
    changePubkey: ctx.pubkey,
    fee: ctx.fee,
    expiryHeight: ctx.expiryHeight,
  })
  return completeBuild(fin, ctx, TOKENSV2_CC, parseCcV2Script)
}

/**
 * The destination of `tokenv2transfer` as the RPC reads it: a 33-byte hex pubkey, else an R-address (its keyID);
 * after S1 a pubkey becomes its keyID; before S1 an address is refused.
 */
function destinationParam(v: unknown, s1: boolean): string {
  if (typeof v !== 'string') throw daemonRefusal('invalid destination pubkey or address')
  if (/^0[23][0-9a-fA-F]{64}$/.test(v)) {
    const pk = pubkeyBytes(v, 'destination')
    return s1 ? bytesToHex(hash160(pk)) : bytesToHex(pk)
  }
  let d
  try {
    d = decodeAddress(v)
  } catch {
    throw daemonRefusal('invalid destination pubkey or address')
  }
  if (d.kind !== 'p2pkh') throw daemonRefusal('invalid destination pubkey or address')
  if (!s1) throw daemonRefusal('destination as address not active yet')
  return bytesToHex(d.hash)
}

/** Token units: a bigint, or decimal digits (`atoll` would truncate "1.9" silently: refused here). @internal @example unitsParam("5") // 5n */
export function unitsParam(v: unknown): bigint {
  if (typeof v === 'bigint') return moneyParam(v, 'amount')
  if (typeof v === 'string' && /^-?\d+$/.test(v.trim())) return moneyParam(BigInt(v.trim()), 'amount')
  throw new KomodoCcError('BUILD_PARAMS', `amount expected token units as a bigint or integer text`, { name: 'amount' })
}

/**
 * `AddTokenCCInputs<TokensV2>` (pubkey overload) over the given token UTXOs: each must be on one of the caller's two
 * token addresses (its CC part is TV2(F5,0,1,{pubkey}) sub-version 0 or TV2(F5,0,1,{keyID}) sub-version 1; params are
 * not part of the address); zero values and repeats are skipped. As the daemon does, every UTXO on the pubkey address
 * is taken, and the keyID address's ones too only when those do not cover the amount: Tokel's per-address gatherer
 * tests "enough" with a `return` inside its `add_token_vin` lambda (CCtokens_impl.h), which ends that one call, not
 * the walk over the address's unspent outputs, so it adds every valid token output of the address; the pubkey
 * overload stops between the two addresses once the sum covers the amount. At most 1024 inputs (a policy bound here:
 * the lambda's `maxinputs` check is as ineffective).
 * @internal
 */
export function tokenV2Inputs(
  pubkey: Uint8Array,
  tokens: readonly Utxo[],
  units: bigint,
): { plans: InputPlan[]; total: bigint } {
  if (!Array.isArray(tokens)) throw new KomodoCcError('BUILD_STATE', 'state.tokens expected an array of UTXOs')
  const byKey = tokensV2Condition(EVAL_TOKENSV2, 0, 1, [bytesToHex(pubkey)])
  const byId = tokensV2Condition(EVAL_TOKENSV2, 0, 1, [bytesToHex(hash160(pubkey))])
  const subKey = parseCcV2Script(ccV2Script(byKey, { subver: 0 }))!.subScript
  const subId = parseCcV2Script(ccV2Script(byId, { subver: 1 }))!.subScript
  const plans: InputPlan[] = []
  const seen = new OutpointSet()
  const byAddress: [InputPlan[], InputPlan[]] = [[], []]
  for (const [i, u] of tokens.entries()) {
    checkUtxo(u, `state.tokens[${i}]`)
    const v2 = parseCcV2Script(u.script)
    const which = v2 === null ? null : equalBytes(v2.subScript, subKey) ? 0 : equalBytes(v2.subScript, subId) ? 1 : null
    if (which === null)
      throw new KomodoCcError('BUILD_STATE', `state.tokens[${i}] is not on one of your two token v2 addresses`, {
        name: `state.tokens[${i}]`,
      })
    if (u.satoshis === 0n || !seen.take(u, 'state.tokens')) continue
    byAddress[which].push({
      kind: 'cc',
      utxo: u,
      role: 'caller',
      condition: which === 0 ? byKey : byId,
      evalCode: EVAL_TOKENSV2,
    })
  }
  let total = 0n
  for (const list of byAddress) {
    if (total >= units) break
    for (const plan of list) {
      if (plans.length >= MAX_TOKEN_INPUTS) break
      plans.push(plan)
      total += plan.utxo.satoshis
    }
  }
  if (plans.length === 0) throw daemonRefusal('no token inputs', {}, 'INSUFFICIENT_FUNDS')
  if (total < units)
    throw daemonRefusal(
      'insufficient token inputs',
      { have: String(total), amount: String(units) },
      'INSUFFICIENT_FUNDS',
    )
  return { plans, total }
}

/**
 * The parameters of `tokenv2transfermany tokenid1 [tokenid2 …] destpubkey amount`: the same `amount` of each token.
 * @example const p: TokenV2TransferManyParams = { tokenids: [a, b], destpubkey: pk2, amount: 1n }
 */
export type TokenV2TransferManyParams = { tokenids: readonly string[]; destpubkey: string; amount: bigint | string }

/**
 * State for {@link buildTokenV2TransferMany}: the caller's token UTXOs of each token, by tokenid. @example const s:
 * TokenV2TransferManyState = { tokens: { [a]: utxosA, [b]: utxosB } }
 */
export type TokenV2TransferManyState = { tokens: Readonly<Record<string, readonly Utxo[]>> }

/**
 * `tokenv2transfermany`: normal inputs for the fee, then per token (`TokenAddTransferVout`) its inputs, one output of
 * `amount` to `destpubkey` (a pubkey output, sub-version 0, even after S1) and the token change to the caller's pubkey,
 * each output carrying the transfer payload `f5 74 01 tokenid` in its OP_DROP params; no OP_RETURN (FinalizeCCV2Tx
 * with an empty opret). The daemon does not check that `destpubkey` is a valid key; here it must be.
 * @throws KomodoCcError BUILD_PARAMS | BUILD_STATE | INSUFFICIENT_FUNDS | PUBKEY_INVALID
 * @example buildTokenV2TransferMany({ tokenids: [a, b], destpubkey: pk2, amount: 1n }, ctx, { tokens: { [a]: ua, [b]: ub } })
 */
export function buildTokenV2TransferMany(
  params: TokenV2TransferManyParams,
  context: BuildContext,
  state: TokenV2TransferManyState,
): BuildResult {
  const { tokenids, destpubkey, amount } = builderParams(params, 'buildTokenV2TransferMany', [
    'tokenids',
    'destpubkey',
    'amount',
  ])
  const ctx = checkContext(context)
  if (!Array.isArray(tokenids) || tokenids.length === 0)
    throw new KomodoCcError('BUILD_PARAMS', 'tokenids expected a non-empty array', { name: 'tokenids' })
  const ids = tokenids.map((t, i) => {
    const id = txidParam(t, `tokenids[${i}]`)
    if (/^0{64}$/.test(id)) throw daemonRefusal('invalid tokenid')
    return id
  })
  const dest = bytesToHex(pubkeyBytes(destpubkey, 'destpubkey'))
  const units = unitsParam(amount)
  if (units <= 0n) throw daemonRefusal('amount must be positive', { amount: String(units) })
  if (typeof state !== 'object' || state === null || typeof state.tokens !== 'object' || state.tokens === null)
    throw new KomodoCcError('BUILD_STATE', 'state expected { tokens: { [tokenid]: Utxo[] } }')
  const normal = normalInputs(ctx, ctx.fee, MAX_NORMAL_INPUTS, 'cannot find normal inputs', TOKEL_GATHER)
  const inputs: InputPlan[] = [...normal]
  const outputs: { value: bigint; script: Uint8Array }[] = []
  const mine = bytesToHex(ctx.pubkey)
  for (const id of ids) {
    const { plans, total } = tokenV2Inputs(ctx.pubkey, state.tokens[id] ?? [], units)
    inputs.push(...plans)
    const vdata = [encodeTokensV2Payload({ funcid: 't', tokenid: id, blobs: [] })]
    const out = (pk: string, value: bigint) => ({
      value,
      script: ccV2Script(tokensV2Condition(EVAL_TOKENSV2, 0, 1, [pk]), {
        subver: 0,
        params: encodeCcParamsV2({ evalCode: EVAL_TOKENSV2, m: 1, pubkeys: [pk], vdata }),
      }),
    })
    outputs.push(out(dest, units))
    if (total > units) outputs.push(out(mine, total - units))
  }
  const fin = finalizeCcV2Tx({
    inputs,
    outputs,
    changePubkey: ctx.pubkey,
    fee: ctx.fee,
    expiryHeight: ctx.expiryHeight,
  })
  return completeBuild(fin, ctx, TOKENSV2_CC, parseCcV2Script)
}
