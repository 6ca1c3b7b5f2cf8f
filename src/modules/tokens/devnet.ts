import { bytesToHex } from '../../bytes/hex.js'
import { ccAddress } from '../../cc/address.js'
import { ccModule, EVAL } from '../../cc/eval.js'
import { daemonParseCoins } from '../../amount.js'
import type { TokensOpret } from './opret.js'
import { resolveTokenCreate, resolveTokenTransfer } from './resolve.js'
import { pickTokenInputs, tokenAddress, tokenBalance } from './inputs.js'
import { createNftEvalCode, tokenOutputUnits, tokenVoutUnits, tokensOpretOf, type TxLookup } from './validity.js'
import type { Transaction } from '../../tx/types.js'
import { daemonUtxoOrder, StateReader } from '../../cctx/resolve.js'
import type { Utxo } from '../../cctx/types.js'
import type { DevChain } from '../../devnet/chain.js'
import { hexResultAsync, numText, str, txidArg, type Method } from '../../devnet/node.js'
import { moduleRejected } from '../../devnet/refusal.js'
import type { ModuleDevnet } from '../../devnet/module.js'
import type { ModuleCheck } from '../../devnet/validate.js'
import { devnetChainView, walletResolveContext } from '../../devnet/view.js'

const TOKENS = /* @__PURE__ */ ccModule('Tokens')

/** The tokens opret of a transaction as consensus reads it (`tokensOpretOf`), or null. */
export function tokensOpret(tx: Transaction | undefined): TokensOpret | null {
  return tokensOpretOf(tx)
}

/** The devnet chain as the token rules read it: every known transaction, confirmed or in the mempool. */
const lookupOf =
  (chain: DevChain): TxLookup =>
  (txid) =>
    chain.txs.get(txid)?.tx ?? null

/**
 * Token units of output `vout` of `tx` for `tokenid` (`IsTokensvout`, ./validity.ts) over the devnet's chain; `deep`
 * also asks the transaction to balance (what the daemon asks of an input's source).
 * @example tokenUnits(chain, tx, txid, 1, tokenid) // 100n
 */
export function tokenUnits(
  chain: DevChain,
  tx: Transaction,
  txid: string,
  vout: number,
  tokenid: string,
  deep = false,
): bigint {
  return tokenVoutUnits(tx, txid, vout, tokenid, lookupOf(chain), deep)
}

/**
 * `TokensValidate` (spec 3.6) for fungible tokens, with the daemon's texts.
 * @throws DevnetRefusal `…; Tokens: <text>`
 * @example validators.set(0xf2, validateTokens)
 */
export function validateTokens(check: ModuleCheck): void {
  const { chain, tx, txid, inputs } = check
  const fail = (why: string): never => {
    throw moduleRejected('Tokens', why)
  }
  if (tx.vout.length === 0) fail('no vouts')
  const p = tokensOpret(tx)
  if (p === null) return fail('TokenValidate: invalid opreturn payload')
  if (p.funcid === 'c') return fail('incorrect token funcid')
  if (p.funcid !== 't') return fail('unexpected token funcid')
  if (/^0{64}$/.test(p.tokenid)) return fail('illegal tokenid')
  if (!chain.txs.has(p.tokenid)) return fail('cant find token create txid')
  let inSum = 0n
  let tokenInputs = 0
  for (const inp of inputs) {
    if (!inp.cc || !inp.evalCodes.includes(EVAL.TOKENS)) continue
    const src = chain.txs.get(inp.coin.txid)
    if (src === undefined) return fail('always should find vin tx, but didnt')
    const u = tokenUnits(chain, src.tx, inp.coin.txid, inp.coin.vout, p.tokenid, true)
    if (u > 0n) tokenInputs++
    inSum += u
  }
  if (tokenInputs === 0) return fail('no token inputs for transfer')
  const outSum = tokenOutputUnits(tx, txid, p.tokenid, lookupOf(chain)).reduce((s, u) => s + u, 0n)
  if (inSum !== outSum) return fail('tokens cc inputs != cc outputs')
}

/**
 * The token inputs komodod's `AddTokenCCInputs` would take for `pubkey` on the devnet's chain, without an amount:
 * every valid token output of `tokenid` confirmed on its token address and not spent in the mempool, in the
 * address-unspent index's order ({@link daemonUtxoOrder}) (the same rule as the resolvers' `tokenInputs`,
 * ./inputs.ts, over the in-memory chain; gateways' devnet part uses it).
 * @example tokenUtxos(chain, tokenid, pubkeyHex).reduce((s, u) => s + u.satoshis, 0n) // the balance
 */
export function tokenUtxos(chain: DevChain, tokenid: string, pubkey: string): Utxo[] {
  const lookup = lookupOf(chain)
  const address = tokenAddress(createNftEvalCode(lookup(tokenid)), pubkey)
  const coins: Utxo[] = chain
    .addressCoins(address)
    .filter((c) => !chain.spentInMempool(c.txid, c.vout))
    .map((c) => ({ txid: c.txid, vout: c.vout, satoshis: c.value, script: c.script, height: c.height }))
    .sort(daemonUtxoOrder)
  return pickTokenInputs(coins, tokenid, lookup)
}

const pubkeyOr = (v: unknown, fallback: string): string =>
  typeof v === 'string' && /^0[23][0-9a-fA-F]{64}$/.test(v) ? v.toLowerCase() : fallback

/** The tokens RPCs of the devnet wallet. @internal */
export const TOKENS_METHODS: Record<string, Method> = {
  tokencreate: {
    min: 2,
    max: 4,
    usage: 'tokencreate name supply [description][data]\n',
    run: (n, p) => {
      const supply = daemonParseCoins(numText(p[1]))
      const params = {
        name: str(p[0]),
        supply,
        description: p[2] === undefined ? undefined : str(p[2]),
        data: p[3] === undefined ? undefined : str(p[3]),
      }
      return hexResultAsync(() => resolveTokenCreate(params, walletResolveContext(n)))
    },
  },
  tokentransfer: {
    min: 3,
    max: 3,
    usage: 'tokentransfer tokenid destpubkey amount\n',
    run: (n, p) => {
      const id = txidArg(p[0])
      const dest = str(p[1])
      const amount = numText(p[2])
      const units = /^\d+/.test(amount) ? BigInt(/^\d+/.exec(amount)![0]) : 0n // atoll
      return hexResultAsync(() =>
        resolveTokenTransfer({ tokenid: id, destpubkey: dest, amount: units }, walletResolveContext(n)),
      )
    },
  },
  tokeninfo: {
    min: 1,
    max: 1,
    usage: 'tokeninfo tokenid\n',
    run: (n, p) => {
      const id = txidArg(p[0])
      const e = n.chain.txs.get(id)
      if (e === undefined) return { result: 'error', error: 'cant find tokenid' }
      if (e.height < 0) return { result: 'error', error: 'the transaction is still in mempool' }
      const c = tokensOpret(e.tx)
      if (c?.funcid !== 'c') return { result: 'error', error: 'tokenid isnt token creation txid' }
      const supply = tokenOutputUnits(e.tx, id, id, lookupOf(n.chain)).reduce((s, u) => s + u, 0n)
      return { result: 'success', tokenid: id, owner: c.origpubkey, name: c.name, supply, description: c.description }
    },
  },
  tokenlist: {
    min: 0,
    max: 0,
    usage: 'tokenlist\n',
    run: (n) => {
      const out: string[] = []
      // the markers at the tokens global CC address, as SetCCunspents walks them
      for (const c of n.chain.addressCoins(ccAddress(EVAL.TOKENS, TOKENS.pubkey)).sort(daemonUtxoOrder))
        if (tokensOpret(n.chain.txs.get(c.txid)?.tx)?.funcid === 'c' && !out.includes(c.txid)) out.push(c.txid)
      return out
    },
  },
  tokenbalance: {
    min: 1,
    max: 2,
    usage: 'tokenbalance tokenid [pubkey]\n',
    run: async (n, p) => {
      const given = str(p[0])
      const id = txidArg(p[0])
      if (!n.chain.txs.has(id)) return { result: 'error', error: 'cant find tokenid' }
      const pk = p[1] === undefined ? bytesToHex(n.wallet.pubkey) : pubkeyOr(p[1], TOKENS.pubkey)
      const balance = await tokenBalance(new StateReader(devnetChainView(n)), id, pk)
      return { result: 'success', CCaddress: ccAddress(EVAL.TOKENS, pk), tokenid: given, balance }
    },
  },
}

/**
 * The tokens module's devnet part, listed in src/modules/registry/io.ts: its consensus validator and its RPCs.
 * @example tokensDevnet.evalCodes // [EVAL.TOKENS]
 */
export const tokensDevnet: ModuleDevnet = /* @__PURE__ */ Object.freeze({
  addressRpc: 'tokenaddress',
  evalCodes: Object.freeze([EVAL.TOKENS]),
  validate: validateTokens,
  methods: TOKENS_METHODS,
})
