// A publisher's oracle on a devnet: a fresh key funded by the devnet's wallet, an oracle of format `format`
// registered by it (datafee 10000 sat), and subscriptions paying for `samples` samples.
import { bytesToHex } from '../../src/bytes/hex.js'
import { p2pkhAddress } from '../../src/address/address.js'
import { sha256 } from '../../src/hash/index.js'
import { keySigner } from '../../src/tx/sign.js'
import { createWallet, type Wallet, type WalletResult } from '../../src/wallet/index.js'
import type { Devnet } from '../../src/devnet/server.js'

export type Publisher = { priv: Uint8Array; pub: string; wallet: Wallet }

/** A key made from `seed`, funded with `coins` coins in 4 outputs (confirmed). */
export async function fundedKey(dev: Devnet, seed: string, coins = 40): Promise<Publisher> {
  const priv = sha256(new TextEncoder().encode(`publisher test ${seed}`))
  const pub = bytesToHex(keySigner(priv).publicKey)
  for (let i = 0; i < 4; i++) await dev.rpc.call('sendtoaddress', [p2pkhAddress(pub), String(coins / 4)])
  await dev.mine(1)
  return { priv, pub, wallet: createWallet({ privateKey: priv, view: dev.view }) }
}

/** Creates, funds and registers an oracle of `format` for `p` (datafee 10000 sat); confirmed. */
export async function registeredOracle(dev: Devnet, p: Publisher, format: string, name = 'PUB'): Promise<string> {
  const c = (await p.wallet.oraclescreate(name, 'publisher test', format)) as WalletResult
  await dev.mine(1)
  await p.wallet.oraclesfund(c.txid)
  await dev.mine(1)
  await p.wallet.oraclesregister(c.txid, 10000n)
  await dev.mine(1)
  return c.txid
}

/** Subscriptions by the devnet's wallet paying for `samples` samples of 10000 sat (one output each of `per`). */
export async function subscribe(
  dev: Devnet,
  oracletxid: string,
  p: Publisher,
  samples: number,
  outputs = 1,
): Promise<void> {
  const per = (samples * 10000) / outputs
  for (let i = 0; i < outputs; i++) {
    const r = (await dev.rpc.call('oraclessubscribe', [oracletxid, p.pub, (per / 1e8).toFixed(8)])) as { hex: string }
    await dev.rpc.sendrawtransaction(r.hex)
  }
  await dev.mine(1)
}
