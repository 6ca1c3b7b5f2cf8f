import { KomodoCcError } from '../errors.js'

/**
 * Address and key version bytes of a chain. `taddr`, when set, is a first prefix byte placed before
 * `pubtype`/`p2shtype` (two-byte prefixes, as Zcash-family chains and `gatewaysbind … taddr` use). `cctype`, when
 * set, is the version byte the chain's daemon prints CC addresses with (Tokel's fork:
 * `base58Prefixes[CRYPTOCONDITION_ADDRESS] = 0x1C`, `C…` addresses); otherwise CC addresses use `pubtype`.
 */
export type ChainParams = Readonly<{
  name: string
  pubtype: number
  p2shtype: number
  wiftype: number
  taddr?: number
  /**
   * Blocks a coinbase output waits before it may be spent: komodod's `Params().CoinbaseMaturity()`. Absent: 100,
   * KMD's (src/chainparams.h `coinbaseMaturity = 100`). An asset chain sets it in `komodo_args`
   * (src/komodo_utils.cpp): its `-ac_cbmaturity` when given, else 1 when it has one era (no `-ac_eras`) or is staked;
   * so give `{ ...KMD, coinbaseMaturity: 1 }` for a default asset chain, or its `-ac_cbmaturity`.
   */
  coinbaseMaturity?: number
  /** The CC address version byte where the chain has its own (Tokel: 0x1C); absent: the P2PKH version. */
  cctype?: number
}>

/** Komodo and every Komodo asset chain (R… addresses, b… P2SH, U…/7… WIF). */
export const KMD: ChainParams = /* @__PURE__ */ Object.freeze({ name: 'KMD', pubtype: 60, p2shtype: 85, wiftype: 188 })
/** Bitcoin mainnet (a typical `gatewaysbind` foreign chain). */
export const BTC: ChainParams = /* @__PURE__ */ Object.freeze({ name: 'BTC', pubtype: 0, p2shtype: 5, wiftype: 128 })
/** Litecoin mainnet. */
export const LTC: ChainParams = /* @__PURE__ */ Object.freeze({ name: 'LTC', pubtype: 48, p2shtype: 50, wiftype: 176 })
/** Zcash mainnet transparent addresses (two-byte prefixes 1CB8 / 1CBD: `taddr` 0x1c). */
export const ZEC: ChainParams = /* @__PURE__ */ Object.freeze({
  name: 'ZEC',
  pubtype: 0xb8,
  p2shtype: 0xbd,
  wiftype: 128,
  taddr: 0x1c,
})

/**
 * TOKEL (Tokel's fork, tokel src/chainparams.cpp main params: asset chains keep 60/85/188) with CC addresses printed
 * with version 0x1C (`C…`, `CRYPTOCONDITION_ADDRESS`, commit e749119b1).
 */
export const TOKEL: ChainParams = /* @__PURE__ */ Object.freeze({
  name: 'TOKEL',
  pubtype: 60,
  p2shtype: 85,
  wiftype: 188,
  cctype: 0x1c,
})
/** TKLTEST, Tokel's test chain: the same version bytes as {@link TOKEL} (also an asset chain on the main params). */
export const TKLTEST: ChainParams = /* @__PURE__ */ Object.freeze({
  name: 'TKLTEST',
  pubtype: 60,
  p2shtype: 85,
  wiftype: 188,
  cctype: 0x1c,
})

/** Known chains by name (upper case). */
export const CHAINS: Readonly<Record<string, ChainParams>> = /* @__PURE__ */ Object.freeze({
  KMD,
  BTC,
  LTC,
  ZEC,
  TOKEL,
  TKLTEST,
})

/**
 * Validates chain parameters given by a caller (each a byte; `taddr` 0 means none, as in `gatewaysbind`).
 * @throws KomodoCcError CHAIN_PARAMS
 * @example chainParams({ name: 'DOGE', pubtype: 30, p2shtype: 22, wiftype: 158 })
 */
export function chainParams(p: unknown): ChainParams {
  if (typeof p === 'string') {
    const found = CHAINS[p.toUpperCase()]
    if (found === undefined)
      throw new KomodoCcError(
        'CHAIN_PARAMS',
        `unknown chain ${JSON.stringify(p)}; known: ${Object.keys(CHAINS).join(', ')} (or pass { pubtype, p2shtype, wiftype })`,
      )
    return found
  }
  if (typeof p !== 'object' || p === null)
    throw new KomodoCcError('CHAIN_PARAMS', 'chain expected a name or { pubtype, p2shtype, wiftype, taddr? }')
  const o = p as Record<string, unknown>
  for (const k of ['pubtype', 'p2shtype', 'wiftype'] as const)
    if (typeof o[k] !== 'number' || !Number.isInteger(o[k]) || (o[k] as number) < 0 || (o[k] as number) > 255)
      throw new KomodoCcError('CHAIN_PARAMS', `chain.${k} expected a byte 0..255, got ${String(o[k])}`, { field: k })
  if (
    o.taddr !== undefined &&
    (typeof o.taddr !== 'number' || !Number.isInteger(o.taddr) || o.taddr < 0 || o.taddr > 255)
  )
    throw new KomodoCcError('CHAIN_PARAMS', `chain.taddr expected a byte 0..255, got ${String(o.taddr)}`, {
      field: 'taddr',
    })
  if (
    o.coinbaseMaturity !== undefined &&
    (typeof o.coinbaseMaturity !== 'number' ||
      !Number.isInteger(o.coinbaseMaturity) ||
      o.coinbaseMaturity < 1 ||
      o.coinbaseMaturity > 0xffffffff)
  )
    // komodo_args refuses a maturity below 1 ("ac_cbmaturity must be >0"); CoinbaseMaturity() is a uint32_t
    throw new KomodoCcError(
      'CHAIN_PARAMS',
      `chain.coinbaseMaturity expected a whole number of blocks ≥ 1, got ${String(o.coinbaseMaturity)}`,
      { field: 'coinbaseMaturity' },
    )
  if (
    o.cctype !== undefined &&
    (typeof o.cctype !== 'number' || !Number.isInteger(o.cctype) || o.cctype < 0 || o.cctype > 255)
  )
    throw new KomodoCcError('CHAIN_PARAMS', `chain.cctype expected a byte 0..255, got ${String(o.cctype)}`, {
      field: 'cctype',
    })
  const out: {
    name: string
    pubtype: number
    p2shtype: number
    wiftype: number
    taddr?: number
    coinbaseMaturity?: number
    cctype?: number
  } = {
    name: typeof o.name === 'string' ? o.name : 'custom',
    pubtype: o.pubtype as number,
    p2shtype: o.p2shtype as number,
    wiftype: o.wiftype as number,
  }
  if (typeof o.taddr === 'number' && o.taddr !== 0) out.taddr = o.taddr
  if (typeof o.coinbaseMaturity === 'number') out.coinbaseMaturity = o.coinbaseMaturity
  if (typeof o.cctype === 'number') out.cctype = o.cctype
  return Object.freeze(out)
}

/** @internal the version prefix bytes for pubtype, p2shtype or (CC addresses) cctype, else pubtype. @example versionPrefix(TOKEL, 'cc') // [0x1c] */
export function versionPrefix(chain: ChainParams, kind: 'p2pkh' | 'p2sh' | 'cc'): number[] {
  const v = kind === 'p2pkh' ? chain.pubtype : kind === 'p2sh' ? chain.p2shtype : (chain.cctype ?? chain.pubtype)
  return chain.taddr !== undefined && chain.taddr !== 0 ? [chain.taddr, v] : [v]
}
