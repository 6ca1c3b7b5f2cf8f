// How the inspector reads dice transactions (and the 2018 odds-1 bet).
import { ccModule, EVAL } from '../../cc/eval.js'
import type { ReadContext, ReadingBase } from '../inspection.js'
import type { ModuleInspector } from '../descriptor.js'
import { decodeDicePayload, type DiceOpret } from './opret.js'

/** `dicefund`: the plan and its first funds. @example inspectTransaction(fundHex).reading.kind === 'dicefund' */
export type DiceFundReading = ReadingBase & {
  kind: 'dicefund'
  name: string | null
  sbits: bigint
  funds: bigint | null
  minbet: bigint
  maxbet: bigint
  maxodds: bigint
  timeoutblocks: bigint
  /** The owner tag's key (vout 1), null in the 2018 layout without tag. */
  house: string | null
}
/** `diceaddfunds`: funds added with the house's entropy commitment. @example inspectTransaction(hex).reading.kind === 'diceaddfunds' */
export type DiceAddFundsReading = ReadingBase & {
  kind: 'diceaddfunds'
  name: string | null
  fundingtxid: string
  amount: bigint | null
  commitment: string
}
/** `dicebet`: the bet, its odds (from the vout 2 tag) and what a win pays. @example inspectTransaction(betHex).reading.kind === 'dicebet' */
export type DiceBetReading = ReadingBase & {
  kind: 'dicebet'
  name: string | null
  fundingtxid: string
  entropytxid: string | null
  bet: bigint | null
  odds: bigint | null
  payoutIfWin: bigint | null
  bettor: string | null
  bettorEntropy: string
}
/**
 * `dicefinish`: the outcome of a bet (funcid W win, L loss, T timeout, R refund) and what it paid. @example
 * inspectTransaction(hex).reading.kind === 'dicefinish'
 */
export type DiceFinishReading = ReadingBase & {
  kind: 'dicefinish'
  outcome: 'win' | 'loss' | 'timeout' | 'refund'
  name: string | null
  fundingtxid: string
  bettxid: string | null
  paid: bigint | null
  oldbettxid?: string
  houseEntropy?: string
}
/** Every reading of a dice transaction. @example const r = inspectTransaction(hex).reading; if (r.kind === 'dicebet') r.odds */
export type DiceReading = DiceFundReading | DiceAddFundsReading | DiceBetReading | DiceFinishReading

const DICE_PK = /* @__PURE__ */ ccModule(EVAL.DICE).pubkey
const OUTCOMES = /* @__PURE__ */ Object.freeze({ W: 'win', L: 'loss', T: 'timeout', R: 'refund' } as const)

function read({ tx, facts, payload, body, role, changeRest, value: v }: ReadContext<DiceOpret>): DiceReading {
  const d = payload!
  if (d.funcid === 'F') {
    role(0, 'funding', 'cc')
    // current layout: vout1 owner tag P2PK(house), vout2 marker P2PK(dice global); the 2018 docs example has no tag
    for (const o of body.slice(1, 3)) if (o.kind === 'p2pk' && o.pubkey === DICE_PK) o.role = 'marker'
    if (body[1] !== undefined && body[1].role === undefined && body[1].value === 10000n) body[1].role = 'owner tag'
    changeRest()
    const tag = body[1]?.role === 'owner tag' ? body[1] : undefined
    return {
      kind: 'dicefund',
      name: d.name,
      sbits: d.sbits,
      funds: v(0),
      minbet: d.minbet,
      maxbet: d.maxbet,
      maxodds: d.maxodds,
      timeoutblocks: d.timeoutblocks,
      house: tag?.pubkey ?? null,
    }
  }
  if (d.funcid === 'E') {
    role(0, 'entropy', 'cc')
    role(1, 'owner tag')
    changeRest()
    return { kind: 'diceaddfunds', name: d.name, fundingtxid: d.fundingtxid, amount: v(0), commitment: d.hash }
  }
  if (d.funcid === 'B') {
    role(0, 'entropy', 'cc')
    role(1, 'bet', 'cc')
    role(2, 'odds tag')
    changeRest()
    const bet = v(1)
    const tag = v(2)
    const odds = tag !== null && tag > 10000n ? tag - 10000n : null
    // odds 1 (vout2 = 10001) were refused from 2018-11-06: such a bet is 2018-era (§5, §8 rule 21)
    if (odds === 1n) facts.era = '2018'
    return {
      kind: 'dicebet',
      name: d.name,
      fundingtxid: d.fundingtxid,
      entropytxid: tx.vin[0]?.txid ?? null,
      bet,
      odds,
      payoutIfWin: bet !== null && odds !== null ? bet * (odds + 1n) : null,
      bettor: body[2]?.pubkey ?? body[2]?.address ?? null,
      bettorEntropy: d.hash,
    }
  }
  role(0, 'dice funds', 'cc')
  role(1, 'owner tag')
  if (d.funcid !== 'L') role(2, d.funcid === 'R' ? 'refund' : 'payout')
  changeRest()
  const r: DiceFinishReading = {
    kind: 'dicefinish',
    outcome: OUTCOMES[d.funcid],
    name: d.name,
    fundingtxid: d.fundingtxid,
    bettxid: tx.vin[1]?.txid ?? null,
    paid: d.funcid === 'L' ? 0n : v(2),
  }
  if (d.funcid === 'R') r.oldbettxid = d.oldbettxid
  else if (d.funcid !== 'T') r.houseEntropy = d.proof
  return r
}

/**
 * The dice module's reading of its transactions (eval 0xe6).
 * @example diceInspector.ccEvals(draft) // [0xe6]
 * @internal
 */
export const diceInspector: ModuleInspector<DiceOpret, DiceReading> = /* @__PURE__ */ Object.freeze({
  decodeOpret: (payload: Uint8Array) => decodeDicePayload(payload),
  ccEvals: () => [EVAL.DICE],
  read,
  summary(r: ReadingBase, add): boolean {
    if ((r as DiceReading).kind !== 'dicebet') return false
    add('plan', r.name, 'text')
    add('bet', r.bet, 'coins')
    add('odds', r.odds)
    add('pays', r.payoutIfWin, 'coins')
    return true
  },
})
