// What a module's inspector is given (layer 5): the output and input facts the generic inspector (src/inspect/,
// layer 6) computes once per transaction, and the working record a module fills in. Names no module.
import { hash160ToAddress } from '../address/address.js'
import type { ChainParams } from '../address/chain.js'
import { hash160 } from '../hash/index.js'
import { ccScriptParts, classifyScript, mayAcceptCondition } from '../script/classify.js'
import { parseCcV2Script } from '../script/ccv2.js'
import { cc1of1, encodeCondition, tokensCc1of1 } from '../cc/condition.js'
import { ccModule, EVAL } from '../cc/eval.js'
import { ccSpendOf, type CcSpend } from '../cc/spend.js'
import type { Transaction } from '../tx/types.js'
import type { CcCondition } from '../cc/types.js'
import { hexOf } from './opret.js'

/** Script kind of an output. @example inspectTransaction(hex).outputs[0].kind // 'cc' */
export type OutputKind = 'cc' | 'p2pk' | 'p2pkh' | 'p2sh' | 'multisig' | 'opreturn' | 'nonstandard'

/** What the inspector knows of one output. @example inspectTransaction(hex).outputs[1].role // 'baton' */
export type InspectedOutput = {
  n: number
  value: bigint
  /** Script kind: CC, pay-to-pubkey, pay-to-pubkey-hash, P2SH, bare multisig, the opret, or anything else. */
  kind: OutputKind
  /** Address (CC address for CC outputs: hash160 of the script up to 0xcc). */
  address: string | null
  /** P2PK key, or the key of a CC output when identified. */
  pubkey?: string
  /** CC outputs: condition shape (from the cost), and eval codes and key when the output was rebuilt from a known key. */
  cc?: {
    /** The shape; `mixed` for a CC v2 (Tokel mixed-mode) output, whose eval codes are read from its tree. */
    condition: 'cc1of1' | 'cc1of2' | 'tokens1of1' | 'mixed' | 'other'
    evalCodes: number[] | null
    pubkey: string | null
    /** The module global key (CC outputs at a module's global address). */
    global: boolean
    /** CC v2 outputs: the mixed-mode sub-version (0 'M', 1 'N'). */
    subver?: 0 | 1
    /** CC v2 outputs of sub-version 1: the keyIDs (hex) of the tree's type-6 nodes (R-address destinations). */
    keyIds?: string[]
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

/**
 * What every module reading carries besides its own fields: `era` names a 2018 layout (FC-0, GW-D, 2018, …); the
 * index signature lets a caller look a field up by name (`reading[param]`) whatever the method.
 * @example const r: ReadingBase = inspectTransaction(hex).reading
 */
export type ReadingBase = { era?: string; [field: string]: unknown }

/** The reading of a transaction no module recognised: empty. @example inspectTransaction(plainHex).reading // {} */
export type NoReading = ReadingBase & { kind?: undefined }

/** A decoded module payload as the generic inspector sees it. @example const p: ModulePayload = decodeDiceOpret(script) */
export type ModulePayload = { readonly funcid: string }

/** The inspection while the generic inspector and a module fill it in (the public `Inspection` narrows its types). @internal */
export type InspectionDraft = {
  txid: string
  module: string | null
  method: string | null
  funcid: string | null
  evalCode: number | null
  payload: ModulePayload | null
  error?: { code: string; message: string }
  outputs: InspectedOutput[]
  fee?: bigint
  reading: ReadingBase
}

/** What a module's `read` is given: the transaction, its facts, the outputs before the opret and two labellers. @internal */
export type ReadContext<P extends ModulePayload> = {
  tx: Transaction
  draft: InspectionDraft
  facts: TxFacts
  options: InspectOptions
  /** The decoded payload (null only for a layout a module recognises without one, docs/inspect.md). */
  payload: P | null
  /** The outputs other than the opret, in order. */
  body: InspectedOutput[]
  /** Labels body output `n` with `role` when it has none yet and (if given) is of `kind`. */
  role: RoleFn
  /** Labels every unlabelled P2PK/P2PKH output of the body as change. */
  changeRest: () => void
  /** Value of body output `n`, or null. */
  value: (n: number) => bigint | null
}

/** Labels body output `n` (see {@link ReadContext}). @internal */
export type RoleFn = (n: number, role: string, kind?: OutputKind) => void

const COST_CC1OF1 = 1182720
const COST_CC1OF2 = 1183744
const COST_TOKENS1OF1 = 2232320

/**
 * Classifies one output: CC (with condition shape), P2PK, P2PKH, P2SH, multisig, opret or nonstandard; addresses
 * of the fast-path shapes are computed on first read.
 * @example classifyOutput(tx.vout[0].script, tx.vout[0].value, 0, KMD).kind // 'cc'
 */
export function classifyOutput(script: Uint8Array, value: bigint, n: number, chain: ChainParams): InspectedOutput {
  const len = script.length
  // fast paths for the shapes module transactions use; addresses are computed on first read (hash160 + base58)
  if (len === 35 && script[0] === 0x21 && script[34] === 0xac && (script[1] === 2 || script[1] === 3)) {
    const o = new LazyOutput(n, value, 'p2pk', script, 1, 34, false, chain)
    o.pubkey = hexOf(script, 1, 34)
    return o
  }
  if (
    len === 25 &&
    script[0] === 0x76 &&
    script[1] === 0xa9 &&
    script[2] === 20 &&
    script[23] === 0x88 &&
    script[24] === 0xac
  )
    return new LazyOutput(n, value, 'p2pkh', script, 3, 23, true, chain)
  // a CC v2 output (Tokel's mixed mode): the first push starts 'M' or 'N' (spec tokel-v2 §2.7)
  if (len > 3 && script[0]! <= 0x4e && isMixedHead(script)) {
    const v2 = parseCcV2Script(script)
    if (v2 !== null) {
      const o = new LazyOutput(n, value, 'cc', script, 0, v2.subScript.length, false, chain)
      const keyIds = typeSixKeyIds(v2.tree)
      o.cc = {
        condition: 'mixed',
        evalCodes: v2.evalCodes,
        pubkey: v2.params?.pubkeys.length === 1 ? v2.params.pubkeys[0]! : null,
        global: false,
        subver: v2.subver,
      }
      if (keyIds.length > 0) o.cc.keyIds = keyIds
      if (o.cc.pubkey !== null) o.pubkey = o.cc.pubkey
      return o
    }
  }
  const cc = len > 1 && script[0]! >= 1 && script[0]! <= 75 ? ccScriptParts(script) : null
  if (cc !== null && (isModuleTemplate(cc.condition) || mayAcceptCondition(cc.condition))) {
    const cost = conditionCost(cc.condition)
    const condition =
      cost === COST_CC1OF1
        ? 'cc1of1'
        : cost === COST_CC1OF2
          ? 'cc1of2'
          : cost === COST_TOKENS1OF1
            ? 'tokens1of1'
            : 'other'
    const o = new LazyOutput(n, value, 'cc', script, 0, cc.ccSubScriptEnd, false, chain)
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

/** Whether the first push of `script` starts with 'M' or 'N' (any push opcode). */
function isMixedHead(script: Uint8Array): boolean {
  const op = script[0]!
  const at = op < 0x4c ? 1 : op === 0x4c ? 2 : op === 0x4d ? 3 : 5
  return script.length > at && (script[at] === 0x4d || script[at] === 0x4e)
}

/** The keyIDs (hex) of the type-6 nodes of a decoded v2 tree, signed or not. */
function typeSixKeyIds(c: CcCondition, out: string[] = [], depth = 0): string[] {
  if (depth > 64) return out
  if (c.type === 'anon' && c.typeId === 6) out.push(hexOf(c.fingerprint))
  else if (c.type === 'secp256k1hash-sha-256') out.push(hexOf(c.keyId))
  else if (c.type === 'threshold-sha-256') for (const s of c.subconditions) typeSixKeyIds(s, out, depth + 1)
  return out
}

/**
 * An output whose `address` is computed on first read (hash160 + base58check are most of an inspection's cost).
 * `toJSON` includes it, so JSON output always carries the address.
 */
class LazyOutput {
  n: number
  value: bigint
  kind: OutputKind
  pubkey?: string
  cc?: InspectedOutput['cc']
  role?: string
  #script: Uint8Array
  #start: number
  #end: number
  #isHash: boolean
  #chain: ChainParams
  #address: string | null | undefined
  constructor(
    n: number,
    value: bigint,
    kind: OutputKind,
    script: Uint8Array,
    start: number,
    end: number,
    isHash: boolean,
    chain: ChainParams,
  ) {
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
      this.#address = hash160ToAddress(
        this.#isHash ? part : hash160(part),
        this.kind === 'cc' ? 'cc' : 'p2pkh',
        this.#chain,
      )
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

/**
 * The three 46-byte condition templates modules build (CC1, 1-of-2, two-eval tokens; spec 1.4): only the
 * fingerprint varies, and each is one the daemon's `MayAcceptCryptoCondition` accepts, so no decode is needed.
 */
function isModuleTemplate(c: Uint8Array): boolean {
  if (
    c.length !== 46 ||
    c[0] !== 0xa2 ||
    c[1] !== 0x2c ||
    c[2] !== 0x80 ||
    c[3] !== 0x20 ||
    c[36] !== 0x81 ||
    c[37] !== 0x03
  )
    return false
  const a = c[38],
    b = c[39]
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

/** An input as its scriptSig shows it (legacy-2018-layouts.md §8 rule 2): a CC spend, a normal signature, or unsigned. */
type InputFact = ({ kind: 'cc' } & CcSpend) | { kind: 'normal' } | { kind: 'unsigned' }

/** The eval codes and global keys of the modules the inspector knows, from the registry. @internal */
export type KnownModules = { evals: readonly number[]; globalKeys: readonly string[] }

/**
 * What the rules read besides the opret: the inputs (classified on first use) and the era-specific findings.
 * One per inspection, created by the generic inspector. @internal
 */
export class TxFacts {
  /** Eval byte of the opret payload, when there is one. */
  opretEval: number | null = null
  /** Payload candidates that need the transaction's shape to decide (2018 layouts, §8 rule 4). */
  legacy: ModulePayload[] | null = null
  /** The era a 2018 rule recognised (FC-0, GW-B, …), copied into the reading. */
  era: string | null = null
  /** Keys and eval codes to try on CC outputs besides the payload's, set by the 2018 rules. */
  extraKeys: string[] = []
  extraEvals: number[] = []
  #inputs: InputFact[] | undefined
  constructor(
    readonly tx: Transaction,
    readonly res: InspectionDraft,
    readonly known: KnownModules,
  ) {}
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
  /** The eval code of a CC input that belongs to none of the known modules (nor 2018 Assets), or null. */
  foreignEval(): number | null {
    for (const i of this.cc) if (!i.evalCodes.some((e) => this.known.evals.includes(e))) return i.evalCodes[0] ?? -1
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
    return (
      o !== undefined && o.kind === 'p2pk' && (pk === null || o.pubkey === pk) && (value === null || o.value === value)
    )
  }
}

/** Byte equality. @internal */
export function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false
  return true
}

// Condition binaries rebuilt from (shape, eval code, pubkey): four SHA-256 each, so memoised (bounded; cleared when full).
const CONDITION_CACHE = new Map<string, Uint8Array | null>()
const CONDITION_CACHE_MAX = 4096
/** The condition binary of CC1(ev, pk) or the two-eval tokens 1-of-1, memoised; null when it cannot be built. @internal */
export function builtCondition(shape: 'cc1of1' | 'tokens1of1', ev: number, pk: string): Uint8Array | null {
  const key = `${shape === 'cc1of1' ? 1 : 3}${ev}${pk}`
  let c = CONDITION_CACHE.get(key)
  if (c === undefined) {
    try {
      c =
        shape === 'cc1of1'
          ? encodeCondition(cc1of1(ev, pk))
          : ev === EVAL.TOKENS
            ? null
            : encodeCondition(tokensCc1of1(ev, pk))
    } catch {
      c = null
    }
    if (CONDITION_CACHE.size >= CONDITION_CACHE_MAX) CONDITION_CACHE.clear()
    CONDITION_CACHE.set(key, c)
  }
  return c
}

const GLOBAL_SCRIPT_CACHE = new Map<number, string>()
/** Hex of the CC1(ev, global key of ev) output script, memoised. @internal */
export function globalCcScriptHex(ev: number): string {
  let s = GLOBAL_SCRIPT_CACHE.get(ev)
  if (s === undefined) {
    s = '2e' + hexOf(encodeCondition(cc1of1(ev, ccModule(ev).pubkey))) + 'cc'
    GLOBAL_SCRIPT_CACHE.set(ev, s)
  }
  return s
}
