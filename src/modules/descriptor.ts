// The shape every module folder exports once (layer 5): what the registry, the generic inspector and (next step)
// the CLI, the RPC client and the devnet need to know of a module. Names no module.
import type { InfoTxInput } from './offline-info.js'
import { ccModule } from '../cc/eval.js'
import type { InspectionDraft, ModulePayload, ReadContext, ReadingBase, TxFacts } from './inspection.js'

/**
 * One transaction-building RPC of a module: its name, the opret funcids its transactions carry, and its parameters
 * in the daemon's order and spelling.
 * @example const m: ModuleMethod = { name: 'oraclesdata', funcids: 'D', params: ['oracletxid', 'hexstr'] }
 */
export type ModuleMethod = Readonly<{ name: string; funcids: string; params: readonly string[] }>

/** Adds `label value` to a one-line summary (`format` turns the value into text; default: shortened hex/text). @internal */
export type SummaryAdd = (label: string, value: unknown, format?: 'coins' | 'text') => void

/**
 * How a module reads its transactions, as hooks the generic inspector calls in a fixed order (docs/architecture.md):
 * recognise the opret (`claimsOpret`, `decodeOpret`, `methodOf`), the fallbacks (`adoptUndecoded`, `keepUndecoded`,
 * `undecoded`, `withoutOpret`), the 2018 decisions (`adoptDecoded`, `decideLegacy`), the CC outputs (`ccEvals`),
 * the roles and reading (`read`, `withPrevouts`) and the one-line text (`summary`).
 * @internal
 */
export type ModuleInspector<P extends ModulePayload, R extends ReadingBase> = Readonly<{
  /** Claims an opret whose eval byte is another module's (gateways: a token 't' carrying a gateways blob). */
  claimsOpret?: (payload: Uint8Array) => boolean
  /** Decodes an opret payload this module owns; may record 2018 candidates in `facts.legacy`. Throws KomodoCcError. */
  decodeOpret: (payload: Uint8Array, facts: TxFacts) => P
  /** The RPC of a decoded payload when not the one its funcid names (2018 letters); undefined = by funcid. */
  methodOf?: (payload: P) => string | undefined
  /** Takes over an opret no module could decode (gateways: the GW-D claim behind an Assets head). */
  adoptUndecoded?: (payload: Uint8Array, draft: InspectionDraft, facts: TxFacts) => boolean
  /** Whether an undecodable opret of this eval byte still names the module (default true; 2018 Assets: no). */
  keepUndecoded?: (evalByte: number) => boolean
  /** A transaction of this module whose opret did not decode: a 2018 layout may still fit. */
  undecoded?: (draft: InspectionDraft, facts: TxFacts) => void
  /** A transaction with no module opret: claims it (a module paid without opret) or labels what it knows. */
  withoutOpret?: (draft: InspectionDraft, facts: TxFacts) => boolean
  /** Takes over another module's decoded 2018 transaction (gateways: claims and withdraws with an Assets opret). */
  adoptDecoded?: (draft: InspectionDraft, facts: TxFacts) => boolean
  /** Picks among 2018 candidates and names the era. */
  decideLegacy?: (draft: InspectionDraft, facts: TxFacts) => void
  /** Eval codes the module's CC outputs carry (tried with the payload's and global keys). */
  ccEvals: (draft: InspectionDraft) => number[]
  /** Labels the outputs and returns the reading (without `era`, which the inspector adds). */
  read: (ctx: ReadContext<P>) => R
  /** Completes the reading when every spent value is known (rewards: the lock amount and reward). */
  withPrevouts?: (reading: ReadingBase, prevouts: readonly ({ value: bigint } | null)[]) => void
  /** Writes the one-line summary of its readings; false = let the generic summary list the fields. */
  summary?: (reading: ReadingBase, add: SummaryAdd, part: (text: string) => void) => boolean
}>

/**
 * A module, described once: its name, eval codes and global keys (the daemon's, from `src/cc/eval.ts`; the
 * descriptor is where the library says which are its modules'), its RPCs with their parameters, its payload decoder,
 * its inspector and its offline `*info`.
 * @example tokensModule.methods.map((m) => m.name) // ['tokencreate', 'tokentransfer', 'tokenconvert']
 */
export type ModuleDescriptor<
  N extends string = string,
  P extends ModulePayload = ModulePayload,
  R extends ReadingBase = ReadingBase,
> = Readonly<{
  /** The module's name, as its folder and the `komodo-cc/<name>` subpath. */
  name: N
  /** The module's eval code (`EVAL.*`). */
  evalCode: number
  /** Eval bytes of the oprets it decodes (tokens: also 0xe3, the 2018 Assets layouts). */
  opretEvals: readonly number[]
  /** Global ("unspendable") pubkeys by eval code (from `CC_MODULES`). */
  globalKeys: Readonly<Record<number, string>>
  /** Transaction-building RPCs. */
  methods: readonly ModuleMethod[]
  /**
   * Offline `*info` RPCs of the module, by daemon name, in one calling shape: the main transaction (create, fund,
   * bind) and the module's other transactions, so the CLI and any other caller loop over them alike.
   */
  info: Readonly<Record<string, (main: InfoTxInput, more: readonly InfoTxInput[]) => unknown>>
  /** The strict payload decoder (an opret script or its payload, bytes or hex). */
  decode: (opret: Uint8Array | string) => P
  inspect: ModuleInspector<P, R>
}>

/**
 * Shortens hex or text to `abcd…wxyz` (kept whole up to 12 characters), as one-line summaries print keys and txids.
 * @example shortText('02d3431950c2f0f9654217b6ce3d44468d3a9ca7255741767fdeee7c5ec6b47567') // '02d3…7567'
 */
export function shortText(s: string): string {
  return s.length > 12 ? `${s.slice(0, 4)}…${s.slice(-4)}` : s
}

/**
 * The global keys of eval codes, from `CC_MODULES` (src/cc/eval.ts), frozen: a descriptor's `globalKeys`.
 * @example globalKeysOf(0xe4) // { 228: '03682b25…fe12' }
 */
export function globalKeysOf(...evalCodes: number[]): Readonly<Record<number, string>> {
  return Object.freeze(Object.fromEntries(evalCodes.map((e) => [e, ccModule(e).pubkey])))
}
