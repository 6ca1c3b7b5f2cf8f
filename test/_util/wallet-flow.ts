// The 24-method wallet flow on a devnet, one step function per module, shared by test/wallet/all-methods.test.ts
// (which asserts around each call) and bench/electrum-wallet.ts (which times each call). The caller makes the
// wallets over its chain source and says how a call runs; the flow says which calls, with which parameters, and
// mines between them as komodod's confirmed-only rules need.
import { bytesToHex, hexToBytes } from '../../src/bytes/hex.js'
import { txidToInternalBytes } from '../../src/bytes/uint256.js'
import { p2pkhAddress } from '../../src/address/address.js'
import { keySigner, signTransaction } from '../../src/tx/sign.js'
import { serializeTransaction } from '../../src/tx/codec.js'
import { DEFAULT_TX_EXPIRY_DELTA, SAPLING_VERSION_GROUP_ID, type Transaction } from '../../src/tx/types.js'
import { p2pkScript } from '../../src/script/script.js'
import { COIN, DEVNET_PREMINE_OUTPUTS } from '../../src/devnet/chain.js'
import type { Devnet } from '../../src/devnet/server.js'
import type { WalletResult } from '../../src/wallet/wallet.js'

/** The wallet's key: only the process running the flow knows it. */
export const FLOW_KEY = hexToBytes('3f'.repeat(32))
/** A brand-new key for faucetget. */
export const FLOW_NEWCOMER = hexToBytes('4e'.repeat(32))
/** The dice house's key (a second key-local wallet). */
export const FLOW_HOUSE = hexToBytes('5d'.repeat(32))
/** A counterparty that never signs (token recipient). */
export const FLOW_FRIEND = bytesToHex(keySigner(hexToBytes('00'.repeat(31) + '07')).publicKey)
/** The wallet's public key (hex). */
export const FLOW_ME = bytesToHex(keySigner(FLOW_KEY).publicKey)

/** How the flow runs calls: the caller's wallets behind `w` (the funded key) and `h` (the house). */
export type FlowContext = {
  dev: Devnet
  /** A method of the wallet of {@link FLOW_KEY}. */
  w(method: string, ...args: unknown[]): Promise<WalletResult>
  /** A method of the dice house's wallet ({@link FLOW_HOUSE}). */
  h(method: string, ...args: unknown[]): Promise<WalletResult>
  /** faucetget by a wallet of {@link FLOW_NEWCOMER} (a brand-new address). */
  faucetget(): Promise<WalletResult>
  /** Ids of what the flow made (token, oracle, bind, dice, rewards), for the reads that follow. */
  ids: Record<string, string>
}

/** Spends the devnet's last two premine outputs (its wallet's P2PK coins) to `n` P2PK outputs of `value` to `pubkey`. */
export function payToPubkey(dev: Devnet, pubkey: string, n: number, value: bigint): string {
  const premine = dev.chain.blocks[0]!.txids[0]!
  const ins = [DEVNET_PREMINE_OUTPUTS - 2, DEVNET_PREMINE_OUTPUTS - 1].map((vout) => ({
    vout,
    prev: dev.chain.output(premine, vout)!,
  }))
  const total = ins.reduce((a, i) => a + i.prev.value, 0n)
  const outs = Array.from({ length: n }, () => ({ value, script: p2pkScript(hexToBytes(pubkey)) }))
  outs.push({ value: total - value * BigInt(n) - 10_000n, script: ins[0]!.prev.script })
  const tx: Transaction = {
    overwintered: true,
    version: 4,
    versionGroupId: SAPLING_VERSION_GROUP_ID,
    vin: ins.map((i) => ({ txid: premine, vout: i.vout, scriptSig: new Uint8Array(0), sequence: 0xffffffff })),
    vout: outs,
    lockTime: 0,
    expiryHeight: dev.chain.height + 1 + DEFAULT_TX_EXPIRY_DELTA,
    valueBalance: 0n,
    shieldedSpends: [],
    shieldedOutputs: [],
    joinSplits: [],
  }
  const prevouts = ins.map((i) => ({ value: i.prev.value, script: i.prev.script }))
  return bytesToHex(serializeTransaction(signTransaction(tx, prevouts, [hexToBytes(dev.privateKey)])))
}

/**
 * Funds the flow's wallet from the devnet's premine: 12 coins of 100, pay-to-pubkey (komodod's CC builders pay change
 * P2PK too): a source finds them under the wallet's address only if it knows the key (Electrum: the wallet tells its
 * view). Also 200 coins to the dice house. Mines them.
 */
export async function fundFlow(dev: Devnet): Promise<void> {
  await dev.rpc.sendrawtransaction(payToPubkey(dev, FLOW_ME, 12, 100n * COIN))
  await dev.rpc.call('sendtoaddress', [p2pkhAddress(keySigner(FLOW_HOUSE).publicKey), '200'])
  await dev.mine(1)
}

/** An oracle record `I h h` for devnet block `height`: height, block hash, merkle root (internal byte order). */
export function headerRecord(dev: Devnet, height: number): string {
  const b = dev.chain.blocks[height]!
  const h = new Uint8Array(4)
  new DataView(h.buffer).setUint32(0, height, true)
  return bytesToHex(Uint8Array.from([...h, ...txidToInternalBytes(b.hash), ...txidToInternalBytes(b.merkleRoot)]))
}

/** tokencreate, tokentransfer of 250 to {@link FLOW_FRIEND}. */
export async function tokensFlow({ dev, w, ids }: FlowContext): Promise<void> {
  const tok = await w('tokencreate', 'WTOK', '0.00001', 'a wallet token')
  ids.token = tok.txid
  await dev.mine(1)
  await w('tokentransfer', tok.txid, FLOW_FRIEND, 250n)
  await dev.mine(1)
}

/** faucetfund, then faucetget to a brand-new key (proof of work in this process). */
export async function faucetFlow({ dev, w, faucetget }: FlowContext): Promise<WalletResult> {
  await w('faucetfund', '5')
  await dev.mine(1)
  const r = await faucetget()
  await dev.mine(1)
  return r
}

/** oraclescreate, fund, register, subscribe, data (a devnet header record). */
export async function oraclesFlow({ dev, w, ids }: FlowContext): Promise<void> {
  ids.oracle = (await w('oraclescreate', 'KMD', 'devnet block headers', 'Ihh')).txid
  await dev.mine(1)
  await w('oraclesfund', ids.oracle)
  await dev.mine(1)
  await w('oraclesregister', ids.oracle, 10000n)
  await dev.mine(1)
  await w('oraclessubscribe', ids.oracle, FLOW_ME, '1')
  await dev.mine(1)
  await w('oraclesdata', ids.oracle, headerRecord(dev, dev.chain.height))
  await dev.mine(1)
}

/** gatewaysbind (on the oracle of {@link oraclesFlow}), deposit, claim, withdraw, partialsign, completesigning, markdone. */
export async function gatewaysFlow({ dev, w, ids }: FlowContext): Promise<void> {
  const token = (await w('tokencreate', 'GWTOK', '0.1', 'gateway token')).txid
  await dev.mine(1)
  const bind = await w('gatewaysbind', token, ids.oracle, 'KMD', 10_000_000n, 1, 1, [FLOW_ME], 60, 85, 188)
  ids.bind = bind.txid
  await dev.mine(2)
  // the "foreign" deposit: coins to the deposit address (N = 1: the wallet's own), made by the devnet's wallet
  const cointxid = (await dev.rpc.call('sendtoaddress', [p2pkhAddress(FLOW_ME), '0.03'])) as string
  const cointx = await dev.rpc.getrawtransaction(cointxid)
  await dev.mine(1)
  const height = dev.chain.height
  await w('oraclesdata', ids.oracle, headerRecord(dev, height)) // the wallet publishes the header it deposits against
  await dev.mine(1)
  const proof = await dev.rpc.gettxoutproof([cointxid])
  const dep = await w('gatewaysdeposit', bind.txid, height, 'KMD', cointxid, 0, cointx, proof, FLOW_ME, '0.03')
  await dev.mine(2)
  await w('gatewaysclaim', bind.txid, 'KMD', dep.txid, FLOW_ME, '0.03')
  await dev.mine(1)
  const wd = await w('gatewayswithdraw', bind.txid, 'KMD', FLOW_ME, '0.01')
  await dev.mine(2)
  const p = await w('gatewayspartialsign', wd.txid, 'KMD', 'aa')
  await dev.mine(2)
  const s = await w('gatewayscompletesigning', p.txid, 'KMD', 'aabb')
  await dev.mine(2)
  await w('gatewaysmarkdone', s.txid, 'KMD')
  await dev.mine(1)
}

/**
 * dicefund and 100 diceaddfunds by the house, dicebet by the wallet, dicefinish by the house. komodod's dicebet wants
 * at least 100 entropy outputs ('E') in the plan; the house holds one coin, so each diceaddfunds spends the last one's
 * change and every 'E' stays an entropy candidate.
 */
export async function diceFlow({ dev, w, h, ids }: FlowContext): Promise<void> {
  const fund = await h('dicefund', 'WDICE', '100', '0.1', '10', 10, 5)
  ids.dice = fund.txid
  await dev.mine(1)
  for (let i = 0; i < 100; i++) {
    await h('diceaddfunds', 'WDICE', fund.txid, '0.5')
    await dev.mine(1)
  }
  const bet = await w('dicebet', 'WDICE', fund.txid, '1', 2)
  await dev.mine(1)
  await h('dicefinish', 'WDICE', fund.txid, bet.txid)
  await dev.mine(1)
}

/** rewardscreatefunding, addfunding, lock, unlock after the minimum time (the devnet clock moved two days). */
export async function rewardsFlow({ dev, w, ids }: FlowContext): Promise<void> {
  const fund = await w('rewardscreatefunding', 'WREW', '100', '5', 1, 10, '1')
  ids.rewards = fund.txid
  await dev.mine(1)
  await w('rewardsaddfunding', 'WREW', fund.txid, '5')
  await dev.mine(1)
  const lock = await w('rewardslock', 'WREW', fund.txid, '10')
  await dev.mine(1)
  dev.advanceTime(2 * 86400)
  await dev.mine(1)
  await w('rewardsunlock', 'WREW', fund.txid, lock.txid)
  await dev.mine(1)
}

/** The whole flow in order (the gateways need the oracle). */
export const WALLET_FLOW = [tokensFlow, faucetFlow, oraclesFlow, gatewaysFlow, diceFlow, rewardsFlow] as const
