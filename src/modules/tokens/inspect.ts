// How the inspector reads tokens transactions: current (0xf2) and 2018 Assets-era (0xe3) layouts.
import { ccModule, EVAL } from '../../cc/eval.js'
import { hexOf } from '../opret.js'
import {
  globalCcScriptHex,
  type InspectedOutput,
  type ReadingBase,
  type TxFacts,
  type InspectionDraft,
  type ReadContext,
} from '../inspection.js'
import { shortText, type ModuleInspector } from '../descriptor.js'
import { decodeTokensPayload, type TokensOpret } from './opret.js'

/**
 * `tokencreate`: the token, its owner and supply (Σ CC outputs but the marker). @example
 * (inspectTransaction(createHex).reading as TokenCreateReading).supply // 100n
 */
export type TokenCreateReading = ReadingBase & {
  kind: 'tokencreate'
  tokenid: string
  name: string
  description: string
  owner: string
  supply: bigint
  /** The non-fungible data blob (0x11), when present, and the eval code its first byte names. */
  nftData?: string
  nftEvalCode?: number | null
}
/** `tokentransfer`: amount sent (vout 0) and the destination keys of the opret. @example inspectTransaction(hex).reading.kind === 'tokentransfer' */
export type TokenTransferReading = ReadingBase & {
  kind: 'tokentransfer'
  tokenid: string
  to: string[]
  amount: bigint | null
}
/** 2018 Assets `tokenconvert`: tokens moved under another eval code. @example inspectTransaction(hex).reading.kind === 'tokenconvert' */
export type TokenConvertReading = ReadingBase & {
  kind: 'tokenconvert'
  tokenid: string
  evalCode: number
  amount: bigint | null
  to: string | null
  toEvalCode: number | null
}
/** Every reading of a tokens transaction. @example const r = inspectTransaction(hex).reading; if (r.kind === 'tokencreate') r.supply */
export type TokensReading = TokenCreateReading | TokenTransferReading | TokenConvertReading

const TOKENS_PK = /* @__PURE__ */ ccModule(EVAL.TOKENS).pubkey
const ASSETS_PK = /* @__PURE__ */ ccModule(EVAL.ASSETS).pubkey

/** Whether a `tokencreate` output is the marker: CC1 or P2PK of the tokens (or Assets) global key. @internal */
export function isCreateMarker(o: InspectedOutput, scriptHex: string): boolean {
  return (
    scriptHex === globalCcScriptHex(EVAL.TOKENS) ||
    (o.kind === 'p2pk' && (o.pubkey === TOKENS_PK || o.pubkey === ASSETS_PK))
  )
}

/** The eval code the first byte of a create's NFT data names, or null. @internal */
export function nftEvalCode(data: string): number | null {
  return data.length >= 2 ? parseInt(data.slice(0, 2), 16) : null
}

/** The 2018 tokenconvert (§8 rule 12): one signer, Assets CC inputs only, its tokens at vout0, the converted ones at vout1. */
function decideLegacy(res: InspectionDraft, facts: TxFacts): void {
  const p = res.payload as TokensOpret | null
  if (p === null || p.funcid !== 't' || p.evalCode !== EVAL.ASSETS) return
  const cc = facts.cc
  if (cc.length === 0) return
  const signers = new Set(cc.flatMap((c) => c.signers))
  const s = signers.size === 1 ? [...signers][0]! : null
  if (
    s !== null &&
    cc.every((c) => c.evalCodes.length === 1 && c.evalCodes[0] === EVAL.ASSETS) &&
    facts.isCc1(0, EVAL.ASSETS, s) &&
    res.outputs[1]?.kind === 'cc' &&
    !facts.isCc1(1, EVAL.ASSETS, s) &&
    res.outputs[1].value > 0n
  ) {
    res.method = 'tokenconvert'
    facts.extraEvals = [...facts.known.evals]
    facts.extraKeys = [...new Set([...facts.known.globalKeys, s])]
  }
}

function read({ tx, draft, payload, body, role, changeRest, value: v }: ReadContext<TokensOpret>): TokensReading {
  const p = payload!
  if (p.funcid === 'c') {
    let supply = 0n
    for (const o of body) {
      if (isCreateMarker(o, hexOf(tx.vout[o.n]!.script))) o.role = 'marker'
      else if (o.kind === 'cc') {
        o.role = 'supply'
        supply += o.value
      }
    }
    changeRest()
    const r: TokenCreateReading = {
      kind: 'tokencreate',
      tokenid: draft.txid,
      name: p.name,
      description: p.description,
      owner: p.origpubkey,
      supply,
    }
    const nft = p.blobs.find((b) => b.id === 0x11)
    if (nft !== undefined) Object.assign(r, { nftData: nft.data, nftEvalCode: nftEvalCode(nft.data) })
    return r
  }
  if (draft.method === 'tokenconvert') {
    // 2018 Assets tokenconvert: vout0 token change (always present, may be 0), vout1 the tokens under another eval code
    role(0, 'token change', 'cc')
    role(1, 'converted tokens', 'cc')
    changeRest()
    const to = body[1]?.cc
    return {
      kind: 'tokenconvert',
      tokenid: p.tokenid,
      evalCode: EVAL.ASSETS,
      amount: v(1),
      to: to?.pubkey ?? null,
      toEvalCode: to?.evalCodes?.[0] ?? null,
    }
  }
  role(0, 'tokens', 'cc')
  role(1, 'token change', 'cc')
  changeRest()
  return { kind: 'tokentransfer', tokenid: p.tokenid, to: 'pubkeys' in p ? p.pubkeys : [], amount: v(0) }
}

/**
 * The tokens module's reading of its transactions (eval 0xf2, and 0xe3 for the 2018 Assets layouts).
 * @example tokensInspector.ccEvals(draft) // [0xf2]
 * @internal
 */
export const tokensInspector: ModuleInspector<TokensOpret, TokensReading> = /* @__PURE__ */ Object.freeze({
  decodeOpret(payload: Uint8Array, facts: TxFacts): TokensOpret {
    const p = decodeTokensPayload(payload)
    // the 34-byte Assets 't' also ends 2018 gateways claims and withdraws and tokenconvert (§8 rules 9-12)
    if (payload[0] === EVAL.ASSETS && p.funcid === 't') facts.legacy = [p]
    return p
  },
  // EVAL.ASSETS DEX orders and other 2018 Assets layouts are not one of the six modules
  keepUndecoded: (evalByte: number) => evalByte !== EVAL.ASSETS,
  decideLegacy,
  ccEvals(res: InspectionDraft): number[] {
    const evs: number[] = [res.evalCode === EVAL.ASSETS ? EVAL.ASSETS : EVAL.TOKENS]
    const p = res.payload as TokensOpret | null
    if (p !== null && p.funcid === 'c') {
      const nft = p.blobs.find((b) => b.id === 0x11)
      if (nft !== undefined && nft.data.length >= 2) evs.push(parseInt(nft.data.slice(0, 2), 16))
    }
    return evs
  },
  read,
  summary(r: ReadingBase, add): boolean {
    switch ((r as TokensReading).kind) {
      case 'tokencreate':
        add('name', r.name, 'text')
        add('supply', r.supply)
        add('owner', r.owner)
        return true
      case 'tokentransfer':
        add('tokenid', r.tokenid)
        add('amount', r.amount)
        add(
          'to',
          Array.isArray(r.to) && r.to.length > 0 ? r.to.map((k) => shortText(String(k))).join(' ') : undefined,
          'text',
        )
        return true
      default:
        return false
    }
  },
})
