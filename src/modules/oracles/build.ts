import { KomodoCcError } from '../../errors.js'
import { bytesToHex } from '../../bytes/hex.js'
import { txidToInternalBytes } from '../../bytes/uint256.js'
import { utf8ToBytes } from '../../bytes/utils.js'
import { formatCoins, type AmountArg } from '../../amount.js'
import { oraclesUnits } from './units.js'
import { pubkeyBytes } from '../../address/address.js'
import { cc1of1 } from '../../cc/condition.js'
import { ccAddress } from '../../cc/address.js'
import { ORACLES_CC, EVAL as EVAL_CODES } from '../../cc/eval.js'
import { ccScript } from '../../script/cc.js'
import { p2pkScript } from '../../script/script.js'
import { encodeOraclesPayload, decodeOraclesOpret, type OraclesCreateOpret } from './opret.js'
import { decodeOracleData } from '../../oracle-data/format.js'
import {
  ORACLE_MAX_DATA_SIZE,
  ORACLE_MAX_FORMAT_LENGTH,
  ORACLE_MAX_NAME_LENGTH,
  ORACLE_FORMAT_CHARS,
  checkOracleTxSize,
} from '../../oracle-data/index.js'
import { transactionSize } from '../../tx/codec.js'
import { checkContext, checkUtxo, daemonRefusal, type BuildContext, type CheckedContext } from '../../cctx/context.js'
import { builderParams } from '../../cctx/params.js'
import { finalizeCcTx, type FinalizedTx } from '../../cctx/finalize.js'
import { callerBatonSigner, completeBuild, type BuildResult } from '../../cctx/complete.js'
import { curvePubkey } from '../../cctx/pubkey.js'
import {
  amountParam,
  ccInput,
  hexParam,
  moneyParam,
  normalInputs,
  stateTx,
  txidParam,
  type TxLike,
} from '../../cctx/common.js'
import { OutpointSet } from '../../cctx/outpoints.js'
import { addOracleInputs, ORACLES_DATA_MAX_INPUTS } from './add-inputs.js'
import type { Utxo } from '../../cctx/types.js'

const EVAL = EVAL_CODES.ORACLES
const MARKER = 10000n
const ORACLES = ORACLES_CC

/**
 * The oracle marker pubkey: `02 ‖ oracletxid` in internal byte order (usually not a curve point); register and
 * subscribe pay 10000 sat to its P2PK script.
 * @example bytesToHex(oracleMarkerPubkey('00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff')) // '02ffeedd…1100'
 */
export function oracleMarkerPubkey(oracletxid: string): Uint8Array {
  const out = new Uint8Array(33)
  out[0] = 2
  out.set(txidToInternalBytes(oracletxid, 'oracletxid'), 1)
  return out
}

/** Reads the 'C' opret of an oracle create transaction given as state. */
function oracleCreate(
  oracle: TxLike | undefined,
  oracletxid: string,
  missing: string,
  invalid: string,
): OraclesCreateOpret {
  if (oracle === undefined) throw daemonRefusal(missing, { oracletxid }, 'BUILD_STATE')
  const tx = stateTx(oracle, oracletxid, 'state.oracle')
  const last = tx.vout[tx.vout.length - 1]
  try {
    const p = decodeOraclesOpret(last!.script)
    if (p.funcid === 'C') return p
  } catch {
    // fall through to the daemon's message
  }
  throw daemonRefusal(invalid, { oracletxid }, 'BUILD_STATE')
}

/**
 * The baton pubkey: `state.batonPubkey` as given, else the public key of the caller's baton signer, made once for
 * this build and handed on (in the returned context) to sign the baton input.
 */
function batonPk(ctx: CheckedContext, given: string | Uint8Array | undefined): { pk: Uint8Array; ctx: CheckedContext } {
  if (given !== undefined) return { pk: pubkeyBytes(given, 'state.batonPubkey'), ctx }
  const signer = callerBatonSigner(ctx)
  if (signer !== undefined) return { pk: signer.publicKey, ctx: { ...ctx, batonSigner: signer } }
  throw new KomodoCcError(
    'BUILD_STATE',
    "the baton pubkey derives from the publisher's private key: give context.privateKey, context.batonSigner or state.batonPubkey",
  )
}

function done(fin: FinalizedTx, ctx: CheckedContext): BuildResult {
  return completeBuild(fin, ctx, ORACLES)
}

/**
 * The parameters of `oraclescreate`, named as the daemon names them (same order as its RPC).
 * @example const p: OraclesCreateParams = { name, description, format }
 */
export type OraclesCreateParams = {
  name: string
  description: string
  format: string
}

/**
 * `oraclescreate name description format`: pays the 10000-sat create marker to the Oracles global pubkey (vout 0), then
 * change, then the 'C' opret (format before description). Normal inputs for 2·txfee, at most 3.
 * @throws KomodoCcError BUILD_PARAMS (details.daemonError: the daemon's text) | INSUFFICIENT_FUNDS | …
 * @example buildOraclesCreate({ name: 'BTCKMD', description: 'BTC/KMD price', format: 'IhhL' }, { pubkey, utxos, height, privateKey })
 */
export function buildOraclesCreate(params: OraclesCreateParams, context: BuildContext): BuildResult {
  const { name, description, format } = builderParams(params, 'buildOraclesCreate', ['name', 'description', 'format'])
  const ctx = checkContext(context)
  for (const [v, n] of [
    [name, 'name'],
    [description, 'description'],
    [format, 'format'],
  ] as const)
    if (typeof v !== 'string') throw new KomodoCcError('BUILD_PARAMS', `${n} expected a string`, { name: n })
  const nameLen = utf8ToBytes(name).length
  const descLen = utf8ToBytes(description).length
  const fmtLen = utf8ToBytes(format).length
  if (nameLen > ORACLE_MAX_NAME_LENGTH)
    throw daemonRefusal(`name.${nameLen} must be less then 32`, { max: ORACLE_MAX_NAME_LENGTH })
  if (descLen > ORACLE_MAX_FORMAT_LENGTH) throw daemonRefusal(`description.${descLen} must be less then 4096`)
  if (fmtLen > ORACLE_MAX_FORMAT_LENGTH) throw daemonRefusal(`format.${fmtLen} must be less then 4096`)
  if (nameLen === 0) throw daemonRefusal('name must not be empty')
  for (const c of format) if (!ORACLE_FORMAT_CHARS.includes(c)) throw daemonRefusal('invalid format type', { char: c })
  const inputs = normalInputs(ctx, 2n * ctx.fee, 3, 'error adding normal inputs')
  const fin = finalizeCcTx({
    inputs,
    outputs: [{ value: MARKER, script: p2pkScript(pubkeyBytes(ORACLES.pubkey)) }],
    opret: encodeOraclesPayload({ funcid: 'C', name, format, description }),
    changePubkey: ctx.changePubkey,
    fee: ctx.fee,
    expiryHeight: ctx.expiryHeight,
  })
  return done(fin, ctx)
}

/** State for {@link buildOraclesFund} and {@link buildOraclesSubscribe}: the oracle's create transaction. */
export type OraclesState = { oracle: TxLike }

/**
 * The parameters of `oraclesfund`, named as the daemon names them (same order as its RPC).
 * @example const p: OraclesFundParams = { oracletxid }
 */
export type OraclesFundParams = {
  oracletxid: string
}

/**
 * `oraclesfund oracletxid`: 10000 sat to the caller's Oracles CC address (vout 0), proving the key, for the register
 * to spend; 'F' opret (oracletxid, caller, 10000). Normal inputs for txfee + 10000, at most 2.
 * @example buildOraclesFund({ oracletxid }, ctx, { oracle: createTxHex })
 */
export function buildOraclesFund(params: OraclesFundParams, context: BuildContext, state: OraclesState): BuildResult {
  const { oracletxid } = builderParams(params, 'buildOraclesFund', ['oracletxid'])
  const ctx = checkContext(context)
  const id = txidParam(oracletxid, 'oracletxid')
  oracleCreate(state?.oracle, id, `cant find oracletxid ${id}`, `invalid oracletxid ${id}`)
  const inputs = normalInputs(ctx, ctx.fee + MARKER, 2, 'error adding normal inputs')
  const fin = finalizeCcTx({
    inputs,
    outputs: [{ value: MARKER, script: ccScript(cc1of1(EVAL, ctx.pubkey)) }],
    opret: encodeOraclesPayload({ funcid: 'F', oracletxid: id, pubkey: bytesToHex(ctx.pubkey), amount: MARKER }),
    changePubkey: ctx.changePubkey,
    fee: ctx.fee,
    expiryHeight: ctx.expiryHeight,
  })
  return done(fin, ctx)
}

/** State for {@link buildOraclesRegister}. */
export type OraclesRegisterState = {
  oracle: TxLike
  /** The caller's 'F' output (vout 0 of its oraclesfund, 10000 sat on CC1(0xec, caller)). */
  fund: Utxo
  /** The baton pubkey, needed only when the context has no private key (external signer). */
  batonPubkey?: string | Uint8Array
}

/**
 * The parameters of `oraclesregister`, named as the daemon names them (same order as its RPC).
 * @example const p: OraclesRegisterParams = { oracletxid, datafee }
 */
export type OraclesRegisterParams = {
  oracletxid: string
  datafee: AmountArg
}

/**
 * `oraclesregister oracletxid datafee`: spends the caller's fund output; vout 0 = 10000 to the oracle marker (P2PK of
 * `02‖oracletxid`), vout 1 = the 10000 baton on CC1(0xec, batonpk), vout 2 = 10000 back to the caller, change, 'R'.
 * @example buildOraclesRegister({ oracletxid, datafee: 10000n }, ctx, { oracle, fund })
 */
export function buildOraclesRegister(
  params: OraclesRegisterParams,
  context: BuildContext,
  state: OraclesRegisterState,
): BuildResult {
  const { oracletxid, datafee } = builderParams(params, 'buildOraclesRegister', ['oracletxid', 'datafee'])
  const ctx = checkContext(context)
  const id = txidParam(oracletxid, 'oracletxid')
  oracleCreate(state?.oracle, id, `cant find oracletxid ${id}`, `invalid oracletxid ${id}`)
  const fee = amountParam(datafee, 'datafee', oraclesUnits.oraclesregister.datafee)
  if (fee < ctx.fee) throw daemonRefusal('datafee must be txfee or more', { datafee: String(fee) })
  const baton = batonPk(ctx, state.batonPubkey).pk
  const normal = normalInputs(ctx, 3n * ctx.fee, 4, 'error adding normal inputs')
  if (state.fund === undefined)
    throw daemonRefusal(
      'error adding inputs from your Oracles CC address, please fund it first with oraclesfund rpc!',
      {},
      'BUILD_STATE',
    )
  const fund = ccInput(checkUtxo(state.fund, 'state.fund'), cc1of1(EVAL, ctx.pubkey), EVAL, 'caller', 'state.fund')
  if (fund.utxo.satoshis !== MARKER)
    throw daemonRefusal(
      'error adding inputs from your Oracles CC address, please fund it first with oraclesfund rpc!',
      { value: String(fund.utxo.satoshis) },
      'BUILD_STATE',
    )
  const fin = finalizeCcTx({
    inputs: [...normal, fund],
    outputs: [
      { value: MARKER, script: p2pkScript(oracleMarkerPubkey(id)) },
      { value: MARKER, script: ccScript(cc1of1(EVAL, baton)) },
      { value: MARKER, script: p2pkScript(ctx.pubkey) },
    ],
    opret: encodeOraclesPayload({ funcid: 'R', oracletxid: id, pubkey: bytesToHex(ctx.pubkey), datafee: fee }),
    changePubkey: ctx.changePubkey,
    fee: ctx.fee,
    expiryHeight: ctx.expiryHeight,
  })
  return done(fin, ctx)
}

/**
 * The parameters of `oraclessubscribe`, named as the daemon names them (same order as its RPC).
 * @example const p: OraclesSubscribeParams = { oracletxid, publisher, amount }
 */
export type OraclesSubscribeParams = {
  oracletxid: string
  publisher: string | Uint8Array
  amount: AmountArg
}

/**
 * `oraclessubscribe oracletxid publisher amount`: `amount` (coins as text/number, or satoshis as bigint) to the
 * publisher's Oracles CC address (vout 0), 10000 to the oracle marker (vout 1), change, 'S' opret with the
 * **subscriber** (caller) pubkey. Normal inputs for amount + 2·txfee, at most 64.
 * @example buildOraclesSubscribe({ oracletxid, publisher: publisherPubkey, amount: '1' }, ctx, { oracle })
 */
export function buildOraclesSubscribe(
  params: OraclesSubscribeParams,
  context: BuildContext,
  state: OraclesState,
): BuildResult {
  const { oracletxid, publisher, amount } = builderParams(params, 'buildOraclesSubscribe', [
    'oracletxid',
    'publisher',
    'amount',
  ])
  const ctx = checkContext(context)
  const id = txidParam(oracletxid, 'oracletxid')
  oracleCreate(state?.oracle, id, `cant find oracletxid ${id}`, `invalid oracletxid ${id}`)
  const pub = curvePubkey(publisher, 'publisher')
  const sats = amountParam(amount, 'amount', oraclesUnits.oraclessubscribe.amount)
  if (sats <= 0n)
    throw new KomodoCcError(
      'BUILD_PARAMS',
      'amount must be positive (the daemon does not check; a zero subscription pays nothing)',
      { amount: String(sats) },
    )
  const inputs = normalInputs(ctx, sats + 2n * ctx.fee, 64, 'error adding normal inputs')
  const fin = finalizeCcTx({
    inputs,
    outputs: [
      { value: sats, script: ccScript(cc1of1(EVAL, pub)) },
      { value: MARKER, script: p2pkScript(oracleMarkerPubkey(id)) },
    ],
    opret: encodeOraclesPayload({ funcid: 'S', oracletxid: id, pubkey: bytesToHex(ctx.pubkey), amount: sats }),
    changePubkey: ctx.changePubkey,
    fee: ctx.fee,
    expiryHeight: ctx.expiryHeight,
  })
  return done(fin, ctx)
}

/** State for {@link buildOraclesData}: what the daemon would look up on chain for this publisher and oracle. */
export type OraclesDataState = {
  oracle: TxLike
  /** The current datafee of (oracle, caller): the newest 'R' (see `oraclesinfo`). */
  datafee: bigint
  /** The current baton: vout 1 (10000 sat on the baton address) of the last 'D' or of the 'R'. */
  baton?: Utxo
  /** Subscription / data-change outputs on CC1(0xec, caller) tagged with this oracle ('S' or 'D'), in node order. */
  subscriptions: readonly Utxo[]
  /** The baton pubkey, needed only when the context has no private key (external signer). */
  batonPubkey?: string | Uint8Array
}

/** Result of {@link buildOraclesData}: the build plus its serialized size against the 10000-byte rule. */
export type OraclesDataResult = BuildResult & { size: number }

// Upper bounds of the scriptSigs added by signing: P2PK push(DER ≤ 72 + hashtype), P2PKH adds push(33-byte key),
// a 1-of-1 CC fulfillment push (120 bytes + hashtype behind OP_PUSHDATA1).
const SIG_BOUND = { p2pk: 1 + 73, p2pkh: 1 + 73 + 1 + 33, cc: 2 + 121 } as const

/**
 * The parameters of `oraclesdata`, named as the daemon names them (same order as its RPC).
 * @example const p: OraclesDataParams = { oracletxid, hexstr }
 */
export type OraclesDataParams = {
  oracletxid: string
  hexstr: string | Uint8Array
}

/**
 * `oraclesdata oracletxid hexstr`: publishes one record. Checks, in the daemon's order and with its messages: record
 * ≤ 8192 bytes, a positive datafee, the oracle exists and is a 'C', the record passes the format check, normal
 * inputs for 2·txfee, subscription inputs (each ≥ 10000, up to 60, until they cover the datafee). Outputs: vout 0 =
 * subscriptions − datafee back to the caller's CC address (always present), vout 1 = the new baton, vout 2 = datafee
 * to the caller, change, 'D' opret. Inputs end up [first normal, baton, subscriptions…, other normal]. Before signing,
 * the transaction's size is checked against the 10000-byte rule (with signature sizes at their bound).
 * @throws KomodoCcError BUILD_PARAMS | BUILD_STATE | INSUFFICIENT_FUNDS | ORACLE_TX_TOO_BIG | …
 * @example buildOraclesData({ oracletxid, hexstr: encodeOracleData('IhhL', values) }, ctx, { oracle, datafee: 10000n, baton, subscriptions })
 */
export function buildOraclesData(
  params: OraclesDataParams,
  context: BuildContext,
  state: OraclesDataState,
): OraclesDataResult {
  const { oracletxid, hexstr } = builderParams(params, 'buildOraclesData', ['oracletxid', 'hexstr'])
  const ctx = checkContext(context)
  const id = txidParam(oracletxid, 'oracletxid')
  const record = hexParam(hexstr, 'hexstr')
  if (record.length > ORACLE_MAX_DATA_SIZE)
    throw daemonRefusal(`datasize ${record.length} is too big`, { max: ORACLE_MAX_DATA_SIZE, got: record.length })
  if (typeof state !== 'object' || state === null)
    throw new KomodoCcError('BUILD_STATE', 'state expected { oracle, datafee, baton?, subscriptions }')
  if (typeof state.datafee !== 'bigint' || state.datafee <= 0n) {
    const coins = typeof state.datafee === 'bigint' ? Number(formatCoins(state.datafee)) : 0
    throw daemonRefusal(`datafee ${coins}is illegal`, {}, 'BUILD_STATE')
  }
  moneyParam(state.datafee, 'state.datafee')
  const create = oracleCreate(state.oracle, id, 'invalid oracle txid', 'invalid oracle txid opret data')
  try {
    decodeOracleData(create.format, record)
  } catch (e) {
    throw daemonRefusal('data does not match length or content format specification', {
      format: create.format,
      cause: e instanceof KomodoCcError ? e.code : 'unknown',
    })
  }
  const { pk: baton, ctx: signing } = batonPk(ctx, state.batonPubkey)
  const normal = normalInputs(ctx, 2n * ctx.fee, 3, 'couldnt add normal inputs')
  // each script encoded once per build: compared with every input it locks, then placed (this build's own array) in an output
  const batonCc = state.baton === undefined ? undefined : cc1of1(EVAL, baton)
  const batonScript = batonCc === undefined ? undefined : ccScript(batonCc)
  const batonInput =
    state.baton === undefined ? [] : [ccInput(state.baton, batonCc!, EVAL, 'baton', 'state.baton', batonScript)]
  // OracleBatonUtxo: a baton is vout 1 of an 'R' or 'D', exactly 10000 sat
  if (state.baton !== undefined && (state.baton.vout !== 1 || state.baton.satoshis !== MARKER))
    throw new KomodoCcError(
      'BUILD_STATE',
      `state.baton is not a baton (vout 1 of 10000 sat), got vout ${state.baton.vout} of ${state.baton.satoshis} sat`,
      { name: 'state.baton', vout: state.baton.vout, satoshis: String(state.baton.satoshis) },
    )
  if (!Array.isArray(state.subscriptions))
    throw new KomodoCcError('BUILD_STATE', 'state.subscriptions expected an array of UTXOs')
  const seen = new OutpointSet()
  const myCc = cc1of1(EVAL, ctx.pubkey)
  const myCcScript = ccScript(myCc)
  for (const [i, u] of state.subscriptions.entries()) checkUtxo(u, `state.subscriptions[${i}]`)
  // AddOracleInputs(cp, mtx, oracletxid, mypk, datafee, 60) over the given outputs (OracleData)
  const taken = addOracleInputs(state.subscriptions, state.datafee, ORACLES_DATA_MAX_INPUTS, (u) =>
    seen.take(u, 'state.subscriptions'),
  )
  const subs = taken.inputs.map((u) =>
    ccInput(u, myCc, EVAL, 'caller', `state.subscriptions[${state.subscriptions.indexOf(u)}]`, myCcScript),
  )
  const total = taken.sum
  const notEnough = `couldnt find enough oracle inputs ${ccAddress(EVAL, ctx.pubkey, ctx.chain)}, limit 1 per utxo`
  if (subs.length === 0) throw daemonRefusal(notEnough, {}, 'INSUFFICIENT_FUNDS')
  // komodod signs this one and the chain refuses it (OraclesValidate: mismatched inputs != outputs + datafee):
  // refused here, before signing, with the daemon's text for subscriptions that cannot pay
  if (total < state.datafee)
    throw new KomodoCcError(
      'INSUFFICIENT_FUNDS',
      `${notEnough}: ${subs.length} subscription input(s) total ${total} sat, below the datafee ` +
        `${state.datafee} (the daemon would sign a transaction the chain refuses: mismatched inputs != outputs + datafee)`,
      { total: String(total), datafee: String(state.datafee), inputs: subs.length, daemonError: notEnough },
    )
  const fin = finalizeCcTx({
    inputs: [...normal, ...batonInput, ...subs],
    outputs: [
      { value: total - state.datafee, script: myCcScript },
      { value: MARKER, script: batonScript ?? ccScript(cc1of1(EVAL, baton)) },
      { value: state.datafee, script: p2pkScript(ctx.pubkey) },
    ],
    opret: encodeOraclesPayload({
      funcid: 'D',
      oracletxid: id,
      batontxid: state.baton?.txid ?? '0'.repeat(64),
      pubkey: bytesToHex(ctx.pubkey),
      data: bytesToHex(record),
    }),
    changePubkey: ctx.changePubkey,
    fee: ctx.fee,
    expiryHeight: ctx.expiryHeight,
  })
  const bound = transactionSize(fin.tx) + fin.plans.reduce((s, p) => s + SIG_BOUND[p.kind], 0)
  checkOracleTxSize(bound)
  const result = done(fin, signing)
  // add the size without spreading: a spread would evaluate the lazy `inputs` getter
  return Object.defineProperty(result, 'size', { value: result.hex.length / 2, enumerable: true }) as OraclesDataResult
}
