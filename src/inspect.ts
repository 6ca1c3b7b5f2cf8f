import { KomodoCcError } from './errors.js'
import { hexToBytes } from './bytes/hex.js'
import { describe as describeValue } from './bytes/assert.js'
import { KMD, chainParams, type ChainParams } from './address/chain.js'
import { hash160ToAddress } from './address/address.js'
import { parseTransaction, txid as txidOf, txidOfBytes } from './tx/codec.js'
import type { Transaction } from './tx/types.js'
import { ccScriptParts, classifyScript, mayAcceptCondition } from './script/classify.js'
import { hash160 } from './hash/index.js'
import { cc1of1, encodeCondition, tokensCc1of1 } from './cc/condition.js'
import { txidPubkey } from './cc/address.js'
import { formatOracleSample } from './oracles/format.js'
import { EVAL_ASSETS, EVAL_DICE, EVAL_FAUCET, EVAL_GATEWAYS, EVAL_ORACLES, EVAL_REWARDS, EVAL_TOKENS, hexOf, opretPayload } from './modules/opret.js'
import { decodeTokensPayload, type TokensOpret } from './modules/tokens/opret.js'
import { decodeFaucetPayload, type FaucetOpret } from './modules/faucet/opret.js'
import { decodeDicePayload, type DiceOpret } from './modules/dice/opret.js'
import { decodeOraclesPayload, type OraclesOpret } from './modules/oracles/opret.js'
import { decodeGatewaysPayload, decodeGateways2018Payload, GATEWAYS_BLOB_ID, type GatewaysOpret, type Gateways2018Opret } from './modules/gateways/opret.js'
import { ccSpendOf, type CcSpend } from './cc/spend.js'
import { decodeRewardsPayload, rewardsAprToPercent, type RewardsOpret } from './modules/rewards/opret.js'

/** The six modules the inspector knows. @example const m: ModuleName | null = inspectTransaction(hex).module */
export type ModuleName = 'tokens' | 'faucet' | 'dice' | 'oracles' | 'gateways' | 'rewards'

/** Global ("unspendable") pubkeys of the modules (komodo src/cc/CCcustom.cpp), by eval code. @example MODULE_GLOBAL_PUBKEYS[0xec] // '038c1d42…5691a' */
export const MODULE_GLOBAL_PUBKEYS: Readonly<Record<number, string>> = /* @__PURE__ */ Object.freeze({
  [0xe3]: '02adf84e0e075cf90868bd4e3d34a03420e034719649c41f371fc70d8e33aa2702',
  [0xe4]: '03682b255c40d0cde8faee381a1a50bbb89980ff24539cb8518e294d3a63cefe12',
  [0xe5]: '03da60379d924c2c30ac290d2a86c2ead128cb7bd571f69211cb95356e2dcc5eb9',
  [0xe6]: '039d966927cfdadab3ee6c56da63c21f17ea753dde4b3dfd41487103e24b27e94e',
  [0xec]: '038c1d42db6a45a57eccb8981b078fb7857b9b496293fe299d2b8d120ac5b5691a',
  [0xf1]: '03ea9c062b9652d8eff34879b504eda0717895d27597aaeb60347d65eed96ccb40',
  [0xf2]: '03e6191c70c9c9a28f9fd87089b9488d0e6c02fb629df64979c9cdb6b2b4a68d95',
})

/** The RPC that builds each (module, funcid). Dice 'W'/'L'/'T'/'R' and gateways signing steps name their builder RPC. */
const METHODS: Readonly<Record<string, string>> = /* @__PURE__ */ Object.freeze({
  'tokens.c': 'tokencreate', 'tokens.t': 'tokentransfer',
  'faucet.G': 'faucetget', 'faucet.fund': 'faucetfund',
  'dice.F': 'dicefund', 'dice.E': 'diceaddfunds', 'dice.B': 'dicebet', 'dice.W': 'dicefinish', 'dice.L': 'dicefinish',
  'dice.T': 'dicefinish', 'dice.R': 'dicefinish',
  'oracles.C': 'oraclescreate', 'oracles.F': 'oraclesfund', 'oracles.R': 'oraclesregister', 'oracles.S': 'oraclessubscribe',
  'oracles.D': 'oraclesdata',
  'gateways.B': 'gatewaysbind', 'gateways.D': 'gatewaysdeposit', 'gateways.C': 'gatewaysclaim', 'gateways.W': 'gatewayswithdraw',
  'gateways.P': 'gatewayspartialsign', 'gateways.S': 'gatewayscompletesigning', 'gateways.M': 'gatewaysmarkdone',
  'rewards.F': 'rewardscreatefunding', 'rewards.A': 'rewardsaddfunding', 'rewards.L': 'rewardslock', 'rewards.U': 'rewardsunlock',
})

/** What the inspector knows of one output. @example inspectTransaction(hex).outputs[1].role // 'baton' */
export type InspectedOutput = {
  n: number
  value: bigint
  /** Script kind: CC, pay-to-pubkey, pay-to-pubkey-hash, P2SH, bare multisig, the opret, or anything else. */
  kind: 'cc' | 'p2pk' | 'p2pkh' | 'p2sh' | 'multisig' | 'opreturn' | 'nonstandard'
  /** Address (CC address for CC outputs: hash160 of the script up to 0xcc). */
  address: string | null
  /** P2PK key, or the key of a CC output when identified. */
  pubkey?: string
  /** CC outputs: condition shape (from the cost), and eval codes and key when the output was rebuilt from a known key. */
  cc?: {
    condition: 'cc1of1' | 'cc1of2' | 'tokens1of1' | 'other'
    evalCodes: number[] | null
    pubkey: string | null
    /** The module global key (CC outputs at a module's global address). */
    global: boolean
  }
  /** Role in the module's transaction layout (marker, baton, change, …), when recognised. */
  role?: string
}

/** Options of {@link inspectTransaction}. @example inspectTransaction(hex, { oracleFormat: 'Ihh', prevouts: [{ value: 20000n }] }) */
export type InspectOptions = {
  /** Address versions (default KMD: 60/85). */
  chain?: ChainParams | string
  /** Spent outputs' values, one per input in order (null when unknown); with all given, `fee` is computed. */
  prevouts?: readonly ({ value: bigint } | null)[]
  /** Extra pubkeys to try when identifying CC outputs (e.g. a publisher's key for a subscription). */
  pubkeys?: readonly (string | Uint8Array)[]
  /** The oracle's format string, to print an `oraclesdata` sample as `oraclessample` does. */
  oracleFormat?: string
}

/** The result of {@link inspectTransaction}. @example const ins: Inspection = inspectTransaction(hex) */
export type Inspection = {
  txid: string
  module: ModuleName | null
  /** The RPC that builds such a transaction (`tokencreate`, `oraclesdata`, `dicefinish`, …), or null. */
  method: string | null
  funcid: string | null
  /** Eval code of the opret payload (0xe3 for the 2018 Assets-era token layouts), or null. */
  evalCode: number | null
  /** The decoded opret payload, or null. */
  payload: TokensOpret | FaucetOpret | DiceOpret | OraclesOpret | GatewaysOpret | Gateways2018Opret | RewardsOpret | null
  /** Set when the last output is an opret that does not decode (code and message of the decoder's error). */
  error?: { code: string; message: string }
  outputs: InspectedOutput[]
  /** Σ prevouts − Σ outputs, when `prevouts` were given for every input. */
  fee?: bigint
  /** The module's own reading of the transaction (names, amounts, odds, reward …). */
  reading: Record<string, unknown>
}

const COST_CC1OF1 = 1182720
const COST_CC1OF2 = 1183744
const COST_TOKENS1OF1 = 2232320

/**
 * Explains a raw transaction: which module and RPC made it, the decoded opret payload, every output classified
 * (CC with condition shape, eval codes and address; P2PK/P2PKH with address; marker, baton, change …), the fee
 * when prevouts are given, and the module's own reading (token supply and owner, dice odds, reward paid …).
 * Inputs are classified from their scriptSigs (normal, CC with eval codes and signer) and decide what the opret
 * alone cannot: a transaction without a module opret that pays the faucet is `faucetfund` (normal inputs only),
 * the 2018 `faucetget` (faucet CC inputs only) or `module: null` (anything else, e.g. a cclib CC input); the
 * 2018 layouts (Assets-era 0xe3 claims/withdraws, raw gateways records, FC-0..FC-2 faucet) are read with their
 * era in `reading.era` (docs/inspect.md). An opret that does not decode keeps the module of its eval byte unless a
 * CC input belongs to none of the six modules.
 * @throws KomodoCcError from the transaction parser (HEX_INVALID, READ_PAST_END, TX_VERSION, …) or ARG_INVALID
 *   for bad options; an undecodable opret is reported in `error`, not thrown.
 * @example inspectTransaction(hex).method // 'oraclesdata'
 */
export function inspectTransaction(hexOrTx: string | Uint8Array | Transaction, options: InspectOptions = {}): Inspection {
  if (typeof options !== 'object' || options === null) throw new KomodoCcError('ARG_INVALID', `options expected an object, got ${describeValue(options)}`)
  const chain = options.chain === undefined ? KMD : chainParams(options.chain)
  if (options.pubkeys !== undefined && (!Array.isArray(options.pubkeys) || !options.pubkeys.every((k) => typeof k === 'string' || k instanceof Uint8Array)))
    throw new KomodoCcError('ARG_INVALID', 'options.pubkeys expected an array of hex strings or byte arrays', { path: 'pubkeys' })
  if (options.oracleFormat !== undefined && typeof options.oracleFormat !== 'string')
    throw new KomodoCcError('ARG_INVALID', 'options.oracleFormat expected a string', { path: 'oracleFormat' })
  let tx: Transaction
  let id: string
  if (typeof hexOrTx === 'string' || hexOrTx instanceof Uint8Array) {
    const raw = typeof hexOrTx === 'string' ? hexToBytes(hexOrTx, 'tx') : hexOrTx
    tx = parseTransaction(raw)
    id = txidOfBytes(raw)
  } else if (typeof hexOrTx === 'object' && hexOrTx !== null && Array.isArray((hexOrTx as Transaction).vout)) {
    tx = hexOrTx
    id = txidOf(tx)
  } else throw new KomodoCcError('ARG_INVALID', `tx expected hex, bytes or a Transaction, got ${describeValue(hexOrTx)}`)

  const outputs = tx.vout.map((o, n) => classifyOutput(o.script, o.value, n, chain))
  const res: Inspection = { txid: id, module: null, method: null, funcid: null, evalCode: null, payload: null, outputs, reading: {} }

  // the opret: last output (the daemon looks nowhere else)
  const last = outputs[outputs.length - 1]
  const facts = new Facts(tx, res)
  if (last !== undefined && last.kind === 'opreturn') {
    last.role = 'opret'
    decodeOpret(tx.vout[tx.vout.length - 1]!.script, res, facts)
  }
  // Fallbacks (a module named without a decoded opret) and 2018 layouts are decided from the inputs too.
  if (res.module !== null && res.payload === null) fallbackOnUndecoded(res, facts)
  if (res.module === null) detectWithoutModule(res, facts)
  else if (facts.legacy !== null) decideLegacy(res, facts)

  identifyCc(tx, res, options, facts)
  if (res.module !== null) assignRoles(tx, res, options, facts)
  if (options.prevouts !== undefined) res.fee = feeOf(tx, options.prevouts)
  if (res.fee !== undefined && res.reading.kind === 'rewardsunlock' && options.prevouts?.[0] != null) {
    const lock = options.prevouts[0]!.value
    const paid = res.reading.paid as bigint
    res.reading.lockAmount = lock
    // recover mode pays the lock back less the fee(s): 20000 today, 10000 in the 2018 form (legacy-2018-layouts.md §6)
    res.reading.reward = paid - lock + (res.reading.recover === true ? (res.reading.era === '2018' ? 10000n : 20000n) : 0n)
  }
  return res
}

function classifyOutput(script: Uint8Array, value: bigint, n: number, chain: ChainParams): InspectedOutput {
  const len = script.length
  // fast paths for the shapes module transactions use; addresses are computed on first read (hash160 + base58)
  if (len === 35 && script[0] === 0x21 && script[34] === 0xac && (script[1] === 2 || script[1] === 3))
  {
    const o = lazyAddress(n, value, 'p2pk', script, 1, 34, chain)
    o.pubkey = hexOf(script, 1, 34)
    return o
  }
  if (len === 25 && script[0] === 0x76 && script[1] === 0xa9 && script[2] === 20 && script[23] === 0x88 && script[24] === 0xac)
    return lazyAddress(n, value, 'p2pkh', script, 3, 23, chain, true)
  const cc = len > 1 && script[0]! >= 1 && script[0]! <= 75 ? ccScriptParts(script) : null
  if (cc !== null && (isModuleTemplate(cc.condition) || mayAcceptCondition(cc.condition))) {
    const cost = conditionCost(cc.condition)
    const condition = cost === COST_CC1OF1 ? 'cc1of1' : cost === COST_CC1OF2 ? 'cc1of2' : cost === COST_TOKENS1OF1 ? 'tokens1of1' : 'other'
    const o = lazyAddress(n, value, 'cc', script, 0, cc.ccSubScriptEnd, chain)
    o.cc = { condition, evalCodes: null, pubkey: null, global: false }
    return o
  }
  const c = classifyScript(script)
  const address = c.hashes.length === 1 ? hash160ToAddress(c.hashes[0]!.hash, c.hashes[0]!.kind, chain) : null
  switch (c.type) {
    case 'pubkey':
      return { n, value, kind: 'p2pk', address, pubkey: hexOf(c.pubkeys![0]!) }
    case 'pubkeyhash':
      return { n, value, kind: 'p2pkh', address }
    case 'scripthash':
      return { n, value, kind: 'p2sh', address }
    case 'multisig':
      return { n, value, kind: 'multisig', address: null }
    case 'nulldata':
      return { n, value, kind: 'opreturn', address: null }
    default:
      return { n, value, kind: len > 0 && script[0] === 0x6a ? 'opreturn' : 'nonstandard', address: null }
  }
}

/**
 * An output whose `address` is computed on first read (hash160 + base58check are most of an inspection's cost).
 * `toJSON` includes it, so JSON output always carries the address.
 */
class LazyOutput {
  n: number
  value: bigint
  kind: InspectedOutput['kind']
  pubkey?: string
  cc?: InspectedOutput['cc']
  role?: string
  #script: Uint8Array
  #start: number
  #end: number
  #isHash: boolean
  #chain: ChainParams
  #address: string | null | undefined
  constructor(n: number, value: bigint, kind: InspectedOutput['kind'], script: Uint8Array, start: number, end: number, isHash: boolean, chain: ChainParams) {
    this.n = n
    this.value = value
    this.kind = kind
    this.#script = script
    this.#start = start
    this.#end = end
    this.#isHash = isHash
    this.#chain = chain
  }
  get address(): string | null {
    if (this.#address === undefined) {
      const part = this.#script.subarray(this.#start, this.#end)
      this.#address = hash160ToAddress(this.#isHash ? part : hash160(part), 'p2pkh', this.#chain)
    }
    return this.#address
  }
  set address(v: string | null) {
    this.#address = v
  }
  toJSON(): Record<string, unknown> {
    const o: Record<string, unknown> = { n: this.n, value: this.value, kind: this.kind, address: this.address }
    if (this.pubkey !== undefined) o.pubkey = this.pubkey
    if (this.cc !== undefined) o.cc = this.cc
    if (this.role !== undefined) o.role = this.role
    return o
  }
}

function lazyAddress(n: number, value: bigint, kind: InspectedOutput['kind'], script: Uint8Array, start: number, end: number, chain: ChainParams, isHash = false): LazyOutput {
  return new LazyOutput(n, value, kind, script, start, end, isHash, chain)
}

/**
 * The three 46-byte condition templates modules build (CC1, 1-of-2, two-eval tokens; spec 1.4): only the
 * fingerprint varies, and each is one the daemon's `MayAcceptCryptoCondition` accepts, so no decode is needed.
 */
function isModuleTemplate(c: Uint8Array): boolean {
  if (c.length !== 46 || c[0] !== 0xa2 || c[1] !== 0x2c || c[2] !== 0x80 || c[3] !== 0x20 || c[36] !== 0x81 || c[37] !== 0x03) return false
  const a = c[38], b = c[39]
  const costOk = (a === 0x12 && (b === 0x0c || b === 0x10)) || (a === 0x22 && b === 0x10)
  return costOk && c[40] === 0 && c[41] === 0x82 && c[42] === 0x03 && c[43] === 0x00 && c[44] === 0x04 && c[45] === 0x01
}

/** Cost of a condition binary `a2 len 80 20 <fp> 81 L <cost> …` (only the shapes modules use). */
function conditionCost(cond: Uint8Array): number {
  if (cond.length < 38 || cond[2] !== 0x80 || cond[3] !== 0x20 || cond[36] !== 0x81) return -1
  const l = cond[37]!
  if (l < 1 || l > 4 || cond.length < 38 + l) return -1
  let v = 0
  for (let i = 0; i < l; i++) v = v * 256 + cond[38 + i]!
  return v
}

const MODULE_OF_EVAL: Readonly<Record<number, ModuleName>> = /* @__PURE__ */ Object.freeze({
  [EVAL_TOKENS]: 'tokens', [EVAL_ASSETS]: 'tokens', [EVAL_FAUCET]: 'faucet', [EVAL_DICE]: 'dice', [EVAL_ORACLES]: 'oracles',
  [EVAL_GATEWAYS]: 'gateways', [EVAL_REWARDS]: 'rewards',
})

function decodeOpret(script: Uint8Array, res: Inspection, facts: Facts): void {
  let payload: Uint8Array
  try {
    payload = opretPayload(script, { allowTrailingScript: true })
  } catch (e) {
    if (e instanceof KomodoCcError) res.error = { code: e.code, message: e.message }
    return
  }
  const ev = payload[0]!
  facts.opretEval = ev
  let module = MODULE_OF_EVAL[ev]
  if (module === undefined) return
  // a token 't' opret carrying a gateways blob is a gateways claim/withdraw/bind
  if (ev === EVAL_TOKENS && payload.length > 1 && payload[1] === 0x74 && carriesGatewaysBlob(payload)) module = 'gateways'
  res.module = module
  res.evalCode = ev
  res.funcid = payload.length > 1 ? String.fromCharCode(payload[1]!) : null
  try {
    switch (module) {
      case 'tokens':
        res.payload = decodeTokensPayload(payload)
        // the 34-byte Assets 't' also ends 2018 gateways claims and withdraws and tokenconvert (§8 rules 9-12)
        if (ev === EVAL_ASSETS && res.payload.funcid === 't') facts.legacy = [res.payload]
        break
      case 'faucet':
        res.payload = decodeFaucetPayload(payload)
        break
      case 'dice':
        res.payload = decodeDicePayload(payload)
        break
      case 'oracles':
        res.payload = decodeOraclesPayload(payload)
        break
      case 'gateways':
        res.payload = decodeGateways(payload, facts)
        break
      case 'rewards':
        res.payload = decodeRewardsPayload(payload)
        break
    }
    res.funcid = res.payload!.funcid
    res.method = methodOf(module, res.payload!)
  } catch (e) {
    if (!(e instanceof KomodoCcError)) throw e
    if (ev === EVAL_ASSETS) {
      // the GW-D claim: a gateways record behind an Assets 'e3 74' head (§3.2, §8 rule 14)
      const claim = candidates2018(payload)
      if (claim !== null) {
        res.module = 'gateways'
        res.payload = claim[0]!
        res.funcid = 't'
        res.method = 'gatewaysclaim'
        facts.legacy = claim
        return
      }
      // EVAL_ASSETS DEX orders and other 2018 Assets layouts are not one of the six modules
      res.error = { code: e.code, message: e.message }
      res.module = null
      res.funcid = null
      res.evalCode = ev
      return
    }
    res.error = { code: e.code, message: e.message }
    res.method = res.funcid === null ? null : (METHODS[`${module}.${res.funcid}`] ?? null)
  }
}

/** The RPC of a decoded payload: by (module, funcid), except the 2018 records whose funcid letters differ. */
function methodOf(module: ModuleName, p: NonNullable<Inspection['payload']>): string | null {
  if (module === 'gateways' && 'layout' in p && p.layout === 'legacy') {
    if (p.funcid === 'C') return 'gatewayscompletesigning'
    if (p.funcid === 't') return 'gatewaysclaim'
  }
  return METHODS[`${module}.${p.funcid}`] ?? null
}

/** Every 2018 gateways record the payload fits exactly, or null. */
function candidates2018(payload: Uint8Array): Gateways2018Opret[] | null {
  try {
    return decodeGateways2018Payload(payload)
  } catch (e) {
    if (!(e instanceof KomodoCcError)) throw e
    return null
  }
}

/**
 * Gateways: the current layouts (and the documented legacy bind, partial sign and mark done) first, then the 2018
 * records (§8 rule 4: every layout that consumes the payload exactly is kept; the transaction decides).
 */
function decodeGateways(payload: Uint8Array, facts: Facts): GatewaysOpret | Gateways2018Opret {
  let first: GatewaysOpret
  try {
    first = decodeGatewaysPayload(payload)
  } catch (e) {
    const all = payload[0] === EVAL_GATEWAYS ? candidates2018(payload) : null
    if (all === null) throw e
    facts.legacy = all
    return all[0]!
  }
  // a 2018 deposit (no claimvout) or mark done may fit the same bytes as what was decoded
  if (first.funcid === 'D' || ('layout' in first && first.funcid === 'M')) {
    const all = candidates2018(payload)
    if (all !== null) facts.legacy = 'layout' in first ? all : [first as never, ...all]
  } else if ('layout' in first) facts.legacy = [first]
  return first
}

function carriesGatewaysBlob(payload: Uint8Array): boolean {
  // f2 74 tokenid(32) n pubkeys… then (id, blob) pairs: look for id 0x13 followed by a blob starting f1
  let p = 34
  if (payload.length <= p) return false
  const n = payload[p++]!
  for (let i = 0; i < n && p < payload.length; i++) p += 1 + payload[p]!
  while (p + 2 < payload.length) {
    const id = payload[p]!
    const len = payload[p + 1]!
    if (len >= 0xfd) {
      if (p + 4 > payload.length) return false
      const big = len === 0xfd ? payload[p + 2]! | (payload[p + 3]! << 8) : -1
      if (id === GATEWAYS_BLOB_ID) return payload[p + 4] === EVAL_GATEWAYS
      if (big < 0) return false
      p += 4 + big
      continue
    }
    if (id === GATEWAYS_BLOB_ID) return payload[p + 2] === EVAL_GATEWAYS
    p += 2 + len
  }
  return false
}

/** Eval codes of the six modules and of the 2018 Assets module. */
const KNOWN_EVALS: readonly number[] = [EVAL_ASSETS, EVAL_FAUCET, EVAL_REWARDS, EVAL_DICE, EVAL_ORACLES, EVAL_GATEWAYS, EVAL_TOKENS]
const COIN = 100000000n
const GW_PK = MODULE_GLOBAL_PUBKEYS[EVAL_GATEWAYS]!
const FAUCET_PK = MODULE_GLOBAL_PUBKEYS[EVAL_FAUCET]!

/** An input as its scriptSig shows it (legacy-2018-layouts.md §8 rule 2): a CC spend, a normal signature, or unsigned. */
type InputFact = ({ kind: 'cc' } & CcSpend) | { kind: 'normal' } | { kind: 'unsigned' }

/** What the rules read besides the opret: the inputs (classified on first use) and the era-specific findings. */
class Facts {
  /** Eval byte of the opret payload, when there is one. */
  opretEval: number | null = null
  /** Payload candidates that need the transaction's shape to decide (2018 layouts, §8 rule 4). */
  legacy: NonNullable<Inspection['payload']>[] | null = null
  /** The era a 2018 rule recognised (FC-0, GW-B, …), copied into the reading. */
  era: string | null = null
  /** Keys and eval codes to try on CC outputs besides the payload's, set by the 2018 rules. */
  extraKeys: string[] = []
  extraEvals: number[] = []
  #inputs: InputFact[] | undefined
  constructor(readonly tx: Transaction, readonly res: Inspection) {}
  get inputs(): InputFact[] {
    if (this.#inputs === undefined) {
      this.#inputs = this.tx.vin.map((i): InputFact => {
        if (i.scriptSig.length === 0) return { kind: 'unsigned' }
        const cc = ccSpendOf(i.scriptSig)
        return cc === null ? { kind: 'normal' } : { kind: 'cc', ...cc }
      })
    }
    return this.#inputs
  }
  get cc(): ({ kind: 'cc' } & CcSpend)[] {
    return this.inputs.filter((i): i is { kind: 'cc' } & CcSpend => i.kind === 'cc')
  }
  get normalCount(): number {
    return this.inputs.filter((i) => i.kind === 'normal').length
  }
  /** The eval code of a CC input that belongs to none of the six modules (nor 2018 Assets), or null. */
  foreignEval(): number | null {
    for (const i of this.cc) if (!i.evalCodes.some((e) => KNOWN_EVALS.includes(e))) return i.evalCodes[0] ?? -1
    return null
  }
  /** Whether output n is exactly CC1(ev, pk). */
  isCc1(n: number, ev: number, pk: string): boolean {
    const o = this.tx.vout[n]
    if (o === undefined || o.script.length !== 48 || o.script[0] !== 0x2e || o.script[47] !== 0xcc) return false
    const c = builtCondition('cc1of1', ev, pk)
    return c !== null && sameBytes(c, o.script.subarray(1, 47))
  }
  isP2pk(n: number, pk: string | null, value: bigint | null): boolean {
    const o = this.res.outputs[n]
    return o !== undefined && o.kind === 'p2pk' && (pk === null || o.pubkey === pk) && (value === null || o.value === value)
  }
}

/**
 * A module named by the opret's eval byte whose payload does not decode: kept only if no CC input belongs to a
 * module the inspector does not know (such a transaction is some other contract's); a faucet 'G' that fails the
 * 6- and 40-byte forms is the transient FC-1 faucetget when the transaction has the faucetget shape (§8 rule 6).
 */
function fallbackOnUndecoded(res: Inspection, facts: Facts): void {
  if (facts.foreignEval() !== null) {
    res.module = null
    res.method = null
    res.funcid = null
    return
  }
  if (res.module === 'faucet' && faucetGetShape(res, facts, true) !== null) {
    res.method = 'faucetget'
    facts.era = 'FC-1'
  }
}

/**
 * The faucetget shape (§4.2, §8 rule 6): no normal input, at least one CC input, every CC input eval 0xe4 signed by
 * the faucet key; outputs [CC1(e4, F)] + one normal payout (+ the opret when `withOpret`). Returns the payout index.
 */
function faucetGetShape(res: Inspection, facts: Facts, withOpret: boolean): number | null {
  const body = withOpret ? res.outputs.length - 1 : res.outputs.length
  if (withOpret && res.outputs[body]?.kind !== 'opreturn') return null
  const cc = facts.cc
  if (facts.normalCount !== 0 || cc.length === 0) return null
  if (!cc.every((c) => c.evalCodes.length === 1 && c.evalCodes[0] === EVAL_FAUCET && c.signers.length === 1 && c.signers[0] === FAUCET_PK)) return null
  const payout = body - 1
  if (body < 1 || body > 2 || (body === 2 && !facts.isCc1(0, EVAL_FAUCET, FAUCET_PK))) return null
  const o = res.outputs[payout]!
  return o.kind === 'p2pk' || o.kind === 'p2pkh' ? payout : null
}

/**
 * No module opret: transactions without an opret that pay the faucet's CC address (§4, §8 rules 6-8). Normal inputs
 * only and the faucet output first → faucetfund; faucet CC inputs only → faucetget (FC-0 pays 1 coin, FC-1 0.1 coin);
 * anything else (a CC input of another eval code, another module's opret such as cclib `13 52`) → module null, the
 * faucet output labelled as funding it as a side effect. A P2PKH output to the faucet's address string is not funding.
 */
function detectWithoutModule(res: Inspection, facts: Facts): void {
  const tx = facts.tx
  const faucet = globalCcScriptHex(EVAL_FAUCET)
  const at: number[] = []
  tx.vout.forEach((o, n) => {
    if (o.script.length === 48 && hexOf(o.script) === faucet) at.push(n)
  })
  if (at.length > 0 && res.error === undefined && facts.opretEval === null && facts.cc.length === 0) {
    // faucetfund: vout0 = CC1(e4, F), at most one more output and it is normal
    const rest = res.outputs.slice(1)
    if (at[0] === 0 && rest.length <= 1 && rest.every((o) => o.kind === 'p2pk' || o.kind === 'p2pkh')) {
      res.module = 'faucet'
      res.method = 'faucetfund'
      res.reading = { kind: 'faucetfund', amount: tx.vout[0]!.value }
      res.outputs[0]!.role = 'funding'
      for (const o of rest) o.role = 'change'
      return
    }
  }
  if (facts.opretEval === null && res.error === undefined && res.outputs.length <= 2) {
    // (an FC-0 faucetget that empties the faucet has no faucet output at all)
    const payout = faucetGetShape(res, facts, false)
    const value = payout === null ? null : res.outputs[payout]!.value
    if (payout !== null && (value === COIN || value === COIN / 10n)) {
      res.module = 'faucet'
      res.method = 'faucetget'
      facts.era = value === COIN ? 'FC-0' : 'FC-1'
      return
    }
  }
  // not a module transaction: name what is known (§8 rule 8; the issue's "roles still given for what is known")
  for (const n of at) res.outputs[n]!.role = 'faucet funding (side effect)'
  if (res.outputs.some((o) => o.kind === 'cc')) {
    facts.extraEvals = [...KNOWN_EVALS]
    facts.extraKeys = [...new Set([...Object.values(MODULE_GLOBAL_PUBKEYS), ...facts.cc.flatMap((c) => c.signers)])]
  }
}

/** Picks among 2018 candidates and recognises the era from inputs and outputs (§8 rules 9-20). */
function decideLegacy(res: Inspection, facts: Facts): void {
  const p = res.payload
  if (p === null) return
  if (res.module === 'tokens' && p.funcid === 't' && 'evalCode' in p && p.evalCode === EVAL_ASSETS) return assetsTransfer(res, facts)
  if (res.module !== 'gateways') return
  const all = facts.legacy ?? []
  switch (p.funcid) {
    case 't':
      facts.era = 'GW-D'
      break
    case 'D': {
      // the candidate whose cointxid is the txid-address marker at vout1 (§8 rule 17)
      const fit = all.find((c) => c.funcid === 'D' && 'cointxid' in c && facts.isP2pk(1, hexOf(txidPubkey(c.cointxid)), null))
      if (fit !== undefined && fit !== p) res.payload = fit
      if (res.payload !== null && 'layout' in res.payload) facts.era = 'GW-A/B/C'
      break
    }
    case 'M': {
      // GW-D spends the complete-signing marker and has no other output; GW-A/B/C pays 5000 back to the caller (rule 20)
      const early = all.find((c) => c.funcid === 'M' && 'cointxid' in c)
      const late = all.find((c) => c.funcid === 'M' && 'completetxid' in c && 'layout' in c)
      if (facts.isP2pk(0, null, 5000n) && res.outputs.length === 2 && early !== undefined) {
        res.payload = early
        facts.era = 'GW-A/B/C'
      } else if (res.outputs.length === 1 && late !== undefined) {
        res.payload = late
        facts.era = 'GW-D'
      }
      break
    }
    case 'P':
      if ('layout' in p) facts.era = res.outputs[0]?.kind === 'cc' ? 'GW-D' : res.outputs[0]?.kind === 'p2pk' ? 'GW-C' : 'GW-C/D'
      break
    case 'C':
      if ('layout' in p) facts.era = 'GW-D'
      break
    case 'W':
      if ('layout' in p) facts.era = 'GW-C/D'
      break
  }
  facts.extraEvals = [EVAL_ASSETS, EVAL_GATEWAYS]
  facts.extraKeys = [GW_PK, ...facts.cc.flatMap((c) => c.signers)]
}

/**
 * The 34-byte Assets 't' opret (§8 rules 9-12): a gateways claim (GW-A/B/C), a gateways withdraw (GW-A/B), a
 * tokenconvert, or a tokentransfer (the default, also when the inputs are unsigned and tell nothing).
 */
function assetsTransfer(res: Inspection, facts: Facts): void {
  const cc = facts.cc
  if (cc.length === 0) return
  const byG = cc.filter((c) => c.signers.includes(GW_PK))
  const marker = cc.find((c) => c.evalCodes.includes(EVAL_GATEWAYS) && c.signers.length > 0 && !c.signers.includes(GW_PK))
  const out0 = res.outputs[0]
  facts.extraEvals = [EVAL_ASSETS, EVAL_GATEWAYS]
  facts.extraKeys = [GW_PK, ...cc.flatMap((c) => c.signers)]
  if (marker !== undefined && byG.length > 0 && out0?.kind === 'cc') {
    res.module = 'gateways'
    res.method = 'gatewaysclaim'
    facts.era = byG.every((c) => c.evalCodes.includes(EVAL_ASSETS)) ? 'GW-A' : 'GW-B/C'
    return
  }
  const poolEval = facts.isCc1(0, EVAL_GATEWAYS, GW_PK) ? EVAL_GATEWAYS : facts.isCc1(0, EVAL_ASSETS, GW_PK) ? EVAL_ASSETS : null
  if (byG.length === 0 && poolEval !== null && facts.isP2pk(1, null, 10000n) && facts.isP2pk(2, GW_PK, 10000n)) {
    res.module = 'gateways'
    res.method = 'gatewayswithdraw'
    facts.era = poolEval === EVAL_ASSETS ? 'GW-A' : 'GW-B'
    return
  }
  const signers = new Set(cc.flatMap((c) => c.signers))
  const s = signers.size === 1 ? [...signers][0]! : null
  if (s !== null && cc.every((c) => c.evalCodes.length === 1 && c.evalCodes[0] === EVAL_ASSETS) && facts.isCc1(0, EVAL_ASSETS, s) &&
    res.outputs[1]?.kind === 'cc' && !facts.isCc1(1, EVAL_ASSETS, s) && res.outputs[1].value > 0n) {
    res.method = 'tokenconvert'
    facts.extraEvals = [...KNOWN_EVALS]
    facts.extraKeys = [...new Set([...Object.values(MODULE_GLOBAL_PUBKEYS), s])]
  }
}

const GLOBAL_SCRIPT_CACHE = new Map<number, string>()
function globalCcScriptHex(ev: number): string {
  let s = GLOBAL_SCRIPT_CACHE.get(ev)
  if (s === undefined) {
    s = '2e' + hexOf(encodeCondition(cc1of1(ev, MODULE_GLOBAL_PUBKEYS[ev]!))) + 'cc'
    GLOBAL_SCRIPT_CACHE.set(ev, s)
  }
  return s
}

/** Pubkeys named in a payload (hex). */
function payloadPubkeys(p: Inspection['payload']): string[] {
  if (p === null) return []
  const out: string[] = []
  const o = p as Record<string, unknown>
  for (const k of ['origpubkey', 'pubkey', 'destpub', 'withdrawpub', 'signerpk']) if (typeof o[k] === 'string') out.push(o[k] as string)
  for (const k of ['pubkeys', 'voutPubkeys', 'publishers']) if (Array.isArray(o[k])) out.push(...(o[k] as string[]))
  return out
}

/** Evaluation codes that CC outputs of a module's transactions carry. */
function evalCandidates(res: Inspection): number[] {
  switch (res.module) {
    case 'tokens': {
      const evs = [res.evalCode === EVAL_ASSETS ? EVAL_ASSETS : EVAL_TOKENS]
      const p = res.payload
      if (p !== null && p.funcid === 'c') {
        const nft = p.blobs.find((b) => b.id === 0x11)
        if (nft !== undefined && nft.data.length >= 2) evs.push(parseInt(nft.data.slice(0, 2), 16))
      }
      return evs
    }
    case 'gateways':
      return [EVAL_GATEWAYS, EVAL_TOKENS]
    case 'faucet':
      return [EVAL_FAUCET]
    case 'dice':
      return [EVAL_DICE]
    case 'oracles':
      return [EVAL_ORACLES]
    case 'rewards':
      return [EVAL_REWARDS]
    default:
      return []
  }
}

/** Rebuilds CC outputs from candidate (eval code, pubkey) pairs to name their eval codes and key. */
function identifyCc(tx: Transaction, res: Inspection, options: InspectOptions, facts: Facts): void {
  const ccOuts = res.outputs.filter((o) => o.kind === 'cc')
  if (ccOuts.length === 0) return
  const evs = evalCandidates(res)
  for (const e of facts.extraEvals) if (!evs.includes(e)) evs.push(e)
  if (evs.length === 0) return
  const pks: string[] = []
  const add = (k: string) => {
    if ((k.length === 66 || k.length === 130) && !pks.includes(k)) pks.push(k)
  }
  for (const k of payloadPubkeys(res.payload)) add(k)
  for (const ev of evs) if (MODULE_GLOBAL_PUBKEYS[ev] !== undefined) add(MODULE_GLOBAL_PUBKEYS[ev]!)
  for (const o of res.outputs) if (o.kind === 'p2pk' && o.pubkey !== undefined) add(o.pubkey)
  for (const k of options.pubkeys ?? []) add(typeof k === 'string' ? k.toLowerCase() : hexOf(k))
  for (const k of facts.extraKeys) add(k)
  for (const o of ccOuts) {
    const script = tx.vout[o.n]!.script
    const cond = script.subarray(1, 1 + script[0]!)
    const shape = o.cc!.condition
    if (shape !== 'cc1of1' && shape !== 'tokens1of1') continue
    outer: for (const pk of pks) {
      for (const ev of evs) {
        const built = builtCondition(shape, ev, pk)
        if (built !== null && sameBytes(built, cond)) {
          o.cc!.evalCodes = shape === 'cc1of1' ? [ev] : [ev, EVAL_TOKENS].sort((a, b) => a - b)
          o.cc!.pubkey = pk
          o.cc!.global = MODULE_GLOBAL_PUBKEYS[ev] === pk || MODULE_GLOBAL_PUBKEYS[EVAL_TOKENS] === pk
          o.pubkey = pk
          break outer
        }
      }
    }
  }
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false
  return true
}

// Condition binaries rebuilt from (shape, eval code, pubkey): four SHA-256 each, so memoised (bounded; cleared when full).
const CONDITION_CACHE = new Map<string, Uint8Array | null>()
const CONDITION_CACHE_MAX = 4096
function builtCondition(shape: 'cc1of1' | 'tokens1of1', ev: number, pk: string): Uint8Array | null {
  const key = `${shape === 'cc1of1' ? 1 : 3}${ev}${pk}`
  let c = CONDITION_CACHE.get(key)
  if (c === undefined) {
    try {
      c = shape === 'cc1of1' ? encodeCondition(cc1of1(ev, pk)) : ev === EVAL_TOKENS ? null : encodeCondition(tokensCc1of1(ev, pk))
    } catch {
      c = null
    }
    if (CONDITION_CACHE.size >= CONDITION_CACHE_MAX) CONDITION_CACHE.clear()
    CONDITION_CACHE.set(key, c)
  }
  return c
}

function feeOf(tx: Transaction, prevouts: readonly ({ value: bigint } | null)[]): bigint | undefined {
  if (!Array.isArray(prevouts)) throw new KomodoCcError('ARG_INVALID', 'prevouts expected an array')
  if (prevouts.length !== tx.vin.length) return undefined
  let sum = 0n
  for (const p of prevouts) {
    if (p === null || p === undefined) return undefined
    if (typeof p.value !== 'bigint') throw new KomodoCcError('ARG_INVALID', 'prevouts[].value expected a bigint of satoshis')
    sum += p.value
  }
  for (const o of tx.vout) sum -= o.value
  return sum
}

/** Labels outputs by the method's layout and builds the module's reading. */
function assignRoles(tx: Transaction, res: Inspection, options: InspectOptions, facts: Facts): void {
  const out = res.outputs
  const body = out.filter((o) => o.role !== 'opret')
  const role = (n: number, r: string, kind?: InspectedOutput['kind']) => {
    const o = body[n]
    if (o !== undefined && o.role === undefined && (kind === undefined || o.kind === kind)) o.role = r
  }
  const changeRest = () => {
    for (const o of body) if (o.role === undefined && (o.kind === 'p2pk' || o.kind === 'p2pkh')) o.role = 'change'
  }
  const v = (n: number): bigint | null => (body[n] === undefined ? null : body[n]!.value)
  const p = res.payload
  if (p === null && facts.era === null) return
  const r: Record<string, unknown> = {}
  res.reading = r
  switch (res.module) {
    case 'tokens': {
      const p = res.payload as TokensOpret
      if (p.funcid === 'c') {
        const markerScripts = [globalCcScriptHex(EVAL_TOKENS)]
        let supply = 0n
        for (const o of body) {
          const s = hexOf(tx.vout[o.n]!.script)
          const isMarker = markerScripts.includes(s) || (o.kind === 'p2pk' && (o.pubkey === MODULE_GLOBAL_PUBKEYS[EVAL_TOKENS] || o.pubkey === MODULE_GLOBAL_PUBKEYS[EVAL_ASSETS]))
          if (isMarker) o.role = 'marker'
          else if (o.kind === 'cc') {
            o.role = 'supply'
            supply += o.value
          }
        }
        changeRest()
        const nft = p.blobs.find((b) => b.id === 0x11)
        Object.assign(r, { kind: 'tokencreate', tokenid: res.txid, name: p.name, description: p.description, owner: p.origpubkey, supply })
        if (nft !== undefined) Object.assign(r, { nftData: nft.data, nftEvalCode: nft.data.length >= 2 ? parseInt(nft.data.slice(0, 2), 16) : null })
      } else if (res.method === 'tokenconvert') {
        // 2018 Assets tokenconvert: vout0 token change (always present, may be 0), vout1 the tokens under another eval code
        role(0, 'token change', 'cc')
        role(1, 'converted tokens', 'cc')
        changeRest()
        const to = body[1]?.cc
        Object.assign(r, { kind: 'tokenconvert', tokenid: p.tokenid, evalCode: EVAL_ASSETS, amount: v(1), to: to?.pubkey ?? null, toEvalCode: to?.evalCodes?.[0] ?? null })
      } else {
        role(0, 'tokens', 'cc')
        role(1, 'token change', 'cc')
        changeRest()
        Object.assign(r, { kind: 'tokentransfer', tokenid: p.tokenid, to: 'pubkeys' in p ? p.pubkeys : [], amount: v(0) })
      }
      break
    }
    case 'faucet': {
      if (body[0]?.kind === 'cc') {
        role(0, 'faucet change', 'cc')
        role(1, 'payout')
      } else role(0, 'payout')
      const f = p as FaucetOpret | null
      Object.assign(r, { kind: 'faucetget', nonce: f?.nonce ?? null, payout: body.find((o) => o.role === 'payout')?.value ?? null, txidPatternOk: res.txid.startsWith('00') && res.txid.endsWith('00') })
      if (f !== null && 'layout' in f) {
        r.claimant = f.pubkey
        facts.era = 'FC-2'
      }
      break
    }
    case 'dice': {
      const d = p as DiceOpret
      if (d.funcid === 'F') {
        role(0, 'funding', 'cc')
        // current layout: vout1 owner tag P2PK(house), vout2 marker P2PK(dice global); the 2018 docs example has no tag
        for (const o of body.slice(1, 3)) if (o.kind === 'p2pk' && o.pubkey === MODULE_GLOBAL_PUBKEYS[EVAL_DICE]) o.role = 'marker'
        if (body[1] !== undefined && body[1].role === undefined && body[1].value === 10000n) body[1].role = 'owner tag'
        changeRest()
        const tag = body[1]?.role === 'owner tag' ? body[1] : undefined
        Object.assign(r, { kind: 'dicefund', name: d.name, sbits: d.sbits, funds: v(0), minbet: d.minbet, maxbet: d.maxbet, maxodds: d.maxodds, timeoutblocks: d.timeoutblocks, house: tag?.pubkey ?? null })
      } else if (d.funcid === 'E') {
        role(0, 'entropy', 'cc')
        role(1, 'owner tag')
        changeRest()
        Object.assign(r, { kind: 'diceaddfunds', name: d.name, fundingtxid: d.fundingtxid, amount: v(0), commitment: d.hash })
      } else if (d.funcid === 'B') {
        role(0, 'entropy', 'cc')
        role(1, 'bet', 'cc')
        role(2, 'odds tag')
        changeRest()
        const bet = v(1)
        const tag = v(2)
        const odds = tag !== null && tag > 10000n ? tag - 10000n : null
        // odds 1 (vout2 = 10001) were refused from 2018-11-06: such a bet is 2018-era (§5, §8 rule 21)
        if (odds === 1n) facts.era = '2018'
        Object.assign(r, { kind: 'dicebet', name: d.name, fundingtxid: d.fundingtxid, entropytxid: tx.vin[0]?.txid ?? null, bet, odds, payoutIfWin: bet !== null && odds !== null ? bet * (odds + 1n) : null, bettor: body[2]?.pubkey ?? body[2]?.address ?? null, bettorEntropy: d.hash })
      } else {
        const outcome = { W: 'win', L: 'loss', T: 'timeout', R: 'refund' }[d.funcid]
        role(0, 'dice funds', 'cc')
        role(1, 'owner tag')
        if (d.funcid !== 'L') role(2, d.funcid === 'R' ? 'refund' : 'payout')
        changeRest()
        Object.assign(r, { kind: 'dicefinish', outcome, name: d.name, fundingtxid: d.fundingtxid, bettxid: tx.vin[1]?.txid ?? null, paid: d.funcid === 'L' ? 0n : v(2) })
        if (d.funcid === 'R') r.oldbettxid = d.oldbettxid
        else if (d.funcid !== 'T') r.houseEntropy = d.proof
      }
      break
    }
    case 'rewards': {
      const d = p as RewardsOpret
      if (d.funcid === 'F') {
        role(0, 'funding', 'cc')
        role(1, 'marker')
        changeRest()
        Object.assign(r, { kind: 'rewardscreatefunding', name: d.name, sbits: d.sbits, funds: v(0), APR: rewardsAprToPercent(d.APR), minseconds: d.minseconds, maxseconds: d.maxseconds, mindeposit: d.mindeposit })
      } else if (d.funcid === 'A') {
        role(0, 'funding', 'cc')
        changeRest()
        Object.assign(r, { kind: 'rewardsaddfunding', name: d.name, fundingtxid: d.fundingtxid, amount: v(0) })
      } else if (d.funcid === 'L') {
        role(0, 'deposit', 'cc')
        role(1, 'unlock destination')
        changeRest()
        Object.assign(r, { kind: 'rewardslock', name: d.name, fundingtxid: d.fundingtxid, amount: v(0), unlockAddress: body[1]?.address ?? null })
      } else {
        const recover = body[0] !== undefined && body[0].kind !== 'cc'
        if (recover) {
          role(0, 'payout')
          role(1, 'change')
          // the 2018 recover unlock: the lock's only input, payout = amount − 10000, no change (§6, §8 rule 22)
          if (body.length === 1 && tx.vin.length === 1) facts.era = '2018'
        } else {
          role(0, 'funding change', 'cc')
          role(1, 'payout')
        }
        Object.assign(r, { kind: 'rewardsunlock', name: d.name, fundingtxid: d.fundingtxid, locktxid: tx.vin[0]?.txid ?? null, recover, paid: v(recover ? 0 : 1), to: body[recover ? 0 : 1]?.address ?? null })
      }
      break
    }
    case 'oracles': {
      const d = p as OraclesOpret
      if (d.funcid === 'C') {
        role(0, 'marker', 'p2pk')
        changeRest()
        Object.assign(r, { kind: 'oraclescreate', name: d.name, description: d.description, format: d.format })
      } else if (d.funcid === 'F') {
        role(0, 'fund', 'cc')
        changeRest()
        Object.assign(r, { kind: 'oraclesfund', oracletxid: d.oracletxid, funder: d.pubkey, amount: d.amount })
      } else if (d.funcid === 'R') {
        role(0, 'marker', 'p2pk')
        role(1, 'baton', 'cc')
        if (body[2]?.kind === 'p2pk' && body[2].pubkey === d.pubkey && body[2].value === 10000n) role(2, 'fund marker returned')
        changeRest()
        Object.assign(r, { kind: 'oraclesregister', oracletxid: d.oracletxid, publisher: d.pubkey, datafee: d.datafee, baton: body[1]?.address ?? null })
      } else if (d.funcid === 'S') {
        role(0, 'subscription', 'cc')
        role(1, 'marker', 'p2pk')
        changeRest()
        Object.assign(r, { kind: 'oraclessubscribe', oracletxid: d.oracletxid, subscriber: d.pubkey, publisher: body[0]?.cc?.pubkey ?? null, publisherAddress: body[0]?.address ?? null, amount: d.amount })
      } else {
        role(0, 'subscription change', 'cc')
        role(1, 'baton', 'cc')
        role(2, 'datafee')
        changeRest()
        Object.assign(r, { kind: 'oraclesdata', oracletxid: d.oracletxid, publisher: d.pubkey, batontxid: d.batontxid, datafee: v(2), data: d.data })
        if (options.oracleFormat !== undefined) r.sample = formatOracleSample(options.oracleFormat, hexToBytes(d.data))
      }
      break
    }
    case 'gateways': {
      if (facts.era !== null && p !== null) {
        gateways2018Roles(res, facts, p, body, role, changeRest)
        break
      }
      const d = p as GatewaysOpret
      if (d.funcid === 'B') {
        if (body[0]?.cc?.condition === 'tokens1of1') {
          role(0, 'gateway tokens', 'cc')
          role(1, 'marker', 'cc')
        } else role(0, 'marker', 'cc')
        changeRest()
        Object.assign(r, { kind: 'gatewaysbind', coin: d.coin, tokenid: d.tokenid, oracletxid: d.oracletxid, totalsupply: d.totalsupply, M: d.M, N: d.N, pubkeys: d.pubkeys })
      } else if (d.funcid === 'D') {
        role(0, 'claim marker', 'cc')
        role(1, 'cointxid marker', 'p2pk')
        changeRest()
        Object.assign(r, { kind: 'gatewaysdeposit', coin: d.refcoin, bindtxid: d.bindtxid, cointxid: d.cointxid, height: d.height, claimvout: d.claimvout, destpub: d.destpub, amount: d.amount })
      } else if (d.funcid === 'C') {
        role(0, 'tokens', 'cc')
        role(1, 'gateway token change', 'cc')
        changeRest()
        Object.assign(r, { kind: 'gatewaysclaim', coin: d.refcoin, bindtxid: d.bindtxid, deposittxid: d.deposittxid, destpub: d.destpub, amount: d.amount, tokenid: d.tokenid })
      } else if (d.funcid === 'W') {
        role(0, 'marker', 'cc')
        role(1, 'gateway tokens', 'cc')
        role(2, 'token change', 'cc')
        changeRest()
        Object.assign(r, { kind: 'gatewayswithdraw', coin: d.refcoin, bindtxid: d.bindtxid, withdrawpub: d.withdrawpub, amount: d.amount, tokenid: d.tokenid })
      } else {
        if (d.funcid === 'M' && !('layout' in d)) role(0, 'marker released', 'p2pk')
        else role(0, 'marker', 'cc')
        changeRest()
        Object.assign(r, { kind: METHODS[`gateways.${d.funcid}`], coin: d.refcoin, withdrawtxid: 'withdrawtxid' in d ? d.withdrawtxid : null })
        if (d.funcid !== 'M') Object.assign(r, { K: 'K' in d ? d.K : null, externalTxHex: d.hex })
      }
      break
    }
  }
  if (facts.era !== null) r.era = facts.era
}

type RoleFn = (n: number, r: string, kind?: InspectedOutput['kind']) => void

/**
 * Roles and reading of the 2018 gateways transactions (legacy-2018-layouts.md §3.3): claims and withdraws with an
 * Assets opret (the reading keeps its eval code 0xe3), the raw 'W', 'D' without claimvout, 'P', 'C' and 'M'.
 */
function gateways2018Roles(res: Inspection, facts: Facts, p: NonNullable<Inspection['payload']>, body: InspectedOutput[], role: RoleFn, changeRest: () => void): void {
  const r = res.reading
  const v = (n: number): bigint | null => body[n]?.value ?? null
  const d = p as Record<string, unknown>
  if (res.method === 'gatewaysclaim') {
    role(0, 'tokens', 'cc')
    if (body[1]?.kind === 'cc' && (facts.isCc1(body[1].n, EVAL_GATEWAYS, GW_PK) || facts.isCc1(body[1].n, EVAL_ASSETS, GW_PK))) role(1, 'gateway token change', 'cc')
    changeRest()
    const claimer = facts.cc.find((c) => c.evalCodes.includes(EVAL_GATEWAYS) && c.signers.length > 0 && !c.signers.includes(GW_PK))?.signers[0] ?? null
    Object.assign(r, { kind: 'gatewaysclaim', evalCode: EVAL_ASSETS, tokenid: d.tokenid, amount: v(0), claimer })
    if (p.funcid === 't' && 'refcoin' in p) Object.assign(r, { coin: d.refcoin, bindtxid: d.bindtxid, deposittxid: d.deposittxid, destpub: d.destpub, amount: d.amount })
    return
  }
  if (res.method === 'gatewayswithdraw') {
    role(0, 'gateway tokens', 'cc')
    role(1, 'withdraw marker', 'p2pk')
    role(2, 'marker')
    role(3, 'token change', 'cc')
    changeRest()
    const withdrawer = facts.cc.find((c) => c.signers.length > 0 && !c.signers.includes(GW_PK))?.signers[0] ?? null
    Object.assign(r, { kind: 'gatewayswithdraw', tokenid: d.tokenid, withdrawpub: body[1]?.pubkey ?? null, amount: v(0), withdrawer })
    if (p.funcid === 'W') Object.assign(r, { coin: d.refcoin, withdrawpub: d.withdrawpub, amount: d.amount })
    else r.evalCode = EVAL_ASSETS
    return
  }
  switch (p.funcid) {
    case 'D':
      role(0, 'claim marker', 'cc')
      role(1, 'cointxid marker', 'p2pk')
      changeRest()
      Object.assign(r, { kind: 'gatewaysdeposit', coin: d.refcoin, bindtxid: d.bindtxid, cointxid: d.cointxid, height: d.height, claimvout: null, destpub: d.destpub, amount: d.amount })
      return
    case 'C':
      role(0, 'marker', 'cc')
      changeRest()
      Object.assign(r, { kind: 'gatewayscompletesigning', coin: d.refcoin, withdrawtxid: d.withdrawtxid, externalTxHex: d.hex })
      return
    case 'P':
      role(0, 'marker')
      changeRest()
      Object.assign(r, { kind: 'gatewayspartialsign', coin: d.refcoin, K: d.K, signerpk: d.signerpk, externalTxHex: d.hex })
      return
    default:
      // 'M': GW-A/B/C pays the 5000 marker back; GW-D has no output but the opret
      if ('cointxid' in d) role(0, 'marker released', 'p2pk')
      changeRest()
      Object.assign(r, { kind: 'gatewaysmarkdone', coin: d.refcoin }, 'cointxid' in d ? { cointxid: d.cointxid } : { completetxid: d.completetxid })
  }
}

const short = (s: string): string => (s.length > 12 ? `${s.slice(0, 4)}…${s.slice(-4)}` : s)

/**
 * A one-line human summary of an inspection, e.g.
 * `oraclesdata: publisher 0240…6ff0, oracle 9e2b…7e40, sample ["4294967295", …], datafee 0.0001`.
 * @example inspectionText(inspectTransaction(hex)) // 'tokencreate: name TOK, supply 100, owner 02d3…7567'
 */
export function inspectionText(ins: Inspection): string {
  if (ins.method === null) return `${ins.txid}: not a module transaction${ins.error !== undefined ? ` (${ins.error.code})` : ''}, ${ins.outputs.length} output(s)`
  const r = ins.reading
  const parts: string[] = []
  const coins = (v: unknown) => (typeof v === 'bigint' ? coinsTextOf(v) : String(v))
  const add = (label: string, v: unknown, f: (x: unknown) => string = (x) => (typeof x === 'string' ? short(x) : String(x))) => {
    if (v !== undefined && v !== null) parts.push(`${label} ${f(v)}`)
  }
  switch (r.kind) {
    case 'tokencreate':
      add('name', r.name, String)
      add('supply', r.supply)
      add('owner', r.owner)
      break
    case 'tokentransfer':
      add('tokenid', r.tokenid)
      add('amount', r.amount)
      add('to', Array.isArray(r.to) && r.to.length > 0 ? r.to.map((k) => short(String(k))).join(' ') : undefined, String)
      break
    case 'oraclesdata':
      add('publisher', r.publisher)
      add('oracle', r.oracletxid)
      if (Array.isArray(r.sample)) parts.push(`sample ${JSON.stringify(r.sample.length > 3 ? [...r.sample.slice(0, 3), '…'] : r.sample)}`)
      else add('data', r.data)
      add('datafee', r.datafee, coins)
      break
    case 'dicebet':
      add('plan', r.name, String)
      add('bet', r.bet, coins)
      add('odds', r.odds)
      add('pays', r.payoutIfWin, coins)
      break
    case 'rewardsunlock':
      add('plan', r.name, String)
      add('paid', r.paid, coins)
      add('reward', r.reward, coins)
      break
    default:
      for (const [k, v] of Object.entries(r)) {
        if (k === 'kind' || parts.length >= 4) continue
        if (typeof v === 'bigint' || typeof v === 'number' || typeof v === 'string') add(k, v)
      }
  }
  if (ins.fee !== undefined) add('fee', ins.fee, coins)
  return `${ins.method}: ${parts.join(', ')}`
}

function coinsTextOf(sats: bigint): string {
  const neg = sats < 0n
  const a = neg ? -sats : sats
  const frac = (a % 100000000n).toString().padStart(8, '0').replace(/0+$/, '')
  return `${neg ? '-' : ''}${a / 100000000n}${frac === '' ? '' : `.${frac}`}`
}
