// The daemon's table of eval codes and global keys (komodo src/cc/eval.h and CCcustom.cpp), for the CC layer: every
// module of Komodo master (and, apart, of the Tokel fork) as the daemon defines it, whether this library implements it
// or not, and the generic lookups (`evalCodeOf`, `evalName`, `ccModule`). It is a fact about the daemon, not the list
// of the library's modules: that list is the registry (src/modules/registry/), whose descriptors take their eval codes
// and global keys from here (`evalCode: EVAL.FAUCET`, `globalKeysOf(EVAL.FAUCET)`) and gather them
// (`MODULE_GLOBAL_PUBKEYS`). A new module of the library whose eval code the daemon already defines (heir, payments,
// channels, …) changes nothing here; one the daemon does not define yet adds its row, as the daemon adds it.
import { KomodoCcError } from '../errors.js'

/**
 * Eval codes of Komodo master (`komodo src/cc/eval.h`), by their `EVAL_*` names without the prefix.
 * 0x10–0x7f are reserved for dynamically loaded cclib modules (`FIRSTUSER` = 0x10).
 * @example EVAL.ORACLES // 0xec
 */
export const EVAL = /* @__PURE__ */ Object.freeze({
  FIRSTUSER: 0x10,
  IMPORTPAYOUT: 0xe1,
  IMPORTCOIN: 0xe2,
  ASSETS: 0xe3,
  FAUCET: 0xe4,
  REWARDS: 0xe5,
  DICE: 0xe6,
  FSM: 0xe7,
  AUCTION: 0xe8,
  LOTTO: 0xe9,
  HEIR: 0xea,
  CHANNELS: 0xeb,
  ORACLES: 0xec,
  PAYMENTS: 0xf0,
  GATEWAYS: 0xf1,
  TOKENS: 0xf2,
  IMPORTGATEWAY: 0xf3,
} as const)

/** A name of the {@link EVAL} table. */
export type EvalName = keyof typeof EVAL

/**
 * Resolves an eval code given as a number, a decimal or `0x` hex string, or an {@link EVAL} name (any case).
 * @throws KomodoCcError INT_RANGE | ARG_INVALID
 * @example evalCodeOf('oracles') // 0xec
 * @example evalCodeOf('0xf2') // 242
 */
export function evalCodeOf(v: number | string): number {
  if (typeof v === 'number') {
    if (!Number.isInteger(v) || v < 0 || v > 255)
      throw new KomodoCcError('INT_RANGE', `eval code expected 0..255, got ${v}`, { got: v })
    return v
  }
  if (typeof v !== 'string') throw new KomodoCcError('ARG_INVALID', 'eval code expected a number or a name')
  const s = v.trim()
  const byName = (EVAL as Record<string, number>)[s.toUpperCase().replace(/^EVAL_/, '')]
  if (byName !== undefined) return byName
  const n = /^0x[0-9a-f]{1,2}$/i.test(s) ? parseInt(s.slice(2), 16) : /^[0-9]{1,3}$/.test(s) ? parseInt(s, 10) : NaN
  if (Number.isNaN(n))
    throw new KomodoCcError(
      'ARG_INVALID',
      `unknown eval code ${JSON.stringify(v)}; use a number, 0x.. or one of ${Object.keys(EVAL).join(', ')}`,
      { got: v },
    )
  return evalCodeOf(n)
}

/**
 * The {@link EVAL} name of a code, or undefined.
 * @example evalName(0xe4) // 'FAUCET'
 */
export function evalName(code: number): EvalName | undefined {
  for (const [k, v] of Object.entries(EVAL)) if (v === code) return k as EvalName
  return undefined
}

/** One module's published constants (`komodo src/cc/CCcustom.cpp`). Hex strings; addresses as printed. */
export type CcModule = Readonly<{
  /** Name as the `…address` RPC prints it (`Faucet`, `Tokens`, …). */
  name: string
  evalCode: number
  /** Global ("unspendable") pubkey, `…CChexstr`. */
  pubkey: string
  /** The published private key bytes (Oracles: byte-identical to Gateways'; use as is for the baton XOR). */
  privkey: string
  /** CC address the daemon prints: 1-of-1 CC of (evalCode, pubkey). */
  ccAddress: string
  /** The `…CCaddr` string constant in CCcustom.cpp (stale for Lotto and FSM). */
  sourceCcAddress: string
  /** P2PK ("normal", marker) address of the global pubkey. */
  normalAddress: string
}>

const m = (
  name: string,
  evalCode: number,
  pubkey: string,
  privkey: string,
  ccAddress: string,
  sourceCcAddress: string,
  normalAddress: string,
): CcModule => Object.freeze({ name, evalCode, pubkey, privkey, ccAddress, sourceCcAddress, normalAddress })

/** @internal Assets's keys alone (a builder that names its own module bundles no other's keys). */
export const ASSETS_CC: CcModule = /* @__PURE__ */ m(
  'Assets',
  0xe3,
  '02adf84e0e075cf90868bd4e3d34a03420e034719649c41f371fc70d8e33aa2702',
  '9b1766e58266acb6ba438374f763113bf0f3506fd96b6785f97af0544db13077',
  'RGKRjeTBw4LYFotSDLT6RWzMHbhXri6BG6',
  'RGKRjeTBw4LYFotSDLT6RWzMHbhXri6BG6',
  'RFYE2yL3KknWdHK6uNhvWacYsCUtwzjY3u',
)

/** @internal Faucet's keys alone (a builder that names its own module bundles no other's keys). */
export const FAUCET_CC: CcModule = /* @__PURE__ */ m(
  'Faucet',
  0xe4,
  '03682b255c40d0cde8faee381a1a50bbb89980ff24539cb8518e294d3a63cefe12',
  'd44ff231717d28024bc7dd71a039c4be1afeebc246da76f807533d96b4caa0e9',
  'R9zHrofhRbub7ER77B7NrVch3A63R39GuC',
  'R9zHrofhRbub7ER77B7NrVch3A63R39GuC',
  'RKQV4oYs4rvxAWx1J43VnT73rSTVtUeckk',
)

/** @internal Rewards's keys alone (a builder that names its own module bundles no other's keys). */
export const REWARDS_CC: CcModule = /* @__PURE__ */ m(
  'Rewards',
  0xe5,
  '03da60379d924c2c30ac290d2a86c2ead128cb7bd571f69211cb95356e2dcc5eb9',
  '82f5d2e7d6993377fb800097233d1e6f61a9b52e5eb4966fbced6be2bb7b4bb3',
  'RTsRBYL1HSvMoE3qtBJkyiswdVaWkm8YTK',
  'RTsRBYL1HSvMoE3qtBJkyiswdVaWkm8YTK',
  'RMgye9jeczNjQx9Uzq8no8pTLiCSwuHwkz',
)

/** @internal Dice's keys alone (a builder that names its own module bundles no other's keys). */
export const DICE_CC: CcModule = /* @__PURE__ */ m(
  'Dice',
  0xe6,
  '039d966927cfdadab3ee6c56da63c21f17ea753dde4b3dfd41487103e24b27e94e',
  '0ee8f5b43d25cc35d1f12f045f0126b8d1ac3a5aeae025a28f2a8e0ef934fa77',
  'REabWB7KjFN5C3LFMZ5odExHPenYzHLtVw',
  'REabWB7KjFN5C3LFMZ5odExHPenYzHLtVw',
  'RLEe8f7Eg3TDuXii9BmNiiiaVGraHUt25c',
)

/** @internal FSM's keys alone (a builder that names its own module bundles no other's keys). */
export const FSM_CC: CcModule = /* @__PURE__ */ m(
  'FSM',
  0xe7,
  '039b52d294b413b07f3643c1a28c5467901a76562d8b39a785910ae0a0f3043810',
  '11e1ea3edb36f0a8c634e121b802b94b12378fa0862350b25fe4e7360fdaaefc',
  'RX3ByG6V5r6c8cRMENWt7mUjxvZEqngPHd',
  'RUKTbLBeKgHkm3Ss4hKZP3ikuLW1xx7B2x',
  'RWSHRbxnJYLvDjpcQ2i8MekgP6h2ctTKaj',
)

/** @internal Auction's keys alone (a builder that names its own module bundles no other's keys). */
export const AUCTION_CC: CcModule = /* @__PURE__ */ m(
  'Auction',
  0xe8,
  '037eefe050c14cb60ae65d5b2f69eaa1c9006826d729bc0957bdc3024e3ca1dbe6',
  '8c1bb78c02a39d212859f5eadaec0d11cd3847ac0b6f19c02436bf1c0a0631fb',
  'RL4YPX7JYG3FnvoPqWF2pn3nQknH5NWEwx',
  'RL4YPX7JYG3FnvoPqWF2pn3nQknH5NWEwx',
  'RFtVDNmdTZBTNZdmFRbfBgJ6LitgTghikL',
)

/** @internal Lotto's keys alone (a builder that names its own module bundles no other's keys). */
export const LOTTO_CC: CcModule = /* @__PURE__ */ m(
  'Lotto',
  0xe9,
  '03f72d2c4db440df1e706502b09ca5fec73ffe954ea1883e4049e98da68690d98f',
  'b4acc2d96734d758804e2555c0506684bba2e7c03917b4c507b73fca07b09aeb',
  'RUCMvVh1af6NvAtu7BXD2Q5cyVsXxbyWpa',
  'RNXZxgyWSAE6XS3qGnTaf5dVNCxnYzhPrg',
  'RLW6hhRqBZZMBndnyPv29Yg3krh6iBYCyg',
)

/** @internal Heir's keys alone (a builder that names its own module bundles no other's keys). */
export const HEIR_CC: CcModule = /* @__PURE__ */ m(
  'Heir',
  0xea,
  '03c91bef3d7cc59c3a89286833a3446b29e52a5e773f738a1ad2b09785e5f4179e',
  '9da1f8f7ba0a9136899a86306320d7dfaa35e399322b63c0669c93c45e9db9ce',
  'RDVHcSekmXgeYBqRupNTmqo3Rn8QRXNduy',
  'RDVHcSekmXgeYBqRupNTmqo3Rn8QRXNduy',
  'RTPwUjKYECcGn6Y4KYChLhgaht1RSU4jwf',
)

/** @internal Channels's keys alone (a builder that names its own module bundles no other's keys). */
export const CHANNELS_CC: CcModule = /* @__PURE__ */ m(
  'Channels',
  0xeb,
  '035debdb19b1c98c615259339500511d6216a3ffbeb28ff5655a7ef5790a12ab0b',
  'ec9136152dd4487322364f6a345c610f01b479e81c2fa11d4a0a2116ea828460',
  'RQy3rwX8sP9oDm3c39vGKA6H315cgtPLfr',
  'RQy3rwX8sP9oDm3c39vGKA6H315cgtPLfr',
  'RQUuT8zmkvDfXqECH4m3VD3SsHZAfnoh1v',
)

/** @internal Oracles's keys alone (a builder that names its own module bundles no other's keys). */
export const ORACLES_CC: CcModule = /* @__PURE__ */ m(
  'Oracles',
  0xec,
  '038c1d42db6a45a57eccb8981b078fb7857b9b496293fe299d2b8d120ac5b5691a',
  'f74b5ba27a5e9cda89b1cbb9e69c2c708537dd007a67ff7c621be2fb048f85bf',
  'REt2C4ZMnX8YYX1DRpffNA4hECZTFm39e3',
  'REt2C4ZMnX8YYX1DRpffNA4hECZTFm39e3',
  'RHkFKzn1csxA3fWzAsxsLWohoCgBbirXb5',
)

/** @internal Payments's keys alone (a builder that names its own module bundles no other's keys). */
export const PAYMENTS_CC: CcModule = /* @__PURE__ */ m(
  'Payments',
  0xf0,
  '0358f1764f82c63abc7c7455555fd1d3184905e30e819e97667e247e5792b46856',
  '03c973c2b8303dbdc8d9bf0249d9656145ed9e9351ab8b2ee7c740f1c4d2c05b',
  'REpyKi7avsVduqZ3eimncK4uKqSArLTGGK',
  'REpyKi7avsVduqZ3eimncK4uKqSArLTGGK',
  'RHRX8RTMAh2STWe9DHqsvJbzS7ty6aZy3d',
)

/** @internal Gateways's keys alone (a builder that names its own module bundles no other's keys). */
export const GATEWAYS_CC: CcModule = /* @__PURE__ */ m(
  'Gateways',
  0xf1,
  '03ea9c062b9652d8eff34879b504eda0717895d27597aaeb60347d65eed96ccb40',
  'f74b5ba27a5e9cda89b1cbb9e69c2c708537dd007a67ff7c621be2fb048f85bf',
  'RKWpoK6vTRtq5b9qrRBodLkCzeURHeEk33',
  'RKWpoK6vTRtq5b9qrRBodLkCzeURHeEk33',
  'RGJKV97ZN1wBfunuMt1tebiiHENNEq73Yh',
)

/** @internal Tokens's keys alone (a builder that names its own module bundles no other's keys). */
export const TOKENS_CC: CcModule = /* @__PURE__ */ m(
  'Tokens',
  0xf2,
  '03e6191c70c9c9a28f9fd87089b9488d0e6c02fb629df64979c9cdb6b2b4a68d95',
  '1d0d0dce2dd2e19df5b626d5ada0f00add7a727d1735b5e32c6ca9a203164bcf',
  'RAMvUfoyURBRxAdVeTMHxn3giJZCFWeha2',
  'RAMvUfoyURBRxAdVeTMHxn3giJZCFWeha2',
  'RCNgAngYAdrfzujYyPgfbjCGNVQZzCgTad',
)

/** @internal ImportGateway's keys alone (a builder that names its own module bundles no other's keys). */
export const IMPORT_GATEWAY_CC: CcModule = /* @__PURE__ */ m(
  'ImportGateway',
  0xf3,
  '0397231cfe04ea32d5fafb2206773ec9fba6e15c5a4e86064468bca195f7542714',
  '65ef27eb3db0b4ae0fbc77dbf840489052209e453b49d897608c274c5946e1df',
  'RXJT6CRAXHFuQ2UjqdxMj7EfrayF6UJpzZ',
  'RXJT6CRAXHFuQ2UjqdxMj7EfrayF6UJpzZ',
  'RNFRho63Ddz1Rh2eGPETykrU4fA8r67S4Y',
)

/** @internal CClib's keys alone (a builder that names its own module bundles no other's keys). */
export const C_CLIB_CC: CcModule = /* @__PURE__ */ m(
  'CClib',
  0x10,
  '032447d97655da079729dc024c61088ea415b22f4c15d4810ddaf2069ac6468d2f',
  '57cf49717db4151b4f98c5458d26524b7be9bd55d820d6c4820ff5ec6c1ca0c0',
  'RKXumMKuBoBsfLqj7tcFcocvJUqMxohEqY',
  '',
  'RVVeUg43rNcq3mZFnvZ8yqagyzqFgUnq4u',
)

/**
 * Every module with global keys in Komodo master, frozen. `ccAddress` is recomputed (checked by tests);
 * `sourceCcAddress` is the source constant.
 * @example CC_MODULES.find((x) => x.name === 'Faucet')!.ccAddress // 'R9zHrofhRbub7ER77B7NrVch3A63R39GuC'
 */
export const CC_MODULES: readonly CcModule[] = /* @__PURE__ */ Object.freeze([
  ASSETS_CC,
  FAUCET_CC,
  REWARDS_CC,
  DICE_CC,
  FSM_CC,
  AUCTION_CC,
  LOTTO_CC,
  HEIR_CC,
  CHANNELS_CC,
  ORACLES_CC,
  PAYMENTS_CC,
  GATEWAYS_CC,
  TOKENS_CC,
  IMPORT_GATEWAY_CC,
  C_CLIB_CC,
])

/** @internal Prices's keys alone (a builder that names its own module bundles no other's keys). */
export const PRICES_CC: CcModule = /* @__PURE__ */ m(
  'Prices',
  0xed,
  '039894cb054c0032e99e65e715b03799607aa91212a16648d391b6fa2cc52ed0cf',
  '0a3be75dce06edb7c0b1bee87b5ad499b88ddeacb27e7a529615d2a0c6b98961',
  'RAL5Vh8NXmFqEKJRKrk1KjKaUckK7mM1iS',
  'RAL5Vh8NXmFqEKJRKrk1KjKaUckK7mM1iS',
  'RBunXCsMHk5NPd6q8SQfmpgre3x133rSwZ',
)

/** @internal Pegs's keys alone (a builder that names its own module bundles no other's keys). */
export const PEGS_CC: CcModule = /* @__PURE__ */ m(
  'Pegs',
  0xee,
  '03c75c1de29a35e41606363b430c08be1c2dd93cf7a468229a082cc79c7b77eece',
  '52564c7887f7a239b090b7b862800f83189df4f4bd2809a99b8554160f3ffb65',
  'RHnkVb7vHuHnjEjhkCF1bS6xxLLNZPv5fd',
  'RHnkVb7vHuHnjEjhkCF1bS6xxLLNZPv5fd',
  'RMcCZtX6dHf1fz3gpLQhUEMQ8cVZ6Rzaro',
)

/** @internal Marmara's keys alone (a builder that names its own module bundles no other's keys). */
export const MARMARA_CC: CcModule = /* @__PURE__ */ m(
  'Marmara',
  0xef,
  '03afc5be570d0ff419425cfcc580cc762ab82baad88c148f5b028d7db7bfeee61d',
  '7c0b549b65d48957df05fea26241a9090f2a6b112cbebd06318dc0b996763f24',
  'RGLSRDnUqTB43bYtRtNVgmwSSd1sun2te8',
  'RGLSRDnUqTB43bYtRtNVgmwSSd1sun2te8',
  'RMN25Tn8NNzcyQDiQNuMp8UmwLMFd9thYc',
)

/** @internal TokensV2's keys alone (a builder that names its own module bundles no other's keys). */
export const TOKENSV2_CC: CcModule = /* @__PURE__ */ m(
  'TokensV2',
  0xf5,
  '032fd27f72591b02f13a7f9701246eb0296b2be7cfdad32c520e594844ec3d4801',
  'b5ba927f53454ff8a4ad0d38304fd097d1b7941b1f52bdaea2e749062ed22da5',
  'RSc4RycihBEWQP2GDvSYS46MvFJsTKaNVU',
  'RSc4RycihBEWQP2GDvSYS46MvFJsTKaNVU',
  'RDVU97zvJamGmVBSUyTm7RcYZtxjriNGkj',
)

/** @internal AssetsV2's keys alone (a builder that names its own module bundles no other's keys). */
export const ASSETSV2_CC: CcModule = /* @__PURE__ */ m(
  'AssetsV2',
  0xf6,
  '0345d2e7ab018619da6ed58ccc0138c5f58a7b754bd8e9a1a9d2b811c5fe72d467',
  '46583b18ee1663516f606e09df9d27c8a7a272a5d46a9bcbd54f7d1cb12e6321',
  'RX99NCswvrLiM6vNE4zmpKKBWMZU9zqwAk',
  'RX99NCswvrLiM6vNE4zmpKKBWMZU9zqwAk',
  'RSB4NhRbvEShUFDkZz2KACj5EEBGDtDsV9',
)

/**
 * Modules defined only in the Tokel fork (`dimxy/komodo` branch `tokel-komodoplatform`), absent from Komodo master.
 * `ccAddress` is the fork's constant; for TokensV2/AssetsV2 it is a CC v2 address the v1 rule does not reproduce.
 * @example FORK_CC_MODULES.map((x) => x.name) // ['Prices', 'Pegs', 'Marmara', 'TokensV2', 'AssetsV2']
 */
export const FORK_CC_MODULES: readonly CcModule[] = /* @__PURE__ */ Object.freeze([
  PRICES_CC,
  PEGS_CC,
  MARMARA_CC,
  TOKENSV2_CC,
  ASSETSV2_CC,
])

/**
 * The master module with this name (any case) or eval code.
 * @throws KomodoCcError ARG_INVALID when unknown
 * @example ccModule('faucet').evalCode // 0xe4
 */
export function ccModule(nameOrEval: string | number): CcModule {
  const found =
    typeof nameOrEval === 'number'
      ? CC_MODULES.find((x) => x.evalCode === nameOrEval)
      : CC_MODULES.find((x) => x.name.toLowerCase() === String(nameOrEval).toLowerCase())
  if (found === undefined)
    throw new KomodoCcError(
      'ARG_INVALID',
      `unknown CC module ${JSON.stringify(nameOrEval)}; known: ${CC_MODULES.map((x) => x.name).join(', ')}`,
      { got: String(nameOrEval) },
    )
  return found
}

/** `CC_BURNPUBKEY` (CCinclude.h): tokens sent to CC1(0xf2, this) are burnt. */
export const CC_BURN_PUBKEY = '02deaddeaddeaddeaddeaddeaddeaddeaddeaddeaddeaddeaddeaddeaddeaddead'
