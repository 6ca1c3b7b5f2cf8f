import { KomodoCcError } from '../errors.js'
import { cliMethod, type BuildMethodSpec } from './build-method.js'
import { buildRewardsAddFunding, buildRewardsCreateFunding, buildRewardsLock, buildRewardsUnlock } from '../modules/rewards/build.js'
import {
  buildGatewaysBind, buildGatewaysClaim, buildGatewaysCompleteSigning, buildGatewaysDeposit, buildGatewaysMarkDone,
  buildGatewaysPartialSign, buildGatewaysWithdraw,
} from '../modules/gateways/build.js'

/** The entries of `BUILD_METHODS` (see src/cli/build-method.ts). @example REWARDS_GATEWAYS_BUILD_METHODS.rewardslock.params.map((p) => p.name) // ['name', 'fundingtxid', 'amount'] */
export type RewardsGatewaysMethodSpec = BuildMethodSpec

function int(v: string | undefined, name: string): number {
  if (v === undefined || !/^-?\d+$/.test(v)) throw new KomodoCcError('CLI_USAGE', `${name} expected an integer`)
  return Number(v)
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
  rewardscreatefunding: cliMethod(buildRewardsCreateFunding, ['name', 'amount', 'APR', { name: 'mindays', parse: (t) => int(t, 'mindays') }, { name: 'maxdays', parse: (t) => int(t, 'maxdays') }, 'mindeposit'],
    { optional: 4, state: '{"plans": ["<F tx hex>"…]} (optional)' }),
  rewardsaddfunding: cliMethod(buildRewardsAddFunding, ['name', 'fundingtxid', 'amount'], { state: '{"plan": "<F tx hex>"}' }),
  rewardslock: cliMethod(buildRewardsLock, ['name', 'fundingtxid', 'amount'],
    { state: '{"plan": "<F tx hex>", "funding": "<plan funding sat>"}', stateFrom: (s) => ({ ...s, funding: sats(s.funding, 'funding') }) }),
  rewardsunlock: cliMethod(buildRewardsUnlock, ['name', 'fundingtxid', 'txid'],
    { optional: 1, state: '{"plan": "<F tx hex>", "locks": [{"tx": "<L tx hex>", "blockTime": N}], "funding": [<utxo>…], "tipTime": N}' }),
  gatewaysbind: cliMethod(buildGatewaysBind, [
    'tokenid', 'oracletxid', 'coin', { name: 'tokensupply', parse: (t) => sats(t, 'tokensupply') }, { name: 'M', parse: (t) => int(t, 'M') }, { name: 'N', parse: (t) => int(t, 'N') },
    { name: 'pubkeys', label: 'pubkeys(comma-separated)', parse: (t) => t.split(',').filter((k) => k !== '') },
    { name: 'pubtype', parse: (t) => int(t, 'pubtype') }, { name: 'p2shtype', parse: (t) => int(t, 'p2shtype') }, { name: 'wiftype', parse: (t) => int(t, 'wiftype') }, { name: 'taddr', parse: (t) => int(t, 'taddr') },
  ], {
    optional: 1,
    state: '{"token": "<token create tx hex>", "tokens": [<utxo>…], "oracle": "<oracle create tx hex>", "binds": ["<tx hex>"…]}',
    stateFrom: (s) => ({ ...s, ...(Array.isArray(s.balances) ? { balances: s.balances.map((b, i) => sats(b, `balances[${i}]`)) } : {}) }),
  }),
  gatewaysdeposit: cliMethod(buildGatewaysDeposit, ['bindtxid', { name: 'height', parse: (t) => int(t, 'height') }, 'coin', 'cointxid', { name: 'claimvout', parse: (t) => int(t, 'claimvout') }, 'deposithex', 'proof', 'destpub', 'amount'],
    { state: '{"bind": "<bind tx hex>", "oracle": "<oracle create tx hex>", "samples": ["<oracle D tx hex>"…]}' }),
  gatewaysclaim: cliMethod(buildGatewaysClaim, ['bindtxid', 'coin', 'deposittxid', 'destpub', 'amount'],
    { state: '{"bind": "<bind tx hex>", "deposit": "<deposit tx hex>", "tokens": [<utxo at the gateway token address>…]}' }),
  gatewayswithdraw: cliMethod(buildGatewaysWithdraw, ['bindtxid', 'coin', 'withdrawpub', 'amount'],
    { state: '{"bind": "<bind tx hex>", "tokens": [<utxo>…], "markers": ["<tx hex>"…], "withdraws": ["<tx hex>"…]}' }),
  gatewayspartialsign: cliMethod(buildGatewaysPartialSign, ['txidaddr', 'refcoin', 'hex'], { state: '{"last": "<W or P tx hex>", "withdraw": "<W tx hex>", "bind": "<bind tx hex>"}' }),
  gatewayscompletesigning: cliMethod(buildGatewaysCompleteSigning, ['withdrawtxid', 'coin', 'hex'], { state: '{"last": "<W or P tx hex>", "withdraw": "<W tx hex>", "bind": "<bind tx hex>"}' }),
  gatewaysmarkdone: cliMethod(buildGatewaysMarkDone, ['completesigningtx', 'coin'], { state: '{"complete": "<S tx hex>", "withdraw": "<W tx hex>", "bind": "<bind tx hex>"}' }),
})
