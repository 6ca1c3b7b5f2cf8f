import { MAX_MONEY } from '../amount.js'
import { bytesToHex } from '../bytes/hex.js'
import { KomodoCcError } from '../errors.js'
import { decodeFulfillment } from '../cc/fulfillment.js'
import type { CcCondition } from '../cc/types.js'
import { ccScriptParts } from '../script/classify.js'
import { parseCcV2Script } from '../script/ccv2.js'
import { getOp } from '../script/script.js'
import { parseTransaction, serializeTransaction, txid as txidOf } from '../tx/codec.js'
import { verifyInput } from '../tx/sign.js'
import { MAX_TX_SIZE_AFTER_SAPLING, isSaplingV4, type Transaction } from '../tx/types.js'
import { ASSET_CHAIN_POLICY, relayPolicyViolations, type RelayPolicy } from '../tx/policy.js'
import { IGUANA_MAXSCRIPTSIZE } from '../script/script.js'
import type { DevChain, Coin } from './chain.js'
import { DevnetRefusal, EVAL_FALSE_TEXT, REJECT, RPC_CODES, rejected } from './refusal.js'
import { coinbaseMatureAt } from '../cctx/resolve.js'

/** Largest amount komodod accepts in one output or in a transaction's total: src/amount.ts's `MAX_MONEY`, re-exported. */
export { MAX_MONEY } from '../amount.js'
/** Locktimes below this are heights (`LOCKTIME_THRESHOLD`). */
export const LOCKTIME_THRESHOLD = 500_000_000

/** A spent input as the module validators see it. */
export type SpentInput = { index: number; coin: Coin; cc: boolean; evalCodes: number[] }

/** What a module validator gets: the chain (confirmed and mempool), the transaction and its resolved inputs. */
export type ModuleCheck = { chain: DevChain; tx: Transaction; txid: string; inputs: SpentInput[] }

/** A module's consensus validator: throws a {@link DevnetRefusal} (see `moduleRejected`) to refuse. */
export type ModuleValidator = (check: ModuleCheck) => void

/** Options of {@link acceptTransaction}. */
export type AcceptOptions = {
  /** Consensus validators by eval code; a CC input whose eval code has none is refused (komodod: module not enabled). */
  validators: ReadonlyMap<number, ModuleValidator>
  /** Check only: run every rule but do not add the transaction to the mempool. */
  dryRun?: boolean
  /**
   * The node's relay policy (`IsStandardTx`): default the chain's (`chain.policy`: komodod's for an asset chain,
   * 208-byte OP_RETURN scripts, dust, one OP_RETURN, standard output types, unless the devnet was started with another).
   */
  policy?: RelayPolicy
  /** `sendrawtransaction`'s `allowhighfees`: skip the absurd-fee refusal (default false, as komodod's). */
  allowHighFees?: boolean
}

/** komodod's default `-minrelaytxfee` in satoshis per 1000 bytes (`DEFAULT_MIN_RELAY_TX_FEE`, src/main.h). */
export const DEFAULT_MIN_RELAY_TX_FEE = 100n

/**
 * `AcceptToMemoryPool`'s absurd-fee rule (src/main.cpp, `fRejectAbsurdFee`, on unless `sendrawtransaction`'s
 * `allowhighfees`): the fee is refused when it is above 10000 × `minRelayTxFee.GetFee(size)` and above
 * valueOut / 19. `CFeeRate::GetFee` (src/amount.cpp): rate × size / 1000, and the rate itself when that is 0.
 * @example isAbsurdFee(1_000_000n, 250, 100_000n) // true
 */
export function isAbsurdFee(fee: bigint, size: number, valueOut: bigint): boolean {
  return fee > absurdLimit(size) && fee > valueOut / 19n
}

/** Eval codes named by a fulfillment tree (first byte of each eval-sha-256 code). */
export function fulfillmentEvalCodes(cond: CcCondition): number[] {
  const out: number[] = []
  const walk = (c: CcCondition): void => {
    if (c.type === 'eval-sha-256') {
      if (c.code.length > 0) out.push(c.code[0]!)
    } else if (c.type === 'threshold-sha-256') c.subconditions.forEach(walk)
    else if (c.type === 'prefix-sha-256') walk(c.subcondition)
  }
  walk(cond)
  return out
}

/**
 * The eval codes of a CC input's fulfillment (empty when the scriptSig is not one push of a decodable fulfillment).
 * `v2`: the spent output is a CC v2 script, whose fulfillment may hold type-6 (secp256k1 key-hash) nodes (Tokel).
 */
function inputEvalCodes(scriptSig: Uint8Array, v2 = false): number[] {
  const op = getOp(scriptSig, 0)
  if (op === null || op.data === undefined || op.end !== scriptSig.length || op.data.length < 2) return []
  try {
    return fulfillmentEvalCodes(
      decodeFulfillment(op.data.subarray(0, op.data.length - 1), v2 ? { allowSecp256k1Hash: true } : {}),
    )
  } catch {
    return []
  }
}

/**
 * `sendrawtransaction` on the devnet: komodod's checks in komodod's order, each refusal with komodod's JSON-RPC code
 * and text — decode (-22 `TX decode failed`), already known (mempool: returns the txid; chain: -27), `CheckTransaction`
 * (`16: bad-txns-…`), contextual rules (Sapling v4 only, expiry, finality), mempool conflicts, missing and spent inputs,
 * every signature (P2PK, P2PKH, CC fulfillments against the spent condition), value balance, then each module's
 * consensus rules for the CC inputs it spends. On success the transaction enters the mempool.
 * @throws DevnetRefusal with `rpcCode`/`rpcMessage`
 * @example const { txid } = acceptTransaction(chain, hex, { validators })
 */
export function acceptTransaction(
  chain: DevChain,
  hex: string,
  options: AcceptOptions,
): { txid: string; fee: bigint; known: boolean } {
  let tx: Transaction
  try {
    tx = parseTransaction(hex)
  } catch (e) {
    throw new DevnetRefusal(RPC_CODES.DESERIALIZATION_ERROR, 'TX decode failed', {
      cause: e instanceof KomodoCcError ? e.code : 'parse',
    })
  }
  const id = txidOf(tx)
  const known = chain.txs.get(id)
  if (known !== undefined) {
    if (known.height < 0) return { txid: id, fee: known.fee, known: true }
    throw new DevnetRefusal(RPC_CODES.TRANSACTION_ALREADY_IN_CHAIN, 'transaction already in block chain')
  }
  checkTransaction(tx)
  const nextHeight = chain.height + 1
  // ContextualCheckTransaction (Sapling is active from the devnet's genesis)
  if (!isSaplingV4(tx))
    throw rejected(REJECT.INVALID, tx.overwintered ? 'bad-sapling-tx-version-group-id' : 'tx-overwinter-active')
  if (tx.expiryHeight !== 0 && nextHeight > tx.expiryHeight)
    throw rejected(REJECT.INVALID, 'tx-overwinter-expired', { expiryHeight: tx.expiryHeight, height: nextHeight })
  // no "expiring soon" refusal: zcashd's TX_EXPIRING_SOON_THRESHOLD check is not in komodod (master 0adeeab:
  // ContextualCheckTransaction and AcceptToMemoryPool in src/main.cpp refuse only an expired transaction)
  if (tx.expiryHeight >= 500_000_000) throw rejected(REJECT.INVALID, 'bad-tx-expiry-height-too-high')
  // IsStandardTx (src/main.cpp; AcceptToMemoryPool calls it after the contextual checks): komodod answers
  // `64: <reason>` (REJECT_NONSTANDARD) with the first rule broken; details say which output, size and node option
  const nonstandard = relayPolicyViolations(tx, options.policy ?? chain.policy ?? ASSET_CHAIN_POLICY).find(
    (v) => !v.consensus,
  )
  if (nonstandard !== undefined) {
    const { reason, message, consensus: _c, ...where } = nonstandard
    throw rejected(REJECT.NONSTANDARD, `${reason} (${message})`, {
      reason,
      ...where,
      ...(where.value !== undefined ? { value: String(where.value) } : {}),
      ...(where.threshold !== undefined ? { threshold: String(where.threshold) } : {}),
      why: message,
    })
  }
  if (tx.lockTime !== 0 && !tx.vin.every((i) => i.sequence === 0xffffffff)) {
    const limit = tx.lockTime < LOCKTIME_THRESHOLD ? nextHeight : chain.tip.time
    if (tx.lockTime >= limit)
      throw new DevnetRefusal(RPC_CODES.TRANSACTION_REJECTED, `${REJECT.NONSTANDARD}: non-final`)
  }
  if (
    tx.shieldedSpends.length > 0 ||
    tx.shieldedOutputs.length > 0 ||
    tx.joinSplits.length > 0 ||
    tx.valueBalance !== 0n
  )
    throw rejected(REJECT.INVALID, 'bad-txns-shielded-unsupported (the devnet has no shielded pool)')
  // mempool conflicts (komodod: replacement disabled; it answers -25 with an empty message, we name the reason)
  for (const [n, i] of tx.vin.entries()) {
    const by = chain.mempoolSpends.get(`${i.txid}:${i.vout}`)
    if (by !== undefined) throw rejected(REJECT.DUPLICATE, 'txn-mempool-conflict', { input: n, spentBy: by })
  }
  // inputs
  const inputs: SpentInput[] = []
  let valueIn = 0n
  for (const [n, i] of tx.vin.entries()) {
    const source = chain.txs.get(i.txid)
    const coin = chain.coin(i.txid, i.vout)
    if (coin === undefined) {
      const anyLeft =
        source !== undefined &&
        source.tx.vout.some(
          (_, v) =>
            chain.coin(i.txid, v, false) !== undefined || (source.height < 0 && chain.coin(i.txid, v) !== undefined),
        )
      if (!anyLeft) throw new DevnetRefusal(RPC_CODES.TRANSACTION_ERROR, 'Missing inputs', { input: n })
      throw rejected(REJECT.DUPLICATE, 'bad-txns-inputs-spent', { input: n })
    }
    // a CC v2 output (Tokel's mixed mode) is a CC input too: its fulfillment names the eval codes to run
    const v2 = parseCcV2Script(coin.script) !== null
    const cc = v2 || ccScriptParts(coin.script) !== null
    inputs.push({ index: n, coin, cc, evalCodes: cc ? inputEvalCodes(i.scriptSig, v2) : [] })
    valueIn += coin.value
  }
  checkCoinbaseMaturity(chain, inputs)
  const valueOut = tx.vout.reduce((s, o) => s + o.value, 0n)
  if (valueIn < valueOut)
    throw rejected(REJECT.INVALID, 'bad-txns-in-belowout', { valueIn: String(valueIn), valueOut: String(valueOut) })
  // AcceptToMemoryPool's absurd fee (before the scripts, as komodod): state.Error, so -25 with the log's text
  if (options.allowHighFees !== true && isAbsurdFee(valueIn - valueOut, hex.length / 2, valueOut))
    throw new DevnetRefusal(
      RPC_CODES.TRANSACTION_ERROR,
      `AcceptToMemoryPool: absurdly high fees ${id}, ${valueIn - valueOut} > ${absurdLimit(hex.length / 2)}`,
      { fee: String(valueIn - valueOut) },
    )
  // scripts
  for (const inp of inputs) {
    const r = verifyInput(
      tx,
      inp.index,
      { value: inp.coin.value, script: inp.coin.script },
      chain.secp256k1 === undefined ? {} : { backend: chain.secp256k1 },
    )
    if (!r.valid) {
      if (r.kind === 'unsupported')
        throw rejected(
          REJECT.NONSTANDARD,
          `non-mandatory-script-verify-flag (the devnet cannot verify this input: ${r.reason ?? 'unsupported'})`,
          { input: inp.index },
        )
      throw rejected(REJECT.INVALID, EVAL_FALSE_TEXT, { input: inp.index, why: r.reason })
    }
  }
  // module consensus, once per eval code spent
  const evals = new Set(inputs.flatMap((i) => i.evalCodes))
  for (const inp of inputs)
    if (inp.cc && inp.evalCodes.length === 0)
      throw rejected(REJECT.INVALID, EVAL_FALSE_TEXT, { input: inp.index, why: 'CC input without an eval condition' })
  for (const code of evals) {
    const v = options.validators.get(code)
    if (v === undefined)
      throw rejected(
        REJECT.INVALID,
        `${EVAL_FALSE_TEXT}; eval 0x${code.toString(16)}: no validator on this devnet (module not enabled)`,
        { evalCode: code },
      )
    v({ chain, tx, txid: id, inputs })
  }
  const fee = valueIn - valueOut
  if (options.dryRun !== true) chain.addToMempool(tx, hex.toLowerCase(), fee)
  return { txid: id, fee, known: false }
}

/**
 * Coinbase maturity, as `CheckTxInputs` (src/main.cpp) checks it for the next block (`nSpendHeight`): a coinbase output
 * confirmed at `nHeight` is refused while `nSpendHeight - nHeight < Params().CoinbaseMaturity()`, with
 * `bad-txns-premature-spend-of-coinbase` (REJECT_INVALID). The maturity is the devnet's ({@link DevChain.coinbaseMaturity});
 * the genesis premine is exempt (komodod never has a genesis output to spend).
 */
function checkCoinbaseMaturity(chain: DevChain, inputs: readonly SpentInput[]): void {
  for (const inp of inputs)
    if (inp.coin.coinbase && !coinbaseMatureAt(inp.coin.height, chain.height, chain.coinbaseMaturity))
      throw rejected(REJECT.INVALID, 'bad-txns-premature-spend-of-coinbase', {
        input: inp.index,
        depth: chain.height + 1 - inp.coin.height,
        maturity: chain.coinbaseMaturity,
      })
}

/** 10000 × `minRelayTxFee.GetFee(size)`. */
function absurdLimit(size: number): bigint {
  const fee = (DEFAULT_MIN_RELAY_TX_FEE * BigInt(size)) / 1000n
  return (fee === 0n ? DEFAULT_MIN_RELAY_TX_FEE : fee) * 10000n
}

/** `CheckTransaction`: context-free rules. */
function checkTransaction(tx: Transaction): void {
  if (tx.vin.length === 0) throw rejected(REJECT.INVALID, 'bad-txns-vin-empty')
  if (tx.vout.length === 0) throw rejected(REJECT.INVALID, 'bad-txns-vout-empty')
  if (serializeTransaction(tx).length > MAX_TX_SIZE_AFTER_SAPLING) throw rejected(REJECT.INVALID, 'bad-txns-oversize')
  let total = 0n
  for (const [v, o] of tx.vout.entries()) {
    if (o.value < 0n) throw rejected(REJECT.INVALID, 'bad-txns-vout-negative')
    if (o.value > MAX_MONEY) throw rejected(REJECT.INVALID, 'bad-txns-vout-toolarge')
    // CheckTransaction (src/main.cpp): a scriptPubKey over IGUANA_MAXSCRIPTSIZE is invalid, whatever the policy
    if (o.script.length > IGUANA_MAXSCRIPTSIZE)
      throw rejected(REJECT.INVALID, 'bad-txns-opret-too-big', {
        vout: v,
        size: o.script.length,
        limit: IGUANA_MAXSCRIPTSIZE,
      })
    total += o.value
    if (total > MAX_MONEY) throw rejected(REJECT.INVALID, 'bad-txns-txouttotal-toolarge')
  }
  const seen = new Set<string>()
  for (const i of tx.vin) {
    const k = `${i.txid}:${i.vout}`
    if (seen.has(k)) throw rejected(REJECT.INVALID, 'bad-txns-inputs-duplicate')
    seen.add(k)
  }
  const coinbase = tx.vin.length === 1 && tx.vin[0]!.vout === 0xffffffff && /^0{64}$/.test(tx.vin[0]!.txid)
  if (coinbase) throw rejected(REJECT.INVALID, 'coinbase')
  for (const i of tx.vin)
    if (i.vout === 0xffffffff && /^0{64}$/.test(i.txid)) throw rejected(REJECT.INVALID, 'bad-txns-prevout-null')
}

/** Hex of a script, for comparisons. @internal */
export function scriptHex(s: Uint8Array): string {
  return bytesToHex(s)
}
