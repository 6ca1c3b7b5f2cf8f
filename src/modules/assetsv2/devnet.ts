// The assets v2 module's devnet part (Tokel mode only, layer 8): its consensus validator (tokel src/cc/assets.cpp
// AssetsValidateInternal<TokensV2, AssetsV2>, CCassetsCore_impl.h AssetValidateCCvin/Buyvin/Sellvin, CCassetsUtils.cpp
// ValidateAskRemainder, ValidateBidRemainder, AssetsFillOrderIsDust) and its daemon-style RPCs (tokensrpc.cpp).
import { hexToBytes } from '../../bytes/hex.js'
import { cc1of1 } from '../../cc/condition.js'
import { ccV2Script, parseCcV2Script } from '../../script/ccv2.js'
import { ccScriptParts } from '../../script/classify.js'
import { p2pkScript } from '../../script/script.js'
import { scriptAddress } from '../../script/address.js'
import type { Transaction, TxOutput } from '../../tx/types.js'
import type { DevChain } from '../../devnet/chain.js'
import { coins, hexResultAsync, numText, txidArg, type Method } from '../../devnet/node.js'
import { moduleRejected } from '../../devnet/refusal.js'
import type { ModuleValidator } from '../../devnet/validate.js'
import { devnetChainView, walletResolveContext } from '../../devnet/view.js'
import { mytokenv2orders, tokenv2orders, type TokenV2Order } from './orders.js'
import { decodeTokensV2Opret } from '../tokensv2/opret.js'
import { tokelRoyalty, TKLROYALTY_DIVISOR } from '../tokensv2/tokeldata.js'
import { ASSETSV2_GLOBAL_PUBKEY, assetsV2MarkerScript } from '../tokensv2/globals.js'
import { tokenV2Output } from '../tokensv2/build.js'
import { checkTokensV2Vout, pubkeyNormalInputs, signingPubkey } from '../tokensv2/devnet.js'
import { decodeAssetsV2Opret, EVAL_ASSETSV2, type AssetsV2Opret, type AssetsV2OrderOpret } from './opret.js'
import { ASSETS_NORMAL_DUST } from './build.js'
import {
  resolveTokenV2Ask,
  resolveTokenV2Bid,
  resolveTokenV2CancelAsk,
  resolveTokenV2CancelBid,
  resolveTokenV2FillAsk,
  resolveTokenV2FillBid,
} from './resolve.js'

/** `ASSETS_MARKER_AMOUNT`. */
const MARKER = 10000n
/** `CCUPGID_MIXEDMODE_SUBVER_1` on TOKEL (tokel src/cc/CCupgrades.cpp): time 1656077853; never on TKLTEST. */
const S1_TIME = 1656077853

/** `AssetsFillOrderIsDust`: whether ⌊value / 1000⌋ × min(r, 1000 − r) ≤ 500, and who gets it all then. */
function fillIsDust(r: bigint, value: bigint): { dust: boolean; royaltyDust: boolean } {
  const d = BigInt(TKLROYALTY_DIVISOR)
  const lo = r < d - r ? r : d - r
  if ((value / d) * lo <= ASSETS_NORMAL_DUST) return { dust: true, royaltyDust: r < d / 2n }
  return { dust: false, royaltyDust: true }
}

/**
 * `AssetsValidate` for assets v2 (tokel src/cc/assets.cpp), run when a transaction spends an F6 input: the opret is
 * an assets one; 's'/'b' may not spend F6 inputs; 'x'/'o' (cancels) return the tokens to the order creator's token
 * address (or the coins to its normal address, dust to the assets global address) and, before expiry, need the
 * marker signed by the creator; 'S'/'B' (fills) keep the order's creator, price and expiry, split the locked value
 * as the daemon's remainders require (`ValidateAskRemainder`/`ValidateBidRemainder`), pay the royalty of the token's
 * Tokel data to its creator (the June 2022 dust rule on TOKEL, the older rule on TKLTEST), keep the marker while the
 * order is open, and refuse an expired order. Not played: `CountCCVinVouts` (the min/max CC vin/vout counts) and the
 * 'S'-with-no-F6-vin paths the daemon never reaches.
 * @throws DevnetRefusal `…; AssetsV2: <text>`
 * @example validators.set(0xf6, validateAssetsV2)
 */
export const validateAssetsV2: ModuleValidator = (check) => {
  const { chain, tx, txid, inputs } = check
  const fail = (why: string): never => {
    throw moduleRejected('AssetsV2', why)
  }
  if (tx.vin.length === 0) fail('AssetValidate: no vins')
  if (tx.vout.length === 0) fail('AssetValidate: no vouts')
  let p: AssetsV2Opret
  try {
    p = decodeAssetsV2Opret(tx.vout[tx.vout.length - 1]!.script)
  } catch {
    return fail('AssetValidate: invalid opreturn payload')
  }
  const addr = (s: Uint8Array): string | null => scriptAddress(s, chain.params)
  const create = chain.txs.get(p.tokenid)?.tx
  let creator = ''
  let r = 0n
  if (create !== undefined)
    try {
      const c = decodeTokensV2Opret(create.vout[create.vout.length - 1]!.script)
      if (c.funcid === 'c') {
        creator = c.origpubkey
        r = BigInt(tokelRoyalty(c.blobs[0] ?? null))
        if (r > 999n) r = 999n
      }
    } catch {
      // GetTokenData finds no create: no creator, no royalty
    }
  const creatorNormal = creator === '' ? null : addr(p2pkScript(hexToBytes(creator)))
  const tokensLockAddr = addr(tokenV2Output(ASSETSV2_GLOBAL_PUBKEY, EVAL_ASSETSV2))
  const globalAddr = addr(ccV2Script(cc1of1(EVAL_ASSETSV2, ASSETSV2_GLOBAL_PUBKEY), { subver: 0 }))
  if (tx.vout.length < 2) fail('too few vouts')
  if (/^0{64}$/.test(p.tokenid)) fail('illegal opreturn assetid')
  const height = chain.height
  const s1 = chain.params.name === 'TOKEL' && chain.tip.time >= S1_TIME
  const isCc = (o: TxOutput | undefined): boolean =>
    o !== undefined && (parseCcV2Script(o.script) !== null || ccScriptParts(o.script) !== null)
  /** `ConstrainVout`: CC-ness, the address when given, the value when not 0. */
  const constrain = (o: TxOutput | undefined, cc: boolean, address: string | null, value = 0n): boolean =>
    o !== undefined &&
    isCc(o) === cc &&
    (address === null || addr(o.script) === address) &&
    (value === 0n || o.value === value)
  const myVins = inputs.filter((i) => i.evalCodes.includes(EVAL_ASSETSV2))
  const funcid = p.funcid
  if (funcid === 's' || funcid === 'b') return fail('could not have cc assets vin for creation tx')

  // AssetValidateCCvin on the first F6 input: the order's vout 0 on the right global address, its opret an order
  const ccvin = myVins[0]
  if (ccvin === undefined) return fail('cc vin not found')
  if (tx.vin.length < 2) fail('not enough vins')
  if (ccvin.coin.vout !== 0) fail('asset cc vin must refer bid vintx.vout[0]')
  const orderTx: Transaction | undefined = chain.txs.get(ccvin.coin.txid)?.tx
  if (orderTx === undefined) return fail('could not load previous tx or it has too few vouts')
  let order: AssetsV2OrderOpret
  try {
    const o = decodeAssetsV2Opret(orderTx.vout[orderTx.vout.length - 1]!.script)
    if (o.funcid === 'x' || o.funcid === 'o') throw new Error('cancel')
    order = o as AssetsV2OrderOpret
  } catch {
    return fail('could not find assets opreturn in previous tx')
  }
  const sellSide = funcid === 'S' || funcid === 'x'
  if (addr(ccvin.coin.script) !== (sellSide ? tokensLockAddr : globalAddr)) fail('invalid vin assets CCaddr')
  if ((order.funcid === 'B' || order.funcid === 'S') && !previousHasF6Vin(chain, orderTx))
    fail('no assets cc vins in previous fillbuy or fillsell tx')
  const fromGlobal = inputs
    .filter((i) => i.cc && addr(i.coin.script) === (sellSide ? tokensLockAddr : globalAddr))
    .reduce((s, i) => s + i.coin.value, 0n)
  const locked = orderTx.vout[0]!.value
  if (fromGlobal !== locked) fail('invalid assets cc vins found')
  if (locked === 0n) fail('null value in previous tx CC vout0')
  if (sellSide) {
    if (order.funcid !== 's' && order.funcid !== 'S') fail('invalid missing CC vout0 for sellvin')
  } else if (order.funcid !== 'b' && order.funcid !== 'B') fail('invalid opreturn funcid for buyvin')
  if (order.tokenid !== p.tokenid)
    fail(sellSide ? 'invalid missing CC vout0 for sellvin' : 'invalid assetid for buyvin')
  const origTokens = addr(tokenV2Output(order.origpubkey))
  const origNormal = addr(p2pkScript(hexToBytes(order.origpubkey)))
  const markerAddr = addr(assetsV2MarkerScript(order.origpubkey))
  const tokenOf = (v: number): string | null => {
    const t = checkTokensV2Vout(chain, tx, txid, v)
    return 'error' in t ? null : t.tokenid
  }

  if (funcid === 'x' || funcid === 'o') {
    if (funcid === 'x') {
      if (!constrain(tx.vout[0], true, origTokens, locked)) fail('invalid vout0 for cancelask')
      if (tokenOf(0) !== p.tokenid) fail('invalid tokenid in vout0 for cancelask')
    } else if (tx.vout[0]!.value > ASSETS_NORMAL_DUST) {
      if (!constrain(tx.vout[0], false, origNormal, locked)) fail('invalid refund for cancelbid')
    } else if (!constrain(tx.vout[0], true, globalAddr, locked)) fail('invalid dust refund for cancelbid')
    const markerVin = tx.vin[ccvin.index + 1]
    if (markerVin === undefined) return fail('marker vin not found')
    if (signingPubkey(markerVin.scriptSig) !== order.origpubkey && height < order.expiryHeight)
      fail(
        `not the originator pubkey signed for ${funcid === 'x' ? 'cancelask' : 'cancelbid'} for not yet expired orders`,
      )
    return
  }

  if (p.funcid !== 'S' && p.funcid !== 'B') return fail('unexpected assets funcid')
  if (tx.vout.length < 3) fail(`not enough vouts for ${funcid === 'S' ? 'fillask' : 'fillbid'}`)
  if (p.origpubkey !== order.origpubkey)
    fail(funcid === 'S' ? 'mismatched origpubkeys for fillask' : 'mismatched opreturn originator pubkeys for fillbid')
  if (p.unitPrice !== order.unitPrice)
    fail(funcid === 'S' ? 'mismatched unit price for fillask' : 'mismatched unit price for fillbid')
  if (funcid === 'B' && p.unitPrice <= 0n) fail('invalid unit price')
  if (p.expiryHeight !== order.expiryHeight) fail('invalid expiry height')
  const v = tx.vout
  if (funcid === 'S') {
    if (locked !== v[0]!.value + v[1]!.value) fail('locked value doesnt match vout0+1 fillask')
    let hasRoyalty = r > 0n
    let royaltyDust = true
    if (r > 0n) {
      if (!s1) {
        // before S1: the old calc on what the seller got
        if (v[2]!.value <= (ASSETS_NORMAL_DUST / r) * BigInt(TKLROYALTY_DIVISOR) - ASSETS_NORMAL_DUST)
          hasRoyalty = false
      } else {
        const d = fillIsDust(r, locked * order.unitPrice)
        royaltyDust = d.royaltyDust
        if (d.dust) hasRoyalty = false
      }
    }
    const paid = hasRoyalty ? v[2]!.value + (v[3]?.value ?? 0n) : v[2]!.value
    if (!askRemainderOk(order.unitPrice, v[0]!.value, locked, v[1]!.value, paid))
      fail('mismatched vout0 remainder for fillask')
    if (tokenOf(0) !== p.tokenid) fail('invalid tokenid in vout0 for fillask')
    if (!isCc(v[1])) fail('vout1 should be cc for fillask')
    if (tokenOf(1) !== p.tokenid) fail('invalid tokenid in vout1 for fillask')
    const toCreator = s1 && r > 0n && !hasRoyalty && !royaltyDust
    if (!constrain(v[2], false, toCreator ? creatorNormal : origNormal))
      fail(`vout2 should be normal to ${toCreator ? 'token creator' : 'order creator'} for fillask`)
    if (hasRoyalty) {
      if (((v[2]!.value + (v[3]?.value ?? 0n)) / BigInt(TKLROYALTY_DIVISOR)) * r !== v[3]?.value)
        fail('vout3 invalid royalty amount for fillask')
      if (!constrain(v[3], false, creatorNormal)) fail('vout3 invalid royalty destination for fillask')
    }
    if (!constrain(v[0], true, tokensLockAddr))
      fail('invalid vout0 should pay to tokens/assets global address for fillask')
    if (v[0]!.value > 0n && !constrain(v[hasRoyalty ? 4 : 3], true, markerAddr, MARKER))
      fail('invalid marker vout for original pubkey')
    if (height >= order.expiryHeight) fail('order is expired')
    return
  }

  // 'B': fill bid
  let hasRoyalty = r > 0n
  let royaltyDust = true
  if (r > 0n) {
    if (!s1) {
      if ((locked / BigInt(TKLROYALTY_DIVISOR)) * r <= ASSETS_NORMAL_DUST) hasRoyalty = false
    } else {
      const tokenVout = v.findIndex((o, i) => i >= 1 && isCc(o))
      if (tokenVout < 0) return fail('could not find token vout for fillbid')
      const d = fillIsDust(r, v[tokenVout]!.value * order.unitPrice)
      royaltyDust = d.royaltyDust
      if (d.dust) hasRoyalty = false
    }
  }
  const k = hasRoyalty ? 1 : 0
  if (locked !== v[0]!.value + v[1]!.value + (hasRoyalty ? v[2]!.value : 0n))
    fail(`input cc value does not equal to vout0+1${hasRoyalty ? '+2' : ''} for fillbid`)
  const more = v[0]!.value / p.unitPrice > 0n
  if (more || v[0]!.value <= ASSETS_NORMAL_DUST) {
    if (!constrain(v[0], true, globalAddr)) fail('mismatched vout0 global assets CC addr for fillbid')
  } else if (!constrain(v[0], false, origNormal))
    fail('vout0 should be order originator normal address with remainder for fillbid')
  const tokensIn = inputs
    .filter((i) => i.evalCodes.includes(0xf5))
    .reduce((s, i) => {
      const src = chain.txs.get(i.coin.txid)
      if (src === undefined) return s
      const t = checkTokensV2Vout(chain, src.tx, i.coin.txid, i.coin.vout)
      return 'error' in t || t.marker ? s : s + t.amount
    }, 0n)
  const myTokenVout = 2 + k
  const remainderVout = more ? 4 + k : 3 + k
  if (tokenOf(myTokenVout) !== p.tokenid) fail('invalid tokenid in vout for tokenfillbid')
  if (isCc(v[remainderVout]) && remainderVout < v.length) {
    if (!constrain(v[myTokenVout], true, origTokens))
      fail(`vout${myTokenVout} tokens value should go to originator pubkey for fillbid`)
    else if (tokensIn !== v[myTokenVout]!.value + v[remainderVout]!.value)
      fail(`tokens inputs doesnt match tokens vout${myTokenVout}+vout${remainderVout} for fillbid`)
  } else if (!constrain(v[myTokenVout], true, origTokens, tokensIn))
    fail(`vout${myTokenVout} should have tokens to originator cc addr for fillbid`)
  if (!constrain(v[1], false, null)) fail('vout 1 should be normal for fillbid')
  if (more && !constrain(v[3 + k], true, markerAddr, MARKER))
    fail(`invalid vout${3 + k} marker for originator pubkey for fillbid`)
  const received = hasRoyalty ? v[1]!.value + v[2]!.value : v[1]!.value
  if (!bidRemainderOk(p.unitPrice, v[0]!.value, locked, received, v[2 + k]!.value))
    fail('vout0 mismatched remainder for fillbid')
  if (hasRoyalty) {
    if (((v[1]!.value + v[2]!.value) / BigInt(TKLROYALTY_DIVISOR)) * r !== v[2]!.value)
      fail('vout2 invalid royalty amount for fillask')
    if (!constrain(v[2], false, creatorNormal)) fail('vout2 invalid royalty detination for fillask')
  } else if (s1 && r > 0n && !royaltyDust && !constrain(v[1], false, creatorNormal))
    fail('vout 1 should go to token owner for fillbid (dust reason)')
  if (height >= order.expiryHeight) fail('order is expired')
}

/** Whether an order transaction spent an F6 input (its fulfillment names eval F6). */
function previousHasF6Vin(chain: DevChain, tx: Transaction): boolean {
  return tx.vin.some((i) => {
    const o = chain.output(i.txid, i.vout)
    if (o === undefined) return false
    const v2 = parseCcV2Script(o.script)
    return v2 !== null && v2.evalCodes.includes(EVAL_ASSETSV2) && i.scriptSig.length > 0
  })
}

/** `ValidateAskRemainder` (tokel src/cc/CCassetsUtils.cpp). */
function askRemainderOk(unitPrice: bigint, remaining: bigint, orig: bigint, received: bigint, paid: bigint): boolean {
  if (orig === 0n || received === 0n || paid === 0n) return false
  if (orig !== remaining + received) return false
  return paid / received >= unitPrice
}

/** `ValidateBidRemainder` (tokel src/cc/CCassetsUtils.cpp). */
function bidRemainderOk(unitPrice: bigint, remaining: bigint, orig: bigint, received: bigint, units: bigint): boolean {
  if (orig === 0n || received === 0n || units === 0n) return false
  if (orig !== remaining + received) return false
  return received / units <= unitPrice
}

const opt = (v: unknown): string | undefined => (v === undefined ? undefined : numText(v))
/** `atoll` of a token amount parameter: leading digits, else 0. */
const atoll = (v: unknown): bigint => {
  const m = /^[+-]?\d+/.exec(numText(v).trim())
  return m === null ? 0n : BigInt(m[0])
}
const expiry = (v: unknown): number | undefined => {
  if (v === undefined) return undefined
  const m = /^[+-]?\d+/.exec(numText(v).trim())
  return m === null ? 0 : Number(m[0])
}

/** An order as the daemon prints it: coins as JSON numbers where it prints `ValueFromAmount`, units as integers. */
function orderJson(o: TokenV2Order): Record<string, unknown> {
  const bid = o.funcid === 'b' || o.funcid === 'B'
  return {
    funcid: o.funcid,
    txid: o.txid,
    ...(bid ? { bidamount: coins(o.bidamount!) } : { askamount: Number(o.askamount!) }),
    origaddress: o.origaddress,
    origtokenaddress: o.origtokenaddress,
    tokenid: o.tokenid,
    ...(o.totalrequired === undefined
      ? {}
      : { totalrequired: bid ? Number(o.totalrequired) : coins(o.totalrequired), price: coins(o.price!) }),
    ...(o.blockHeight === undefined ? {} : { blockHeight: o.blockHeight }),
    ...(o.ExpiryHeight === undefined ? {} : { ExpiryHeight: o.ExpiryHeight }),
  }
}

/** The assets v2 RPCs of the devnet wallet (Tokel mode). @internal */
export const ASSETSV2_METHODS: Record<string, Method> = {
  tokenv2orders: {
    min: 0,
    max: 1,
    usage: 'tokenv2orders [tokenid]\n',
    run: async (n, p) =>
      (
        await tokenv2orders(
          { view: devnetChainView(n), chain: n.chain.params },
          p[0] === undefined ? undefined : txidArg(p[0]),
        )
      ).map(orderJson),
  },
  mytokenv2orders: {
    min: 0,
    max: 1,
    usage: 'mytokenv2orders [tokenid]\n',
    run: async (n, p) =>
      (
        await mytokenv2orders(
          { view: devnetChainView(n), chain: n.chain.params, pubkey: n.wallet.pubkey },
          p[0] === undefined ? undefined : txidArg(p[0]),
        )
      ).map(orderJson),
  },
  tokenv2ask: {
    min: 3,
    max: 4,
    usage: 'tokenv2ask numtokens tokenid price [expiryHeight]\n',
    run: (n, p) =>
      hexResultAsync(() =>
        resolveTokenV2Ask(
          { numtokens: atoll(p[0]), tokenid: txidArg(p[1]), price: numText(p[2]), expiryHeight: expiry(p[3]) },
          walletResolveContext(n),
        ),
      ),
  },
  tokenv2bid: {
    min: 3,
    max: 4,
    usage: 'tokenv2bid numtokens tokenid price [expiryHeight]\n',
    run: (n, p) =>
      hexResultAsync(() =>
        resolveTokenV2Bid(
          { numtokens: atoll(p[0]), tokenid: txidArg(p[1]), price: numText(p[2]), expiryHeight: expiry(p[3]) },
          walletResolveContext(n),
        ),
      ),
  },
  tokenv2fillask: {
    min: 3,
    max: 4,
    usage: 'tokenv2fillask tokenid asktxid fillunits [unitprice]\n',
    run: (n, p) =>
      hexResultAsync(() =>
        resolveTokenV2FillAsk(
          { tokenid: txidArg(p[0]), asktxid: txidArg(p[1]), fillunits: atoll(p[2]), unitprice: opt(p[3]) },
          walletResolveContext(n),
        ),
      ),
  },
  tokenv2fillbid: {
    min: 3,
    max: 4,
    usage: 'tokenv2fillbid tokenid bidtxid fillamount [unitprice]\n',
    run: (n, p) =>
      hexResultAsync(() =>
        resolveTokenV2FillBid(
          { tokenid: txidArg(p[0]), bidtxid: txidArg(p[1]), fillamount: atoll(p[2]), unitprice: opt(p[3]) },
          walletResolveContext(n),
        ),
      ),
  },
  tokenv2cancelask: {
    min: 2,
    max: 2,
    usage: 'tokenv2cancelask tokenid asktxid\n',
    run: (n, p) =>
      hexResultAsync(() =>
        resolveTokenV2CancelAsk({ tokenid: txidArg(p[0]), asktxid: txidArg(p[1]) }, walletResolveContext(n)),
      ),
  },
  tokenv2cancelbid: {
    min: 2,
    max: 2,
    usage: 'tokenv2cancelbid tokenid bidtxid\n',
    run: (n, p) =>
      hexResultAsync(() =>
        resolveTokenV2CancelBid({ tokenid: txidArg(p[0]), bidtxid: txidArg(p[1]) }, walletResolveContext(n)),
      ),
  },
}
