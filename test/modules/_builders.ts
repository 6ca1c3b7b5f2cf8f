// Every module builder with a working fixture, for tests that loop over all of them (hostile inputs: bad keys,
// duplicated UTXOs, amounts out of range). Each fixture's input lists hold several small UTXOs so that a build
// needs more than one of them (a duplicate then matters).
import { buildTokenCreate, buildTokenTransfer } from '../../src/modules/tokens/build.js'
import { buildFaucetFund, buildFaucetGet } from '../../src/modules/faucet/build.js'
import { buildDiceAddFunds, buildDiceBet, buildDiceFinish, buildDiceFund } from '../../src/modules/dice/build.js'
import { encodeDicePayload } from '../../src/modules/dice/opret.js'
import {
  buildOraclesCreate,
  buildOraclesData,
  buildOraclesFund,
  buildOraclesRegister,
  buildOraclesSubscribe,
} from '../../src/modules/oracles/build.js'
import { encodeOraclesOpret } from '../../src/modules/oracles/opret.js'
import { encodeOracleData } from '../../src/oracle-data/format.js'
import {
  buildRewardsAddFunding,
  buildRewardsCreateFunding,
  buildRewardsLock,
  buildRewardsUnlock,
} from '../../src/modules/rewards/build.js'
import {
  buildGatewaysBind,
  buildGatewaysClaim,
  buildGatewaysCompleteSigning,
  buildGatewaysDeposit,
  buildGatewaysMarkDone,
  buildGatewaysPartialSign,
  buildGatewaysWithdraw,
} from '../../src/modules/gateways/build.js'
import { encodeTokensOpret } from '../../src/modules/tokens/opret.js'
import { opretScript } from '../../src/modules/opret.js'
import { cc1of1, tokensCc1of1 } from '../../src/cc/condition.js'
import { ccScript } from '../../src/script/cc.js'
import { p2pkScript, p2pkhScript } from '../../src/script/script.js'
import { serializeTransaction } from '../../src/tx/codec.js'
import { bytesToHex, hexToBytes } from '../../src/bytes/hex.js'
import { hash160, sha256d } from '../../src/hash/index.js'
import type { BuildContext } from '../../src/cctx/context.js'
import type { BuildResult } from '../../src/cctx/complete.js'
import type { Utxo } from '../../src/cctx/types.js'
import type { Transaction } from '../../src/tx/types.js'
import { sbits } from '../../src/sbits.js'
import { key, out } from './_build.js'

const COIN = 100_000_000n
export const k1 = key(1)
export const k2 = key(2)

/** A display txid from two small numbers (distinct per fixture coin). */
const tid = (a: number, b: number) => (a.toString(16).padStart(2, '0') + b.toString(16).padStart(2, '0')).repeat(16)
/** `n` P2PK coins of `sats` each for `pk`, txids tagged `tag`. */
const coins = (tag: number, n: number, sats: bigint, pk: Uint8Array): Utxo[] =>
  Array.from({ length: n }, (_, i) => ({
    txid: tid(tag, i),
    vout: i,
    satoshis: sats,
    script: p2pkScript(pk),
    height: 100,
  }))
/** `n` UTXOs of `sats` each on `script`. */
const onScript = (tag: number, n: number, sats: bigint, script: Uint8Array): Utxo[] =>
  Array.from({ length: n }, (_, i) => ({ txid: tid(tag, i), vout: i, satoshis: sats, script, height: 100 }))

/** What a test may change in a fixture's build. */
export type Overrides = {
  /** Replacement input lists by path ('context.utxos', 'state.tokens', …). */
  lists?: Readonly<Record<string, readonly Utxo[]>>
  /** Context fields to override (privateKey, fee, backend …); `privateKey: undefined` builds unsigned where possible. */
  context?: Partial<BuildContext>
}

export type BuilderCase = {
  name: string
  /** The caller's public key (owner of the fixture's normal coins). */
  pubkey: Uint8Array
  /** The fixture's input lists, by path. */
  lists: Readonly<Record<string, readonly Utxo[]>>
  /** Builds the fixture with overrides. */
  build(o?: Overrides): BuildResult
  /** Builds with the builder's amount parameter (or the state amount that becomes an output) set to `sats`. */
  amount?(sats: bigint, o?: Overrides): BuildResult
  /** The amount the fixture uses (what `amount` replaces). */
  baseAmount?: bigint
}

type Run = (ctx: BuildContext, lists: Record<string, readonly Utxo[]>, amount: bigint) => BuildResult

function makeCase(
  name: string,
  pk: { priv: Uint8Array; pub: Uint8Array },
  lists: Record<string, readonly Utxo[]>,
  run: Run,
  baseAmount?: bigint,
  height = 1000,
): BuilderCase {
  const ctxOf = (o: Overrides = {}, l: Record<string, readonly Utxo[]>): BuildContext =>
    ({ pubkey: pk.pub, utxos: l['context.utxos'] ?? [], height, privateKey: pk.priv, ...o.context }) as BuildContext
  const go = (o: Overrides = {}, amount = baseAmount ?? 0n) => {
    const l = { ...lists, ...o.lists }
    return run(ctxOf(o, l), l, amount)
  }
  const c: BuilderCase = { name, pubkey: pk.pub, lists, build: (o) => go(o) }
  if (baseAmount !== undefined) {
    c.amount = (sats, o) => go(o, sats)
    c.baseAmount = baseAmount
  }
  return c
}

// ----------------------------------------------------------------------------------------------------------------
// tokens

const tokenCreate = buildTokenCreate(
  { name: 'TOK', supply: 1_000_000n, description: 'd' },
  { pubkey: k1.pub, utxos: coins(1, 1, COIN, k1.pub), height: 900, privateKey: k1.priv },
)
const myTokens = ccScript(cc1of1(0xf2, k1.pub))

// ----------------------------------------------------------------------------------------------------------------
// faucet: two inputs of 6,000,000 + 4,010,000 (one 1,000,000 below the minimum is skipped); nonce 128213 (RFC 6979 search) works for
// exactly this input set, payout to key 2 at height 2000 (test/modules/faucet.build.test.ts)

const faucetScript = ccScript(cc1of1(0xe4, '03682b255c40d0cde8faee381a1a50bbb89980ff24539cb8518e294d3a63cefe12'))
const faucetUtxos: Utxo[] = [
  { txid: 'cd'.repeat(32), vout: 0, satoshis: 1_000_000n, script: faucetScript },
  { txid: 'cd'.repeat(32), vout: 1, satoshis: 6_000_000n, script: faucetScript },
  { txid: 'ce'.repeat(32), vout: 2, satoshis: 4_010_000n, script: faucetScript },
]

// ----------------------------------------------------------------------------------------------------------------
// dice: a plan of key 1 with one real entropy transaction and 99 synthetic ones (only their outputs and opret matter)

const diceFund = buildDiceFund(
  { name: 'HOSTILE', funds: '100', minbet: '0.1', maxbet: '10', maxodds: 100, timeoutblocks: 10 },
  { pubkey: k1.pub, utxos: coins(2, 1, 1000n * COIN, k1.pub), height: 900, privateKey: k1.priv },
)
const diceEntropy = buildDiceAddFunds(
  { name: 'HOSTILE', fundingtxid: diceFund.txid, amount: '10' },
  { pubkey: k1.pub, utxos: coins(3, 1, 20n * COIN, k1.pub), height: 900, privateKey: k1.priv },
  { funding: diceFund.hex },
)
const synthetic = (i: number): Transaction => ({
  ...diceEntropy.tx,
  vin: [{ txid: tid(4, i), vout: 0, scriptSig: new Uint8Array(0), sequence: 0xffffffff }],
  vout: [
    { value: 10n * COIN, script: diceFund.tx.vout[0]!.script },
    { value: 10000n, script: p2pkScript(k1.pub) },
    {
      value: 0n,
      script: opretScript(
        encodeDicePayload({
          funcid: 'E',
          sbits: sbits('HOSTILE'),
          name: null,
          fundingtxid: diceFund.txid,
          hash: '11'.repeat(32),
          proof: '00'.repeat(32),
        }),
      ),
    },
  ],
})
const dicePlanTxs = [diceFund.tx, diceEntropy.tx, ...Array.from({ length: 99 }, (_, i) => synthetic(i))]
const diceBetState = { funding: diceFund.hex, planTxs: dicePlanTxs, entropyTxid: diceEntropy.txid }
const diceBet = buildDiceBet(
  { name: 'HOSTILE', fundingtxid: diceFund.txid, amount: COIN, odds: 2 },
  { pubkey: k2.pub, utxos: coins(5, 1, 10n * COIN, k2.pub), height: 910, privateKey: k2.priv },
  diceBetState,
)

// ----------------------------------------------------------------------------------------------------------------
// oracles: a 's' oracle, fund and register by key 1

const oracle = buildOraclesCreate(
  { name: 'HOSTILE', description: 'test feed', format: 's' },
  { pubkey: k1.pub, utxos: coins(6, 1, COIN, k1.pub), height: 900, privateKey: k1.priv },
)
const oracleFund = buildOraclesFund(
  { oracletxid: oracle.txid },
  { pubkey: k1.pub, utxos: coins(7, 1, COIN, k1.pub), height: 900, privateKey: k1.priv },
  { oracle: oracle.hex },
)
const oracleRegister = buildOraclesRegister(
  { oracletxid: oracle.txid, datafee: 20000n },
  { pubkey: k1.pub, utxos: coins(8, 1, COIN, k1.pub), height: 900, privateKey: k1.priv },
  { oracle: oracle.hex, fund: out(oracleFund, 0) },
)
const myOraclesCc = ccScript(cc1of1(0xec, k1.pub))

// ----------------------------------------------------------------------------------------------------------------
// rewards: a plan of key 1 (0..100 days), three 0.05-coin add-fundings, a 20-coin lock

const rwPlan = buildRewardsCreateFunding(
  { name: 'HOSTILE', amount: '1000', APR: '5', mindays: 0, maxdays: 100, mindeposit: '0.001' },
  { pubkey: k1.pub, utxos: coins(9, 1, 2000n * COIN, k1.pub), height: 900, privateKey: k1.priv },
)
const rwAdds = [0, 1, 2].map((i) =>
  buildRewardsAddFunding(
    { name: 'HOSTILE', fundingtxid: rwPlan.txid, amount: 5_000_000n },
    { pubkey: k1.pub, utxos: coins(10 + i, 1, COIN, k1.pub), height: 900, privateKey: k1.priv },
    { plan: rwPlan.hex },
  ),
)
const rwLock = buildRewardsLock(
  { name: 'HOSTILE', fundingtxid: rwPlan.txid, amount: 20n * COIN },
  { pubkey: k1.pub, utxos: coins(13, 1, 30n * COIN, k1.pub), height: 900, privateKey: k1.priv },
  { plan: rwPlan.hex, funding: 1000n * COIN },
)
const T = 1_700_000_000

// ----------------------------------------------------------------------------------------------------------------
// gateways: a 1-of-2 gateway (keys 1 and 2) of a 1-coin token, a foreign deposit proved by both publishers

const SUPPLY = COIN
const gwTokenid = 'a7398a8748354dd0a3f8d07d70e65294928ecc3674674bb2d9483011ccaa9a7a'
const gwTokenView = {
  txid: gwTokenid,
  vout: [
    {
      value: 10000n,
      script: hexToBytes(
        '2ea22c8020432de388aabcb6b4e3326351d1d815cee8be9a8d37b055cd1c0cf8782e5c50c08103120c008203000401cc',
      ),
    },
    { value: SUPPLY, script: myTokens },
    {
      value: 0n,
      script: encodeTokensOpret({
        funcid: 'c',
        evalCode: 0xf2,
        origpubkey: bytesToHex(k1.pub),
        name: 'KMD',
        description: 'gateway token',
        blobs: [],
      }),
    },
  ],
}
const gwOracle = buildOraclesCreate(
  { name: 'KMD', description: 'blockheaders', format: 'Ihh' },
  { pubkey: k1.pub, utxos: coins(14, 1, COIN, k1.pub), height: 900, privateKey: k1.priv },
)
const gwBindTokens = onScript(15, 2, SUPPLY / 2n, myTokens)
const gwBindState = { token: gwTokenView, tokens: gwBindTokens, oracle: gwOracle.hex }
const gwBind = buildGatewaysBind(
  {
    tokenid: gwTokenid,
    oracletxid: gwOracle.txid,
    coin: 'KMD',
    tokensupply: SUPPLY,
    M: 1,
    N: 2,
    pubkeys: [k1.pub, k2.pub],
    pubtype: 60,
    p2shtype: 85,
    wiftype: 188,
  },
  { pubkey: k1.pub, utxos: coins(16, 1, COIN, k1.pub), height: 900, privateKey: k1.priv },
  gwBindState,
)
const p2sh = (h: Uint8Array) => Uint8Array.from([0xa9, 0x14, ...h, 0x87])
const multisig = Uint8Array.from([0x51, 0x21, ...k1.pub, 0x21, ...k2.pub, 0x52, 0xae])
const foreign: Transaction = {
  overwintered: false,
  version: 1,
  versionGroupId: 0,
  lockTime: 0,
  expiryHeight: 0,
  valueBalance: 0n,
  shieldedSpends: [],
  shieldedOutputs: [],
  joinSplits: [],
  vin: [{ txid: '99'.repeat(32), vout: 0, scriptSig: new Uint8Array([0x51]), sequence: 0xffffffff }],
  vout: [
    { value: 10000n, script: p2pkhScript(hash160(k2.pub)) },
    { value: 10_000_000n, script: p2sh(hash160(multisig)) },
  ],
}
const depositHex = bytesToHex(serializeTransaction(foreign))
const cointxidInternal = sha256d(serializeTransaction(foreign))
const cointxid = bytesToHex(cointxidInternal.slice().reverse())
const otherInternal = hexToBytes('ab'.repeat(32))
const root = sha256d(Uint8Array.from([...cointxidInternal, ...otherInternal]))
const proof = bytesToHex(
  Uint8Array.from([
    4,
    0,
    0,
    0,
    ...new Uint8Array(32),
    ...root,
    ...new Uint8Array(32),
    1,
    0,
    0,
    0,
    2,
    0,
    0,
    0,
    ...new Uint8Array(32),
    0,
    2,
    0,
    0,
    0,
    2,
    ...cointxidInternal,
    ...otherInternal,
    1,
    0x03,
  ]),
)
const HEIGHT = 1234
const record = bytesToHex(Uint8Array.from([HEIGHT & 0xff, HEIGHT >> 8, 0, 0, ...new Uint8Array(32).fill(7), ...root]))
const sample = (n: number, pk: Uint8Array) => ({
  txid: tid(17, n),
  vout: [
    {
      value: 0n,
      script: encodeOraclesOpret({
        funcid: 'D',
        oracletxid: gwOracle.txid,
        batontxid: tid(18, n),
        pubkey: bytesToHex(pk),
        data: record,
      }),
    },
  ],
})
const gwDepositState = { bind: gwBind.hex, oracle: gwOracle.hex, samples: [sample(1, k1.pub), sample(2, k2.pub)] }
const gwDeposit = buildGatewaysDeposit(
  {
    bindtxid: gwBind.txid,
    height: HEIGHT,
    coin: 'KMD',
    cointxid,
    claimvout: 0,
    deposithex: depositHex,
    proof,
    destpub: k2.pub,
    amount: 10_000_000n,
  },
  { pubkey: k2.pub, utxos: coins(19, 1, COIN, k2.pub), height: 900, privateKey: k2.priv },
  gwDepositState,
)
const gwTokensScript = ccScript(
  tokensCc1of1(0xf1, hexToBytes('03ea9c062b9652d8eff34879b504eda0717895d27597aaeb60347d65eed96ccb40')),
)
const gwWithdraw = buildGatewaysWithdraw(
  { bindtxid: gwBind.txid, coin: 'KMD', withdrawpub: k2.pub, amount: 4_000_000n },
  { pubkey: k2.pub, utxos: coins(20, 1, COIN, k2.pub), height: 900, privateKey: k2.priv },
  { bind: gwBind.hex, tokens: onScript(21, 1, 10_000_000n, ccScript(cc1of1(0xf2, k2.pub))) },
)
const payout =
  '0100000001' +
  '88'.repeat(32) +
  '00000000' +
  '00ffffffff0100e1f505000000001976a914' +
  '11'.repeat(20) +
  '88ac00000000'
const gwPartial = buildGatewaysPartialSign(
  { txidaddr: gwWithdraw.txid, refcoin: 'KMD', hex: payout },
  { pubkey: k1.pub, utxos: coins(22, 1, COIN, k1.pub), height: 900, privateKey: k1.priv },
  { last: gwWithdraw.hex, bind: gwBind.hex },
)
const gwComplete = buildGatewaysCompleteSigning(
  { withdrawtxid: gwPartial.txid, coin: 'KMD', hex: payout },
  { pubkey: k2.pub, utxos: coins(23, 1, COIN, k2.pub), height: 900, privateKey: k2.priv },
  { last: gwPartial.hex, withdraw: gwWithdraw.hex, bind: gwBind.hex },
)

/** Fixture transactions for state tests. */
export const FIXTURES = {
  diceFund,
  diceEntropy,
  dicePlanTxs,
  diceBetState,
  oracle,
  oracleRegister,
  myOraclesCc,
  rwPlan,
  rwAdds,
  rwLock,
  T,
}

const list = (l: Record<string, readonly Utxo[]>, path: string) => l[path] as Utxo[]

/** Every module builder, each with a fixture that builds. */
export const BUILDERS: readonly BuilderCase[] = [
  makeCase(
    'tokencreate',
    k1,
    { 'context.utxos': coins(30, 3, 50_000_000n, k1.pub) },
    (c, _l, a) => buildTokenCreate({ name: 'TOK', supply: a, description: 'd' }, c),
    60_000_000n,
  ),
  makeCase(
    'tokentransfer',
    k1,
    { 'context.utxos': coins(31, 3, 6000n, k1.pub), 'state.tokens': onScript(32, 3, 400_000n, myTokens) },
    (c, l, a) =>
      buildTokenTransfer({ tokenid: tokenCreate.txid, destpubkey: k2.pub, amount: a }, c, {
        create: tokenCreate.tx,
        tokens: list(l, 'state.tokens'),
      }),
    700_000n,
  ),
  makeCase(
    'faucetfund',
    k1,
    { 'context.utxos': coins(33, 3, 50_000_000n, k1.pub) },
    (c, _l, a) => buildFaucetFund({ amount: a }, c),
    80_000_000n,
  ),
  makeCase(
    'faucetget',
    k2,
    { 'state.faucetUtxos': faucetUtxos },
    (c, l) =>
      buildFaucetGet(
        {},
        c,
        { faucetUtxos: list(l, 'state.faucetUtxos') },
        { startNonce: 128213, maxAttempts: 1, exactSignatures: true },
      ),
    undefined,
    2000,
  ),
  makeCase(
    'dicefund',
    k1,
    { 'context.utxos': coins(34, 3, 60n * COIN, k1.pub) },
    (c, _l, a) =>
      buildDiceFund({ name: 'OTHER', funds: a, minbet: '0.1', maxbet: '10', maxodds: 100, timeoutblocks: 10 }, c),
    100n * COIN,
  ),
  makeCase(
    'diceaddfunds',
    k1,
    { 'context.utxos': coins(35, 3, 6n * COIN, k1.pub) },
    (c, _l, a) =>
      buildDiceAddFunds({ name: 'HOSTILE', fundingtxid: diceFund.txid, amount: a }, c, { funding: diceFund.hex }),
    10n * COIN,
  ),
  makeCase(
    'dicebet',
    k2,
    { 'context.utxos': coins(36, 3, 60_000_000n, k2.pub) },
    (c, _l, a) => buildDiceBet({ name: 'HOSTILE', fundingtxid: diceFund.txid, amount: a, odds: 2 }, c, diceBetState),
    COIN,
  ),
  makeCase('dicefinish', k1, { 'context.utxos': coins(37, 3, 15000n, k1.pub) }, (c) =>
    buildDiceFinish({ name: 'HOSTILE', fundingtxid: diceFund.txid, bettxid: diceBet.txid }, c, {
      funding: diceFund.hex,
      bet: diceBet.hex,
      entropyTx: diceEntropy.hex,
    }),
  ),
  makeCase('oraclescreate', k1, { 'context.utxos': coins(38, 3, 15000n, k1.pub) }, (c) =>
    buildOraclesCreate({ name: 'X', description: 'd', format: 's' }, c),
  ),
  makeCase('oraclesfund', k1, { 'context.utxos': coins(39, 3, 15000n, k1.pub) }, (c) =>
    buildOraclesFund({ oracletxid: oracle.txid }, c, { oracle: oracle.hex }),
  ),
  makeCase(
    'oraclesregister',
    k1,
    { 'context.utxos': coins(40, 3, 15000n, k1.pub) },
    (c, _l, a) =>
      buildOraclesRegister({ oracletxid: oracle.txid, datafee: a }, c, {
        oracle: oracle.hex,
        fund: out(oracleFund, 0),
      }),
    20000n,
  ),
  makeCase(
    'oraclessubscribe',
    k2,
    { 'context.utxos': coins(41, 3, 60_000_000n, k2.pub) },
    (c, _l, a) =>
      buildOraclesSubscribe({ oracletxid: oracle.txid, publisher: k1.pub, amount: a }, c, { oracle: oracle.hex }),
    COIN,
  ),
  makeCase(
    'oraclesdata',
    k1,
    { 'context.utxos': coins(42, 3, 15000n, k1.pub), 'state.subscriptions': onScript(43, 3, 15000n, myOraclesCc) },
    (c, l, a) =>
      buildOraclesData({ oracletxid: oracle.txid, hexstr: encodeOracleData('s', ['hi']) }, c, {
        oracle: oracle.hex,
        datafee: a,
        baton: out(oracleRegister, 1),
        subscriptions: list(l, 'state.subscriptions'),
      }),
    20000n,
  ),
  makeCase(
    'rewardscreatefunding',
    k1,
    { 'context.utxos': coins(44, 3, 600n * COIN, k1.pub) },
    (c, _l, a) =>
      buildRewardsCreateFunding(
        { name: 'OTHER', amount: a, APR: '5', mindays: 0, maxdays: 100, mindeposit: '0.001' },
        c,
      ),
    1000n * COIN,
  ),
  makeCase(
    'rewardsaddfunding',
    k1,
    { 'context.utxos': coins(45, 3, 3_000_000n, k1.pub) },
    (c, _l, a) =>
      buildRewardsAddFunding({ name: 'HOSTILE', fundingtxid: rwPlan.txid, amount: a }, c, { plan: rwPlan.hex }),
    5_000_000n,
  ),
  makeCase(
    'rewardslock',
    k1,
    { 'context.utxos': coins(46, 3, 15n * COIN, k1.pub) },
    (c, _l, a) =>
      buildRewardsLock({ name: 'HOSTILE', fundingtxid: rwPlan.txid, amount: a }, c, {
        plan: rwPlan.hex,
        funding: 1000n * COIN,
      }),
    20n * COIN,
  ),
  makeCase('rewardsunlock', k2, { 'state.funding': rwAdds.map((r) => out(r, 0)) }, (c, l) =>
    buildRewardsUnlock({ name: 'HOSTILE', fundingtxid: rwPlan.txid, txid: rwLock.txid }, c, {
      plan: rwPlan.hex,
      locks: [{ tx: rwLock.hex, blockTime: T }],
      funding: list(l, 'state.funding'),
      tipTime: T + 30 * 86400,
      fundingTxs: rwAdds.map((r) => r.hex),
    }),
  ),
  makeCase(
    'gatewaysbind',
    k1,
    { 'context.utxos': coins(47, 3, 15000n, k1.pub), 'state.tokens': gwBindTokens },
    (c, l) =>
      buildGatewaysBind(
        {
          tokenid: gwTokenid,
          oracletxid: gwOracle.txid,
          coin: 'KMD',
          tokensupply: SUPPLY,
          M: 1,
          N: 2,
          pubkeys: [k1.pub, k2.pub],
          pubtype: 60,
          p2shtype: 85,
          wiftype: 188,
        },
        c,
        { ...gwBindState, tokens: list(l, 'state.tokens') },
      ),
  ),
  makeCase(
    'gatewaysdeposit',
    k2,
    { 'context.utxos': coins(48, 3, 15000n, k2.pub) },
    (c, _l, a) =>
      buildGatewaysDeposit(
        {
          bindtxid: gwBind.txid,
          height: HEIGHT,
          coin: 'KMD',
          cointxid,
          claimvout: 0,
          deposithex: depositHex,
          proof,
          destpub: k2.pub,
          amount: a,
        },
        c,
        gwDepositState,
      ),
    10_000_000n,
  ),
  makeCase(
    'gatewaysclaim',
    k2,
    { 'state.tokens': onScript(49, 3, 6_000_000n, gwTokensScript) },
    (c, l, a) =>
      buildGatewaysClaim(
        { bindtxid: gwBind.txid, coin: 'KMD', deposittxid: gwDeposit.txid, destpub: k2.pub, amount: a },
        c,
        { bind: gwBind.hex, deposit: gwDeposit.hex, tokens: list(l, 'state.tokens') },
      ),
    10_000_000n,
  ),
  makeCase(
    'gatewayswithdraw',
    k2,
    {
      'context.utxos': coins(50, 3, 15000n, k2.pub),
      'state.tokens': onScript(51, 3, 3_000_000n, ccScript(cc1of1(0xf2, k2.pub))),
    },
    (c, l, a) =>
      buildGatewaysWithdraw({ bindtxid: gwBind.txid, coin: 'KMD', withdrawpub: k2.pub, amount: a }, c, {
        bind: gwBind.hex,
        tokens: list(l, 'state.tokens'),
      }),
    4_000_000n,
  ),
  makeCase('gatewayspartialsign', k1, { 'context.utxos': coins(52, 3, 15000n, k1.pub) }, (c) =>
    buildGatewaysPartialSign({ txidaddr: gwWithdraw.txid, refcoin: 'KMD', hex: payout }, c, {
      last: gwWithdraw.hex,
      bind: gwBind.hex,
    }),
  ),
  makeCase('gatewayscompletesigning', k2, { 'context.utxos': coins(53, 3, 15000n, k2.pub) }, (c) =>
    buildGatewaysCompleteSigning({ withdrawtxid: gwPartial.txid, coin: 'KMD', hex: payout }, c, {
      last: gwPartial.hex,
      withdraw: gwWithdraw.hex,
      bind: gwBind.hex,
    }),
  ),
  makeCase('gatewaysmarkdone', k1, { 'context.utxos': coins(54, 3, 15000n, k1.pub) }, (c) =>
    buildGatewaysMarkDone({ completesigningtx: gwComplete.txid, coin: 'KMD' }, c, {
      complete: gwComplete.hex,
      withdraw: gwWithdraw.hex,
      bind: gwBind.hex,
    }),
  ),
]

/** The outpoints of a transaction's inputs as 'txid:vout' (lower-case txid). */
export const outpoints = (r: BuildResult): string[] => r.tx.vin.map((v) => `${v.txid.toLowerCase()}:${v.vout}`)
