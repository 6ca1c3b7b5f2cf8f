// Tokens v2 resolvers: find through a ChainView the state Tokel's daemon would use for `tokenv2create` and
// `tokenv2transfer` (tokel src/cc/CCtokens_impl.h AddTokenCCInputs<TokensV2>, CCtokens.cpp GetTokenV2IndexKeys,
// TokensV2::CheckTokensvout; spec tokel-v2 §6, §7.2), then call the builders.
import { KomodoCcError } from '../../errors.js'
import { bytesToHex, hexToBytes } from '../../bytes/hex.js'
import { pubkeyBytes } from '../../address/address.js'
import { hash160 } from '../../hash/index.js'
import { amountArg } from '../../amount.js'
import { curvePubkey } from '../../cctx/pubkey.js'
import { tokensV2Units } from './units.js'
import type { ChainParams } from '../../address/chain.js'
import { daemonRefusal } from '../../cctx/context.js'
import type { BuildResult } from '../../cctx/complete.js'
import { txidParam } from '../../cctx/common.js'
import { builderParams } from '../../cctx/params.js'
import {
  buildContextOf,
  methodResolver,
  normalCoins,
  readerFrom,
  readerOf,
  type ReadSource,
  type ResolveContext,
  type StateReader,
} from '../../cctx/resolve.js'
import type { Utxo } from '../../cctx/types.js'
import type { Transaction } from '../../tx/types.js'
import { ccV2Address, ccV2Script, encodeCcParamsV2, parseCcV2Script } from '../../script/ccv2.js'
import {
  buildTokenV2Create,
  buildTokenV2CreateTokel,
  buildTokenV2Transfer,
  buildTokenV2TransferMany,
  type TokenV2CreateParams,
  type TokenV2CreateTokelParams,
  type TokenV2TransferManyParams,
  type TokenV2TransferParams,
} from './build.js'
import { decodeTokensV2Payload, decodeTokensV2Opret, encodeTokensV2Payload } from './opret.js'
import { TOKENSV2_MARKER_VALUE, tokensV2Condition, tokensV2GlobalScripts } from './globals.js'
import { decodeTokelData, type TokelData } from './tokeldata.js'

/**
 * `tokenv2indexkey pubkey`: the two token addresses of a key — the pubkey output's (sub-version 0) and the keyID
 * output's (sub-version 1), in that order (`GetTokenV2IndexKeys`). C-addresses with the TOKEL/TKLTEST parameters.
 * @throws KomodoCcError PUBKEY_INVALID | CHAIN_PARAMS
 * @example tokenv2indexkey(pk1, TOKEL) // ['CWv3rLNdDcXgaFcGv8a3jEHbNQt3AufXX5', 'CT8AZiaVU9xMYcCYk6x27s1a1Bhm8m4bH5']
 */
export function tokenv2indexkey(pubkey: string | Uint8Array, chain?: ChainParams | string): [string, string] {
  const pk = bytesToHex(pubkeyBytes(pubkey, 'pubkey'))
  const keyId = bytesToHex(hash160(hexToBytes(pk)))
  return [
    ccV2Address(ccV2Script(tokensV2Condition(0xf5, 0, 1, [pk]), { subver: 0 }), chain),
    ccV2Address(ccV2Script(tokensV2Condition(0xf5, 0, 1, [keyId]), { subver: 1 }), chain),
  ]
}

/**
 * `TokensV2::CheckTokensvout` + `IsTokensvout`: the token amount of output `n` of `tx` for `tokenid` — 0 when the
 * output is no token of it (not a CC v2 output with eval F5, the 10000-sat marker, another tokenid, an opret that does
 * not decode). The output's opret is its OP_DROP params' first data element if any, else the transaction's last
 * output. Keys and params are not checked (the fulfillment guards spending).
 * @example tokenV2Amount(tx, txid, 1, tokenid) // 1n
 */
export function tokenV2Amount(tx: Transaction, txid: string, n: number, tokenid: string): bigint {
  const t = tokenOfOutput(tx, txid, n)
  return t !== null && t.tokenid === tokenid.toLowerCase() ? t.amount : 0n
}

/**
 * The token (tokenid and amount) output `n` of `tx` holds, as `TokensV2::CheckTokensvout` reads it, or null when it
 * holds none (see {@link tokenV2Amount}).
 * @example tokenOfOutput(tx, txid, 1) // { tokenid, amount: 1n }
 */
export function tokenOfOutput(tx: Transaction, txid: string, n: number): { tokenid: string; amount: bigint } | null {
  const o = tx.vout[n]
  if (o === undefined) return null
  const v2 = parseCcV2Script(o.script)
  if (v2 === null || !v2.evalCodes.includes(0xf5)) return null
  let id: string
  try {
    const d = v2.params?.vdata[0]
    const p =
      d !== undefined ? decodeTokensV2Payload(hexToBytes(d)) : decodeTokensV2Opret(tx.vout[tx.vout.length - 1]!.script)
    id = p.funcid === 'c' ? txid.toLowerCase() : p.tokenid
  } catch {
    return null
  }
  if (/^0{64}$/.test(id)) return null
  if (bytesToHex(v2.subScript) === tokensV2GlobalScripts().tokensMarker && o.value === TOKENSV2_MARKER_VALUE)
    return null
  return { tokenid: id, amount: o.value }
}

/** One token a key holds: {@link tokenv2holdings}. @example const h: TokenV2Holding = { tokenid, name: 'NFT', balance: 1n, owner } */
export type TokenV2Holding = {
  tokenid: string
  name: string
  description: string
  /** The creator's pubkey. */
  owner: string
  balance: bigint
  /** The token data blob (hex), when the create carries one. */
  data?: string
  /** Its Tokel data, when the blob is a valid Tokel blob. */
  tokelData?: TokelData
}

/**
 * What no single RPC gives: every token and NFT a key holds on its two index keys (confirmed outputs not spent in
 * the mempool), with its balance, name, creator and (Tokel) data from its create, tokenids in first-seen order.
 * @throws KomodoCcError CHAIN_MISMATCH | TX_NOT_FOUND | ABORTED
 * @example await tokenv2holdings({ view, pubkey, chain: TOKEL }) // [{ tokenid, name: 'NFT', balance: 1n, tokelData: { royalty: 500 } }]
 */
export async function tokenv2holdings(
  ctx: ReadSource & { pubkey?: string | Uint8Array },
  pubkey?: string,
): Promise<TokenV2Holding[]> {
  const reader = readerFrom(ctx)
  const pk = pubkey ?? bytesToHex(pubkeyBytes(ctx.pubkey as string, 'pubkey'))
  const sums = new Map<string, bigint>()
  for (const address of tokenv2indexkey(pk, ctx.chain))
    for (const u of await reader.unspentNotSpentInMempool(address)) {
      const t = tokenOfOutput((await reader.tx(u.txid)).tx, u.txid, u.vout)
      if (t !== null) sums.set(t.tokenid, (sums.get(t.tokenid) ?? 0n) + t.amount)
    }
  const out: TokenV2Holding[] = []
  for (const [tokenid, balance] of sums) {
    let create
    try {
      create = decodeTokensV2Opret((await reader.tx(tokenid)).tx.vout.at(-1)!.script)
    } catch {
      continue // no v2 create: no valid token (CheckTokensvout of the create fails too)
    }
    if (create.funcid !== 'c') continue
    const h: TokenV2Holding = {
      tokenid,
      name: create.name,
      description: create.description,
      owner: create.origpubkey,
      balance,
    }
    const data = create.blobs[0]
    if (data !== undefined) {
      h.data = data
      try {
        h.tokelData = decodeTokelData(data)
      } catch {
        // not a (valid) Tokel blob
      }
    }
    out.push(h)
  }
  return out
}

/**
 * `AddTokenCCInputs<TokensV2>` (the pubkey overload): the caller's token outputs of `tokenid` on its two index keys
 * (the pubkey one first), confirmed, not spent in the mempool, each a valid token output of it ({@link tokenV2Amount}),
 * in the address index's order: every one on the first address, and every one on the second only when the first's do
 * not reach `total` (`total` 0: all, as `tokenv2balance` sums them). The daemon's per-address gatherer does not stop
 * at `total`: its "enough" test returns from the `add_token_vin` lambda (CCtokens_impl.h), not from the loop that
 * calls it, so it takes every valid token output of the address.
 * @throws KomodoCcError CHAIN_MISMATCH | TX_NOT_FOUND | ABORTED
 * @example await tokenV2Utxos(reader, tokenid, pubkey, 5n)
 */
export async function tokenV2Utxos(
  reader: StateReader,
  tokenid: string,
  pubkey: string | Uint8Array,
  total: bigint,
  chain?: ChainParams,
): Promise<Utxo[]> {
  const out: Utxo[] = []
  let sum = 0n
  // a source that indexes scripts (Electrum) learns the one output of this token it cannot derive from the key:
  // tokenv2transfermany's, whose OP_DROP data carries the transfer payload (TokenAddTransferVout)
  ;(reader.view as { addScripts?: (s: readonly Uint8Array[]) => void }).addScripts?.([
    transferManyOutput(bytesToHex(pubkeyBytes(pubkey, 'pubkey')), tokenid),
  ])
  for (const address of tokenv2indexkey(pubkey, chain)) {
    const list = await reader.unspentNotSpentInMempool(address)
    for (const u of list) {
      const at = (() => {
        try {
          return ccV2Address(u.script, chain)
        } catch {
          return null
        }
      })()
      if (at !== address)
        throw new KomodoCcError('CHAIN_MISMATCH', `the chain source lists ${u.txid}:${u.vout} under ${address}`, {
          txid: u.txid,
          vout: u.vout,
        })
      if (u.satoshis === 0n) continue
      const { tx } = await reader.tx(u.txid)
      const amount = tokenV2Amount(tx, u.txid, u.vout, tokenid)
      if (amount <= 0n) continue
      out.push(u)
      sum += amount
    }
    if (total > 0n && sum >= total) break
  }
  return out
}

/**
 * `tokenv2balance tokenid [pubkey]`: the confirmed token units of `tokenid` on the key's two index keys, not spent
 * in the mempool, and the two addresses (`CCIndexKeys`).
 * @throws KomodoCcError CHAIN_MISMATCH | TX_NOT_FOUND | ABORTED
 * @example await tokenv2balance({ view, pubkey, chain: TOKEL }, tokenid) // { result: 'success', CCIndexKeys, tokenid, balance }
 */
export async function tokenv2balance(
  ctx: ReadSource & { pubkey?: string | Uint8Array },
  tokenid: string,
  pubkey?: string,
): Promise<{ result: 'success'; CCIndexKeys: [string, string]; tokenid: string; balance: bigint }> {
  const reader = readerFrom(ctx)
  const pk = pubkey ?? bytesToHex(pubkeyBytes(ctx.pubkey as string, 'pubkey'))
  const id = txidParam(tokenid, 'tokenid')
  const utxos = await tokenV2Utxos(reader, id, pk, 0n, ctx.chain)
  return {
    result: 'success',
    CCIndexKeys: tokenv2indexkey(pk, ctx.chain),
    tokenid,
    balance: utxos.reduce((s, u) => s + u.satoshis, 0n),
  }
}

/**
 * `tokenv2create`, key-local: the creator's confirmed coins of its own address (`AddNormalinputsRemote`), the
 * height, then {@link buildTokenV2Create}.
 * @throws KomodoCcError like {@link buildTokenV2Create} | CHAIN_MISMATCH | TX_NOT_FOUND | ABORTED
 * @example await resolveTokenV2Create({ name: 'NFT', supply: '0.00000001' }, { view, pubkey, privateKey, chain: TOKEL })
 */
export async function resolveTokenV2Create(params: TokenV2CreateParams, ctx: ResolveContext): Promise<BuildResult> {
  const p = builderParams(params, 'resolveTokenV2Create', ['name', 'supply'], ['description', 'data'])
  const supply = amountArg(p.supply, 'supply', tokensV2Units.tokenv2create.supply, { allowNegative: true })
  const reader = readerOf(ctx)
  const [utxos, height] = await Promise.all([
    normalCoins(reader, ctx.pubkey, { confirmedOnly: true, chain: ctx.chain }),
    reader.height(),
  ])
  return buildTokenV2Create({ ...p, supply }, buildContextOf(ctx, utxos, height))
}

/**
 * `tokenv2createtokel`, key-local: the creator's confirmed coins of its own address (`AddNormalinputsRemote`), the
 * height, then {@link buildTokenV2CreateTokel} (the Tokel data JSON made into the blob).
 * @throws KomodoCcError like {@link buildTokenV2CreateTokel} | CHAIN_MISMATCH | TX_NOT_FOUND | ABORTED
 * @example await resolveTokenV2CreateTokel({ name: 'NFT', supply: '0.00000001', data: { royalty: 500 } }, { view, pubkey, privateKey, chain: TOKEL })
 */
export async function resolveTokenV2CreateTokel(
  params: TokenV2CreateTokelParams,
  ctx: ResolveContext,
): Promise<BuildResult> {
  const p = builderParams(params, 'resolveTokenV2CreateTokel', ['name', 'supply'], ['description', 'data'])
  const supply = amountArg(p.supply, 'supply', tokensV2Units.tokenv2createtokel.supply, { allowNegative: true })
  const reader = readerOf(ctx)
  const [utxos, height] = await Promise.all([
    normalCoins(reader, ctx.pubkey, { confirmedOnly: true, chain: ctx.chain }),
    reader.height(),
  ])
  return buildTokenV2CreateTokel({ ...p, supply }, buildContextOf(ctx, utxos, height))
}

/**
 * `tokenv2transfer`, key-local: the caller's confirmed coins (`AddNormalinputsRemote`), the token inputs
 * {@link tokenV2Utxos} finds, then {@link buildTokenV2Transfer}. `amount`: whole token units, a bigint or integer
 * text (the daemon's `atoll`).
 * @throws KomodoCcError like {@link buildTokenV2Transfer} | CHAIN_MISMATCH | TX_NOT_FOUND | ABORTED
 * @example await resolveTokenV2Transfer({ tokenid, destination: 'R…', amount: 1n }, { view, pubkey, privateKey, chain: TOKEL })
 */
export async function resolveTokenV2Transfer(
  params: TokenV2TransferParams,
  ctx: ResolveContext,
  options: { s1?: boolean } = {},
): Promise<BuildResult> {
  const p = builderParams(params, 'resolveTokenV2Transfer', ['tokenid', 'destination', 'amount'])
  const tokenid = txidParam(p.tokenid, 'tokenid')
  if (/^0{64}$/.test(tokenid)) throw daemonRefusal('invalid tokenid')
  // tokensrpc.cpp tokentransfer<TokensV2>: `atoll(params[2])`, whole token units (tokensV2Units)
  const amount = amountArg(p.amount, 'amount', tokensV2Units.tokenv2transfer.amount, { allowNegative: true })
  if (amount <= 0n) throw daemonRefusal('amount must be positive', { amount: String(amount) })
  const reader = readerOf(ctx)
  const [utxos, height] = await Promise.all([
    normalCoins(reader, ctx.pubkey, { confirmedOnly: true, chain: ctx.chain }),
    reader.height(),
  ])
  const tokens = await tokenV2Utxos(reader, tokenid, ctx.pubkey, amount, ctx.chain)
  return buildTokenV2Transfer(
    { tokenid, destination: p.destination, amount },
    buildContextOf(ctx, utxos, height),
    options.s1 === undefined ? { tokens } : { tokens, s1: options.s1 },
  )
}

/**
 * `tokenv2transfermany tokenid1 [tokenid2 …] destpubkey amount`, key-local: the caller's wallet coins (local-mode
 * `AddNormalinputs` of `TokenBeginTransferTx`), for each token the outputs {@link tokenV2Utxos} finds (as
 * `TokenAddTransferVout` walks the two index keys), then {@link buildTokenV2TransferMany}. `amount`: token units.
 * @throws KomodoCcError like {@link buildTokenV2TransferMany} | CHAIN_MISMATCH | TX_NOT_FOUND | ABORTED
 * @example await resolveTokenV2TransferMany({ tokenids: [a, b], destpubkey: pk2, amount: 1n }, { view, pubkey, privateKey, chain: TOKEL })
 */
export async function resolveTokenV2TransferMany(
  params: TokenV2TransferManyParams,
  ctx: ResolveContext,
): Promise<BuildResult> {
  const p = builderParams(params, 'resolveTokenV2TransferMany', ['tokenids', 'destpubkey', 'amount'])
  if (!Array.isArray(p.tokenids) || p.tokenids.length === 0)
    throw new KomodoCcError('BUILD_PARAMS', 'tokenids expected a non-empty array', { name: 'tokenids' })
  const ids = p.tokenids.map((t, i) => {
    const id = txidParam(t, `tokenids[${i}]`)
    if (/^0{64}$/.test(id)) throw daemonRefusal('invalid tokenid')
    return id
  })
  curvePubkey(p.destpubkey, 'destpubkey') // an off-curve key would lock the tokens for good: PUBKEY_INVALID
  const units = amountArg(p.amount, 'amount', tokensV2Units.tokenv2transfermany.amount, { allowNegative: true })
  if (units <= 0n) throw daemonRefusal('amount must be positive', { amount: String(units) })
  const reader = readerOf(ctx)
  const [utxos, height] = await Promise.all([normalCoins(reader, ctx.pubkey, { chain: ctx.chain }), reader.height()])
  const tokens: Record<string, Utxo[]> = {}
  for (const id of ids) tokens[id] = await tokenV2Utxos(reader, id, ctx.pubkey, units, ctx.chain)
  return buildTokenV2TransferMany({ ...p, amount: units }, buildContextOf(ctx, utxos, height), { tokens })
}

/**
 * The tokens v2 module's state-changing RPCs as the wallet, the CLI and the devnet call them, parameters in the
 * daemon's order (tokel src/rpc/tokensrpc.cpp).
 * @example tokensV2Resolvers.map((r) => r.method) // ['tokenv2create', 'tokenv2createtokel', 'tokenv2transfer', 'tokenv2transfermany']
 */
export const tokensV2Resolvers = /* @__PURE__ */ Object.freeze([
  methodResolver('tokenv2create', ['name', 'supply', 'description', 'data'], resolveTokenV2Create),
  methodResolver('tokenv2createtokel', ['name', 'supply', 'description', 'data'], resolveTokenV2CreateTokel),
  methodResolver('tokenv2transfer', ['tokenid', 'destination', 'amount'], resolveTokenV2Transfer),
  methodResolver('tokenv2transfermany', ['tokenids', 'destpubkey', 'amount'], resolveTokenV2TransferMany),
])

/**
 * A `tokenv2transfermany` output to `pubkey` (sub-version 0) with the transfer payload of `tokenid` in its OP_DROP
 * data, as `TokenAddTransferVout` writes it (the destination's and the change's alike).
 * @internal
 * @example transferManyOutput(pk, tokenid) // the script Electrum indexes such an output under
 */
export function transferManyOutput(pubkey: string, tokenid: string): Uint8Array {
  const vdata = [encodeTokensV2Payload({ funcid: 't', tokenid, blobs: [] })]
  return ccV2Script(tokensV2Condition(0xf5, 0, 1, [pubkey]), {
    subver: 0,
    params: encodeCcParamsV2({ evalCode: 0xf5, m: 1, pubkeys: [pubkey], vdata }),
  })
}
