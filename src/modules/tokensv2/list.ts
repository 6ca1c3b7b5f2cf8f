// `tokenv2list` from any chain source (tokel src/cc/CCtokens.cpp TokenV2List), as the daemon answers it without
// -unspentccindex and without height bounds.
import { bytesToHex, hexToBytes } from '../../bytes/hex.js'
import { curvePubkey } from '../../cctx/pubkey.js'
import { cc1of1 } from '../../cc/condition.js'
import { ccV2Address, ccV2Script } from '../../script/ccv2.js'
import { readerFrom, type ReadSource } from '../../cctx/resolve.js'
import { decodeTokensV2Opret } from './opret.js'
import { tokensV2GlobalScripts } from './globals.js'

/**
 * `tokenv2list [{ pubkey | address }]`: the tokenids whose 10000-sat marker is unspent on the TokensV2 global address
 * (`SetCCunspents` on `unspendableCCaddr`), in the address index's order, whose create decodes as a v2 create; with
 * `pubkey`, only its creates; with `address`, only creates whose creator's CC1(F5) address it is.
 * @throws KomodoCcError CHAIN_MISMATCH | TX_NOT_FOUND | ABORTED
 * @example await tokenv2list({ view, chain: TOKEL }) // ['3c9a…', …]
 */
export async function tokenv2list(
  ctx: ReadSource,
  filter: { pubkey?: string; address?: string } = {},
): Promise<string[]> {
  const reader = readerFrom(ctx)
  const markerAddress = ccV2Address(hexToBytes(tokensV2GlobalScripts().tokensMarker), ctx.chain)
  const out: string[] = []
  const pk = filter.pubkey === undefined ? undefined : bytesToHex(curvePubkey(filter.pubkey, 'pubkey'))
  for (const u of await reader.unspent(markerAddress)) {
    if (out.includes(u.txid)) continue
    const { tx } = await reader.tx(u.txid)
    let c
    try {
      c = decodeTokensV2Opret(tx.vout[tx.vout.length - 1]!.script)
    } catch {
      continue // DecodeTokenCreateOpRetV2 failed
    }
    if (c.funcid !== 'c') continue
    if (pk !== undefined && c.origpubkey !== pk) continue
    if (
      pk === undefined &&
      filter.address !== undefined &&
      ccV2Address(ccV2Script(cc1of1(0xf5, c.origpubkey), { subver: 0 }), ctx.chain) !== filter.address
    )
      continue
    out.push(u.txid)
  }
  return out
}
