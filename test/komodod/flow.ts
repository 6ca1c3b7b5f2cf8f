// The chain the mutation matrix mutates: the 24-method wallet flow (test/_util/wallet-flow.ts) on a devnet started with
// a fixed key, each call through a key-local wallet over the devnet's in-process view. Returns the chain's snapshot
// and every private key that signed something on it (the flow's keys, the devnet's, the oracle baton keys).
import { vi } from 'vitest'
import { hexToBytes } from '../../src/bytes/hex.js'
import { batonKey } from '../../src/cc/address.js'
import type { ChainSnapshot } from '../../src/devnet/chain.js'
import { GATEWAYS_NODE, startTestDevnet } from '../_util/devnet.js'
import { createWallet, type Wallet, type WalletResult } from '../../src/wallet/wallet.js'
import { FLOW_HOUSE, FLOW_KEY, FLOW_NEWCOMER, WALLET_FLOW, fundFlow, type FlowContext } from '../_util/wallet-flow.js'

/** The devnet's wallet key: fixed, so the chain (and every txid on it) is the same on every run. */
export const MUTATION_DEVNET_KEY = '11'.repeat(32)

/** The devnet's wall clock while the flow runs (2026-01-01T00:00:00Z). */
export const FLOW_CLOCK = Date.UTC(2026, 0, 1)

/** What the flow made. */
/** The node the matrix plays, devnet and komodod alike: komodod started with -datacarriersize=10001. */
export const MUTATION_POLICY = GATEWAYS_NODE

export type FlowChain = { snapshot: ChainSnapshot; walletPubkey: Uint8Array; keys: Uint8Array[] }

/** Runs the whole wallet flow on a fresh devnet and returns its snapshot (the devnet is stopped). */
export async function runMutationFlow(): Promise<FlowChain> {
  // a fixed clock: block times (and with them block hashes, the oracle records and the rewards paid) are the same on
  // every run; each block is one second after the last, the rewards flow moves the clock two days
  vi.useFakeTimers({ toFake: ['Date'], now: FLOW_CLOCK })
  // gatewaysdeposit's opret (the deposit transaction and its proof, about 2.3 KB) is over a default node's 208-byte
  // -datacarriersize: the flow runs a gateways node (docs/policy.md), and so do the matrix's devnet and komodod
  const dev = await startTestDevnet({ privateKey: MUTATION_DEVNET_KEY, policy: MUTATION_POLICY })
  try {
    await fundFlow(dev)
    type W = (...a: unknown[]) => Promise<WalletResult>
    const byName = (w: Wallet, m: string): W => (w as unknown as Record<string, W>)[m]!
    const wallet = createWallet({ privateKey: FLOW_KEY, view: dev.view })
    const house = createWallet({ privateKey: FLOW_HOUSE, view: dev.view })
    const ctx: FlowContext = {
      dev,
      w: (m, ...a) => byName(wallet, m)(...a),
      h: (m, ...a) => byName(house, m)(...a),
      faucetget: () => createWallet({ privateKey: FLOW_NEWCOMER, view: dev.view }).faucetget(),
      ids: {},
    }
    for (const step of WALLET_FLOW) await step(ctx)
    const users = [FLOW_KEY, FLOW_HOUSE, FLOW_NEWCOMER, hexToBytes(MUTATION_DEVNET_KEY)]
    return {
      snapshot: dev.chain.snapshot(),
      walletPubkey: dev.chain.walletPubkey,
      keys: [...users, ...users.map((k) => batonKey(k))],
    }
  } finally {
    await dev.stop()
    vi.useRealTimers()
  }
}
