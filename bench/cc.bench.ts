import { describe } from 'vitest'
import * as bitcoin from 'bitcoinjs-lib'
import { cc1of1, ccAddress, ccAddressOf, decodeCondition, encodeCondition } from '../src/cc/index.js'
import { parseCcScript } from '../src/script/cc.js'
import { bytesToHex, hexToBytes } from '../src/bytes/hex.js'
import { condition as plainCondition, plainCc1of1, plainCcAddress, plainDecodeCondition } from './plain/cc-plain.js'
import { OURS, bench, opts } from './_opts.js'

// Fresh pubkeys: 4096 distinct 33-byte keys (deterministic), cycled so no result can be cached.
const N = 4096
const PUBKEYS: Uint8Array[] = []
for (let i = 0; i < N; i++) {
  const pk = new Uint8Array(33)
  pk[0] = 2 + (i & 1)
  for (let j = 1; j < 33; j++) pk[j] = (i * 131 + j * 197 + ((i * j) >> 3)) & 0xff
  PUBKEYS.push(pk)
}
const FAUCET_PK = '03682b255c40d0cde8faee381a1a50bbb89980ff24539cb8518e294d3a63cefe12'
const FAUCET_ADDRESS = 'R9zHrofhRbub7ER77B7NrVch3A63R39GuC'
const COND = encodeCondition(cc1of1(0xe4, FAUCET_PK))
const SCRIPT = hexToBytes('2e' + bytesToHex(COND) + 'cc')
const SCRIPT_VDATA = hexToBytes(
  '2ea22c8020618e8c3db23f2fd6a76d5db3ef6944cf2bda120cf3e5903365b0c3b9933dd5778103120c008203000401cc120401f201010c6a0af263010203040506070875',
)

// Prove the fixtures before timing them.
if (ccAddress(0xe4, FAUCET_PK) !== FAUCET_ADDRESS || plainCcAddress(0xe4, hexToBytes(FAUCET_PK)) !== FAUCET_ADDRESS)
  throw new Error('address fixture')
for (let i = 0; i < 64; i++) {
  const a = ccAddress(0xec, PUBKEYS[i]!)
  if (a !== plainCcAddress(0xec, PUBKEYS[i]!) || a !== ccAddressOf(cc1of1(0xec, PUBKEYS[i]!)))
    throw new Error('fast path disagrees')
}
if (bytesToHex(plainCondition(plainCc1of1(0xe4, hexToBytes(FAUCET_PK)))) !== bytesToHex(COND))
  throw new Error('plain encoder disagrees')
if (decodeCondition(COND).cost !== 1182720 || plainDecodeCondition(COND).cost !== 1182720)
  throw new Error('decode fixture')
if (parseCcScript(SCRIPT) === null || parseCcScript(SCRIPT_VDATA)?.vData?.length !== 1)
  throw new Error('script fixture')
if (bitcoin.script.decompile(SCRIPT)?.length !== 2) throw new Error('bitcoinjs fixture')

let k = 0
describe('CC 1-of-1 address from a fresh pubkey', () => {
  bench(
    OURS,
    () => {
      ccAddress(0xec, PUBKEYS[k++ & (N - 1)]!)
    },
    opts,
  )
  bench(
    'plain tree → DER → hash (Buffer, bs58check)',
    () => {
      plainCcAddress(0xec, PUBKEYS[k++ & (N - 1)]!)
    },
    opts,
  )
  bench(
    'komodo-cc generic path (cc1of1 → ccAddressOf)',
    () => {
      ccAddressOf(cc1of1(0xec, PUBKEYS[k++ & (N - 1)]!))
    },
    opts,
  )
})

describe('CC condition encode (1-of-1 tree → 46-byte binary)', () => {
  bench(
    OURS,
    () => {
      encodeCondition(cc1of1(0xe4, PUBKEYS[k++ & (N - 1)]!))
    },
    opts,
  )
  bench(
    'plain tree → DER (Buffer)',
    () => {
      plainCondition(plainCc1of1(0xe4, PUBKEYS[k++ & (N - 1)]!))
    },
    opts,
  )
})

describe('CC condition decode (strict, 46 bytes)', () => {
  bench(
    OURS,
    () => {
      decodeCondition(COND)
    },
    opts,
  )
  bench(
    'plain TLV walk (no checks)',
    () => {
      plainDecodeCondition(COND)
    },
    opts,
  )
})

describe('CC script parse (48-byte scriptPubKey)', () => {
  bench(
    OURS,
    () => {
      parseCcScript(SCRIPT)
    },
    opts,
  )
  bench(
    'bitcoinjs-lib script.decompile',
    () => {
      bitcoin.script.decompile(SCRIPT)
    },
    opts,
  )
})

describe('CC script parse with vData tail (68 bytes)', () => {
  bench(
    OURS,
    () => {
      parseCcScript(SCRIPT_VDATA)
    },
    opts,
  )
  bench(
    'bitcoinjs-lib script.decompile',
    () => {
      bitcoin.script.decompile(SCRIPT_VDATA)
    },
    opts,
  )
})
