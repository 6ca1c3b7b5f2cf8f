// The devnet's sendrawtransaction validation of one oraclesdata transaction (parse, inputs, 4 signatures incl. CC and
// baton, the Oracles consensus rules), without the HTTP layer. No peer: no other JS library validates Antara consensus.
import { describe } from 'vitest'
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { bench, opts, OURS } from './_opts.js'
import { hexToBytes } from '../src/bytes/hex.js'
import { batonPubkey } from '../src/cc/address.js'
import { keySigner } from '../src/tx/sign.js'
import { DevChain, type ChainSnapshot } from '../src/devnet/chain.js'
import { writeFileAtomic } from '../src/devnet/persist.js'
import { acceptTransaction } from '../src/devnet/validate.js'
import { callDevnet, defaultValidators } from '../src/devnet/rpc.js'
import { oraclesDataState } from '../src/modules/oracles/resolve-state.js'
import { buildOraclesData } from '../src/modules/oracles/build.js'
import { StateReader } from '../src/cctx/resolve.js'
import { devnetChainView } from '../src/devnet/view.js'
import type { DevnetNode } from '../src/devnet/node.js'

const priv = hexToBytes('00'.repeat(31) + '2a')
const pubkey = keySigner(priv).publicKey
const chain = new DevChain({ walletPubkey: pubkey, genesisTime: 1_700_000_000 })
const node: DevnetNode = {
  chain,
  chainName: 'BENCH',
  wallet: { pubkey, privateKey: priv },
  validators: defaultValidators(),
  rpcPort: 0,
}
// the module RPCs answer through their resolvers (a promise)
const send = async (r: unknown): Promise<string> =>
  callDevnet(node, 'sendrawtransaction', [((await r) as { hex: string }).hex]) as string
const oracletxid = await send(callDevnet(node, 'oraclescreate', ['BENCH', 'bench', 'sL']))
chain.mine(1)
await send(callDevnet(node, 'oraclesfund', [oracletxid]))
chain.mine(1)
await send(callDevnet(node, 'oraclesregister', [oracletxid, '10000']))
chain.mine(1)
await send(
  callDevnet(node, 'oraclessubscribe', [
    oracletxid,
    Array.from(pubkey, (b) => b.toString(16).padStart(2, '0')).join(''),
    '1',
  ]),
)
chain.mine(1)
const me = Array.from(pubkey, (b) => b.toString(16).padStart(2, '0')).join('')
const data = buildOraclesData(
  { oracletxid, hexstr: '03616263' + '0500000000000000' },
  { pubkey, utxos: chain.walletUtxos(), height: chain.height, privateKey: priv },
  await oraclesDataState(new StateReader(devnetChainView(node)), oracletxid, me, batonPubkey(priv)),
)
const validators = defaultValidators()
// prove the fixture: it passes every rule
if (acceptTransaction(chain, data.hex, { validators, dryRun: true }).txid !== data.txid)
  throw new Error('bench fixture is not a valid oraclesdata')

describe('devnet/sendrawtransaction (oraclesdata, 4 inputs)', () => {
  bench(
    OURS,
    () => {
      acceptTransaction(chain, data.hex, { validators, dryRun: true })
    },
    opts,
  )
})

// sendrawtransaction of a plain payment (1 P2PK input, 2 outputs) as the server runs it, without and with `sync`
// (the data file rewritten through a 0600 temporary file, fsync-ed with its directory, before the answer). The
// transaction is taken out of the mempool after each call so every call accepts it afresh on the same chain
// (genesis with its 100 premine outputs plus this transaction: a data file of about 10 KB; the cost of a sync write
// grows with the file).
const payChain = new DevChain({ walletPubkey: pubkey, genesisTime: 1_700_000_000 })
const payNode: DevnetNode = {
  chain: payChain,
  chainName: 'BENCH',
  wallet: { pubkey, privateKey: priv },
  validators: defaultValidators(),
  rpcPort: 0,
}
const payTxid = callDevnet(payNode, 'sendtoaddress', ['RXL3YXG2ceaB6C5hfJcN4fvmLH2C34knhA', '1']) as string
const payHex = payChain.txs.get(payTxid)!.hex
/** Undoes DevChain.addToMempool for the last transaction it added. */
function evict(txid: string): void {
  const e = payChain.txs.get(txid)!
  payChain.txs.delete(txid)
  payChain.mempool.splice(payChain.mempool.indexOf(txid), 1)
  for (const i of e.tx.vin) payChain.mempoolSpends.delete(`${i.txid}:${i.vout}`)
}
evict(payTxid)
const dataFile = join(mkdtempSync(join(tmpdir(), 'komodo-cc-bench-')), 'chain.json')
const sendPayment = (sync: boolean): void => {
  if (callDevnet(payNode, 'sendrawtransaction', [payHex]) !== payTxid) throw new Error('bench payment refused')
  if (sync) writeFileAtomic(dataFile, JSON.stringify(payChain.snapshot()), { sync: true })
  evict(payTxid)
}
// prove the fixture: accepted again and again, and the synced file replays to the same mempool
sendPayment(true)
sendPayment(false)
if (DevChain.restore(JSON.parse(readFileSync(dataFile, 'utf8')) as ChainSnapshot, pubkey).mempool.length !== 1)
  throw new Error('bench data file does not hold the payment')

describe('devnet/sendrawtransaction (payment, 1 input) without sync', () => {
  bench(
    OURS,
    () => {
      sendPayment(false)
    },
    opts,
  )
})
describe('devnet/sendrawtransaction (payment, 1 input) with sync: data file + fsync per transaction', () => {
  bench(
    OURS,
    () => {
      sendPayment(true)
    },
    opts,
  )
})
