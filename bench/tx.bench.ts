// Transaction codec, txid, ZIP-243 sighash and signing of a 2-in/3-out Sapling v4 transaction (one P2PKH input,
// one CC 1-of-1 input; outputs: CC, P2PK change, 80-byte OP_RETURN), beside @bitgo/utxo-lib (Zcash network, the
// same v4 bytes) and bitcoinjs-lib (the same inputs/outputs as a legacy v1 transaction: it has no Zcash format;
// its sighash peer is BIP-143, the SHA-256 twin of ZIP-143/243).
import { describe } from 'vitest'
import * as utxolib from '@bitgo/utxo-lib'
import * as bitcoin from 'bitcoinjs-lib'
import * as tiny from 'tiny-secp256k1'
import { parseTransaction, serializeTransaction, serializeTransactionInto, txid } from '../src/tx/codec.js'
import { createSighasher, sighash } from '../src/tx/sighash.js'
import { blake2bBackend } from '../src/hash/blake2b.js'
import { nobleSecp256k1, signTransaction, tinySecp256k1Backend, verifyInput, type Prevout } from '../src/tx/sign.js'
import { cc1of1 } from '../src/cc/condition.js'
import { ccScript } from '../src/script/cc.js'
import { opReturnScript, p2pkhScript, p2pkScript } from '../src/script/script.js'
import { bytesToHex } from '../src/bytes/hex.js'
import { hash160, sha256 } from '../src/hash/index.js'
import type { Transaction } from '../src/tx/types.js'
import { OURS, bench, opts } from './_opts.js'

const priv = sha256(new TextEncoder().encode('1'))
const pub = nobleSecp256k1.getPublicKey(priv)
const cond = cc1of1(0xe4, pub)
const prevouts: Prevout[] = [
  { value: 150000000n, script: p2pkhScript(hash160(pub)) },
  { value: 100000000n, script: ccScript(cond), condition: cond },
]
const unsigned: Transaction = {
  overwintered: true,
  version: 4,
  versionGroupId: 0x892f2085,
  vin: [
    {
      txid: '324c0809d79de1969f21bd149125704c11abaad414c7e568cf4d4bd574214d03',
      vout: 0,
      scriptSig: new Uint8Array(0),
      sequence: 0xffffffff,
    },
    {
      txid: '292c2239c446ff901808b5bfc8dcec7d4c52dc31956c989a23f67fe1fea71878',
      vout: 1,
      scriptSig: new Uint8Array(0),
      sequence: 0xffffffff,
    },
  ],
  vout: [
    { value: 100000000n, script: ccScript(cond) },
    { value: 149990000n, script: p2pkScript(pub) },
    { value: 0n, script: opReturnScript(new Uint8Array(77).fill(0xe4)) }, // 80-byte OP_RETURN script
  ],
  lockTime: 0,
  expiryHeight: 3000200,
  valueBalance: 0n,
  shieldedSpends: [],
  shieldedOutputs: [],
  joinSplits: [],
}
const signed = signTransaction(unsigned, prevouts, [priv])
const RAW = serializeTransaction(signed)
const HEX = bytesToHex(RAW)
const TX = parseTransaction(RAW)
const SIGHASH_OPTS = { scriptCode: prevouts[1]!.script, value: 100000000n }
// which BLAKE2b a row measures: an option of each call (the pure-JS rows pass JS, the WebAssembly rows WASM)
const JS = { blake2b: 'js' } as const
const WASM = { blake2b: 'wasm' } as const
const tinyBackend = tinySecp256k1Backend(tiny)

// peers: bitgo on the same v4 bytes; bitcoinjs on the same content as v1
const zcash = utxolib.networks.zcash
const BUF = Buffer.from(RAW)
const bitgoTx = utxolib.bitgo.ZcashTransaction.fromBuffer<bigint>(BUF, false, 'bigint', zcash)
bitgoTx.consensusBranchId = 0x76b809bb // bitgo defaults to Zcash's newest branch; Komodo stays on Sapling
const legacy = serializeTransaction({ ...signed, overwintered: false, version: 1, versionGroupId: 0, expiryHeight: 0 })
const LEGACY_BUF = Buffer.from(legacy)
const bjsTx = bitcoin.Transaction.fromBuffer(LEGACY_BUF)
const unsignedBuf = Buffer.from(serializeTransaction(unsigned))

// Prove every fixture before timing it.
if (signed.vin.length !== 2 || signed.vout.length !== 3 || signed.vout[2]!.script.length !== 80)
  throw new Error('fixture shape')
if (!prevouts.every((p, i) => verifyInput(TX, i, p).valid)) throw new Error('our signatures do not verify')
if (bitgoTx.toBuffer().toString('hex') !== HEX) throw new Error('bitgo does not round-trip the fixture')
if (bitgoTx.getId() !== txid(TX)) throw new Error('bitgo txid differs')
if (
  bytesToHex(bitgoTx.hashForSignatureByNetwork(1, Buffer.from(SIGHASH_OPTS.scriptCode), 100000000n, 1)) !==
  bytesToHex(sighash(TX, 1, SIGHASH_OPTS))
)
  throw new Error('bitgo ZIP-243 sighash differs')
if (
  blake2bBackend('wasm') !== 'wasm' ||
  bytesToHex(sighash({ ...TX }, 1, { ...SIGHASH_OPTS, blake2b: 'wasm' })) !==
    bytesToHex(bitgoTx.hashForSignatureByNetwork(1, Buffer.from(SIGHASH_OPTS.scriptCode), 100000000n, 1))
)
  throw new Error('WASM BLAKE2b unavailable or its ZIP-243 sighash differs')
if (bytesToHex(bjsTx.toBuffer()) !== bytesToHex(legacy)) throw new Error('bitcoinjs does not round-trip the v1 twin')
{
  const o = new Uint8Array(RAW.length + 64),
    b = Buffer.alloc(RAW.length + 64)
  if (serializeTransactionInto(TX, o, 0) !== RAW.length || bytesToHex(o.subarray(0, RAW.length)) !== HEX)
    throw new Error('serializeTransactionInto differs')
  if (bitgoTx.toBuffer(b, 0).toString('hex') !== HEX) throw new Error('bitgo toBuffer(buffer, 0) differs')
}
if (bytesToHex(serializeTransaction(signTransaction(unsigned, prevouts, [priv], { backend: tinyBackend }))) !== HEX)
  throw new Error('tiny backend signs differently')

// the peer "sign + serialize": sighash per input, libsecp256k1/noble sign, set scriptSigs, serialize
function bitgoSign(): Buffer {
  const t = utxolib.bitgo.ZcashTransaction.fromBuffer<bigint>(unsignedBuf, false, 'bigint', zcash)
  t.consensusBranchId = 0x76b809bb
  const h0 = t.hashForSignatureByNetwork(0, Buffer.from(prevouts[0]!.script), 150000000n, 1)
  const s0 = bitcoin.script.signature.encode(Buffer.from(tiny.sign(h0, priv)), 1)
  t.ins[0]!.script = Buffer.from(bitcoin.script.compile([s0, Buffer.from(pub)]))
  const h1 = t.hashForSignatureByNetwork(1, Buffer.from(SIGHASH_OPTS.scriptCode), 100000000n, 1)
  t.ins[1]!.script = Buffer.from(tiny.sign(h1, priv)) // (no CC fulfillment encoder in bitgo: the raw signature stands in)
  return t.toBuffer()
}
bitgoSign()

describe('tx parse (2-in/3-out Sapling v4, CC input, 80-byte OP_RETURN)', () => {
  bench(
    OURS,
    () => {
      parseTransaction(RAW)
    },
    opts,
  )
  bench(
    '@bitgo/utxo-lib ZcashTransaction.fromBuffer',
    () => {
      utxolib.bitgo.ZcashTransaction.fromBuffer(BUF, false, 'bigint', zcash)
    },
    opts,
  )
  bench(
    'bitcoinjs-lib Transaction.fromBuffer (v1 twin)',
    () => {
      bitcoin.Transaction.fromBuffer(LEGACY_BUF)
    },
    opts,
  )
})

describe('tx serialize', () => {
  bench(
    OURS,
    () => {
      serializeTransaction(TX)
    },
    opts,
  )
  bench(
    '@bitgo/utxo-lib toBuffer',
    () => {
      bitgoTx.toBuffer()
    },
    opts,
  )
  bench(
    'bitcoinjs-lib toBuffer (v1 twin)',
    () => {
      bjsTx.toBuffer()
    },
    opts,
  )
})

const OUT = new Uint8Array(RAW.length + 64)
const OUTB = Buffer.alloc(RAW.length + 64)
describe("tx serialize into a caller's buffer (no allocation)", () => {
  bench(
    OURS,
    () => {
      serializeTransactionInto(TX, OUT, 0)
    },
    opts,
  )
  bench(
    '@bitgo/utxo-lib toBuffer(buffer, 0)',
    () => {
      bitgoTx.toBuffer(OUTB, 0)
    },
    opts,
  )
  bench(
    'bitcoinjs-lib toBuffer(buffer, 0) (v1 twin)',
    () => {
      bjsTx.toBuffer(OUTB, 0)
    },
    opts,
  )
})

describe('txid', () => {
  bench(
    OURS,
    () => {
      txid(TX)
    },
    opts,
  )
  bench(
    '@bitgo/utxo-lib getId',
    () => {
      bitgoTx.getId()
    },
    opts,
  )
  bench(
    'bitcoinjs-lib getId (v1 twin)',
    () => {
      bjsTx.getId()
    },
    opts,
  )
})

const HASHER = createSighasher(TX, JS) // per-transaction digests computed once, as when signing several inputs
HASHER(0, SIGHASH_OPTS)
describe('ZIP-243 sighash (CC input; ours with the per-transaction digests cached)', () => {
  bench(
    OURS,
    () => {
      HASHER(1, SIGHASH_OPTS)
    },
    opts,
  )
  bench(
    '@bitgo/utxo-lib hashForSignatureByNetwork',
    () => {
      bitgoTx.hashForSignatureByNetwork(1, Buffer.from(SIGHASH_OPTS.scriptCode), 100000000n, 1)
    },
    opts,
  )
  bench(
    'bitcoinjs-lib hashForWitnessV0 (BIP-143)',
    () => {
      bjsTx.hashForWitnessV0(1, SIGHASH_OPTS.scriptCode, 100000000n, 1)
    },
    opts,
  )
})

// sighash() keeps nothing between calls: a fresh object each time is the true one-shot (callers hashing input after
// input hold a createSighasher, the row above)
describe('ZIP-243 sighash (CC input; one-shot, nothing cached)', () => {
  bench(
    OURS,
    () => {
      sighash({ ...TX }, 1, { ...SIGHASH_OPTS, ...JS })
    },
    opts,
  )
  bench(
    '@bitgo/utxo-lib hashForSignatureByNetwork',
    () => {
      bitgoTx.hashForSignatureByNetwork(1, Buffer.from(SIGHASH_OPTS.scriptCode), 100000000n, 1)
    },
    opts,
  )
})

// The same two rows with the WebAssembly BLAKE2b (the default) (src/hash/blake2b-wasm.ts), chosen per call.
const HASHER_WASM = createSighasher(TX, WASM)
HASHER_WASM(0, SIGHASH_OPTS)
describe('ZIP-243 sighash (CC input; ours with the per-transaction digests cached; WASM BLAKE2b)', () => {
  bench(
    OURS,
    () => {
      HASHER_WASM(1, SIGHASH_OPTS)
    },
    opts,
  )
  bench(
    '@bitgo/utxo-lib hashForSignatureByNetwork',
    () => {
      bitgoTx.hashForSignatureByNetwork(1, Buffer.from(SIGHASH_OPTS.scriptCode), 100000000n, 1)
    },
    opts,
  )
})

describe('ZIP-243 sighash (CC input; one-shot, nothing cached; WASM BLAKE2b)', () => {
  bench(
    OURS,
    () => {
      sighash({ ...TX }, 1, { ...SIGHASH_OPTS, ...WASM })
    },
    opts,
  )
  bench(
    '@bitgo/utxo-lib hashForSignatureByNetwork',
    () => {
      bitgoTx.hashForSignatureByNetwork(1, Buffer.from(SIGHASH_OPTS.scriptCode), 100000000n, 1)
    },
    opts,
  )
})

describe('sign + serialize (P2PKH + CC inputs)', () => {
  bench(
    OURS,
    () => {
      serializeTransaction(signTransaction(unsigned, prevouts, [priv], JS))
    },
    opts,
  )
  bench(
    'komodo-cc with tiny-secp256k1 backend',
    () => {
      serializeTransaction(signTransaction(unsigned, prevouts, [priv], { backend: tinyBackend, ...JS }))
    },
    opts,
  )
  bench(
    '@bitgo/utxo-lib sighash + tiny-secp256k1 sign',
    () => {
      bitgoSign()
    },
    opts,
  )
})

// The library's own share of sign + serialize: a backend that answers with a fixed signature (every other step —
// plan, sighashes, DER, fulfillment, scriptSigs, serialization — runs as usual). overhead = this time / backend time.
const FIXED_SIG = nobleSecp256k1.sign(sighash(TX, 1, SIGHASH_OPTS), priv)
const fixedBackend = {
  name: 'fixed',
  sign: () => FIXED_SIG,
  verify: () => true,
  getPublicKey: nobleSecp256k1.getPublicKey,
}
describe('sign + serialize, library work only (backend returns a fixed signature)', () => {
  bench(
    OURS,
    () => {
      serializeTransaction(signTransaction(unsigned, prevouts, [priv], { backend: fixedBackend, ...JS }))
    },
    opts,
  )
})

const D = sighash(TX, 1, SIGHASH_OPTS)
describe('secp256k1 backend sign ×2 (the floor of sign + serialize)', () => {
  bench(
    OURS,
    () => {
      nobleSecp256k1.sign(D, priv)
      nobleSecp256k1.sign(D, priv)
    },
    opts,
  )
  bench(
    'tiny-secp256k1 (WASM) ×2',
    () => {
      tiny.sign(D, priv)
      tiny.sign(D, priv)
    },
    opts,
  )
})
