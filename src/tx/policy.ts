// A node's relay policy (komodod's IsStandardTx) and the one consensus rule on output script size, as data and as
// one check that the devnet, the wallet, `submit` and the oracle publisher all call.
import { assertBool, assertInt } from '../bytes/assert.js'
import { KomodoCcError } from '../errors.js'
import { ccScriptParts, mayAcceptCondition } from '../script/classify.js'
import { parseCcV2Script } from '../script/ccv2.js'
import { OP } from '../script/opcodes.js'
import {
  DATACARRIER_SIZE_ASSET_CHAIN,
  DATACARRIER_SIZE_KMD,
  IGUANA_MAXSCRIPTSIZE,
  MAX_SCRIPT_SIZE,
  getOp,
  isPushOnly,
} from '../script/script.js'
import type { Transaction, TxOutput } from './types.js'

/** komodod's default `-minrelaytxfee` in satoshis per 1000 bytes (`DEFAULT_MIN_RELAY_TX_FEE`, src/main.h). @example DEFAULT_MIN_RELAY_TX_FEE // 100n */
export const DEFAULT_MIN_RELAY_TX_FEE = 100n
/** Largest standard scriptSig (`IsStandardTx`'s "scriptsig-size", src/main.cpp). @example MAX_STANDARD_SCRIPTSIG_SIZE // 1650 */
export const MAX_STANDARD_SCRIPTSIG_SIZE = 1650

/**
 * A node's relay policy: what komodod's `IsStandardTx` (src/main.cpp) lets into its mempool and its blocks, with
 * the command-line option that sets each field. Make one with {@link relayPolicy}.
 */
export type RelayPolicy = {
  /** `'KMD'` or `'asset'`: the chain kind its defaults came from. */
  readonly chain: 'KMD' | 'asset'
  /** `-datacarrier` (default true): false refuses every OP_RETURN output. */
  readonly datacarrier: boolean
  /**
   * `-datacarriersize` (src/init.cpp): the largest OP_RETURN script, in bytes (the OP_RETURN opcode and its push
   * prefix included). Default 208 on asset chains (`MAX_OP_RETURN_RELAY_AC`), 140 on KMD (`MAX_OP_RETURN_RELAY_KMD`).
   */
  readonly datacarriersize: number
  /** `-minrelaytxfee` in satoshis per 1000 bytes (default 100): sets the dust threshold (`GetDustThreshold`). */
  readonly minrelaytxfee: bigint
  /** `-permitbaremultisig` (default true). */
  readonly permitbaremultisig: boolean
  /** Whether crypto-condition outputs are a standard type (`IsCryptoConditionsEnabled`: asset chains with `-ac_cc`). */
  readonly cryptoconditions: boolean
  /**
   * Whether CC v2 ("mixed mode", `'M'`/`'N'`) outputs are a standard type, as on Tokel's fork, whose `Solver` reads
   * them as `TX_CRYPTOCONDITION` (tokel src/script/standard.cpp); KomodoPlatform's daemon does not. Default false.
   */
  readonly ccv2?: boolean
}

/** Overrides of {@link relayPolicy}: the node's options by their command-line names. */
export type RelayPolicyOptions = {
  datacarrier?: boolean
  datacarriersize?: number
  minrelaytxfee?: bigint
  permitbaremultisig?: boolean
  cryptoconditions?: boolean
  ccv2?: boolean
}

/**
 * A relay policy: komodod's defaults for the chain kind (`'asset'`: a CC asset chain, the default; `'KMD'`), with
 * the node options given. `datacarriersize` is what `-datacarriersize=N` sets (src/init.cpp `AppInit2`:
 * `nMaxDatacarrierBytes = GetArg("-datacarriersize", isKMD ? MAX_OP_RETURN_RELAY_KMD : MAX_OP_RETURN_RELAY_AC)`).
 * @throws KomodoCcError ARG_INVALID | INT_RANGE | BYTES_TYPE
 * @example relayPolicy('asset', { datacarriersize: 10001 }).datacarriersize // 10001
 */
export function relayPolicy(chain: 'KMD' | 'asset' = 'asset', options: RelayPolicyOptions = {}): RelayPolicy {
  if (chain !== 'KMD' && chain !== 'asset')
    throw new KomodoCcError('ARG_INVALID', `relayPolicy chain expected 'KMD' or 'asset', got ${String(chain)}`, {
      name: 'chain',
    })
  if (typeof options !== 'object' || options === null)
    throw new KomodoCcError('ARG_INVALID', 'relayPolicy options expected an object', { name: 'options' })
  const size =
    options.datacarriersize === undefined
      ? chain === 'KMD'
        ? DATACARRIER_SIZE_KMD
        : DATACARRIER_SIZE_ASSET_CHAIN
      : assertInt(options.datacarriersize, 0, 0xffffffff, 'datacarriersize')
  const fee = options.minrelaytxfee ?? DEFAULT_MIN_RELAY_TX_FEE
  if (typeof fee !== 'bigint' || fee <= 0n)
    throw new KomodoCcError('ARG_INVALID', `minrelaytxfee expected a positive bigint (sat per 1000 bytes)`, {
      name: 'minrelaytxfee',
    })
  const flag = (v: boolean | undefined, d: boolean, name: string): boolean =>
    v === undefined ? d : assertBool(v, name)
  return Object.freeze({
    chain,
    datacarrier: flag(options.datacarrier, true, 'datacarrier'),
    datacarriersize: size,
    minrelaytxfee: fee,
    permitbaremultisig: flag(options.permitbaremultisig, true, 'permitbaremultisig'),
    cryptoconditions: flag(options.cryptoconditions, chain === 'asset', 'cryptoconditions'),
    ...(options.ccv2 === undefined ? {} : { ccv2: assertBool(options.ccv2, 'ccv2') }),
  })
}

/**
 * The relay policy of Tokel's daemon (spec tokel-v2, appendix): its `IsStandard` has no `-datacarriersize` check, so
 * an OP_RETURN up to the consensus bound (10001 bytes, `IGUANA_MAXSCRIPTSIZE`) relays; CC v2 outputs are standard;
 * dust and the one-OP_RETURN rule as on KomodoPlatform's.
 * @example TOKEL_POLICY.datacarriersize // 10001
 */
export const TOKEL_POLICY: RelayPolicy = /* @__PURE__ */ relayPolicy('asset', {
  datacarriersize: IGUANA_MAXSCRIPTSIZE,
  ccv2: true,
})

/** A default asset chain's policy (208-byte OP_RETURN scripts). @example ASSET_CHAIN_POLICY.datacarriersize // 208 */
export const ASSET_CHAIN_POLICY: RelayPolicy = /* @__PURE__ */ relayPolicy('asset')
/** A default KMD node's policy (140-byte OP_RETURN scripts, no CC outputs). @example KMD_POLICY.datacarriersize // 140 */
export const KMD_POLICY: RelayPolicy = /* @__PURE__ */ relayPolicy('KMD')

/** The output types of komodod's `Solver` (src/script/standard.cpp). */
export type StandardType = 'pubkey' | 'pubkeyhash' | 'scripthash' | 'multisig' | 'nulldata' | 'cryptocondition'

/** CPubKey::ValidSize: a key's length agrees with its first byte (33 for 02/03, 65 for 04/06/07). */
function validKeySize(k: Uint8Array): boolean {
  if (k.length === 0) return false
  const f = k[0]!
  const want = f === 2 || f === 3 ? 33 : f === 4 || f === 6 || f === 7 ? 65 : 0
  return want === k.length
}

/**
 * komodod's `Solver` (src/script/standard.cpp) on an output script: its type, or null for `TX_NONSTANDARD`. Unlike
 * `classifyScript` (which follows `decodescript`'s looser printing), this is the policy's matcher: P2PK and P2PKH
 * only in their exact templates, multisig keys of valid sizes, CC only when `MayAcceptCryptoCondition`.
 * @example solverType(p2pkhScript(hash)) // 'pubkeyhash'
 */
export function solverType(
  script: Uint8Array,
  cryptoconditions = true,
  ccv2 = false,
): { type: StandardType; m?: number; n?: number } | null {
  const s = script
  const n = s.length
  // IsPayToScriptHash
  if (n === 23 && s[0] === OP.HASH160 && s[1] === 20 && s[22] === OP.EQUAL) return { type: 'scripthash' }
  // provably prunable data carrier: OP_RETURN then pushes only
  if (n >= 1 && s[0] === OP.RETURN && isPushOnly(s, 1)) return { type: 'nulldata' }
  // Tokel's Solver: a CC v2 script ('M'/'N' blob then cc) whose blob decodes (IsPayToCryptoCondition's mixed branch)
  if (cryptoconditions && ccv2 && parseCcV2Script(s) !== null) return { type: 'cryptocondition' }
  if (cryptoconditions && ccScriptParts(s) !== null)
    return mayAcceptCondition(ccScriptParts(s)!.condition) ? { type: 'cryptocondition' } : null
  // MatchPayToPubkey: a direct push of 65 or 33 bytes then OP_CHECKSIG
  if ((n === 67 && s[0] === 65) || (n === 35 && s[0] === 33))
    if (s[n - 1] === OP.CHECKSIG && validKeySize(s.subarray(1, n - 1))) return { type: 'pubkey' }
  // MatchPayToPubkeyHash
  if (n === 25 && s[0] === OP.DUP && s[1] === OP.HASH160 && s[2] === 20 && s[23] === OP.EQUALVERIFY)
    if (s[24] === OP.CHECKSIG) return { type: 'pubkeyhash' }
  // MatchMultisig: OP_m <valid keys…> OP_n OP_CHECKMULTISIG
  if (n >= 1 && s[n - 1] === OP.CHECKMULTISIG) {
    const small = (op: number): number | null => (op >= OP['1'] && op <= OP['16'] ? op - 0x50 : null)
    const m = small(s[0]!)
    if (m === null) return null
    let pc = 1
    let keys = 0
    let last: number | null = null
    for (;;) {
      if (pc >= n) break
      const op = getOp(s, pc)
      if (op === null) break
      pc = op.end
      if (op.data !== undefined && validKeySize(op.data)) {
        keys++
        continue
      }
      last = op.opcode
      break
    }
    const k = last === null ? null : small(last)
    if (k !== null && keys === k && k >= m && pc + 1 === n) return { type: 'multisig', m, n: k }
  }
  return null
}

/** One rule a transaction breaks (see {@link relayPolicyViolations}). */
export type PolicyViolation = {
  /** komodod's reject reason: `scriptpubkey`, `dust`, `multi-op-return`, `bare-multisig`, `scriptsig-size`, … */
  reason: string
  /** True for the consensus rule (`bad-txns-opret-too-big`): no node option admits it. */
  consensus: boolean
  /** The output or input concerned. */
  vout?: number
  vin?: number
  /** What is too big or too small, and the limit. */
  size?: number
  limit?: number
  value?: bigint
  threshold?: bigint
  /** The node option that would admit the transaction (e.g. `-datacarriersize=348`), when one would. */
  option?: string
  /** What happened, in words. */
  message: string
}

/** Size of a serialized output: 8-byte value, CompactSize script length, script. */
function outputSize(o: TxOutput): number {
  const n = o.script.length
  return 8 + (n < 253 ? 1 : n <= 0xffff ? 3 : 5) + n
}

/**
 * The dust threshold of an output (`CTxOut::GetDustThreshold`, src/primitives/transaction.h): 3 × the relay fee of
 * spending it (its size + 148 bytes) at `minrelaytxfee` (`CFeeRate::GetFee`: at least the per-kB rate itself), 0 for
 * an unspendable script (OP_RETURN first, or longer than 10000 bytes). 54 sat for a P2PKH output at the default rate.
 * @example dustThreshold({ value: 0n, script: p2pkhScript(h) }) // 54n
 */
export function dustThreshold(output: TxOutput, minrelaytxfee: bigint = DEFAULT_MIN_RELAY_TX_FEE): bigint {
  const s = output.script
  if ((s.length > 0 && s[0] === OP.RETURN) || s.length > MAX_SCRIPT_SIZE) return 0n
  const size = BigInt(outputSize(output) + 148)
  let fee = (minrelaytxfee * size) / 1000n
  if (fee === 0n && minrelaytxfee > 0n) fee = minrelaytxfee
  return 3n * fee
}

/**
 * Every rule of `policy` (komodod's `IsStandardTx`, src/main.cpp, in its order) and the consensus rule on output
 * script size (`CheckTransaction`: a scriptPubKey over `IGUANA_MAXSCRIPTSIZE` = 10001 bytes is
 * `bad-txns-opret-too-big`) that `tx` breaks; empty when a node with that policy relays it. Unlike komodod, which
 * stops at the first, all are listed; komodod's answer is the first's `reason`.
 * @example relayPolicyViolations(tx, ASSET_CHAIN_POLICY).map((v) => v.reason) // ['scriptpubkey']
 */
export function relayPolicyViolations(tx: Transaction, policy: RelayPolicy = ASSET_CHAIN_POLICY): PolicyViolation[] {
  const out: PolicyViolation[] = []
  // CheckTransaction (consensus)
  for (const [v, o] of tx.vout.entries())
    if (o.script.length > IGUANA_MAXSCRIPTSIZE)
      out.push({
        reason: 'bad-txns-opret-too-big',
        consensus: true,
        vout: v,
        size: o.script.length,
        limit: IGUANA_MAXSCRIPTSIZE,
        message:
          `vout ${v}'s script is ${o.script.length} bytes, over the consensus limit of ` +
          `${IGUANA_MAXSCRIPTSIZE} (CheckTransaction: bad-txns-opret-too-big); no node accepts it`,
      })
  // IsStandardTx: Sapling's version rule (Sapling is active on every Komodo chain today)
  if (!tx.overwintered || tx.version !== 4)
    out.push({
      reason: 'sapling-version',
      consensus: false,
      message: `version ${tx.version} is not the Sapling version 4`,
    })
  for (const [i, input] of tx.vin.entries()) {
    if (input.scriptSig.length > MAX_STANDARD_SCRIPTSIG_SIZE)
      out.push({
        reason: 'scriptsig-size',
        consensus: false,
        vin: i,
        size: input.scriptSig.length,
        limit: MAX_STANDARD_SCRIPTSIG_SIZE,
        message: `vin ${i}'s scriptSig is ${input.scriptSig.length} bytes, the standard limit is ${MAX_STANDARD_SCRIPTSIG_SIZE}`,
      })
    else if (!isPushOnly(input.scriptSig))
      out.push({
        reason: 'scriptsig-not-pushonly',
        consensus: false,
        vin: i,
        message: `vin ${i}'s scriptSig is not push-only`,
      })
  }
  let data = 0
  for (const [v, o] of tx.vout.entries()) {
    const t = solverType(o.script, policy.cryptoconditions, policy.ccv2 === true)
    const size = o.script.length
    if (t === null) {
      out.push({
        reason: 'scriptpubkey',
        consensus: false,
        vout: v,
        size,
        message: `vout ${v}'s script is not a standard type (komodod's Solver: nonstandard)`,
      })
      continue
    }
    if (t.type === 'multisig' && (t.n! > 9 || t.m! > t.n!)) {
      out.push({
        reason: 'scriptpubkey',
        consensus: false,
        vout: v,
        message: `vout ${v} is a ${t.m}-of-${t.n} multisig; standard multisig has at most 9 keys`,
      })
      continue
    }
    if (t.type === 'nulldata') {
      if (!policy.datacarrier) {
        out.push({
          reason: 'scriptpubkey',
          consensus: false,
          vout: v,
          size,
          option: '-datacarrier=1',
          message: `vout ${v} is an OP_RETURN output and this node does not relay data carriers (-datacarrier=0); a node with -datacarrier=1 relays it`,
        })
        continue
      }
      if (size > policy.datacarriersize) {
        out.push({
          reason: 'scriptpubkey',
          consensus: false,
          vout: v,
          size,
          limit: policy.datacarriersize,
          ...(size <= IGUANA_MAXSCRIPTSIZE ? { option: `-datacarriersize=${size}` } : {}),
          message:
            `vout ${v} is an OP_RETURN script of ${size} bytes, over this node's -datacarriersize of ${policy.datacarriersize} ` +
            `(${size - policy.datacarriersize} bytes too many)` +
            (size <= IGUANA_MAXSCRIPTSIZE ? `; a node started with -datacarriersize=${size} relays it` : ''),
        })
        continue
      }
      if (size > IGUANA_MAXSCRIPTSIZE) {
        out.push({
          reason: 'opreturn too big',
          consensus: false,
          vout: v,
          size,
          limit: IGUANA_MAXSCRIPTSIZE,
          message: `vout ${v} is an OP_RETURN script of ${size} bytes, over ${IGUANA_MAXSCRIPTSIZE}`,
        })
        continue
      }
      data++
    } else if (t.type === 'multisig' && !policy.permitbaremultisig) {
      out.push({
        reason: 'bare-multisig',
        consensus: false,
        vout: v,
        option: '-permitbaremultisig=1',
        message: `vout ${v} is a bare multisig output and this node has -permitbaremultisig=0`,
      })
    } else if (t.type !== 'cryptocondition') {
      const threshold = dustThreshold(o, policy.minrelaytxfee)
      if (o.value < threshold)
        out.push({
          reason: 'dust',
          consensus: false,
          vout: v,
          value: o.value,
          threshold,
          message:
            `vout ${v} pays ${o.value} sat, below its dust threshold of ${threshold} sat (3 × the ` +
            `relay fee of spending it at -minrelaytxfee ${policy.minrelaytxfee} sat/kB)`,
        })
    }
  }
  if (data > 1)
    out.push({
      reason: 'multi-op-return',
      consensus: false,
      message: `the transaction has ${data} OP_RETURN outputs; a node relays at most one`,
    })
  return out
}

/**
 * Throws when a node with `policy` would refuse `tx` (see {@link relayPolicyViolations}): `TX_NONSTANDARD` for a
 * relay rule, `TX_INVALID` for the consensus rule, the message naming the rule, the size and the node option that
 * would admit it; `details` carry `reason` (komodod's reject text), `vout`, `size`, `limit`, `option`, `violations`.
 * `what` names the transaction in the message; `allowAnyVersion: true` skips the Sapling version rule (for hex a
 * daemon built: its version is the daemon's own choice).
 * @throws KomodoCcError TX_NONSTANDARD | TX_INVALID
 * @example checkRelayPolicy(parseTransaction(hex), relayPolicy('asset', { datacarriersize: 400 }))
 */
export function checkRelayPolicy(
  tx: Transaction,
  policy: RelayPolicy = ASSET_CHAIN_POLICY,
  options: { what?: string; allowAnyVersion?: boolean } = {},
): void {
  const anyVersion =
    options.allowAnyVersion === undefined ? false : assertBool(options.allowAnyVersion, 'allowAnyVersion')
  const all = relayPolicyViolations(tx, policy).filter((v) => !anyVersion || v.reason !== 'sapling-version')
  const first = all[0]
  if (first === undefined) return
  const { message, ...rest } = first
  const kind = policy.chain === 'KMD' ? 'a KMD' : 'an asset chain'
  throw new KomodoCcError(
    first.consensus ? 'TX_INVALID' : 'TX_NONSTANDARD',
    `${options.what ?? 'the transaction'} breaks ` +
      `${first.consensus ? 'a consensus rule' : `the relay policy of ${kind} node`} (komodod: ${first.reason}): ${message}`,
    {
      ...rest,
      ...(rest.value !== undefined ? { value: String(rest.value) } : {}),
      ...(rest.threshold !== undefined ? { threshold: String(rest.threshold) } : {}),
      violations: all.map((v) => v.reason),
    },
  )
}

/**
 * Bytes an OP_RETURN script takes for a payload of `length` bytes (OP_RETURN, the push prefix komodod writes, the
 * payload), to compare with a policy's `datacarriersize`.
 * @example opReturnScriptSize(205) // 208
 */
export function opReturnScriptSize(length: number): number {
  assertInt(length, 0, 0xffffffff, 'length')
  return 1 + (length < OP.PUSHDATA1 ? 1 : length <= 0xff ? 2 : length <= 0xffff ? 3 : 5) + length
}

/**
 * The largest OP_RETURN payload (the bytes komodod's `GetOpReturnData` reads) a policy relays: 205 bytes under 208,
 * 137 under 140; -1 when the policy relays no OP_RETURN at all (`-datacarrier=0`).
 * @example maxOpReturnPayload(ASSET_CHAIN_POLICY) // 205
 */
export function maxOpReturnPayload(policy: RelayPolicy = ASSET_CHAIN_POLICY): number {
  if (!policy.datacarrier) return -1
  let n = Math.max(0, Math.min(policy.datacarriersize, IGUANA_MAXSCRIPTSIZE) - 1)
  while (n > 0 && opReturnScriptSize(n) > policy.datacarriersize) n--
  return opReturnScriptSize(n) <= policy.datacarriersize ? n : -1
}
