// How the inspector reads faucet transactions: current 'G' gets, funding without opret, the FC-0..FC-2 2018 gets.
import { ccModule, EVAL } from '../../cc/eval.js'
import { hexOf } from '../opret.js'
import {
  globalCcScriptHex,
  type InspectionDraft,
  type ReadContext,
  type ReadingBase,
  type TxFacts,
} from '../inspection.js'
import type { ModuleInspector } from '../descriptor.js'
import { decodeFaucetPayload, type FaucetOpret } from './opret.js'

/**
 * `faucetget`: the payout, the proof-of-work nonce and whether the txid has the 00…00 pattern. @example
 * inspectTransaction(hex).reading.kind === 'faucetget'
 */
export type FaucetGetReading = ReadingBase & {
  kind: 'faucetget'
  /** The opret's nonce (null for the FC-0/FC-1 gets recognised without a decodable opret). */
  nonce: number | null
  payout: bigint | null
  txidPatternOk: boolean
  /** The FC-2 opret's claimant key. */
  claimant?: string
}
/** `faucetfund`: the amount paid to the faucet (no opret). @example inspectTransaction(fundHex).reading // { kind: 'faucetfund', amount: 10000000000n } */
export type FaucetFundReading = ReadingBase & { kind: 'faucetfund'; amount: bigint }
/** Every reading of a faucet transaction. @example const r = inspectTransaction(hex).reading; if (r.kind === 'faucetget') r.payout */
export type FaucetReading = FaucetGetReading | FaucetFundReading

const COIN = 100000000n
const FAUCET_PK = /* @__PURE__ */ ccModule(EVAL.FAUCET).pubkey

/**
 * The faucetget shape (§4.2, §8 rule 6): no normal input, at least one CC input, every CC input eval 0xe4 signed by
 * the faucet key; outputs [CC1(e4, F)] + one normal payout (+ the opret when `withOpret`). Returns the payout index.
 */
function faucetGetShape(res: InspectionDraft, facts: TxFacts, withOpret: boolean): number | null {
  const body = withOpret ? res.outputs.length - 1 : res.outputs.length
  if (withOpret && res.outputs[body]?.kind !== 'opreturn') return null
  const cc = facts.cc
  if (facts.normalCount !== 0 || cc.length === 0) return null
  if (
    !cc.every(
      (c) =>
        c.evalCodes.length === 1 &&
        c.evalCodes[0] === EVAL.FAUCET &&
        c.signers.length === 1 &&
        c.signers[0] === FAUCET_PK,
    )
  )
    return null
  const payout = body - 1
  if (body < 1 || body > 2 || (body === 2 && !facts.isCc1(0, EVAL.FAUCET, FAUCET_PK))) return null
  const o = res.outputs[payout]!
  return o.kind === 'p2pk' || o.kind === 'p2pkh' ? payout : null
}

/**
 * No module opret: transactions without an opret that pay the faucet's CC address (§4, §8 rules 6-8). Normal inputs
 * only and the faucet output first → faucetfund; faucet CC inputs only → faucetget (FC-0 pays 1 coin, FC-1 0.1 coin);
 * anything else (a CC input of another eval code, another module's opret such as cclib `13 52`) → not claimed, the
 * faucet output labelled as funding it as a side effect. A P2PKH output to the faucet's address string is not funding.
 */
function withoutOpret(res: InspectionDraft, facts: TxFacts): boolean {
  const tx = facts.tx
  const faucet = globalCcScriptHex(EVAL.FAUCET)
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
      res.reading = { kind: 'faucetfund', amount: tx.vout[0]!.value } satisfies FaucetFundReading
      res.outputs[0]!.role = 'funding'
      for (const o of rest) o.role = 'change'
      return true
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
      return true
    }
  }
  // not a module transaction: name what is known (§8 rule 8; the "roles still given for what is known")
  for (const n of at) res.outputs[n]!.role = 'faucet funding (side effect)'
  return false
}

function read({ draft, payload: f, body, role }: ReadContext<FaucetOpret>, facts: TxFacts): FaucetReading {
  if (body[0]?.kind === 'cc') {
    role(0, 'faucet change', 'cc')
    role(1, 'payout')
  } else role(0, 'payout')
  const r: FaucetGetReading = {
    kind: 'faucetget',
    nonce: f?.nonce ?? null,
    payout: body.find((o) => o.role === 'payout')?.value ?? null,
    txidPatternOk: draft.txid.startsWith('00') && draft.txid.endsWith('00'),
  }
  if (f !== null && 'layout' in f) {
    r.claimant = f.pubkey
    facts.era = 'FC-2'
  }
  return r
}

/**
 * The faucet module's reading of its transactions (eval 0xe4), with the 2018 FC-0..FC-2 gets.
 * @example faucetInspector.ccEvals(draft) // [0xe4]
 * @internal
 */
export const faucetInspector: ModuleInspector<FaucetOpret, FaucetReading> = /* @__PURE__ */ Object.freeze({
  decodeOpret: (payload: Uint8Array) => decodeFaucetPayload(payload),
  // a faucet 'G' that fails the 6- and 40-byte forms is the transient FC-1 faucetget when the transaction has the faucetget shape (§8 rule 6)
  undecoded(res: InspectionDraft, facts: TxFacts): void {
    if (faucetGetShape(res, facts, true) !== null) {
      res.method = 'faucetget'
      facts.era = 'FC-1'
    }
  },
  withoutOpret,
  ccEvals: () => [EVAL.FAUCET],
  read: (ctx: ReadContext<FaucetOpret>) => read(ctx, ctx.facts),
})
