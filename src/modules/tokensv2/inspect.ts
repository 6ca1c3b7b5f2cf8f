// How the inspector reads tokens v2 transactions (Tokel's fork, eval 0xF5): creates (with or without token data),
// transfers, and the multi-token transfers whose only payload sits in the outputs' OP_DROP params (spec tokel-v2 §4.4,
// §5.5, §9 point 1).
import { hexToBytes } from '../../bytes/hex.js'
import { hash160ToAddress } from '../../address/address.js'
import { parseCcV2Script } from '../../script/ccv2.js'
import { hexOf } from '../opret.js'
import type { InspectionDraft, ReadContext, ReadingBase, TxFacts } from '../inspection.js'
import { shortText, type ModuleInspector } from '../descriptor.js'
import { decodeTokensV2Payload, type TokensV2Opret } from './opret.js'
import { decodeTokelData, EVAL_TOKELDATA, type TokelData } from './tokeldata.js'
import { tokensV2GlobalScripts } from './globals.js'

/**
 * `tokenv2create` / `tokenv2createtokel`: the token, its creator and supply (Σ F5 CC outputs but the marker), its data
 * blob and, for a Tokel blob, the decoded data and royalty.
 * @example (inspectTransaction(hex).reading as TokenV2CreateReading).supply // 1n
 */
export type TokenV2CreateReading = ReadingBase & {
  kind: 'tokenv2create' | 'tokenv2createtokel'
  tokenid: string
  name: string
  description: string
  owner: string
  supply: bigint
  /** The token data blob (hex), when present. */
  data?: string
  /** The Tokel data (`dataAsJson`), when the blob is a valid Tokel blob. */
  tokelData?: TokelData
}

/**
 * `tokenv2transfer`: tokens sent (vout 0) and to whom: the pubkey listed in its params, or the R-address of its keyID.
 * @example inspectTransaction(hex).reading.kind === 'tokenv2transfer'
 */
export type TokenV2TransferReading = ReadingBase & {
  kind: 'tokenv2transfer'
  tokenid: string
  amount: bigint | null
  /** The destination: a pubkey (hex) or an R-address (keyID destination), null when the output hides it. */
  to: string | null
}

/**
 * `tokenv2transfermany` (and nSPV transfers): no OP_RETURN; each token output carries its transfer payload in its
 * OP_DROP params. `tokenids` lists the tokens moved, in output order.
 * @example inspectTransaction(hex).reading.kind === 'tokenv2transfermany'
 */
export type TokenV2TransferManyReading = ReadingBase & {
  kind: 'tokenv2transfermany'
  tokenids: string[]
  to: string | null
}

/** Every reading of a tokens v2 transaction. @example const r = inspectTransaction(hex).reading; if (r.kind === 'tokenv2create') r.supply */
export type TokensV2Reading = TokenV2CreateReading | TokenV2TransferReading | TokenV2TransferManyReading

/** The destination of a v2 token output: its params' one pubkey, else the R-address of its one keyID. @internal */
export function tokenOutputDest(o: { pubkey?: string; cc?: { keyIds?: string[] } } | undefined): string | null {
  if (o === undefined) return null
  if (o.pubkey !== undefined) return o.pubkey
  const k = o.cc?.keyIds
  return k !== undefined && k.length === 1 ? hash160ToAddress(hexToBytes(k[0]!), 'p2pkh') : null
}

/** The transfer payloads in the OP_DROP params of a transaction's v2 F5 outputs (the nSPV/transfermany form). */
function paramsPayloads(facts: TxFacts): TokensV2Opret[] {
  const out: TokensV2Opret[] = []
  for (const o of facts.tx.vout) {
    const v2 = parseCcV2Script(o.script)
    const d = v2?.params?.vdata[0]
    if (v2 === null || d === undefined || !v2.evalCodes.includes(0xf5)) continue
    try {
      out.push(decodeTokensV2Payload(hexToBytes(d)))
    } catch {
      // not a token payload
    }
  }
  return out
}

function withoutOpret(draft: InspectionDraft, facts: TxFacts): boolean {
  // only a transaction whose last output is not an opret (a v2 transfer with no opret at all)
  const last = facts.tx.vout[facts.tx.vout.length - 1]
  if (last === undefined || last.script[0] === 0x6a) return false
  const ps = paramsPayloads(facts).filter((p) => p.funcid === 't')
  if (ps.length === 0) return false
  draft.module = 'tokensv2'
  draft.method = 'tokenv2transfermany'
  draft.funcid = 't'
  draft.evalCode = 0xf5
  draft.payload = ps[0]!
  return true
}

function read({ tx, draft, payload, body, role, changeRest, value }: ReadContext<TokensV2Opret>): TokensV2Reading {
  const p = payload!
  if (p.funcid === 'c') {
    const marker = tokensV2GlobalScripts().tokensMarker
    let supply = 0n
    for (const o of body) {
      if (o.kind !== 'cc') continue
      if (hexOf(tx.vout[o.n]!.script) === marker) o.role = 'marker'
      else if (o.cc?.evalCodes?.includes(0xf5) === true) {
        o.role = 'supply'
        supply += o.value
      }
    }
    changeRest()
    const r: TokenV2CreateReading = {
      kind: draft.method === 'tokenv2createtokel' ? 'tokenv2createtokel' : 'tokenv2create',
      tokenid: draft.txid,
      name: p.name,
      description: p.description,
      owner: p.origpubkey,
      supply,
    }
    const data = p.blobs[0]
    if (data !== undefined) {
      r.data = data
      if (data.startsWith(EVAL_TOKELDATA.toString(16)))
        try {
          r.tokelData = decodeTokelData(data)
        } catch {
          // an invalid Tokel blob: `dataAsJson` would be {}; left out
        }
    }
    return r
  }
  if (draft.method === 'tokenv2transfermany') {
    const ids: string[] = []
    for (const o of body)
      if (o.kind === 'cc' && o.cc?.evalCodes?.includes(0xf5) === true) {
        o.role = 'tokens'
        const d = parseCcV2Script(tx.vout[o.n]!.script)?.params?.vdata[0]
        if (d !== undefined)
          try {
            const q = decodeTokensV2Payload(hexToBytes(d))
            if (q.funcid === 't' && !ids.includes(q.tokenid)) ids.push(q.tokenid)
          } catch {
            // not a payload
          }
      }
    changeRest()
    return { kind: 'tokenv2transfermany', tokenids: ids, to: tokenOutputDest(body[0]) }
  }
  role(0, 'tokens', 'cc')
  role(1, 'token change', 'cc')
  changeRest()
  return { kind: 'tokenv2transfer', tokenid: p.tokenid, amount: value(0), to: tokenOutputDest(body[0]) }
}

/**
 * The tokens v2 module's reading of its transactions (eval 0xF5).
 * @example tokensV2Inspector.ccEvals(draft) // [0xf5]
 * @internal
 */
export const tokensV2Inspector: ModuleInspector<TokensV2Opret, TokensV2Reading> = /* @__PURE__ */ Object.freeze({
  decodeOpret: (payload: Uint8Array) => decodeTokensV2Payload(payload),
  methodOf: (p: TokensV2Opret) =>
    p.funcid === 'c' ? (p.blobs[0]?.startsWith('f7') === true ? 'tokenv2createtokel' : 'tokenv2create') : undefined,
  withoutOpret,
  ccEvals: () => [0xf5],
  read,
  summary(r: ReadingBase, add): boolean {
    const x = r as TokensV2Reading
    switch (x.kind) {
      case 'tokenv2create':
      case 'tokenv2createtokel':
        add('name', x.name, 'text')
        add('supply', x.supply)
        add('owner', x.owner)
        if (x.tokelData?.royalty !== undefined) add('royalty', `${x.tokelData.royalty}/1000`, 'text')
        return true
      case 'tokenv2transfer':
        add('tokenid', x.tokenid)
        add('amount', x.amount)
        add('to', x.to === null ? undefined : shortText(x.to), 'text')
        return true
      default:
        return false
    }
  },
})
