// Build fixtures shared by bench/build.bench.ts, bench/oracles-build.bench.ts and bench/share.ts: the three hot
// builders (tokentransfer, dicebet, oraclesdata), each proved on load (every signed input verifies).
import { getPublicKey } from '@noble/secp256k1'
import { buildTokenCreate, buildTokenTransfer } from '../src/modules/tokens/build.js'
import { buildDiceBet, buildDiceFund } from '../src/modules/dice/build.js'
import { diceHashEntropy } from '../src/modules/dice/entropy.js'
import { encodeDicePayload } from '../src/modules/dice/opret.js'
import { buildOraclesCreate, buildOraclesData } from '../src/modules/oracles/build.js'
import { encodeOracleData } from '../src/oracle-data/format.js'
import { opretScript } from '../src/modules/opret.js'
import { batonKey, batonPubkey } from '../src/cc/address.js'
import { cc1of1 } from '../src/cc/condition.js'
import { ccScript } from '../src/script/cc.js'
import { p2pkScript } from '../src/script/script.js'
import { sha256 } from '../src/hash/index.js'
import { keySigner, verifyInput, type Secp256k1Backend } from '../src/tx/sign.js'
import type { Transaction } from '../src/tx/types.js'
import type { Blake2bMode } from '../src/hash/blake2b.js'
import type { BuildResult } from '../src/cctx/complete.js'
import type { Utxo } from '../src/cctx/types.js'
import type { BuildContext } from '../src/cctx/context.js'

export const key = (i: number): Uint8Array => sha256(new TextEncoder().encode(String(i)))
export const priv = key(1)
export const pubkey = getPublicKey(priv, true)
export const pub2 = getPublicKey(key(2), true)
export const coin = (b: string, sats: bigint, pk = pubkey): Utxo => ({
  txid: b.repeat(32),
  vout: 0,
  satoshis: sats,
  script: p2pkScript(pk),
  height: 1,
})
export const out = (r: BuildResult, n: number): Utxo => ({
  txid: r.txid,
  vout: n,
  satoshis: r.tx.vout[n]!.value,
  script: r.tx.vout[n]!.script,
})

/** Throws unless every input of `r` verifies against its prevout in `prevouts`. */
export function prove(r: BuildResult, prevouts: Utxo[], what: string): void {
  r.tx.vin.forEach((vin, i) => {
    const p = prevouts.find((u) => u.txid === vin.txid && u.vout === vin.vout)
    if (p === undefined || !verifyInput(r.tx, i, { value: p.satoshis, script: p.script }).valid)
      throw new Error(`bench fixture ${what}: input ${i} does not verify`)
  })
}

/**
 * How a fixture builds: with the given backend and key, or unsigned (`privateKey: undefined`), or with signers the
 * caller made once and holds (`keySigner`: the public keys are not derived per build; nothing is remembered by the
 * library, so a build given only `privateKey` derives them every time).
 */
export type BuildOptions = { backend?: Secp256k1Backend; unsigned?: boolean; signer?: boolean; blake2b?: Blake2bMode }

/** The context's BLAKE2b choice (an option of the build: there is no process-wide switch). */
const mode = (o: BuildOptions) => (o.blake2b === undefined ? {} : { blake2b: o.blake2b })

/** The context fields of a fixture's key: the private key, or held signers (caller's and, for oracles, baton). */
function keyFields(
  o: BuildOptions,
  key: Uint8Array,
  baton = false,
): Pick<BuildContext, 'privateKey' | 'signer' | 'batonSigner'> {
  if (o.unsigned) return { privateKey: undefined }
  if (!o.signer) return {}
  const held = { privateKey: undefined, signer: keySigner(key, o.backend) }
  return baton ? { ...held, batonSigner: keySigner(batonKey(key), o.backend) } : held
}

// Token transfer: one fee coin and one token input (the wallet's usual case).
const create = buildTokenCreate(
  { name: 'BENCH', supply: '1', description: 'bench token' },
  { pubkey, utxos: [coin('11', 1_000_000_000n)], height: 10, privateKey: priv },
)
const tokenState = { create: create.tx, tokens: [out(create, 1)] }
const tokenCtx = { pubkey, utxos: [coin('22', 1_000_000n)], height: 12, privateKey: priv }
export const tokenid = create.txid
/** A ready-to-call tokentransfer build (2 inputs: the fee coin and one token output). */
export function tokenTransfer(o: BuildOptions = {}): () => BuildResult {
  const ctx = { ...tokenCtx, ...(o.backend ? { backend: o.backend } : {}), ...mode(o), ...keyFields(o, priv) }
  return () => buildTokenTransfer({ tokenid, destpubkey: pub2, amount: 1000n }, ctx, tokenState)
}
prove(tokenTransfer()(), [...tokenCtx.utxos, out(create, 1)], 'tokentransfer')

// Dice bet: a plan with 100 entropy transactions (synthetic 'E' transactions: only their outputs and opret matter).
const house = { pubkey, utxos: [coin('33', 100_000_000_000n)], height: 20, privateKey: priv }
export const fund = buildDiceFund(
  { name: 'BENCH', funds: '100', minbet: '0.1', maxbet: '10', maxodds: 100, timeoutblocks: 10 },
  house,
)
const diceScript = fund.tx.vout[0]!.script
const entropyTx = (i: number): Transaction => ({
  ...fund.tx,
  vin: [
    { txid: (i + 256).toString(16).padStart(64, '0'), vout: 0, scriptSig: new Uint8Array(0), sequence: 0xffffffff },
  ],
  vout: [
    { value: 1_000_000_000n, script: diceScript },
    { value: 10000n, script: p2pkScript(pubkey) },
    {
      value: 0n,
      script: opretScript(
        encodeDicePayload({
          funcid: 'E',
          sbits: 0x48434e4542n,
          name: null,
          fundingtxid: fund.txid,
          hash: sha256(new Uint8Array([i])).reduce((s, b) => s + b.toString(16).padStart(2, '0'), ''),
          proof: '00'.repeat(32),
        }),
      ),
    },
  ],
})
const planTxs = [fund.tx, ...Array.from({ length: 100 }, (_, i) => entropyTx(i))]
export const bettorKey = key(2)
const betCtx = { pubkey: pub2, utxos: [coin('44', 10_000_000_000n, pub2)], height: 30, privateKey: bettorKey }
// as in docs/build-dice.md: a signed bet derives the bettor's entropy from the key (DiceHashEntropy: two X25519);
// an unsigned build (external signer) cannot, and is given the same entropy
const betState = { funding: fund.tx, planTxs }
const bet = buildDiceBet({ name: 'BENCH', fundingtxid: fund.txid, amount: '1', odds: 2 }, betCtx, betState)
const betStateUnsigned = {
  ...betState,
  bettorEntropy: diceHashEntropy({ txid: bet.tx.vin[0]!.txid, vout: 0 }, true, bettorKey).entropy,
}
/** A ready-to-call dicebet build (2 inputs; 101 plan transactions scanned for the house's entropy). */
export function diceBet(o: BuildOptions = {}): () => BuildResult {
  // a held signer signs; the bet's entropy still derives from the key (DiceHashEntropy), as the daemon does
  const ctx = {
    ...betCtx,
    ...(o.backend ? { backend: o.backend } : {}),
    ...mode(o),
    ...keyFields(o, bettorKey),
    ...(o.signer ? { privateKey: bettorKey } : {}),
  }
  const state = o.unsigned ? betStateUnsigned : betState
  return () => buildDiceBet({ name: 'BENCH', fundingtxid: fund.txid, amount: '1', odds: 2 }, ctx, state)
}
if (diceBet({ unsigned: true })().tx.vout.at(-1)!.script.join() !== bet.tx.vout.at(-1)!.script.join())
  throw new Error('bench fixture dicebet: the given entropy is not the derived one')
prove(
  bet,
  [...betCtx.utxos, { txid: bet.tx.vin[0]!.txid, vout: 0, satoshis: 1_000_000_000n, script: diceScript }],
  'dicebet',
)

// The publisher's hot path: one oraclesdata sample (2 normal inputs, baton, one subscription).
const oracle = buildOraclesCreate(
  { name: 'BTCKMD', description: 'price feed', format: 'IhhL' },
  { pubkey, utxos: [coin('11', 10_000_000n)], height: 10, privateKey: priv },
)
const baton = {
  txid: '22'.repeat(32),
  vout: 1,
  satoshis: 10000n,
  script: ccScript(cc1of1(0xec, batonPubkey(priv))),
  height: 11,
}
const sub = {
  txid: '33'.repeat(32),
  vout: 0,
  satoshis: 100_000_000n,
  script: ccScript(cc1of1(0xec, pubkey)),
  height: 11,
}
const H = '00166afa8a45b848acf54b1e957fbd5593872a44adbbc307416c8a004da8a5f7'
const record = encodeOracleData('IhhL', [16, H, H, 4212345678n])
// as in the README's publisher example: the baton pubkey is derived from the key (on every build) or from a held baton signer
const oracleState = { oracle: oracle.tx, datafee: 20000n, baton, subscriptions: [sub] }
const oracleCtx = { pubkey, utxos: [coin('44', 15_000n), coin('55', 15_000n)], height: 12, privateKey: priv }
/** A ready-to-call oraclesdata build (4 inputs: normal, baton, subscription, normal). */
export function oraclesData(o: BuildOptions = {}): () => BuildResult {
  const ctx = { ...oracleCtx, ...(o.backend ? { backend: o.backend } : {}), ...mode(o), ...keyFields(o, priv, true) }
  // unsigned (an external signer): the baton pubkey cannot be derived here and is given
  const state = o.unsigned ? { ...oracleState, batonPubkey: batonPubkey(priv) } : oracleState
  return () => buildOraclesData({ oracletxid: oracle.txid, hexstr: record }, ctx, state)
}
const sample = oraclesData()()
prove(sample, [oracleCtx.utxos[0]!, baton, sub, oracleCtx.utxos[1]!], 'oraclesdata')
const outputs = (r: BuildResult) => r.tx.vout.map((v) => `${v.value}:${v.script.join()}`).join('|')
if (outputs(oraclesData({ unsigned: true })()) !== outputs(sample))
  throw new Error('bench fixture oraclesdata: the unsigned build differs')

/** The three builders of the share measurement, by the name the README uses. */
export const HOT_BUILDS = { tokentransfer: tokenTransfer, dicebet: diceBet, oraclesdata: oraclesData } as const
