// How the inspector reads gateways transactions: the current layouts (f1, or a token 't' carrying a gateways blob),
// the documented legacy records and the 2018 eras GW-A..GW-D (legacy-2018-layouts.md §3, §8).
import { KomodoCcError } from '../../errors.js'
import { ccModule, EVAL } from '../../cc/eval.js'
import { txidPubkey } from '../../cc/address.js'
import { hexOf } from '../opret.js'
import type { InspectionDraft, ReadContext, ReadingBase, TxFacts } from '../inspection.js'
import type { ModuleInspector } from '../descriptor.js'
import {
  decodeGatewaysPayload,
  decodeGateways2018Payload,
  GATEWAYS_BLOB_ID,
  type GatewaysOpret,
  type Gateways2018Opret,
} from './opret.js'

/** `gatewaysbind`. @example inspectTransaction(bindHex).reading.kind === 'gatewaysbind' */
export type GatewaysBindReading = ReadingBase & {
  kind: 'gatewaysbind'
  coin: string
  tokenid: string
  oracletxid: string
  totalsupply: bigint
  M: number
  N: number
  pubkeys: string[]
}
/** `gatewaysdeposit` (`claimvout` null in the 2018 layout). @example inspectTransaction(hex).reading.kind === 'gatewaysdeposit' */
export type GatewaysDepositReading = ReadingBase & {
  kind: 'gatewaysdeposit'
  coin: string
  bindtxid: string
  cointxid: string
  height: number
  claimvout: number | null
  destpub: string
  amount: bigint
}
/**
 * `gatewaysclaim`; the 2018 claims add `evalCode` (0xe3) and `claimer`, and the GW-D claim its gateways record's
 * fields. @example inspectTransaction(hex).reading.kind === 'gatewaysclaim'
 */
export type GatewaysClaimReading = ReadingBase & {
  kind: 'gatewaysclaim'
  tokenid: string
  amount: bigint | null
  coin?: string
  bindtxid?: string
  deposittxid?: string
  destpub?: string
  evalCode?: number
  claimer?: string | null
}
/**
 * `gatewayswithdraw`; the 2018 withdraws add `withdrawer` (and `evalCode` 0xe3 for the Assets opret). @example
 * inspectTransaction(hex).reading.kind === 'gatewayswithdraw'
 */
export type GatewaysWithdrawReading = ReadingBase & {
  kind: 'gatewayswithdraw'
  tokenid: string
  withdrawpub: string | null
  amount: bigint | null
  coin?: string
  bindtxid?: string
  evalCode?: number
  withdrawer?: string | null
}
/** `gatewayspartialsign`: the external transaction being signed. @example inspectTransaction(hex).reading.kind === 'gatewayspartialsign' */
export type GatewaysPartialSignReading = ReadingBase & {
  kind: 'gatewayspartialsign'
  coin: string
  withdrawtxid?: string | null
  K: number | null
  externalTxHex: string
  signerpk?: string
}
/** `gatewayscompletesigning`. @example inspectTransaction(hex).reading.kind === 'gatewayscompletesigning' */
export type GatewaysCompleteSigningReading = ReadingBase & {
  kind: 'gatewayscompletesigning'
  coin: string
  withdrawtxid: string | null
  K?: number | null
  externalTxHex: string
}
/** `gatewaysmarkdone` (the 2018 forms name the coin txid or the complete-signing txid). @example inspectTransaction(hex).reading.kind === 'gatewaysmarkdone' */
export type GatewaysMarkDoneReading = ReadingBase & {
  kind: 'gatewaysmarkdone'
  coin: string
  withdrawtxid?: string | null
  cointxid?: string
  completetxid?: string
}
/** Every reading of a gateways transaction. @example const r = inspectTransaction(hex).reading; if (r.kind === 'gatewaysbind') r.pubkeys */
export type GatewaysReading =
  | GatewaysBindReading
  | GatewaysDepositReading
  | GatewaysClaimReading
  | GatewaysWithdrawReading
  | GatewaysPartialSignReading
  | GatewaysCompleteSigningReading
  | GatewaysMarkDoneReading

type Payload = GatewaysOpret | Gateways2018Opret

const GW_PK = /* @__PURE__ */ ccModule(EVAL.GATEWAYS).pubkey
const SIGNING_METHODS = /* @__PURE__ */ Object.freeze({
  P: 'gatewayspartialsign',
  S: 'gatewayscompletesigning',
  M: 'gatewaysmarkdone',
} as Readonly<Record<string, string>>)

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
function decodeGateways(payload: Uint8Array, facts: TxFacts): Payload {
  let first: GatewaysOpret
  try {
    first = decodeGatewaysPayload(payload)
  } catch (e) {
    const all = payload[0] === EVAL.GATEWAYS ? candidates2018(payload) : null
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

/** Whether a token 't' payload carries a gateways blob (id 0x13 whose data starts f1): then it is a gateways opret. */
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
      if (id === GATEWAYS_BLOB_ID) return payload[p + 4] === EVAL.GATEWAYS
      if (big < 0) return false
      p += 4 + big
      continue
    }
    if (id === GATEWAYS_BLOB_ID) return payload[p + 2] === EVAL.GATEWAYS
    p += 2 + len
  }
  return false
}

/**
 * The 34-byte Assets 't' opret decoded as a token transfer (§8 rules 9-11): a gateways claim (GW-A/B/C) or a
 * gateways withdraw (GW-A/B) when the inputs and outputs say so; otherwise left to the tokens module.
 */
function adoptDecoded(res: InspectionDraft, facts: TxFacts): boolean {
  const p = res.payload as { funcid: string; evalCode?: number } | null
  if (p === null || p.funcid !== 't' || p.evalCode !== EVAL.ASSETS) return false
  const cc = facts.cc
  if (cc.length === 0) return false
  const byG = cc.filter((c) => c.signers.includes(GW_PK))
  const marker = cc.find(
    (c) => c.evalCodes.includes(EVAL.GATEWAYS) && c.signers.length > 0 && !c.signers.includes(GW_PK),
  )
  const out0 = res.outputs[0]
  facts.extraEvals = [EVAL.ASSETS, EVAL.GATEWAYS]
  facts.extraKeys = [GW_PK, ...cc.flatMap((c) => c.signers)]
  if (marker !== undefined && byG.length > 0 && out0?.kind === 'cc') {
    res.module = 'gateways'
    res.method = 'gatewaysclaim'
    facts.era = byG.every((c) => c.evalCodes.includes(EVAL.ASSETS)) ? 'GW-A' : 'GW-B/C'
    return true
  }
  const poolEval = facts.isCc1(0, EVAL.GATEWAYS, GW_PK)
    ? EVAL.GATEWAYS
    : facts.isCc1(0, EVAL.ASSETS, GW_PK)
      ? EVAL.ASSETS
      : null
  if (byG.length === 0 && poolEval !== null && facts.isP2pk(1, null, 10000n) && facts.isP2pk(2, GW_PK, 10000n)) {
    res.module = 'gateways'
    res.method = 'gatewayswithdraw'
    facts.era = poolEval === EVAL.ASSETS ? 'GW-A' : 'GW-B'
    return true
  }
  return false
}

/** Picks among 2018 candidates and recognises the era from inputs and outputs (§8 rules 13-20). */
function decideLegacy(res: InspectionDraft, facts: TxFacts): void {
  const p = res.payload as Payload | null
  if (p === null) return
  const all = (facts.legacy ?? []) as Payload[]
  switch (p.funcid) {
    case 't':
      facts.era = 'GW-D'
      break
    case 'D': {
      // the candidate whose cointxid is the txid-address marker at vout1 (§8 rule 17)
      const fit = all.find(
        (c) => c.funcid === 'D' && 'cointxid' in c && facts.isP2pk(1, hexOf(txidPubkey(c.cointxid)), null),
      )
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
      if ('layout' in p)
        facts.era = res.outputs[0]?.kind === 'cc' ? 'GW-D' : res.outputs[0]?.kind === 'p2pk' ? 'GW-C' : 'GW-C/D'
      break
    case 'C':
      if ('layout' in p) facts.era = 'GW-D'
      break
    case 'W':
      if ('layout' in p) facts.era = 'GW-C/D'
      break
  }
  facts.extraEvals = [EVAL.ASSETS, EVAL.GATEWAYS]
  facts.extraKeys = [GW_PK, ...facts.cc.flatMap((c) => c.signers)]
}

function read(ctx: ReadContext<Payload>): GatewaysReading {
  const { facts, payload: p, role, changeRest } = ctx
  if (facts.era !== null && p !== null) return read2018(ctx, p)
  const d = p as GatewaysOpret
  const r: ReadingBase = {}
  if (d.funcid === 'B') {
    if (ctx.body[0]?.cc?.condition === 'tokens1of1') {
      role(0, 'gateway tokens', 'cc')
      role(1, 'marker', 'cc')
    } else role(0, 'marker', 'cc')
    changeRest()
    Object.assign(r, {
      kind: 'gatewaysbind',
      coin: d.coin,
      tokenid: d.tokenid,
      oracletxid: d.oracletxid,
      totalsupply: d.totalsupply,
      M: d.M,
      N: d.N,
      pubkeys: d.pubkeys,
    })
  } else if (d.funcid === 'D') {
    role(0, 'claim marker', 'cc')
    role(1, 'cointxid marker', 'p2pk')
    changeRest()
    Object.assign(r, {
      kind: 'gatewaysdeposit',
      coin: d.refcoin,
      bindtxid: d.bindtxid,
      cointxid: d.cointxid,
      height: d.height,
      claimvout: d.claimvout,
      destpub: d.destpub,
      amount: d.amount,
    })
  } else if (d.funcid === 'C') {
    role(0, 'tokens', 'cc')
    role(1, 'gateway token change', 'cc')
    changeRest()
    Object.assign(r, {
      kind: 'gatewaysclaim',
      coin: d.refcoin,
      bindtxid: d.bindtxid,
      deposittxid: d.deposittxid,
      destpub: d.destpub,
      amount: d.amount,
      tokenid: d.tokenid,
    })
  } else if (d.funcid === 'W') {
    role(0, 'marker', 'cc')
    role(1, 'gateway tokens', 'cc')
    role(2, 'token change', 'cc')
    changeRest()
    Object.assign(r, {
      kind: 'gatewayswithdraw',
      coin: d.refcoin,
      bindtxid: d.bindtxid,
      withdrawpub: d.withdrawpub,
      amount: d.amount,
      tokenid: d.tokenid,
    })
  } else {
    if (d.funcid === 'M' && !('layout' in d)) role(0, 'marker released', 'p2pk')
    else role(0, 'marker', 'cc')
    changeRest()
    Object.assign(r, {
      kind: SIGNING_METHODS[d.funcid],
      coin: d.refcoin,
      withdrawtxid: 'withdrawtxid' in d ? d.withdrawtxid : null,
    })
    if (d.funcid !== 'M') Object.assign(r, { K: 'K' in d ? d.K : null, externalTxHex: d.hex })
  }
  return r as GatewaysReading
}

/**
 * Roles and reading of the 2018 gateways transactions (legacy-2018-layouts.md §3.3): claims and withdraws with an
 * Assets opret (the reading keeps its eval code 0xe3), the raw 'W', 'D' without claimvout, 'P', 'C' and 'M'.
 */
function read2018(
  { draft: res, facts, body, role, changeRest, value: v }: ReadContext<Payload>,
  p: Payload,
): GatewaysReading {
  const r: ReadingBase = {}
  const d = p as unknown as Record<string, unknown>
  if (res.method === 'gatewaysclaim') {
    role(0, 'tokens', 'cc')
    if (
      body[1]?.kind === 'cc' &&
      (facts.isCc1(body[1].n, EVAL.GATEWAYS, GW_PK) || facts.isCc1(body[1].n, EVAL.ASSETS, GW_PK))
    )
      role(1, 'gateway token change', 'cc')
    changeRest()
    const claimer =
      facts.cc.find((c) => c.evalCodes.includes(EVAL.GATEWAYS) && c.signers.length > 0 && !c.signers.includes(GW_PK))
        ?.signers[0] ?? null
    Object.assign(r, { kind: 'gatewaysclaim', evalCode: EVAL.ASSETS, tokenid: d.tokenid, amount: v(0), claimer })
    if (p.funcid === 't' && 'refcoin' in p)
      Object.assign(r, {
        coin: d.refcoin,
        bindtxid: d.bindtxid,
        deposittxid: d.deposittxid,
        destpub: d.destpub,
        amount: d.amount,
      })
    return r as GatewaysReading
  }
  if (res.method === 'gatewayswithdraw') {
    role(0, 'gateway tokens', 'cc')
    role(1, 'withdraw marker', 'p2pk')
    role(2, 'marker')
    role(3, 'token change', 'cc')
    changeRest()
    const withdrawer = facts.cc.find((c) => c.signers.length > 0 && !c.signers.includes(GW_PK))?.signers[0] ?? null
    Object.assign(r, {
      kind: 'gatewayswithdraw',
      tokenid: d.tokenid,
      withdrawpub: body[1]?.pubkey ?? null,
      amount: v(0),
      withdrawer,
    })
    if (p.funcid === 'W') Object.assign(r, { coin: d.refcoin, withdrawpub: d.withdrawpub, amount: d.amount })
    else r.evalCode = EVAL.ASSETS
    return r as GatewaysReading
  }
  switch (p.funcid) {
    case 'D':
      role(0, 'claim marker', 'cc')
      role(1, 'cointxid marker', 'p2pk')
      changeRest()
      Object.assign(r, {
        kind: 'gatewaysdeposit',
        coin: d.refcoin,
        bindtxid: d.bindtxid,
        cointxid: d.cointxid,
        height: d.height,
        claimvout: null,
        destpub: d.destpub,
        amount: d.amount,
      })
      break
    case 'C':
      role(0, 'marker', 'cc')
      changeRest()
      Object.assign(r, {
        kind: 'gatewayscompletesigning',
        coin: d.refcoin,
        withdrawtxid: d.withdrawtxid,
        externalTxHex: d.hex,
      })
      break
    case 'P':
      role(0, 'marker')
      changeRest()
      Object.assign(r, {
        kind: 'gatewayspartialsign',
        coin: d.refcoin,
        K: d.K,
        signerpk: d.signerpk,
        externalTxHex: d.hex,
      })
      break
    default:
      // 'M': GW-A/B/C pays the 5000 marker back; GW-D has no output but the opret
      if ('cointxid' in d) role(0, 'marker released', 'p2pk')
      changeRest()
      Object.assign(
        r,
        { kind: 'gatewaysmarkdone', coin: d.refcoin },
        'cointxid' in d ? { cointxid: d.cointxid } : { completetxid: d.completetxid },
      )
  }
  return r as GatewaysReading
}

/**
 * The gateways module's reading of its transactions (eval 0xf1, token 't' oprets with a gateways blob, and the
 * 2018 claims and withdraws behind an Assets 0xe3 opret).
 * @example gatewaysInspector.ccEvals(draft) // [0xf1, 0xf2]
 * @internal
 */
export const gatewaysInspector: ModuleInspector<Payload, GatewaysReading> = /* @__PURE__ */ Object.freeze({
  // a token 't' opret carrying a gateways blob is a gateways claim/withdraw/bind
  claimsOpret: (payload: Uint8Array) =>
    payload[0] === EVAL.TOKENS && payload.length > 1 && payload[1] === 0x74 && carriesGatewaysBlob(payload),
  decodeOpret: decodeGateways,
  methodOf(p: Payload): string | undefined {
    if ('layout' in p && p.layout === 'legacy') {
      if (p.funcid === 'C') return 'gatewayscompletesigning'
      if (p.funcid === 't') return 'gatewaysclaim'
    }
    return undefined
  },
  adoptUndecoded(payload: Uint8Array, res: InspectionDraft, facts: TxFacts): boolean {
    // the GW-D claim: a gateways record behind an Assets 'e3 74' head (§3.2, §8 rule 14)
    if (payload[0] !== EVAL.ASSETS) return false
    const claim = candidates2018(payload)
    if (claim === null) return false
    res.module = 'gateways'
    res.payload = claim[0]!
    res.funcid = 't'
    res.method = 'gatewaysclaim'
    facts.legacy = claim
    return true
  },
  adoptDecoded,
  decideLegacy,
  ccEvals: () => [EVAL.GATEWAYS, EVAL.TOKENS],
  read,
})
