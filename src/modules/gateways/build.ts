import { KomodoCcError } from '../../errors.js'
import { bytesToHex } from '../../bytes/hex.js'
import { equalBytes } from '../../bytes/utils.js'
import { hexToBytes } from '../../bytes/hex.js'
import { COIN, type AmountArg } from '../../amount.js'
import { gatewaysUnits } from './units.js'
import { pubkeyBytes } from '../../address/address.js'
import { cc1of1, tokensCc1of1 } from '../../cc/condition.js'
import { ccAddress, txidPubkey } from '../../cc/address.js'
import { GATEWAYS_CC, TOKENS_CC, EVAL, type CcModule } from '../../cc/eval.js'
import { ccScript } from '../../script/cc.js'
import { p2pkScript } from '../../script/script.js'
import type { CcCondition } from '../../cc/types.js'
import { decodeOraclesOpret } from '../oracles/opret.js'
import { encodeGatewaysPayload, decodeGatewaysOpret, type GatewaysOpret } from './opret.js'
import { checkContext, checkUtxo, daemonRefusal, type BuildContext, type CheckedContext } from '../../cctx/context.js'
import { builderParams } from '../../cctx/params.js'
import { finalizeCcTx } from '../../cctx/finalize.js'
import { completeBuild, type BuildResult } from '../../cctx/complete.js'
import { curvePubkey } from '../../cctx/pubkey.js'
import { amountParam, moneyParam, normalInputs, txidParam, hexParam } from '../../cctx/common.js'
import { OutpointSet } from '../../cctx/outpoints.js'
import { addGatewaysInputs, GATEWAYS_CLAIM_MAX_INPUTS } from './add-inputs.js'
import { addTokenCcInputs, TOKEN_MAX_INPUTS } from '../tokens/add-inputs.js'
import { stateOutputs, lastOpret, ostreamDouble, type StateTx, type StateOutputs } from '../../cctx/state-tx.js'
import { gatewaysDepositAddress, gatewaysVerifyDeposit } from './proof.js'
import type { InputPlan, Utxo } from '../../cctx/types.js'
import type { TxOutput } from '../../tx/types.js'

const MARKER = 10000n
const GATEWAYS = GATEWAYS_CC
const ZERO = '0'.repeat(64)

function gwPk(): Uint8Array {
  return pubkeyBytes(GATEWAYS.pubkey)
}
/** CC1(0xf1, gatewayspk): markers at the gateways global CC address. */
function markerCond(): CcCondition {
  return cc1of1(EVAL.GATEWAYS, gwPk())
}
/** TOK2(0xf1, gatewayspk): the gateway's token address. */
function gatewayTokensCond(): CcCondition {
  return tokensCc1of1(EVAL.GATEWAYS, gwPk())
}
const coins = (sats: bigint) => ostreamDouble(Number(sats) / Number(COIN))
const chr = (n: number) => String.fromCharCode(n)

function destParam(v: string | Uint8Array, name: string): Uint8Array {
  let pk: Uint8Array
  try {
    pk = typeof v === 'string' ? hexToBytes(v, name) : v
  } catch {
    throw daemonRefusal('invalid destination pubkey', { name })
  }
  if (!(pk instanceof Uint8Array) || pk.length !== 33) throw daemonRefusal('invalid destination pubkey', { name })
  return curvePubkey(pk, name)
}

function coinParam(coin: unknown): string {
  if (typeof coin !== 'string') throw new KomodoCcError('BUILD_PARAMS', 'coin expected a string', { name: 'coin' })
  return coin
}

/** A bind read from state, current or (with `allowLegacyBind`) 2019 layout. */
type Bind = {
  txid: string
  tokenid: string
  coin: string
  totalsupply: bigint
  oracletxid: string
  M: number
  N: number
  pubkeys: Uint8Array[]
  taddr: number
  prefix: number
  prefix2: number
  legacy: boolean
}

function decodeBind(s: StateOutputs, allowLegacy: boolean): Bind | undefined {
  const p = lastOpret(s, decodeGatewaysOpret)
  if (p === undefined || p.funcid !== 'B') return undefined
  const legacy = 'layout' in p && p.layout === 'legacy'
  if (legacy && !allowLegacy) return undefined
  return {
    txid: s.txid,
    tokenid: p.tokenid,
    coin: p.coin,
    totalsupply: p.totalsupply,
    oracletxid: p.oracletxid,
    M: p.M,
    N: p.N,
    pubkeys: p.pubkeys.map((k) => hexToBytes(k)),
    taddr: p.taddr,
    prefix: p.prefix,
    prefix2: p.prefix2,
    legacy,
  }
}

/** Common state of the gateways builders that read the bind. @example const s: GatewaysBindRef = { bind: bindHex, bindConfirmed: true } */
export type GatewaysBindRef = {
  /** The bind transaction (`bindtxid`). */
  bind: StateTx
  /** False while the bind is neither notarized nor 101 blocks deep (`komodo_txnotarizedconfirmed`); default true. */
  bindConfirmed?: boolean
  /** Accept a bind in the 2019 layout (not token-wrapped, as in the developer docs); current daemons cannot read it. */
  allowLegacyBind?: boolean
}

/** The bind checks of deposit, claim and withdraw (`cant find bindtxid`, `invalid coin - bindtxid`, not notarized). */
function bindChecks(state: GatewaysBindRef | undefined, bindtxid: string, coin: string): Bind {
  if (state === undefined || state.bind === undefined)
    throw daemonRefusal(`cant find bindtxid ${bindtxid}`, { bindtxid }, 'BUILD_STATE')
  if (state.allowLegacyBind !== undefined && typeof state.allowLegacyBind !== 'boolean')
    throw new KomodoCcError('BUILD_STATE', 'state.allowLegacyBind expected a boolean')
  const s = stateOutputs(state.bind, bindtxid, 'state.bind')
  const b = decodeBind(s, state.allowLegacyBind === true)
  if (b === undefined || b.coin !== coin)
    throw daemonRefusal(`invalid coin - bindtxid ${bindtxid} coin.${b?.coin ?? ''}`, { bindtxid }, 'BUILD_STATE')
  if (state.bindConfirmed === false)
    throw daemonRefusal('gatewaysbind tx not yet confirmed/notarized', { bindtxid }, 'BUILD_STATE')
  return b
}

function done(
  inputs: InputPlan[],
  outputs: TxOutput[],
  opret: Uint8Array,
  ctx: CheckedContext,
  module: CcModule = GATEWAYS,
): BuildResult {
  const fin = finalizeCcTx({
    inputs,
    outputs,
    opret,
    changePubkey: ctx.changePubkey,
    fee: ctx.fee,
    expiryHeight: ctx.expiryHeight,
  })
  return completeBuild(fin, ctx, module)
}

/** `maxinputs` of gatewaysbind's `AddTokenCCInputs` (src/cc/gateways.cpp `GatewaysBind`). */
const GATEWAYS_BIND_MAX_INPUTS = 64

/**
 * A gateways builder's token CC inputs from the given outputs, each of which must be `cond`'s script: `rule`
 * `'tokens'` is `AddTokenCCInputs` ({@link addTokenCcInputs}: gatewaysbind 64, gatewayswithdraw 60), `'gateways'` is
 * `AddGatewaysInputs` (gatewaysclaim, 60).
 */
function tokenInputs(
  utxos: unknown,
  total: bigint,
  max: number,
  cond: CcCondition,
  role: InputPlan['role'],
  name: string,
  rule: 'tokens' | 'gateways',
): { inputs: InputPlan[]; sum: bigint } {
  if (!Array.isArray(utxos)) throw new KomodoCcError('BUILD_STATE', `${name} expected an array of UTXOs`)
  const script = ccScript(cond)
  for (const [i, u] of (utxos as Utxo[]).entries()) {
    checkUtxo(u, `${name}[${i}]`)
    if (!equalBytes(u.script, script))
      throw new KomodoCcError('BUILD_STATE', `${name}[${i}] is not locked by the expected token condition`, {
        name: `${name}[${i}]`,
      })
  }
  const seen = new OutpointSet()
  const accept = (u: Utxo): boolean => u.satoshis > 0n && seen.take(u, name)
  const { inputs, sum } =
    rule === 'tokens'
      ? addTokenCcInputs(utxos as Utxo[], total, max, accept)
      : addGatewaysInputs(utxos as Utxo[], total, max, accept)
  return { inputs: inputs.map((utxo) => ({ kind: 'cc', utxo, role, condition: cond, evalCode: EVAL.TOKENS })), sum }
}

function u8Param(v: unknown, name: string): number {
  if (typeof v !== 'number' || !Number.isInteger(v) || v < 0 || v > 255)
    throw new KomodoCcError('INT_RANGE', `${name} expected an integer 0..255 (the daemon stores it in a byte)`, {
      name,
    })
  return v
}

// ---------------------------------------------------------------------------------------------------------------
// gatewaysbind

/** State for {@link buildGatewaysBind}. @example const s: GatewaysBindState = { token: tokenCreateHex, tokens: [myTokenUtxo], oracle: oracleCreateHex } */
export type GatewaysBindState = {
  /** The token's create transaction (`tokenid`); its vout 1 is the full supply (`CCfullsupply`). */
  token?: StateTx
  /** The caller's token outputs of this token, CC1(0xf2, caller), in the node's order (the whole supply must be here). */
  tokens: readonly Utxo[]
  /** The oracle's create transaction (`oracletxid`, format `Ihh…`). */
  oracle?: StateTx
  /** Transactions at the gateways global CC address: a bind of the same token makes the daemon refuse. */
  binds?: readonly StateTx[]
  /** Normal balance of each bind pubkey's address, same order (the daemon refuses a pubkey with none). Unchecked when absent. */
  balances?: readonly bigint[]
  /**
   * The caller's balance of this token as the daemon's `CCtoken_balance` reads it (every confirmed output at
   * CC1(0xf2, caller) of the create transaction or of a token opret of this tokenid, those spent in the mempool
   * included), which must equal the supply; default: the sum of `tokens`.
   */
  balance?: bigint
}

/**
 * The parameters of `gatewaysbind`, named as the daemon names them (same order as its RPC).
 * @example const p: GatewaysBindParams = { tokenid, oracletxid, coin, tokensupply, M, N, pubkeys, pubtype, p2shtype, wiftype }
 */
export type GatewaysBindParams = {
  tokenid: string
  oracletxid: string
  coin: string
  tokensupply: AmountArg
  M: number
  N: number
  pubkeys: readonly (string | Uint8Array)[]
  pubtype: number
  p2shtype: number
  wiftype: number
  taddr?: number | undefined
}

/**
 * `gatewaysbind tokenid oracletxid coin tokensupply M N pubkey… pubtype p2shtype wiftype [taddr]`: locks the whole
 * token supply at the gateway token address TOK2(0xf1, gatewayspk) (vout 0) and puts the 10000 bind marker at the
 * gateways global CC address (vout 1); change; token opret (voutPubkeys [gatewayspk]) with the 'B' blob.
 * `tokensupply` is token satoshis (integer, as the RPC's `atol`). For coin `KMD` the prefixes are forced to 60/85/188/0.
 * Normal inputs for txfee + 10000 (≤ 2, the second moves behind the token inputs), the caller's token outputs (≤ 64).
 * @throws KomodoCcError BUILD_PARAMS | BUILD_STATE | INSUFFICIENT_FUNDS | INT_RANGE | PUBKEY_INVALID
 * @example
 * const params = { tokenid, oracletxid, coin: 'KMD', tokensupply: 100000000n, M: 1, N: 1, pubkeys: [pk] }
 * buildGatewaysBind({ ...params, pubtype: 60, p2shtype: 85, wiftype: 188 }, ctx, { token, tokens, oracle })
 */
export function buildGatewaysBind(
  params: GatewaysBindParams,
  context: BuildContext,
  state: GatewaysBindState,
): BuildResult {
  const { tokenid, oracletxid, coin, tokensupply, M, N, pubkeys, pubtype, p2shtype, wiftype, taddr } = builderParams(
    params,
    'buildGatewaysBind',
    ['tokenid', 'oracletxid', 'coin', 'tokensupply', 'M', 'N', 'pubkeys', 'pubtype', 'p2shtype', 'wiftype'],
    ['taddr'],
  )
  const ctx = checkContext(context)
  const tid = txidParam(tokenid, 'tokenid')
  const oid = txidParam(oracletxid, 'oracletxid')
  coinParam(coin)
  const supply = amountParam(tokensupply, 'tokensupply', gatewaysUnits.gatewaysbind.tokensupply)
  moneyParam(supply, 'tokensupply')
  u8Param(M, 'M')
  u8Param(N, 'N')
  if (M > N || N === 0 || N > 15 || supply < COIN / 100n || tid === ZERO)
    throw daemonRefusal('illegal M or N > 15 or tokensupply or invalid tokenid\n', {
      M,
      N,
      tokensupply: String(supply),
    })
  if (!Array.isArray(pubkeys) || pubkeys.length < N) throw daemonRefusal('not enough parameters for N pubkeys\n', { N })
  const pks = pubkeys.map((p, i) => destParam(p, `pubkeys[${i}]`))
  let prefix = u8Param(pubtype, 'pubtype')
  let prefix2 = u8Param(p2shtype, 'p2shtype')
  let wif = u8Param(wiftype, 'wiftype')
  let t = taddr === undefined ? 0 : u8Param(taddr, 'taddr')
  if (coin === 'KMD') [prefix, prefix2, wif, t] = [60, 85, 188, 0]
  if (pks.length !== N) throw daemonRefusal(`M.${chr(M)} N.${chr(N)} but pubkeys[${pks.length}]`, { M, N })
  if (typeof state !== 'object' || state === null)
    throw new KomodoCcError('BUILD_STATE', 'state expected { token, tokens, oracle, binds?, balances? }')
  if (state.balances !== undefined) {
    if (!Array.isArray(state.balances) || state.balances.length !== N)
      throw new KomodoCcError('BUILD_STATE', 'state.balances expected one bigint per pubkey')
    state.balances.forEach((b, i) => {
      if (b === 0n)
        throw daemonRefusal(`M.${chr(M)} N.${chr(N)} but pubkeys[${i}] has no balance`, { index: i }, 'BUILD_STATE')
    })
  }
  let fullsupply = 0n
  if (state.token !== undefined) {
    const tok = stateOutputs(state.token, tid, 'state.token')
    fullsupply = tok.vout[1]?.value ?? 0n
  }
  if (fullsupply !== supply)
    throw daemonRefusal(
      `Gateway bind.${coin} (${tid}) globaladdr.${GATEWAYS.ccAddress} totalsupply ${coins(supply)} != fullsupply ${coins(fullsupply)}`,
      { fullsupply: String(fullsupply) },
      'BUILD_STATE',
    )
  const myTokens = cc1of1(EVAL.TOKENS, ctx.pubkey)
  const listed = new OutpointSet() // a token output listed twice counts once
  if (state.balance !== undefined && typeof state.balance !== 'bigint')
    throw new KomodoCcError('BUILD_STATE', 'state.balance expected a bigint of token satoshis')
  const balance =
    state.balance ??
    (Array.isArray(state.tokens)
      ? state.tokens.reduce(
          (s, u, i) => (listed.take(checkUtxo(u, `state.tokens[${i}]`), 'state.tokens') ? s + u.satoshis : s),
          0n,
        )
      : 0n)
  if (balance !== supply)
    throw daemonRefusal(
      `token balance on ${ccAddress(EVAL.TOKENS, ctx.pubkey, ctx.chain)} ${coins(balance)}!=${coins(supply)}`,
      { balance: String(balance) },
      'BUILD_STATE',
    )
  if (state.oracle === undefined) throw daemonRefusal(`cant find oracletxid ${oid}`, {}, 'BUILD_STATE')
  const oracle = lastOpret(stateOutputs(state.oracle, oid, 'state.oracle'), decodeOraclesOpret)
  if (oracle === undefined || oracle.funcid !== 'C')
    throw daemonRefusal(`mismatched oracle name  != ${coin}`, {}, 'BUILD_STATE')
  if (!oracle.format.startsWith('Ihh'))
    throw daemonRefusal(`illegal format (${oracle.format}) != (Ihh)`, { format: oracle.format }, 'BUILD_STATE')
  for (const [i, b] of (state.binds ?? []).entries()) {
    const bind = decodeBind(stateOutputs(b, undefined, `state.binds[${i}]`), true)
    if (bind !== undefined && bind.tokenid === tid)
      throw daemonRefusal(`Gateway bind.${coin} (${tid}) already exists`, { bindtxid: bind.txid }, 'BUILD_STATE')
  }
  const normal = normalInputs(ctx, ctx.fee + MARKER, 2, 'cant find enough inputs')
  const tok = tokenInputs(state.tokens, supply, GATEWAYS_BIND_MAX_INPUTS, myTokens, 'caller', 'state.tokens', 'tokens')
  if (tok.sum < supply)
    throw daemonRefusal('cant find enough inputs', { tokens: String(tok.sum) }, 'INSUFFICIENT_FUNDS')
  const opret = encodeGatewaysPayload({
    funcid: 'B',
    tokenid: tid,
    voutPubkeys: [GATEWAYS.pubkey],
    coin,
    totalsupply: supply,
    oracletxid: oid,
    M,
    N,
    pubkeys: pks.map((k) => bytesToHex(k)),
    taddr: t,
    prefix,
    prefix2,
    wiftype: wif,
  })
  return done(
    [...normal, ...tok.inputs],
    [
      { value: supply, script: ccScript(gatewayTokensCond()) },
      { value: MARKER, script: ccScript(markerCond()) },
    ],
    opret,
    ctx,
  )
}

// ---------------------------------------------------------------------------------------------------------------
// gatewaysdeposit

/** State for {@link buildGatewaysDeposit}. @example const s: GatewaysDepositState = { bind: bindHex, oracle: oracleCreateHex, samples: [dataTxHex] } */
export type GatewaysDepositState = GatewaysBindRef & {
  /** The bind's oracle create transaction (name = coin; its output count is the deposit scan length). */
  oracle?: StateTx
  /** Oracle data ('D') transactions of the bind's oracle, each publisher's newest first (its baton chain walked back). */
  samples: readonly StateTx[]
  /** True when `cointxid`'s marker address already has history (a deposit of it exists). */
  cointxidExists?: boolean
}

/**
 * Result of {@link buildGatewaysDeposit}: the build plus the publishers and data txids that gave the merkle root.
 * @example buildGatewaysDeposit(…).publishers
 */
export type GatewaysDepositResult = BuildResult & {
  publishers: string[]
  txids: string[]
  merkleroot: string
  depositAddress: string
}

/**
 * The parameters of `gatewaysdeposit`, named as the daemon names them (same order as its RPC).
 * @example const p: GatewaysDepositParams = { bindtxid, height, coin, cointxid, claimvout, deposithex, proof, destpub, amount }
 */
export type GatewaysDepositParams = {
  bindtxid: string
  height: number
  coin: string
  cointxid: string
  claimvout: number
  deposithex: string
  proof: string | Uint8Array
  destpub: string | Uint8Array
  amount: AmountArg
}

/**
 * `gatewaysdeposit bindtxid height coin cointxid claimvout deposithex proof destpub amount`: records a deposit on the
 * foreign chain. For each bind pubkey, the first sample of `state.samples` by that publisher for the bind's oracle
 * whose record starts with `height` gives a merkle root (record `I h h`: height, block hash, merkle root, ≥ 68 bytes,
 * root non-zero); at least ⌊n/2⌋ publishers must agree with the first. `GatewaysVerify` is run in full (see
 * `gatewaysVerifyDeposit`). vout 0 = 10000 to CC1(0xf1, destpub) (the claim marker), vout 1 = 10000 to the P2PK of
 * `02‖cointxid` (the duplicate-deposit marker), change, the plain 'D' opret. Normal inputs for txfee + 20000, ≤ 3.
 * @throws KomodoCcError BUILD_PARAMS | BUILD_STATE | INSUFFICIENT_FUNDS
 * @example
 * const deposit = { cointxid, claimvout: 0, deposithex: depositHex, proof: proofHex, destpub, amount: '0.1' }
 * buildGatewaysDeposit({ bindtxid, height: 1116196, coin: 'KMD', ...deposit }, ctx, { bind, oracle, samples })
 */
export function buildGatewaysDeposit(
  params: GatewaysDepositParams,
  context: BuildContext,
  state: GatewaysDepositState,
): GatewaysDepositResult {
  const { bindtxid, height, coin, cointxid, claimvout, deposithex, proof, destpub, amount } = builderParams(
    params,
    'buildGatewaysDeposit',
    ['bindtxid', 'height', 'coin', 'cointxid', 'claimvout', 'deposithex', 'proof', 'destpub', 'amount'],
  )
  const ctx = checkContext(context)
  const bid = txidParam(bindtxid, 'bindtxid')
  const cid = txidParam(cointxid, 'cointxid')
  coinParam(coin)
  if (!Number.isInteger(height) || height < -0x80000000 || height > 0x7fffffff)
    throw new KomodoCcError('INT_RANGE', 'height expected a 32-bit integer', { name: 'height' })
  if (!Number.isInteger(claimvout) || claimvout > 0x7fffffff)
    throw new KomodoCcError('INT_RANGE', 'claimvout expected a 32-bit integer', { name: 'claimvout' })
  if (typeof deposithex !== 'string' || !/^([0-9a-fA-F]{2})+$/.test(deposithex))
    throw new KomodoCcError('BUILD_PARAMS', 'deposithex expected the foreign transaction as hex text', {
      name: 'deposithex',
    })
  const proofBytes = hexParam(proof, 'proof')
  const sats = amountParam(amount, 'amount', gatewaysUnits.gatewaysdeposit.amount)
  if (sats <= 0n || claimvout < 0)
    throw daemonRefusal('invalid param: amount, numpks or claimvout\n', { amount: String(sats), claimvout })
  const dest = destParam(destpub, 'destpub')
  const bind = bindChecks(state, bid, coin)
  if (!Array.isArray(state.samples))
    throw new KomodoCcError('BUILD_STATE', 'state.samples expected an array of oracle data transactions')
  const samples = state.samples
    .map((s, i) => ({ s: stateOutputs(s, undefined, `state.samples[${i}]`) }))
    .map(({ s }) => ({ txid: s.txid, op: lastOpret(s, decodeOraclesOpret) }))
  let merkleroot: Uint8Array | null = null
  let m = 0
  const publishers: string[] = []
  const txids: string[] = []
  for (const pk of bind.pubkeys) {
    const hex = bytesToHex(pk)
    const hit = samples.find((x) => {
      if (x.op === undefined || x.op.funcid !== 'D' || x.op.oracletxid !== bind.oracletxid || x.op.pubkey !== hex)
        return false
      const d = hexToBytes(x.op.data)
      return d.length >= 4 && (d[0]! | (d[1]! << 8) | (d[2]! << 16) | (d[3]! << 24)) === height
    })
    if (hit === undefined || hit.op?.funcid !== 'D') continue
    const d = hexToBytes(hit.op.data)
    const root = d.length >= 68 ? d.slice(36, 68) : new Uint8Array(32)
    if (root.every((b) => b === 0)) continue
    if (merkleroot === null) {
      merkleroot = root
      m = 1
    } else if (equalBytes(root, merkleroot)) m++
    publishers.push(hex)
    txids.push(hit.txid)
  }
  const n = bind.pubkeys.length
  if (merkleroot === null || m < Math.floor(n / 2))
    throw daemonRefusal(
      `couldnt find merkleroot for ht.${height} ${bind.coin} oracle.${bind.oracletxid} m.${m} vs n.${n}`,
      { m, n },
      'BUILD_STATE',
    )
  if (state.cointxidExists === true) throw daemonRefusal(`cointxid.${cid} already exists`, {}, 'BUILD_STATE')
  const prefixes = { taddr: bind.taddr, prefix: bind.prefix, prefix2: bind.prefix2 }
  const depositAddress = gatewaysDepositAddress(bind.M, bind.pubkeys, prefixes)
  let reason: string | undefined
  let verified = 0n
  const oracle = state.oracle === undefined ? undefined : stateOutputs(state.oracle, bind.oracletxid, 'state.oracle')
  const create = oracle === undefined ? undefined : lastOpret(oracle, decodeOraclesOpret)
  if (oracle === undefined || create === undefined || create.funcid !== 'C' || create.name !== coin)
    reason = 'the oracle create transaction is missing or not named after the coin'
  else
    ({ amount: verified, reason } = gatewaysVerifyDeposit({
      depositAddress,
      prefixes,
      oracleVoutCount: oracle.vout.length,
      claimvout,
      cointxid: cid,
      deposithex,
      proof: proofBytes,
      merkleroot,
      destpub: dest,
    }))
  if (verified !== sats)
    throw daemonRefusal(
      'deposittxid didnt validate',
      { verified: String(verified), reason: reason ?? `the deposit pays ${verified} sat, not ${sats}` },
      'BUILD_STATE',
    )
  const inputs = normalInputs(ctx, ctx.fee + 2n * MARKER, 3, 'cant find enough inputs')
  const opret = encodeGatewaysPayload({
    funcid: 'D',
    refcoin: coin,
    bindtxid: bid,
    publishers,
    txids,
    height,
    cointxid: cid,
    claimvout,
    deposithex,
    proof: bytesToHex(proofBytes),
    destpub: bytesToHex(dest),
    amount: sats,
  })
  const r = done(
    inputs,
    [
      { value: MARKER, script: ccScript(cc1of1(EVAL.GATEWAYS, dest)) },
      { value: MARKER, script: p2pkScript(txidPubkey(cid)) },
    ],
    opret,
    ctx,
  )
  return Object.assign(r, { publishers, txids, merkleroot: bytesToHex(merkleroot), depositAddress })
}

// ---------------------------------------------------------------------------------------------------------------
// gatewaysclaim

/** State for {@link buildGatewaysClaim}. @example const s: GatewaysClaimState = { bind: bindHex, deposit: depositHex, tokens: [gatewayTokenUtxo] } */
export type GatewaysClaimState = GatewaysBindRef & {
  /** The deposit ('D') transaction. */
  deposit?: StateTx
  /** False while the deposit is neither notarized nor deep enough; default true. */
  depositConfirmed?: boolean
  /** Unspent outputs at the gateway token address TOK2(0xf1, gatewayspk) from the bind (vout 0) or this gateway's
   *  'W'/'C' transactions (vout 1), in the node's order (`AddGatewaysInputs`). */
  tokens: readonly Utxo[]
}

/**
 * The parameters of `gatewaysclaim`, named as the daemon names them (same order as its RPC).
 * @example const p: GatewaysClaimParams = { bindtxid, coin, deposittxid, destpub, amount }
 */
export type GatewaysClaimParams = {
  bindtxid: string
  coin: string
  deposittxid: string
  destpub: string | Uint8Array
  amount: AmountArg
}

/**
 * `gatewaysclaim bindtxid coin deposittxid destpub amount`: releases `amount` tokens from the gateway to the
 * depositor. Inputs: gateway token outputs until they cover the amount (≤ 60, signed with the public gateways key),
 * then the deposit's 10000 claim marker (signed by the caller, who must be `destpub`). vout 0 = amount to
 * CC1(0xf2, destpub), vout 1 = token change back to the gateway token address (if any), token opret (voutPubkeys
 * [destpub]) with the 'C' blob. No normal inputs: the marker pays the fee.
 * @throws KomodoCcError BUILD_PARAMS | BUILD_STATE | INSUFFICIENT_FUNDS
 * @example buildGatewaysClaim({ bindtxid, coin: 'KMD', deposittxid, destpub, amount: '0.01' }, ctx, { bind, deposit, tokens })
 */
export function buildGatewaysClaim(
  params: GatewaysClaimParams,
  context: BuildContext,
  state: GatewaysClaimState,
): BuildResult {
  const { bindtxid, coin, deposittxid, destpub, amount } = builderParams(params, 'buildGatewaysClaim', [
    'bindtxid',
    'coin',
    'deposittxid',
    'destpub',
    'amount',
  ])
  const ctx = checkContext(context)
  const bid = txidParam(bindtxid, 'bindtxid')
  const did = txidParam(deposittxid, 'deposittxid')
  coinParam(coin)
  const dest = destParam(destpub, 'destpub')
  const sats = amountParam(amount, 'amount', gatewaysUnits.gatewaysclaim.amount)
  const bind = bindChecks(state, bid, coin)
  if (state.deposit === undefined)
    throw daemonRefusal(`cant find deposittxid ${bid}`, { deposittxid: did }, 'BUILD_STATE')
  const dep = stateOutputs(state.deposit, did, 'state.deposit')
  const d = lastOpret(dep, decodeGatewaysOpret)
  const depCoin = d !== undefined && 'refcoin' in d ? d.refcoin : ''
  if (d === undefined || d.funcid !== 'D' || d.refcoin !== coin)
    throw daemonRefusal(`invalid coin - deposittxid ${bid} coin.${depCoin}`, { deposittxid: did }, 'BUILD_STATE')
  if (state.depositConfirmed === false)
    throw daemonRefusal('gatewaysdeposit tx not yet confirmed/notarized', {}, 'BUILD_STATE')
  if (d.destpub !== bytesToHex(dest))
    throw daemonRefusal('different destination pubkey from desdeposit tx', { destpub: d.destpub }, 'BUILD_STATE')
  const depositval = equalBytes(ctx.pubkey, dest) ? d.amount : 0n
  if (depositval !== sats)
    throw daemonRefusal(
      `invalid Gateways deposittxid ${did} ${coins(depositval)} != ${coins(sats)}, remember claim must be done from destination pubkey from deposit tx!`,
      { deposit: String(d.amount) },
      'BUILD_STATE',
    )
  const tok = tokenInputs(
    state.tokens,
    sats,
    GATEWAYS_CLAIM_MAX_INPUTS,
    gatewayTokensCond(),
    'global',
    'state.tokens',
    'gateways',
  )
  if (tok.inputs.length === 0 || tok.sum < sats)
    throw daemonRefusal(
      'cant find enough tokens in gateways address for given amount',
      { tokens: String(tok.sum) },
      'INSUFFICIENT_FUNDS',
    )
  const v0 = dep.vout[0]
  if (v0 === undefined || v0.value !== MARKER || !equalBytes(v0.script, ccScript(cc1of1(EVAL.GATEWAYS, dest))))
    throw new KomodoCcError('BUILD_STATE', "the deposit's vout 0 is not the 10000 claim marker at CC1(0xf1, destpub)", {
      deposittxid: did,
    })
  const marker: InputPlan = {
    kind: 'cc',
    utxo: { txid: did, vout: 0, satoshis: v0.value, script: v0.script },
    role: 'caller',
    condition: cc1of1(EVAL.GATEWAYS, dest),
    evalCode: EVAL.GATEWAYS,
  }
  const outputs: TxOutput[] = [{ value: sats, script: ccScript(cc1of1(EVAL.TOKENS, dest)) }]
  if (tok.sum > sats) outputs.push({ value: tok.sum - sats, script: ccScript(gatewayTokensCond()) })
  const opret = encodeGatewaysPayload({
    funcid: 'C',
    tokenid: bind.tokenid,
    voutPubkeys: [bytesToHex(dest)],
    bindtxid: bid,
    refcoin: coin,
    deposittxid: did,
    destpub: bytesToHex(dest),
    amount: sats,
  })
  return done([...tok.inputs, marker], outputs, opret, ctx)
}

// ---------------------------------------------------------------------------------------------------------------
// gatewayswithdraw

/** State for {@link buildGatewaysWithdraw}. @example const s: GatewaysWithdrawState = { bind: bindHex, tokens: [myTokenUtxo], markers: [] } */
export type GatewaysWithdrawState = GatewaysBindRef & {
  /** Transactions whose 10000 marker (vout 0) at the gateways global CC address is unspent ('W', 'P', 'S', …). */
  markers?: readonly StateTx[]
  /** The withdraw transactions the 'P' markers refer to (to tell whether they belong to this gateway). */
  withdraws?: readonly StateTx[]
  /** The caller's token outputs of the bind's token, CC1(0xf2, caller), in the node's order. */
  tokens: readonly Utxo[]
}

/**
 * The parameters of `gatewayswithdraw`, named as the daemon names them (same order as its RPC).
 * @example const p: GatewaysWithdrawParams = { bindtxid, coin, withdrawpub, amount }
 */
export type GatewaysWithdrawParams = {
  bindtxid: string
  coin: string
  withdrawpub: string | Uint8Array
  amount: AmountArg
}

/**
 * `gatewayswithdraw bindtxid coin withdrawpub amount`: returns `amount` tokens to the gateway and asks the signers to
 * pay `withdrawpub` on the foreign chain. vout 0 = 10000 marker at the gateways global CC address, vout 1 = amount to
 * TOK2(0xf1, gatewayspk), vout 2 = token change to CC1(0xf2, caller) (if any), change, token opret (voutPubkeys
 * [gatewayspk]) with the 'W' blob. Refused while another withdraw of this gateway is pending. Normal inputs for
 * txfee + 10000 (≤ 2), token inputs (≤ 60).
 * @throws KomodoCcError BUILD_PARAMS | BUILD_STATE | INSUFFICIENT_FUNDS
 * @example buildGatewaysWithdraw({ bindtxid, coin: 'KMD', withdrawpub, amount: '0.01' }, ctx, { bind, tokens })
 */
export function buildGatewaysWithdraw(
  params: GatewaysWithdrawParams,
  context: BuildContext,
  state: GatewaysWithdrawState,
): BuildResult {
  const { bindtxid, coin, withdrawpub, amount } = builderParams(params, 'buildGatewaysWithdraw', [
    'bindtxid',
    'coin',
    'withdrawpub',
    'amount',
  ])
  const ctx = checkContext(context)
  const bid = txidParam(bindtxid, 'bindtxid')
  coinParam(coin)
  const wpk = destParam(withdrawpub, 'withdrawpub')
  const sats = amountParam(amount, 'amount', gatewaysUnits.gatewayswithdraw.amount)
  if (sats <= 0n) throw new KomodoCcError('BUILD_PARAMS', 'amount must be positive', { amount: String(sats) })
  const bind = bindChecks(state, bid, coin)
  const ours = (p: GatewaysOpret | undefined) =>
    p !== undefined &&
    p.funcid === 'W' &&
    'bindtxid' in p &&
    p.bindtxid === bid &&
    p.refcoin === coin &&
    p.tokenid === bind.tokenid
  const withdraws = new Map<string, GatewaysOpret | undefined>()
  for (const [i, w] of [...(state.withdraws ?? []), ...(state.markers ?? [])].entries()) {
    const s = stateOutputs(w, undefined, `state.withdraws/markers[${i}]`)
    withdraws.set(s.txid, lastOpret(s, decodeGatewaysOpret))
  }
  for (const [i, mk] of (state.markers ?? []).entries()) {
    const s = stateOutputs(mk, undefined, `state.markers[${i}]`)
    const p = lastOpret(s, decodeGatewaysOpret)
    if (s.vout[0]?.value !== MARKER) continue
    if (
      ours(p) ||
      (p !== undefined &&
        p.funcid === 'P' &&
        'withdrawtxid' in p &&
        p.refcoin === coin &&
        ours(withdraws.get(p.withdrawtxid)))
    )
      throw daemonRefusal('unable to create withdraw, another withdraw pending', { pending: s.txid }, 'BUILD_STATE')
  }
  const normal = normalInputs(ctx, ctx.fee + MARKER, 2, 'cant find enough normal inputs')
  const tok = tokenInputs(
    state.tokens,
    sats,
    TOKEN_MAX_INPUTS,
    cc1of1(EVAL.TOKENS, ctx.pubkey),
    'caller',
    'state.tokens',
    'tokens',
  )
  if (tok.sum < sats)
    throw daemonRefusal('not enough balance of tokens for withdraw', { tokens: String(tok.sum) }, 'INSUFFICIENT_FUNDS')
  const outputs: TxOutput[] = [
    { value: MARKER, script: ccScript(markerCond()) },
    { value: sats, script: ccScript(gatewayTokensCond()) },
  ]
  if (tok.sum > sats) outputs.push({ value: tok.sum - sats, script: ccScript(cc1of1(EVAL.TOKENS, ctx.pubkey)) })
  const opret = encodeGatewaysPayload({
    funcid: 'W',
    tokenid: bind.tokenid,
    voutPubkeys: [GATEWAYS.pubkey],
    bindtxid: bid,
    refcoin: coin,
    withdrawpub: bytesToHex(wpk),
    amount: sats,
  })
  return done([...normal, ...tok.inputs], outputs, opret, ctx, TOKENS_CC)
}

// ---------------------------------------------------------------------------------------------------------------
// gatewayspartialsign, gatewayscompletesigning

/**
 * State for {@link buildGatewaysPartialSign} and {@link buildGatewaysCompleteSigning}. @example const s:
 * GatewaysSigningState = { last: withdrawHex, bind: bindHex }
 */
export type GatewaysSigningState = {
  /** The last transaction of the signing chain (`txidaddr` / `withdrawtxid`): the withdraw 'W' for the first signature, else the latest 'P'. */
  last?: StateTx
  /** The withdraw transaction, needed when `last` is a 'P'. */
  withdraw?: StateTx
  /** False while the withdraw is neither notarized nor deep enough; default true. */
  withdrawConfirmed?: boolean
  /** The withdraw's bind transaction. */
  bind?: StateTx
}

type SigningBase = { withdrawtxid: string; K: number; marker: InputPlan }

function withdrawAndBind(w: StateOutputs, coin: string, state: GatewaysSigningState, invalid: string): void {
  const p = lastOpret(w, decodeGatewaysOpret)
  if (p === undefined || p.funcid !== 'W' || !('bindtxid' in p) || p.refcoin !== coin)
    throw daemonRefusal(invalid, { withdrawtxid: w.txid }, 'BUILD_STATE')
  if (state.withdrawConfirmed === false)
    throw daemonRefusal('gatewayswithdraw tx not yet confirmed/notarized', {}, 'BUILD_STATE')
  if (state.bind === undefined) throw daemonRefusal(`can't find bind tx ${p.bindtxid}`, {}, 'BUILD_STATE')
  const b = decodeBind(stateOutputs(state.bind, p.bindtxid, 'state.bind'), false)
  if (b === undefined || b.coin !== coin || b.tokenid !== p.tokenid)
    throw daemonRefusal(`invalid bind tx ${p.bindtxid}`, {}, 'BUILD_STATE')
}

function signingBase(
  lasttxid: string,
  coin: string,
  state: GatewaysSigningState | undefined,
  missing: string,
): SigningBase {
  if (state === undefined || state.last === undefined) throw daemonRefusal(missing, {}, 'BUILD_STATE')
  const last = stateOutputs(state.last, lasttxid, 'state.last')
  const p = lastOpret(last, decodeGatewaysOpret)
  if (p === undefined || (p.funcid !== 'W' && p.funcid !== 'P') || ('layout' in p && p.layout === 'legacy'))
    throw daemonRefusal(missing, {}, 'BUILD_STATE')
  let withdrawtxid = lasttxid
  let K = 0
  if (p.funcid === 'W') withdrawAndBind(last, coin, state, `invalid withdraw tx ${lasttxid}`)
  else {
    if (!('withdrawtxid' in p) || p.refcoin !== coin)
      throw daemonRefusal(`cannot decode partialsign tx opret ${lasttxid}`, {}, 'BUILD_STATE')
    withdrawtxid = p.withdrawtxid
    K = p.K
    if (state.withdraw === undefined) throw daemonRefusal(`can't find withdraw tx ${withdrawtxid}`, {}, 'BUILD_STATE')
    withdrawAndBind(
      stateOutputs(state.withdraw, withdrawtxid, 'state.withdraw'),
      coin,
      state,
      `invalid withdraw tx ${withdrawtxid}`,
    )
  }
  if (K >= 255)
    throw new KomodoCcError('BUILD_STATE', 'the signature count K is already 255 and is stored in a byte', { K })
  const v0 = last.vout[0]
  if (v0 === undefined || v0.value !== MARKER || !equalBytes(v0.script, ccScript(markerCond())))
    throw new KomodoCcError(
      'BUILD_STATE',
      `${lasttxid}'s vout 0 is not a 10000 marker at the gateways global CC address`,
      { txid: lasttxid },
    )
  return {
    withdrawtxid,
    K,
    marker: {
      kind: 'cc',
      utxo: { txid: lasttxid, vout: 0, satoshis: v0.value, script: v0.script },
      role: 'global',
      condition: markerCond(),
      evalCode: EVAL.GATEWAYS,
    },
  }
}

function externalHex(hex: unknown): string {
  if (typeof hex !== 'string' || !/^([0-9a-fA-F]{2})+$/.test(hex))
    throw new KomodoCcError('BUILD_PARAMS', 'hex expected the foreign transaction as hex text', { name: 'hex' })
  return hex
}

/**
 * The parameters of `gatewayspartialsign`, named as the daemon names them (same order as its RPC).
 * @example const p: GatewaysPartialSignParams = { txidaddr, refcoin, hex }
 */
export type GatewaysPartialSignParams = {
  txidaddr: string
  refcoin: string
  hex: string
}

/**
 * `gatewayspartialsign txidaddr refcoin hex`: posts one signer's partial signature of the foreign payout. `txidaddr` is the
 * last transaction of the chain (the withdraw for the first signature, else the latest 'P'); its 10000 marker is spent
 * (last input) and re-created at the gateways global CC address (vout 0); change; 'P' opret with K + 1 and the caller
 * as signer. One normal input ≥ txfee. The signer is not checked against the bind's pubkeys (as the daemon).
 * @throws KomodoCcError BUILD_PARAMS | BUILD_STATE | INSUFFICIENT_FUNDS
 * @example buildGatewaysPartialSign({ txidaddr: withdrawtxid, refcoin: 'KMD', hex: partiallySignedHex }, ctx, { last: withdrawTx, bind })
 */
export function buildGatewaysPartialSign(
  params: GatewaysPartialSignParams,
  context: BuildContext,
  state: GatewaysSigningState,
): BuildResult {
  const {
    txidaddr: txid,
    refcoin,
    hex,
  } = builderParams(params, 'buildGatewaysPartialSign', ['txidaddr', 'refcoin', 'hex'])
  const ctx = checkContext(context)
  const last = txidParam(txid, 'txidaddr')
  coinParam(refcoin)
  const h = externalHex(hex)
  const base = signingBase(last, refcoin, state, `can't find last tx ${last}`)
  const normal = normalInputs(ctx, ctx.fee, 1, 'error adding funds for partialsign')
  const opret = encodeGatewaysPayload({
    funcid: 'P',
    withdrawtxid: base.withdrawtxid,
    refcoin,
    K: base.K + 1,
    signerpk: bytesToHex(ctx.pubkey),
    hex: h,
  })
  return done([...normal, base.marker], [{ value: MARKER, script: ccScript(markerCond()) }], opret, ctx)
}

/**
 * The parameters of `gatewayscompletesigning`, named as the daemon names them (same order as its RPC).
 * @example const p: GatewaysCompleteSigningParams = { withdrawtxid, coin, hex }
 */
export type GatewaysCompleteSigningParams = {
  withdrawtxid: string
  coin: string
  hex: string
}

/**
 * `gatewayscompletesigning withdrawtxid coin hex`: posts the fully signed foreign payout (`withdrawtxid`: the last
 * transaction of the signing chain, as for partialsign); as
 * {@link buildGatewaysPartialSign} with the 'S' opret (withdrawtxid, coin, K + 1, hex).
 * @throws KomodoCcError BUILD_PARAMS | BUILD_STATE | INSUFFICIENT_FUNDS
 * @example buildGatewaysCompleteSigning({ withdrawtxid: lasttxid, coin: 'KMD', hex: signedHex }, ctx, { last, withdraw, bind })
 */
export function buildGatewaysCompleteSigning(
  params: GatewaysCompleteSigningParams,
  context: BuildContext,
  state: GatewaysSigningState,
): BuildResult {
  const {
    withdrawtxid: txid,
    coin: refcoin,
    hex,
  } = builderParams(params, 'buildGatewaysCompleteSigning', ['withdrawtxid', 'coin', 'hex'])
  const ctx = checkContext(context)
  const last = txidParam(txid, 'withdrawtxid')
  coinParam(refcoin)
  const h = externalHex(hex)
  const base = signingBase(last, refcoin, state, `invalid last txid ${last}`)
  const normal = normalInputs(ctx, ctx.fee, 1, 'error adding funds for completesigning')
  const opret = encodeGatewaysPayload({ funcid: 'S', withdrawtxid: base.withdrawtxid, refcoin, K: base.K + 1, hex: h })
  return done([...normal, base.marker], [{ value: MARKER, script: ccScript(markerCond()) }], opret, ctx)
}

// ---------------------------------------------------------------------------------------------------------------
// gatewaysmarkdone

/** State for {@link buildGatewaysMarkDone}. @example const s: GatewaysMarkDoneState = { complete: completeHex, withdraw: withdrawHex, bind: bindHex } */
export type GatewaysMarkDoneState = {
  /** The complete-signing ('S') transaction. */
  complete?: StateTx
  /** False while it is neither notarized nor deep enough; default true. */
  completeConfirmed?: boolean
  /** Its withdraw ('W'). */
  withdraw?: StateTx
  /** The withdraw's bind. */
  bind?: StateTx
}

/**
 * The parameters of `gatewaysmarkdone`, named as the daemon names them (same order as its RPC).
 * @example const p: GatewaysMarkDoneParams = { completesigningtx, coin }
 */
export type GatewaysMarkDoneParams = {
  completesigningtx: string
  coin: string
}

/**
 * `gatewaysmarkdone completesigningtx coin`: closes a withdraw once the payout is on the foreign chain: spends the
 * 'S' marker (last input) and releases it as normal coins to the caller (vout 0 = 10000 P2PK), change, 'M' opret
 * (withdrawtxid, coin, completetxid). One normal input ≥ txfee.
 * @throws KomodoCcError BUILD_PARAMS | BUILD_STATE | INSUFFICIENT_FUNDS
 * @example buildGatewaysMarkDone({ completesigningtx: completetxid, coin: 'KMD' }, ctx, { complete, withdraw, bind })
 */
export function buildGatewaysMarkDone(
  params: GatewaysMarkDoneParams,
  context: BuildContext,
  state: GatewaysMarkDoneState,
): BuildResult {
  const { completesigningtx, coin: refcoin } = builderParams(params, 'buildGatewaysMarkDone', [
    'completesigningtx',
    'coin',
  ])
  const ctx = checkContext(context)
  const cid = txidParam(completesigningtx, 'completesigningtx')
  coinParam(refcoin)
  if (state === undefined || state.complete === undefined)
    throw daemonRefusal(`invalid completesigning txid ${cid}`, {}, 'BUILD_STATE')
  const complete = stateOutputs(state.complete, cid, 'state.complete')
  const s = lastOpret(complete, decodeGatewaysOpret)
  if (
    s === undefined ||
    s.funcid !== 'S' ||
    !('withdrawtxid' in s) ||
    ('layout' in s && s.layout === 'legacy') ||
    s.refcoin !== refcoin
  )
    throw daemonRefusal(`cannot decode completesigning tx opret ${cid}`, {}, 'BUILD_STATE')
  if (state.completeConfirmed === false)
    throw daemonRefusal('gatewayscompletesigning tx not yet confirmed/notarized', {}, 'BUILD_STATE')
  const wid = s.withdrawtxid
  if (state.withdraw === undefined) throw daemonRefusal(`invalid withdraw txid ${wid}`, {}, 'BUILD_STATE')
  const w = lastOpret(stateOutputs(state.withdraw, wid, 'state.withdraw'), decodeGatewaysOpret)
  if (w === undefined || w.funcid !== 'W' || !('bindtxid' in w) || w.refcoin !== refcoin)
    throw daemonRefusal(`cannot decode withdraw tx opret ${wid}`, {}, 'BUILD_STATE')
  if (state.bind === undefined) throw daemonRefusal(`can't find bind tx ${w.bindtxid}`, {}, 'BUILD_STATE')
  const b = decodeBind(stateOutputs(state.bind, w.bindtxid, 'state.bind'), false)
  if (b === undefined || b.coin !== refcoin || b.tokenid !== w.tokenid)
    throw daemonRefusal(`invalid bind tx ${w.bindtxid}`, {}, 'BUILD_STATE')
  const v0 = complete.vout[0]
  if (v0 === undefined || v0.value !== MARKER || !equalBytes(v0.script, ccScript(markerCond())))
    throw new KomodoCcError('BUILD_STATE', `${cid}'s vout 0 is not a 10000 marker at the gateways global CC address`, {
      txid: cid,
    })
  const marker: InputPlan = {
    kind: 'cc',
    utxo: { txid: cid, vout: 0, satoshis: v0.value, script: v0.script },
    role: 'global',
    condition: markerCond(),
    evalCode: EVAL.GATEWAYS,
  }
  const normal = normalInputs(ctx, ctx.fee, 1, 'error adding funds for markdone')
  const opret = encodeGatewaysPayload({ funcid: 'M', withdrawtxid: wid, refcoin, completetxid: cid })
  return done([...normal, marker], [{ value: MARKER, script: p2pkScript(ctx.pubkey) }], opret, ctx)
}
