import { describe } from 'vitest'
import bs58check from 'bs58check'
import { base58check as scureBase58check } from '@scure/base'
import { sha256 } from '@noble/hashes/sha2.js'
import * as bitcoin from 'bitcoinjs-lib'
import { base58checkDecode, base58checkEncode, p2pkhAddress } from '../src/address/index.js'
import { sbits } from '../src/sbits.js'
import { hash160 } from '../src/hash/index.js'
import { bytesToHex, hexToBytes } from '../src/bytes/hex.js'
import { OURS, bench, opts } from './_opts.js'

const PUBKEY = hexToBytes('0279be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798')
const ADDRESS = 'RKxTdfmtxtfLDKZBgx6SvNkBtNu9jRYnLh'
const PAYLOAD = Uint8Array.from([60, ...hash160(PUBKEY)])
const scure = scureBase58check(sha256)
const KMD_NETWORK = { ...bitcoin.networks.bitcoin, pubKeyHash: 60, scriptHash: 85, wif: 188 }

// Prove the fixtures: every implementation gives the documented address.
for (const [who, got] of [
  ['ours', p2pkhAddress(PUBKEY)],
  ['bs58check', bs58check.encode(PAYLOAD)],
  ['scure', scure.encode(PAYLOAD)],
  ['bitcoinjs', bitcoin.payments.p2pkh({ pubkey: PUBKEY, network: KMD_NETWORK }).address],
] as const)
  if (got !== ADDRESS) throw new Error(`${who} gives ${got}`)
if (bytesToHex(base58checkDecode(ADDRESS)) !== bytesToHex(bs58check.decode(ADDRESS)))
  throw new Error('decode disagrees')
if (sbits('KMDDice') !== 28538276415819083n) throw new Error('sbits fixture')

describe('P2PKH address from pubkey', () => {
  bench(
    OURS,
    () => {
      p2pkhAddress(PUBKEY)
    },
    opts,
  )
  bench(
    'bs58check + hash160',
    () => {
      bs58check.encode(Uint8Array.from([60, ...hash160(PUBKEY)]))
    },
    opts,
  )
  bench(
    'bitcoinjs-lib payments.p2pkh',
    () => {
      bitcoin.payments.p2pkh({ pubkey: PUBKEY, network: KMD_NETWORK }).address
    },
    opts,
  )
})

describe('base58check encode (address payload)', () => {
  bench(
    OURS,
    () => {
      base58checkEncode(PAYLOAD)
    },
    opts,
  )
  bench(
    'bs58check',
    () => {
      bs58check.encode(PAYLOAD)
    },
    opts,
  )
  bench(
    '@scure/base',
    () => {
      scure.encode(PAYLOAD)
    },
    opts,
  )
})

describe('base58check decode (address)', () => {
  bench(
    OURS,
    () => {
      base58checkDecode(ADDRESS)
    },
    opts,
  )
  bench(
    'bs58check',
    () => {
      bs58check.decode(ADDRESS)
    },
    opts,
  )
  bench(
    '@scure/base',
    () => {
      scure.decode(ADDRESS)
    },
    opts,
  )
})

describe('sbits', () => {
  bench(
    OURS,
    () => {
      sbits('KMDDice')
    },
    opts,
  )
  bench(
    'plain BigInt loop',
    () => {
      const b = new TextEncoder().encode('KMDDice')
      let v = 0n
      for (let i = Math.min(8, b.length) - 1; i >= 0; i--) v = (v << 8n) | BigInt(b[i]!)
      if (v === 0n) throw new Error('unreachable')
    },
    opts,
  )
})
