// README example: a gateway signer's side of a withdraw, built and signed offline.
import { getPublicKey } from '@noble/secp256k1'
import { sha256, decodeGatewaysOpret } from '../src/index.js'
import { p2pkScript } from '../src/script/script.js'
import {
  buildGatewaysCompleteSigning,
  buildGatewaysMarkDone,
  buildGatewaysPartialSign,
} from '../src/modules/gateways/build.js'

/**
 * `withdrawHex` and `bindHex` come from the chain (getrawtransaction); `payoutHex` is the foreign-chain payout each
 * signer signs with the foreign chain's own tools (oraclefeed does it with createrawtransaction/signrawtransaction).
 */
export function gatewaysSignerExample(withdrawHex: string, withdrawtxid: string, bindHex: string, payoutHex: string) {
  const signer = (seed: string) => {
    const privateKey = sha256(new TextEncoder().encode(seed)) // each signer's own key
    const pubkey = getPublicKey(privateKey, true)
    const fee = {
      txid: sha256(privateKey).reduce((s, b) => s + b.toString(16).padStart(2, '0'), ''),
      vout: 0,
      satoshis: 15000n,
      script: p2pkScript(pubkey),
    }
    return { pubkey, privateKey, utxos: [fee], height: 5000 }
  }
  // first signer of a 2-of-2: gatewayspartialsign <withdrawtxid> KMD <hex>
  const partial = buildGatewaysPartialSign(
    { txidaddr: withdrawtxid, refcoin: 'KMD', hex: payoutHex },
    signer('signer one'),
    { last: withdrawHex, bind: bindHex },
  )
  // second signer completes: gatewayscompletesigning <partialtxid> KMD <hex>
  const complete = buildGatewaysCompleteSigning(
    { withdrawtxid: partial.txid, coin: 'KMD', hex: payoutHex },
    signer('signer two'),
    { last: partial.hex, withdraw: withdrawHex, bind: bindHex },
  )
  // once the payout is on the foreign chain: gatewaysmarkdone <completetxid> KMD
  const done = buildGatewaysMarkDone({ completesigningtx: complete.txid, coin: 'KMD' }, signer('signer one'), {
    complete: complete.hex,
    withdraw: withdrawHex,
    bind: bindHex,
  })
  return {
    partial: decodeGatewaysOpret(partial.tx.vout.at(-1)!.script),
    complete: decodeGatewaysOpret(complete.tx.vout.at(-1)!.script),
    done: decodeGatewaysOpret(done.tx.vout.at(-1)!.script),
    txs: [partial, complete, done],
  }
}
