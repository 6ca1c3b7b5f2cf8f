// A gateway's life with the key-local wallet on the embedded devnet: bind a token to an oracle of block headers, a
// deposit proven by a merkle proof, claim, withdraw, the signer's partialsign/completesigning and markdone.
// Every transaction is built and signed in this process. Run: node examples/build-gateways.mjs
import { bytesToHex, createWallet, encodeOracleData, relayPolicy, startDevnet } from 'komodo-cc'

// a gateway's node relays big OP_RETURNs (a deposit carries its proof: about 2.2 KB; a default node takes 208 bytes)
const dev = await startDevnet({ policy: relayPolicy('asset', { datacarriersize: 10001 }) })
try {
  const wallet = createWallet({ privateKey: '3f'.repeat(32), view: dev.view }) // the only signer (M = N = 1)
  const me = wallet.pubkey
  await dev.rpc.call('sendtoaddress', [wallet.address, '100']) // the devnet's wallet pays ours
  await dev.mine(1)
  /** @param {string} method @param {unknown[]} args */
  const step = async (method, ...args) => {
    // a method named at run time: the untyped form of wallet.call (the typed one checks each method's parameters)
    const call = /** @type {import('komodo-cc').WalletCallAny} */ (wallet.call)
    const r = await call(method, Object.fromEntries((wallet.methods[method] ?? []).map((n, i) => [n, args[i]])))
    await dev.mine(2) // the gateways want confirmed inputs
    console.log(method.padEnd(23), r.txid)
    return r.txid
  }
  // an oracle of block headers ('Ihh': height, block hash, merkle root) that we publish ourselves
  const oracle = await step('oraclescreate', 'KMD', 'block headers', 'Ihh')
  await step('oraclesfund', oracle)
  await step('oraclesregister', oracle, 10000n)
  await step('oraclessubscribe', oracle, me, '1')
  const token = await step('tokencreate', 'GWTOK', '0.1', 'gateway token') // 10,000,000 units
  const bind = await step('gatewaysbind', token, oracle, 'KMD', 10_000_000n, 1, 1, [me], 60, 85, 188)

  // the "foreign" deposit: coins to the deposit address (N = 1: our own), its block header published to the oracle
  const { deposit } = /** @type {{ deposit: string }} */ (await dev.rpc.gatewaysinfo(bind))
  const cointxid = /** @type {string} */ (await dev.rpc.call('sendtoaddress', [deposit, '0.03']))
  const [hash] = await dev.mine(1)
  /** @type {{ height: number, hash: string, merkleroot: string }} */
  const block = /** @type {any} */ (await dev.rpc.call('getblock', [hash]))
  const height = block.height
  await step('oraclesdata', oracle, bytesToHex(encodeOracleData('Ihh', [block.height, block.hash, block.merkleroot])))
  const cointx = await dev.rpc.getrawtransaction(cointxid)
  const proof = await dev.rpc.gettxoutproof([cointxid])
  const dep = await step('gatewaysdeposit', bind, height, 'KMD', cointxid, 0, cointx, proof, me, '0.03')
  await step('gatewaysclaim', bind, 'KMD', dep, me, '0.03') // 3,000,000 token units to us

  // withdraw 0.01: the tokens go back to the gateway; the signer signs the foreign payout (here: placeholder hex)
  const wd = await step('gatewayswithdraw', bind, 'KMD', me, '0.01')
  const partial = await step('gatewayspartialsign', wd, 'KMD', 'aa')
  const complete = await step('gatewayscompletesigning', partial, 'KMD', 'aabb')
  await step('gatewaysmarkdone', complete, 'KMD')
  const info = /** @type {{ issued: bigint, remaining: bigint }} */ (await dev.rpc.gatewaysinfo(bind))
  console.log('gatewaysinfo            issued', info.issued, 'remaining', info.remaining)
} finally {
  await dev.stop()
}
