// Offline `tokenv2info` / `tokenv2infotokel` from a token's create transaction (tokel src/rpc/tokensrpc.cpp
// tokenv2info, src/cc/CCtokens_impl.h TokenInfo; spec tokel-v2 §5.8).
import { hexOf } from '../opret.js'
import { parseCcV2Script } from '../../script/ccv2.js'
import { expectFuncid, infoTx, type InfoTxInput } from '../offline-info.js'
import { decodeTokensV2Payload, type TokensV2CreateOpret } from './opret.js'
import { decodeTokelData, type TokelData } from './tokeldata.js'
import { TOKENSV2_MARKER_VALUE, tokensV2GlobalScripts } from './globals.js'

/**
 * `tokenv2info` / `tokenv2infotokel`, keys in the daemon's order. `supply` is in token units; `dataAsJson` only from
 * `tokenv2infotokel` (and `{}` when the blob is not a valid Tokel blob). `height` needs a chain (left out offline).
 * @example const info: TokenV2Info = tokenv2info(createHex)
 */
export type TokenV2Info = {
  result: 'success'
  tokenid: string
  owner: string
  name: string
  supply: bigint
  description: string
  data?: string
  dataAsJson?: TokelData
  version: number
  IsMixed: 'yes'
  height?: number
}

/**
 * Offline `tokenv2info`: the token's creator, name, description, data and supply (Σ of the create's CC outputs that
 * carry eval 0xF5, but the 10000-sat marker to the TokensV2 global address: `CheckTokensvout`).
 * @throws KomodoCcError OPRET_FUNCID (`tokenid isnt token creation txid`) | parser errors
 * @example tokenv2info(createHex).supply // 1n
 */
export function tokenv2info(createTx: InfoTxInput, options: { tokel?: boolean } = {}): TokenV2Info {
  const s = infoTx(createTx, 'createTx', decodeTokensV2Payload)
  expectFuncid(s, 'tokensv2', 'c', 'tokenid isnt token creation txid')
  const p = s.payload as TokensV2CreateOpret
  const marker = tokensV2GlobalScripts().tokensMarker
  let supply = 0n
  s.tx.vout.forEach((o) => {
    const v2 = parseCcV2Script(o.script)
    if (v2 === null || !v2.evalCodes.includes(0xf5)) return
    if (o.value === TOKENSV2_MARKER_VALUE && hexOf(v2.subScript) === marker) return
    supply += o.value
  })
  const out: TokenV2Info = {
    result: 'success',
    tokenid: s.txid,
    owner: p.origpubkey,
    name: p.name,
    supply,
    description: p.description,
    version: 1,
    IsMixed: 'yes',
  }
  const data = p.blobs[0]
  if (data !== undefined) {
    out.data = data
    if (options.tokel === true) {
      let json: TokelData = {}
      try {
        json = decodeTokelData(data, { checkRoyalty: false })
      } catch {
        // ParseTokelVData: on a parse error the partial map is dropped, `{}` is printed
      }
      out.dataAsJson = json
    }
  }
  // key order as the daemon prints it: data, dataAsJson, then version, IsMixed
  const { version, IsMixed, ...head } = out
  return { ...head, version, IsMixed }
}

/**
 * Offline `tokenv2infotokel`: {@link tokenv2info} with `dataAsJson`, the Tokel data in id order.
 * @throws KomodoCcError as {@link tokenv2info}
 * @example tokenv2infotokel(nftCreateHex).dataAsJson?.royalty // 500
 */
export function tokenv2infotokel(createTx: InfoTxInput): TokenV2Info {
  return tokenv2info(createTx, { tokel: true })
}

/**
 * `tokenv2balance`'s answer: the token units `pubkey` holds (bigint) and its two index keys.
 * @example const b: TokenV2BalanceResult = await rpc.tokenv2balance(tokenid)
 */
export type TokenV2BalanceResult = { result: string; tokenid: string; balance: bigint; CCIndexKeys: string[] }
