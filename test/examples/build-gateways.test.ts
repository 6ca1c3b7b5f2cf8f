import { expect, test } from 'vitest'
import { getPublicKey } from '@noble/secp256k1'
import { gatewaysSignerExample } from '../../examples/build-gateways.js'
import { buildGatewaysBind, buildGatewaysWithdraw } from '../../src/modules/gateways/build.js'
import { buildOraclesCreate } from '../../src/modules/oracles/build.js'
import { encodeTokensOpret } from '../../src/modules/tokens/opret.js'
import { cc1of1 } from '../../src/cc/condition.js'
import { ccScript } from '../../src/script/cc.js'
import { p2pkScript } from '../../src/script/script.js'
import { sha256 } from '../../src/hash/index.js'
import { bytesToHex } from '../../src/bytes/hex.js'

const key = (s: string) => sha256(new TextEncoder().encode(s))
const owner = key('gateway owner')
const ownerPk = getPublicKey(owner, true)
const signers = ['signer one', 'signer two'].map((s) => getPublicKey(key(s), true))
const coin = (n: string, pk: Uint8Array) => ({
  txid: n.repeat(32),
  vout: 0,
  satoshis: 100_000_000n,
  script: p2pkScript(pk),
})

test('README gateways signer example runs: partial sign K=1, complete K=2, mark done', () => {
  const tokenid = '5a'.repeat(32)
  const token = {
    txid: tokenid,
    vout: [
      {
        value: 10000n,
        script: ccScript(cc1of1(0xf2, '03e6191c70c9c9a28f9fd87089b9488d0e6c02fb629df64979c9cdb6b2b4a68d95')),
      },
      { value: 100_000_000n, script: ccScript(cc1of1(0xf2, ownerPk)) },
      {
        value: 0n,
        script: encodeTokensOpret({
          funcid: 'c',
          evalCode: 0xf2,
          origpubkey: bytesToHex(ownerPk),
          name: 'KMD',
          description: '',
          blobs: [],
        }),
      },
    ],
  }
  const oracle = buildOraclesCreate(
    { name: 'KMD', description: 'KMD block headers', format: 'Ihh' },
    { pubkey: ownerPk, utxos: [coin('01', ownerPk)], height: 4000, privateKey: owner },
  )
  const bind = buildGatewaysBind(
    {
      tokenid,
      oracletxid: oracle.txid,
      coin: 'KMD',
      tokensupply: 100_000_000n,
      M: 2,
      N: 2,
      pubkeys: signers,
      pubtype: 60,
      p2shtype: 85,
      wiftype: 188,
    },
    { pubkey: ownerPk, utxos: [coin('02', ownerPk)], height: 4001, privateKey: owner },
    {
      token,
      tokens: [{ txid: tokenid, vout: 1, satoshis: 100_000_000n, script: ccScript(cc1of1(0xf2, ownerPk)) }],
      oracle: oracle.hex,
    },
  )
  // a user returns 0.5 tokens to the gateway and asks for 0.5 KMD on the foreign chain
  const user = key('user')
  const userPk = getPublicKey(user, true)
  const withdraw = buildGatewaysWithdraw(
    { bindtxid: bind.txid, coin: 'KMD', withdrawpub: userPk, amount: '0.5' },
    { pubkey: userPk, utxos: [coin('03', userPk)], height: 4002, privateKey: user },
    {
      bind: bind.hex,
      tokens: [{ txid: '04'.repeat(32), vout: 0, satoshis: 60_000_000n, script: ccScript(cc1of1(0xf2, userPk)) }],
    },
  )
  const payout =
    '0400008085202f8901' + '77'.repeat(32) + '0000000000ffffffff0100000000000000000000000000000000000000000000000000'
  const r = gatewaysSignerExample(withdraw.hex, withdraw.txid, bind.hex, payout)
  expect(r.partial).toMatchObject({
    funcid: 'P',
    withdrawtxid: withdraw.txid,
    refcoin: 'KMD',
    K: 1,
    signerpk: bytesToHex(signers[0]!),
    hex: payout,
  })
  expect(r.complete).toMatchObject({ funcid: 'S', withdrawtxid: withdraw.txid, K: 2, hex: payout })
  expect(r.done).toMatchObject({ funcid: 'M', withdrawtxid: withdraw.txid, completetxid: r.txs[1]!.txid })
  expect(r.txs.every((t) => t.signed)).toBe(true)
})
