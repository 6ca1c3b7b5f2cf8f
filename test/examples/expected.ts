// What each script in examples/ must print: the key facts, as values from independent sources (the developer docs'
// transactions, the reference C library's vectors, @noble/secp256k1 for public keys, arithmetic done by hand).
// test/package/packed.test.ts runs every example against the packed package and applies these checks to its output;
// test/examples/examples.test.ts checks that every example has an entry here.
import { expect } from 'vitest'
import { getPublicKey } from '@noble/secp256k1'
import { sha256 } from '@noble/hashes/sha2.js'
import { bytesToHex } from '@noble/hashes/utils.js'
import ccVectors from '../../vectors/cc/cc-conditions.json' with { type: 'json' }
import raw from '../../vectors/tx/docs-antara-raw.json' with { type: 'json' }
import ccSpend from '../../vectors/tx/cc-spend.json' with { type: 'json' }

/** How to run one example and what its output must hold. `out` has runs of whitespace collapsed to one space. */
export type ExampleExpectation = {
  /** Extra environment for the run (the KDF example gets a local stand-in's URL from the test). */
  env?: 'kdf'
  check(out: string): void
}

const txid = '[0-9a-f]{64}'
const seedPubkey = (seed: string) => bytesToHex(getPublicKey(sha256(new TextEncoder().encode(seed)), true))
const ccCase = (ccVectors as unknown as { cases: Array<Record<string, string>> }).cases.find(
  (c) =>
    c.kind === 'fulfillment_cc1' && c.message === 'ca0df2c95aa144c1d0ff2ff3c8f967fdc1de9ef0c4120b3726416701b519d619',
)!
const faucetFund = raw.cases.find((c) => c.id === 'faucet-faucetfund-01')!
const ccSpendE4 = (ccSpend.cases as unknown as Array<Record<string, string>>).find(
  (c) => c.kind === 'tx_cc_spend_example' && c.evalcode === 'e4',
)!
const containsAll = (out: string, parts: string[]) => parts.forEach((p) => expect(out).toContain(p))

export const EXAMPLES: Record<string, ExampleExpectation> = {
  'oracles.mjs': {
    check(out) {
      // the pegs tutorial's height-16 record (developer docs), then 4212345678 as u64 little-endian
      expect(out).toContain(
        'hexstr 10000000f7a5a84d008a6c4107c3bbad442a879355bd7f951e4bf5ac48b8458afa6a1600bbf054d5a9219e8034990f764106c719f9bfc278b1d909be4486ff52d8523ca6' +
          '4e4b13fb00000000',
      )
      containsAll(out, ['4212345678n', "'4212345678'", "empty s [ '' ]", 'sbits 28538276415819083n'])
      expect(out).toContain('address RKxTdfmtxtfLDKZBgx6SvNkBtNu9jRYnLh') // the generator point's address
    },
  },
  'cc.mjs': {
    check(out) {
      const condition = 'a22c8020e029c511da55523565835887e412e5a0c9b920801b007000df45e545f25028248103120c008203000401'
      containsAll(out, [
        `condition ${condition}`,
        `script 2e${condition}cc`,
        'uri ni:///sha-256;4CnFEdpVUjVlg1iH5BLloMm5IIAbAHAA30XlRfJQKCQ?fpt=threshold-sha-256&cost=1182720&subtypes=secp256k1-sha-256,eval-sha-256',
        'cost 1182720',
        'address R9zHrofhRbub7ER77B7NrVch3A63R39GuC', // FaucetCCAddress (komodod's faucetaddress)
        'tokens RKaT8VfRSsu4qWL2kfW3PCzejrzJxi1TcJ', // FaucetCCTokensAddress
        'txid addr RBNNNDU4ViCtvyEAKDMqB83Av4PnVDBNj9',
        "FaucetCCAddress: 'R9zHrofhRbub7ER77B7NrVch3A63R39GuC'",
        `scriptSig ${ccCase.scriptSig}`, // the reference C library's scriptSig for this signature
        'fulfills mine: true',
        'fulfills a 1-of-2: false',
      ])
    },
  },
  'tx.mjs': {
    check(out) {
      containsAll(out, [
        `txid ${faucetFund.txid}`,
        "vout[0] 100 [ 'R9zHrofhRbub7ER77B7NrVch3A63R39GuC' ]",
        'round trip true true',
        `sighash ${ccSpendE4.sighash}`,
        `signed ${ccSpendE4.txid} ${ccSpendE4.signedTx!.length / 2} bytes`,
        "verify { valid: true, kind: 'cc' }",
      ])
    },
  },
  'inspect.mjs': {
    check(out) {
      // oracles.md: the register transaction's fields and addresses, and its oraclesinfo
      containsAll(out, [
        'oraclesregister: oracletxid 0df7…9203, publisher 0381…47b5, datafee 1000000, baton RWg4…93w9',
        "oracletxid: '0df7c4d844f08dba08abd4bb174558739f17cfe268feb005fb6333b3761d9203'",
        'datafee: 1000000n',
        'vout 0: marker RGEug5JPPkERBpqsGSgw6GQPYTB9v9i4Fj',
        'vout 1: baton RWg43P8s8RtJatAGNa2kV8N2abhQqH93w9',
        'vout 2: change RVXhz5UCJfSRoTfa4zvBFBrpDBbqMM21He',
        'payload re-encodes to the same bytes: true',
        "name: 'NYWTHR'",
        "batontxid: '8f3c517d023e42bacfd0de8b0174cdc8adab713d08a689c00067ab171488a575'",
        "datafee: '0.01000000'",
      ])
    },
  },
  'build-tokens.mjs': {
    check(out) {
      expect(out).toMatch(new RegExp(`tokencreate ${txid} \\d+ bytes, fee 10000`))
      expect(out).toMatch(new RegExp(`tokentransfer ${txid}`))
      // 1 coin of supply = 10^8 units; a quarter to the friend
      expect(out).toContain('to friend 25000000n units; back to me 75000000n')
      containsAll(out, ["funcid: 't'", 'evalCode: 242', `pubkeys: [ '${seedPubkey('2')}' ]`])
    },
  },
  'build-faucet.mjs': {
    check(out) {
      expect(out).toMatch(new RegExp(`faucetfund ${txid} 1000000000 sat to the faucet`))
      expect(out).toMatch(/faucetget 00[0-9a-f]{60}00 nonce \d+, \d+ tries/) // the proof of work: 00…00
      expect(out).toContain('payout 10000000n sat') // 0.1 coin
    },
  },
  'build-rewards.mjs': {
    check(out) {
      // 200 coins × 5% × 5 days: ⌊20000000000 · 500000000 · 432000 / (10^8 · 100 · 31536000)⌋ = 13698630
      expect(out).toContain('predicted reward 13698630n sat')
      expect(out).toMatch(new RegExp(`rewardsunlock ${txid} pays 20013698630n sat`))
      expect(out).toContain('an hour after BUILD_STATE reward 0 is <= the transaction fee')
    },
  },
  'build-dice.mjs': {
    check(out) {
      expect(out).toMatch(new RegExp(`dicefund ${txid} \\+ 100 diceaddfunds`))
      expect(out).toMatch(new RegExp(`dicebet ${txid} bets 100000000n sat at odds 2`))
      expect(out).toMatch(new RegExp(`dicefinish ${txid} answers '[WL]'`))
      expect(out).toContain('— the house is honest')
    },
  },
  'build-gateways.mjs': {
    check(out) {
      for (const m of [
        'oraclescreate',
        'oraclesfund',
        'oraclesregister',
        'oraclessubscribe',
        'tokencreate',
        'gatewaysbind',
        'oraclesdata',
        'gatewaysdeposit',
        'gatewaysclaim',
        'gatewayswithdraw',
        'gatewayspartialsign',
        'gatewayscompletesigning',
        'gatewaysmarkdone',
      ])
        expect(out).toMatch(new RegExp(`${m} ${txid}`))
      // 3,000,000 units claimed (0.03 coin), 1,000,000 withdrawn, of 10,000,000
      expect(out).toContain('gatewaysinfo issued 2000000n remaining 8000000n')
    },
  },
  'devnet.mjs': {
    check(out) {
      expect(out).toMatch(/devnet at http:\/\/127\.0\.0\.1:\d+ chain DEVNET height 0/)
      expect(out).toMatch(new RegExp(`oraclesdata ${txid} \\(in the mempool\\)`))
      expect(out).toContain("height 4 newest sample [ '6512345' ]")
      expect(out).toContain('the next block is 24 hours later')
    },
  },
  'rpc.mjs': {
    check(out) {
      expect(out).toMatch(/node at height 0 change to R\w{33}/)
      expect(out).toMatch(new RegExp(`oraclescreate ${txid} mempool`))
      expect(out).toMatch(new RegExp(`oraclesfund ${txid} mempool`))
      expect(out).toContain('refused SUBMIT_MISMATCH check: param')
      expect(out).toMatch(new RegExp(`oraclesregister ${txid} mempool fee 10000n`))
      expect(out).toMatch(/publisher 0[23][0-9a-f]{64} datafee 1000000n/)
    },
  },
  'electrum-wallet.mjs': {
    check(out) {
      expect(out).toMatch(/wallet R\w{33} over tcp:\/\/127\.0\.0\.1:\d+/)
      for (const m of ['tokencreate', 'tokentransfer', 'oraclescreate'])
        expect(out).toMatch(new RegExp(`${m} ${txid} fee 10000n`))
      // 0.001 coin of supply = 100,000 units, 40,000 sent
      expect(out).toContain('balances mine 60000n friend 40000n')
      expect(out).toContain('oraclesinfo DEMO L')
      expect(out).toMatch(/electrum round trips [1-9]\d*/)
    },
  },
  'kdf.mjs': {
    env: 'kdf',
    check(out) {
      containsAll(out, [
        "userpass: '(hidden)'",
        "method: 'enable_eth_with_tokens'",
        "{ ticker: 'APE-ERC20' }, { ticker: 'BCH-ERC20' }, { ticker: 'BUSD-ERC20' }",
        // komodo-docs-mdx's reply, replayed by the test's stand-in
        'current block 20590537',
        'ETH 0x083C32B38e8050473f6999e22f670d1404235592 spendable 0',
        'MINDS-ERC20 spendable 0',
      ])
      expect(out).not.toContain('not sent')
    },
  },
}

/**
 * The command an example's header says runs it (`Run: node examples/<name>.mjs`), read from its opening comment:
 * the packed-package test runs exactly this, in a fresh `npm init -y` project.
 */
export function exampleCommand(text: string): string | undefined {
  const header = text
    .split('\n')
    .filter((_, i, lines) => lines.slice(0, i + 1).every((l) => l.startsWith('//')))
    .join(' ')
  return /Run: (node examples\/[a-z-]+\.mjs)/.exec(header)?.[1]
}
