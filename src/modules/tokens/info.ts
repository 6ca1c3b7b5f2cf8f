// Offline `tokeninfo`.
import { classifyOutput } from '../inspection.js'
import { KMD } from '../../address/chain.js'
import { hexOf } from '../opret.js'
import { expectFuncid, infoTx, type InfoTxInput } from '../offline-info.js'
import { decodeTokensPayload, type TokensOpret } from './opret.js'
import { isCreateMarker } from './inspect.js'

/**
 * `tokeninfo`: the RPC client's result and the offline `tokeninfo`'s (one form: `supply` is token units, 1 token =
 * 1 satoshi of the backing coin). The imported-token fields come only from daemons that print them.
 * @example const info: TokenInfo = tokeninfo(createHex)
 */
export type TokenInfo = {
  result: string
  tokenid: string
  owner: string
  name: string
  supply: bigint
  description: string
  data?: string
  IsImported?: string
  sourceChain?: string
  sourceTokenId?: string
}
/** `tokenbalance` (RPC client). `tokenid` is the parameter echoed as given. @example const b: TokenBalance = await rpc.tokenbalance(tokenid) */
export type TokenBalance = { result: string; CCaddress: string; tokenid: string; balance: bigint }

/**
 * Offline `tokeninfo`: the daemon's JSON for a token, from its create transaction. `supply` is the sum of the
 * create's CC outputs other than the marker (token units = satoshis), as the daemon counts valid token outputs.
 * @throws KomodoCcError OPRET_FUNCID (`tokenid isnt token creation txid`) | parser errors
 * @example tokeninfo(createHex).name // 'TOK'
 */
export function tokeninfo(createTx: InfoTxInput): TokenInfo {
  const s = infoTx(createTx, 'createTx', decodeTokensPayload)
  expectFuncid(s, 'tokens', 'c', 'tokenid isnt token creation txid')
  const p = s.payload as Extract<TokensOpret, { funcid: 'c' }>
  let supply = 0n
  s.tx.vout.forEach((o, n) => {
    if (n === s.tx.vout.length - 1) return // the opret
    const out = classifyOutput(o.script, o.value, n, KMD)
    if (!isCreateMarker(out, hexOf(o.script)) && out.kind === 'cc') supply += o.value
  })
  const out: TokenInfo = {
    result: 'success',
    tokenid: s.txid,
    owner: p.origpubkey,
    name: p.name,
    supply,
    description: p.description,
  }
  const nft = p.blobs.find((b) => b.id === 0x11)
  if (nft !== undefined) out.data = nft.data
  return out
}
