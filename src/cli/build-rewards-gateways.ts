import { KomodoCcError } from '../errors.js'
import type { BuildContext } from '../build/context.js'
import type { BuildResult } from '../build/complete.js'
import { buildRewardsAddFunding, buildRewardsCreateFunding, buildRewardsLock, buildRewardsUnlock } from '../modules/rewards/build.js'
import {
  buildGatewaysBind, buildGatewaysClaim, buildGatewaysCompleteSigning, buildGatewaysDeposit, buildGatewaysMarkDone,
  buildGatewaysPartialSign, buildGatewaysWithdraw,
} from '../modules/gateways/build.js'

/**
 * How `komodo-cc build <method>` calls one builder: the RPC's positional parameters (text), then the context, then
 * the `--state` object (already parsed: UTXO-shaped values are `Utxo`s, transactions are raw hex). Same shape as the
 * entries of `BUILD_METHODS` in src/cli/build.ts. `optional` trailing parameters may be left out or given as `-`.
 * @example REWARDS_GATEWAYS_BUILD_METHODS.rewardslock.params // ['name', 'fundingtxid', 'amount']
 */
export type RewardsGatewaysMethodSpec = {
  params: string[]
  optional?: number
  state?: string
  call: (params: string[], ctx: BuildContext, state: Record<string, unknown>) => BuildResult
}

function int(v: string | undefined, name: string): number {
  if (v === undefined || !/^-?\d+$/.test(v)) throw new KomodoCcError('CLI_USAGE', `${name} expected an integer`)
  return Number(v)
}
function opt(v: string | undefined): string | undefined {
  return v === undefined || v === '-' || v === '' ? undefined : v
}
function sats(v: unknown, name: string): bigint {
  if (typeof v === 'bigint') return v
  if ((typeof v === 'string' && /^\d+$/.test(v)) || (typeof v === 'number' && Number.isSafeInteger(v))) return BigInt(v)
  throw new KomodoCcError('CLI_USAGE', `state.${name} expected satoshis (an integer or a decimal string)`)
}

/**
 * The rewards and gateways methods for `komodo-cc build`, by RPC name. Merge into `BUILD_METHODS`.
 * @example Object.assign(BUILD_METHODS, REWARDS_GATEWAYS_BUILD_METHODS)
 */
export const REWARDS_GATEWAYS_BUILD_METHODS: Readonly<Record<string, RewardsGatewaysMethodSpec>> = /* @__PURE__ */ Object.freeze({
  rewardscreatefunding: {
    params: ['name', 'amount', 'APR', 'mindays', 'maxdays', 'mindeposit'],
    optional: 4,
    state: '{"plans": ["<F tx hex>"…]} (optional)',
    call: (p, c, s) => buildRewardsCreateFunding(p[0]!, p[1]!, opt(p[2]), opt(p[3]) === undefined ? undefined : int(p[3], 'mindays'), opt(p[4]) === undefined ? undefined : int(p[4], 'maxdays'), opt(p[5]), c, s as never),
  },
  rewardsaddfunding: { params: ['name', 'fundingtxid', 'amount'], state: '{"plan": "<F tx hex>"}', call: (p, c, s) => buildRewardsAddFunding(p[0]!, p[1]!, p[2]!, c, s as never) },
  rewardslock: {
    params: ['name', 'fundingtxid', 'amount'],
    state: '{"plan": "<F tx hex>", "funding": "<plan funding sat>"}',
    call: (p, c, s) => buildRewardsLock(p[0]!, p[1]!, p[2]!, c, { ...(s as object), funding: sats(s.funding, 'funding') } as never),
  },
  rewardsunlock: {
    params: ['name', 'fundingtxid', 'txid'],
    optional: 1,
    state: '{"plan": "<F tx hex>", "locks": [{"tx": "<L tx hex>", "blockTime": N}], "funding": [<utxo>…], "tipTime": N}',
    call: (p, c, s) => buildRewardsUnlock(p[0]!, p[1]!, opt(p[2]), c, s as never),
  },
  gatewaysbind: {
    params: ['tokenid', 'oracletxid', 'coin', 'tokensupply', 'M', 'N', 'pubkeys(comma-separated)', 'pubtype', 'p2shtype', 'wiftype', 'taddr'],
    optional: 1,
    state: '{"token": "<token create tx hex>", "tokens": [<utxo>…], "oracle": "<oracle create tx hex>", "binds": ["<tx hex>"…]}',
    call: (p, c, s) => buildGatewaysBind(p[0]!, p[1]!, p[2]!, sats(p[3], 'tokensupply'), int(p[4], 'M'), int(p[5], 'N'), p[6]!.split(',').filter((k) => k !== ''), int(p[7], 'pubtype'), int(p[8], 'p2shtype'), int(p[9], 'wiftype'),
      opt(p[10]) === undefined ? undefined : int(p[10], 'taddr'), c,
      { ...(s as object), ...(Array.isArray(s.balances) ? { balances: s.balances.map((b, i) => sats(b, `balances[${i}]`)) } : {}) } as never),
  },
  gatewaysdeposit: {
    params: ['bindtxid', 'height', 'coin', 'cointxid', 'claimvout', 'deposithex', 'proof', 'destpub', 'amount'],
    state: '{"bind": "<bind tx hex>", "oracle": "<oracle create tx hex>", "samples": ["<oracle D tx hex>"…]}',
    call: (p, c, s) => buildGatewaysDeposit(p[0]!, int(p[1], 'height'), p[2]!, p[3]!, int(p[4], 'claimvout'), p[5]!, p[6]!, p[7]!, p[8]!, c, s as never),
  },
  gatewaysclaim: {
    params: ['bindtxid', 'coin', 'deposittxid', 'destpub', 'amount'],
    state: '{"bind": "<bind tx hex>", "deposit": "<deposit tx hex>", "tokens": [<utxo at the gateway token address>…]}',
    call: (p, c, s) => buildGatewaysClaim(p[0]!, p[1]!, p[2]!, p[3]!, p[4]!, c, s as never),
  },
  gatewayswithdraw: {
    params: ['bindtxid', 'coin', 'withdrawpub', 'amount'],
    state: '{"bind": "<bind tx hex>", "tokens": [<utxo>…], "markers": ["<tx hex>"…], "withdraws": ["<tx hex>"…]}',
    call: (p, c, s) => buildGatewaysWithdraw(p[0]!, p[1]!, p[2]!, p[3]!, c, s as never),
  },
  gatewayspartialsign: {
    params: ['txid', 'refcoin', 'hex'],
    state: '{"last": "<W or P tx hex>", "withdraw": "<W tx hex>", "bind": "<bind tx hex>"}',
    call: (p, c, s) => buildGatewaysPartialSign(p[0]!, p[1]!, p[2]!, c, s as never),
  },
  gatewayscompletesigning: {
    params: ['txid', 'refcoin', 'hex'],
    state: '{"last": "<W or P tx hex>", "withdraw": "<W tx hex>", "bind": "<bind tx hex>"}',
    call: (p, c, s) => buildGatewaysCompleteSigning(p[0]!, p[1]!, p[2]!, c, s as never),
  },
  gatewaysmarkdone: {
    params: ['completesigningtx', 'refcoin'],
    state: '{"complete": "<S tx hex>", "withdraw": "<W tx hex>", "bind": "<bind tx hex>"}',
    call: (p, c, s) => buildGatewaysMarkDone(p[0]!, p[1]!, c, s as never),
  },
})
