// The devnet's sendrawtransaction validation of one oraclesdata transaction (parse, inputs, 4 signatures incl. CC and
// baton, the Oracles consensus rules), without the HTTP layer. No peer: no other JS library validates Antara consensus.
import { describe } from 'vitest'
import { bench, opts, OURS } from './_opts.js'
import { hexToBytes } from '../src/bytes/hex.js'
import { batonPubkey, ccAddress } from '../src/cc/address.js'
import { keySigner } from '../src/tx/sign.js'
import { DevChain } from '../src/devnet/chain.js'
import { acceptTransaction } from '../src/devnet/validate.js'
import { callDevnet, defaultValidators } from '../src/devnet/rpc.js'
import { batonTxid, currentDatafee, subscriptionUtxos } from '../src/devnet/oracles.js'
import { buildOraclesData } from '../src/modules/oracles/build.js'
import type { DevnetNode } from '../src/devnet/node.js'

const priv = hexToBytes('00'.repeat(31) + '2a')
const pubkey = keySigner(priv).publicKey
const chain = new DevChain({ walletPubkey: pubkey, genesisTime: 1_700_000_000 })
const node: DevnetNode = { chain, chainName: 'BENCH', wallet: { pubkey, privateKey: priv }, validators: defaultValidators(), rpcPort: 0 }
const send = (r: unknown): string => callDevnet(node, 'sendrawtransaction', [(r as { hex: string }).hex]) as string
const oracletxid = send(callDevnet(node, 'oraclescreate', ['BENCH', 'bench', 'sL']))
chain.mine(1)
send(callDevnet(node, 'oraclesfund', [oracletxid])); chain.mine(1)
send(callDevnet(node, 'oraclesregister', [oracletxid, '10000'])); chain.mine(1)
send(callDevnet(node, 'oraclessubscribe', [oracletxid, Array.from(pubkey, (b) => b.toString(16).padStart(2, '0')).join(''), '1'])); chain.mine(1)
const me = Array.from(pubkey, (b) => b.toString(16).padStart(2, '0')).join('')
const bt = batonTxid(chain, oracletxid, me, ccAddress(0xec, batonPubkey(priv)))!
const batonOut = chain.output(bt, 1)!
const data = buildOraclesData(oracletxid, '03616263' + '0500000000000000', { pubkey, utxos: chain.walletUtxos(), height: chain.height, privateKey: priv }, {
  oracle: chain.txs.get(oracletxid)!.hex, datafee: currentDatafee(chain, oracletxid, me),
  baton: { txid: bt, vout: 1, satoshis: batonOut.value, script: batonOut.script }, subscriptions: subscriptionUtxos(chain, oracletxid, me),
})
const validators = defaultValidators()
// prove the fixture: it passes every rule
if (acceptTransaction(chain, data.hex, { validators, dryRun: true }).txid !== data.txid) throw new Error('bench fixture is not a valid oraclesdata')

describe('devnet/sendrawtransaction (oraclesdata, 4 inputs)', () => {
  bench(OURS, () => { acceptTransaction(chain, data.hex, { validators, dryRun: true }) }, opts)
})
