import { describe, expect, test } from 'vitest'
import docs from '../../../vectors/build/tokens-docs.json' with { type: 'json' }
import spec from '../../../vectors/build/tokens-faucet-spec.json' with { type: 'json' }
import { buildTokenCreate, buildTokenTransfer } from '../../../src/modules/tokens/build.js'
import { decodeTokensOpret } from '../../../src/modules/tokens/opret.js'
import { parseTransaction } from '../../../src/tx/codec.js'
import { cc1of1, tokensCc1of1 } from '../../../src/cc/condition.js'
import { ccScript } from '../../../src/script/cc.js'
import { p2pkScript } from '../../../src/script/script.js'
import { bytesToHex, hexToBytes } from '../../../src/bytes/hex.js'
import { coin, ctxOf, code, expectAllInputsVerify, key, out, refusal, stripSigs } from '../_build.js'
import { inspectBuild } from '../../../src/inspect-build.js'

const k1 = key(1)
const k2 = key(2)
const TOKENS_PK = '03e6191c70c9c9a28f9fd87089b9488d0e6c02fb629df64979c9cdb6b2b4a68d95'

describe('tokens builders: create, transfer, transfer back (test keys)', () => {
  const funding = [coin('11'.repeat(32), 5_000_000n, k1.pub), coin('12'.repeat(32), 200_000_000n, k1.pub)]
  const create = buildTokenCreate(
    { name: 'DUKE', supply: '1', description: "Duke's custom token" },
    ctxOf(funding, k1.priv),
  )
  const tokenid = create.txid

  test("create: marker, supply on the creator's token address, change, c opret", () => {
    expectAllInputsVerify(create, funding)
    expect(create.tx.version).toBe(4)
    expect(create.tx.expiryHeight).toBe(1201)
    expect(bytesToHex(create.tx.vout[0]!.script)).toBe(spec.tokensMarkerScript)
    expect(create.tx.vout[0]!.value).toBe(10000n)
    expect(bytesToHex(create.tx.vout[1]!.script)).toBe(bytesToHex(ccScript(cc1of1(0xf2, k1.pub))))
    expect(create.tx.vout[1]!.value).toBe(100_000_000n)
    expect(bytesToHex(create.tx.vout[2]!.script)).toBe(bytesToHex(p2pkScript(k1.pub)))
    // supply + 2·txfee needed: the first coin (5,000,000) is below total/64? no: 100,020,000/64 = 1,562,812, so both are candidates
    expect(create.tx.vin.map((v) => v.txid)).toEqual(['12'.repeat(32)])
    expect(create.fee).toBe(10000n)
    expect(decodeTokensOpret(create.tx.vout.at(-1)!.script)).toEqual({
      funcid: 'c',
      evalCode: 0xf2,
      origpubkey: bytesToHex(k1.pub),
      name: 'DUKE',
      description: "Duke's custom token",
      blobs: [],
    })
  })

  const supply = out(create, 1)
  const feeCoins = [
    coin('21'.repeat(32), 4000n, k1.pub),
    coin('22'.repeat(32), 4000n, k1.pub),
    coin('23'.repeat(32), 5000n, k1.pub),
  ]
  const t1 = buildTokenTransfer({ tokenid, destpubkey: k2.pub, amount: 30_000_000n }, ctxOf(feeCoins, k1.priv), {
    create: create.hex,
    tokens: [supply],
  })

  test('transfer: recipient, token change, t opret naming the recipient; inputs [normal, token, normal…]', () => {
    expectAllInputsVerify(t1, [...feeCoins, supply])
    // AddNormalinputs: no exact match for 10000, none above it, so the largest below first (5000), then 4000, 4000
    expect(t1.tx.vin.map((v) => v.txid)).toEqual(['23'.repeat(32), tokenid, '21'.repeat(32), '22'.repeat(32)])
    expect(t1.inputs.map((i) => [i.kind, i.role])).toEqual([
      ['p2pk', 'caller'],
      ['cc', 'caller'],
      ['p2pk', 'caller'],
      ['p2pk', 'caller'],
    ])
    expect(t1.tx.vout.map((o) => o.value)).toEqual([30_000_000n, 70_000_000n, 0n])
    expect(bytesToHex(t1.tx.vout[0]!.script)).toBe(bytesToHex(ccScript(cc1of1(0xf2, k2.pub))))
    expect(bytesToHex(t1.tx.vout[1]!.script)).toBe(bytesToHex(ccScript(cc1of1(0xf2, k1.pub))))
    // 13,000 sat of normal inputs: below 2·txfee, so no change and a 13,000 fee (FinalizeCCTx rule)
    expect(t1.fee).toBe(13000n)
    expect(decodeTokensOpret(t1.tx.vout.at(-1)!.script)).toEqual({
      funcid: 't',
      evalCode: 0xf2,
      tokenid,
      pubkeys: [bytesToHex(k2.pub)],
      blobs: [],
    })
    // the inspection reads the transaction back to the parameters
    expect(inspectBuild(t1)).toMatchObject({ module: 'tokens', method: 'tokentransfer' })
    expect(inspectBuild(create)).toMatchObject({ module: 'tokens', method: 'tokencreate' })
  })

  test('the recipient sends everything back: no token change output', () => {
    const coins = [coin('31'.repeat(32), 1_000_000n, k2.pub)]
    const got = out(t1, 0)
    const back = buildTokenTransfer(
      { tokenid, destpubkey: bytesToHex(k1.pub), amount: '30000000' },
      ctxOf(coins, k2.priv),
      { create: create.tx, tokens: [got] },
    )
    expectAllInputsVerify(back, [...coins, got])
    expect(back.tx.vout.map((o) => o.value)).toEqual([30_000_000n, 1_000_000n - 10000n, 0n])
    expect(bytesToHex(back.tx.vout[1]!.script)).toBe(bytesToHex(p2pkScript(k2.pub)))
  })

  test('token inputs: skips UTXOs below amount/60 and stops once the amount is covered', () => {
    const tok = (b: string, sats: bigint) => ({
      txid: b.repeat(32),
      vout: 1,
      satoshis: sats,
      script: ccScript(cc1of1(0xf2, k1.pub)),
    })
    const tokens = [tok('41', 10n), tok('42', 600n), tok('43', 600n), tok('44', 600n)]
    const r = buildTokenTransfer({ tokenid, destpubkey: k2.pub, amount: 1200n }, ctxOf(feeCoins, k1.priv), {
      create: create.hex,
      tokens,
    })
    expectAllInputsVerify(r, [...feeCoins, ...tokens])
    expect(r.tx.vin.map((v) => v.txid).filter((t) => t.startsWith('4'))).toEqual(['42'.repeat(32), '43'.repeat(32)])
    expect(r.tx.vout[0]!.value).toBe(1200n)
    expect(r.tx.vout[1]!.script[0]).toBe(0x6a) // no token change
  })

  test("unsigned: every input's sighash for an external signer", () => {
    const r = buildTokenTransfer(
      { tokenid, destpubkey: k2.pub, amount: 1n },
      { pubkey: k1.pub, utxos: feeCoins, height: 1000 },
      { create: create.hex, tokens: [supply] },
    )
    expect(r.signed).toBe(false)
    expect(r.inputs.every((i) => /^[0-9a-f]{64}$/.test(i.sighash))).toBe(true)
  })
})

describe('NFT: data with an eval code makes 3-eval outputs', () => {
  const funding = [coin('51'.repeat(32), 1_000_000n, k1.pub)]
  const nft = buildTokenCreate(
    { name: 'DUKE', supply: '0.00000001', description: "Duke's custom token", data: 'e30101' },
    ctxOf(funding, k1.priv),
  )
  test('create and transfer', () => {
    expectAllInputsVerify(nft, funding)
    expect(bytesToHex(nft.tx.vout[1]!.script)).toBe(bytesToHex(ccScript(tokensCc1of1(0xe3, k1.pub))))
    expect(nft.tx.vout[1]!.value).toBe(1n)
    const coins = [coin('52'.repeat(32), 30000n, k1.pub)]
    const t = buildTokenTransfer({ tokenid: nft.txid, destpubkey: k2.pub, amount: 1n }, ctxOf(coins, k1.priv), {
      create: nft.hex,
      tokens: [out(nft, 1)],
    })
    expectAllInputsVerify(t, [...coins, out(nft, 1)])
    expect(bytesToHex(t.tx.vout[0]!.script)).toBe(bytesToHex(ccScript(tokensCc1of1(0xe3, k2.pub))))
    // a CC1(0xf2, …) UTXO is not this NFT's output
    expect(() =>
      buildTokenTransfer({ tokenid: nft.txid, destpubkey: k2.pub, amount: 1n }, ctxOf(coins, k1.priv), {
        create: nft.hex,
        tokens: [{ ...out(nft, 1), script: ccScript(cc1of1(0xf2, k1.pub)) }],
      }),
    ).toThrow(code('BUILD_STATE'))
  })
})

describe("tokens: the spec's scripts and opret vectors (section 6)", () => {
  const pk1 = hexToBytes(spec.pk1)
  const funding = [coin('61'.repeat(32), 1_000_000n, pk1)]
  const unsigned = { pubkey: pk1, utxos: funding, height: 10 }
  test('create opret, with and without NFT data; marker and supply scripts', () => {
    const c = buildTokenCreate(
      { name: spec.createOpret.name, supply: 10000n, description: spec.createOpret.description },
      unsigned,
    )
    expect(bytesToHex(c.tx.vout.at(-1)!.script)).toBe(spec.createOpret.script)
    expect(bytesToHex(c.tx.vout[0]!.script)).toBe(spec.tokensMarkerScript)
    expect(bytesToHex(c.tx.vout[1]!.script)).toBe(spec.tokensPk1Script)
    const n = buildTokenCreate(
      {
        name: spec.createNftOpret.name,
        supply: 1n,
        description: spec.createNftOpret.description,
        data: spec.createNftOpret.data,
      },
      unsigned,
    )
    expect(bytesToHex(n.tx.vout.at(-1)!.script)).toBe(spec.createNftOpret.script)
    const e3 = buildTokenCreate({ name: 'X', supply: 1n, description: '', data: 'e3' }, unsigned)
    expect(bytesToHex(e3.tx.vout[1]!.script)).toBe(spec.nftE3Pk1Script)
  })
  test('transfer opret: tokenid in display order, the recipient pubkey', () => {
    const tokenid = spec.transferOpret.tokenid
    const create = buildTokenCreate({ name: 'T', supply: 100n, description: '' }, unsigned)
    // the spec's tokenid is an example id: rebuild the opret with our create standing in, then swap the id
    const r = buildTokenTransfer({ tokenid: create.txid, destpubkey: spec.pk2, amount: 10n }, unsigned, {
      create: create.hex,
      tokens: [{ ...out(create, 1) }],
    })
    expect(bytesToHex(r.tx.vout.at(-1)!.script)).toBe(spec.transferOpret.script.replace(tokenid, create.txid))
  })
})

describe("tokens: the daemon's refusals, with its messages", () => {
  const funding = [coin('71'.repeat(32), 1_000_000n, k1.pub)]
  const c = ctxOf(funding, k1.priv)
  test('tokencreate', () => {
    refusal(
      () => buildTokenCreate({ name: '', supply: 1n, description: '' }, c),
      'Token name must not be empty and up to 32 characters',
    )
    refusal(
      () => buildTokenCreate({ name: 'x'.repeat(33), supply: 1n, description: '' }, c),
      'Token name must not be empty and up to 32 characters',
    )
    refusal(() => buildTokenCreate({ name: 'T', supply: 0n, description: '' }, c), 'Token supply must be positive')
    refusal(() => buildTokenCreate({ name: 'T', supply: '-1', description: '' }, c), 'Token supply must be positive')
    refusal(
      () => buildTokenCreate({ name: 'T', supply: 1n, description: 'd'.repeat(4097) }, c),
      'Token description must be <= 4096 characters',
    )
    refusal(
      () => buildTokenCreate({ name: 'T', supply: 1n, description: '', data: new Uint8Array(10002) }, c),
      'Non-fungible data size must be <= 10001',
    )
    refusal(
      () => buildTokenCreate({ name: 'T', supply: 1n, description: '', data: '' }, c),
      'Non-fungible data incorrect',
    )
    refusal(
      () => buildTokenCreate({ name: 'T', supply: 2n, description: '', data: 'f7' }, c),
      'for non-fungible tokens tokensupply should be equal to 1',
    )
    refusal(
      () => buildTokenCreate({ name: 'T', supply: '1', description: '' }, c),
      'cant find normal inputs',
      'INSUFFICIENT_FUNDS',
    )
    expect(() => buildTokenCreate({ name: 'x'.repeat(32), supply: 1n, description: 'd'.repeat(4096) }, c)).not.toThrow()
    expect(() => buildTokenCreate({ name: 'T', supply: 1n, description: '', data: 'zz' }, c)).toThrow(
      code('HEX_INVALID'),
    )
    expect(() => buildTokenCreate({ name: 'T', supply: '0.123456789', description: '' }, c)).toThrow(
      code('AMOUNT_INVALID'),
    )
  })
  test('tokentransfer', () => {
    const create = buildTokenCreate({ name: 'T', supply: '0.001', description: '' }, c)
    const state = { create: create.hex, tokens: [out(create, 1)] }
    refusal(
      () => buildTokenTransfer({ tokenid: '00'.repeat(32), destpubkey: k2.pub, amount: 1n }, c, state),
      'invalid tokenid',
    )
    expect(() => buildTokenTransfer({ tokenid: '1234', destpubkey: k2.pub, amount: 1n }, c, state)).toThrow(
      expect.objectContaining({
        code: 'BUILD_PARAMS',
        details: expect.objectContaining({ daemonError: 'invalid tokenid' }),
      }),
    )
    refusal(
      () => buildTokenTransfer({ tokenid: create.txid, destpubkey: k2.pub, amount: 0n }, c, state),
      'amount must be positive',
    )
    refusal(
      () =>
        buildTokenTransfer(
          { tokenid: create.txid, destpubkey: k2.pub, amount: 1n },
          ctxOf([coin('72'.repeat(32), 9999n, k1.pub)], k1.priv),
          state,
        ),
      'insufficient normal inputs for tx fee',
      'INSUFFICIENT_FUNDS',
    )
    refusal(
      () => buildTokenTransfer({ tokenid: create.txid, destpubkey: k2.pub, amount: 1n }, c, { ...state, tokens: [] }),
      'no token inputs',
      'INSUFFICIENT_FUNDS',
    )
    refusal(
      () => buildTokenTransfer({ tokenid: create.txid, destpubkey: k2.pub, amount: 100_001n }, c, state),
      'insufficient token inputs',
      'INSUFFICIENT_FUNDS',
    )
    refusal(
      () =>
        buildTokenTransfer({ tokenid: create.txid, destpubkey: k2.pub, amount: 1n }, c, {
          ...state,
          create: undefined as never,
        }),
      'no token inputs',
      'BUILD_STATE',
    )
    // a transfer transaction is not a create
    const t = buildTokenTransfer({ tokenid: create.txid, destpubkey: k2.pub, amount: 1n }, c, state)
    refusal(
      () =>
        buildTokenTransfer({ tokenid: t.txid, destpubkey: k2.pub, amount: 1n }, c, {
          create: t.hex,
          tokens: [out(t, 0)],
        }),
      'no token inputs',
      'BUILD_STATE',
    )
    // ours, not the daemon's: an invalid recipient key and a fractional amount are refused
    expect(() =>
      buildTokenTransfer({ tokenid: create.txid, destpubkey: '05' + '11'.repeat(32), amount: 1n }, c, state),
    ).toThrow(code('PUBKEY_INVALID'))
    // issue 28 finding 4: built and signed on main, the tokens could never be spent again
    for (const bad of ['02' + '00'.repeat(32), '02' + 'ff'.repeat(32)])
      expect(() => buildTokenTransfer({ tokenid: create.txid, destpubkey: bad, amount: 1n }, c, state)).toThrow(
        code('PUBKEY_INVALID'),
      )
    expect(() => buildTokenTransfer({ tokenid: create.txid, destpubkey: k2.pub, amount: '1.9' }, c, state)).toThrow(
      code('AMOUNT_INVALID'),
    )
  })
})

describe('tokens builders against the documented daemon transactions', () => {
  const byId = Object.fromEntries(docs.cases.map((c) => [c.id, c]))
  test('tokens-tokencreate-01: byte-identical apart from the signature (same coin, same creator, height 110)', () => {
    const c = byId['tokens-tokencreate-01']!
    const doc = parseTransaction(c.hex)
    const creator = doc.vout[2]!.script.subarray(1, 34)
    const value = doc.vout.reduce((s, o) => s + o.value, 0n) + 10000n // the change shows the fee was one txfee
    const utxo = { txid: doc.vin[0]!.txid, vout: doc.vin[0]!.vout, satoshis: value, script: p2pkScript(creator) }
    const [name, supply, description] = c.params as [string, string, string]
    const r = buildTokenCreate(
      { name, supply, description },
      { pubkey: creator, utxos: [utxo], height: doc.expiryHeight - 201 },
    )
    expect(r.hex).toBe(stripSigs(c.hex))
  })
  test("tokens-tokentransfer-01 (2018 Assets era, INCONSISTENT with today's layout): the tokenid sits in display order in the opret, as ours", () => {
    const c = byId['tokens-tokentransfer-01']!
    const doc = parseTransaction(c.hex)
    const payload = bytesToHex(doc.vout.at(-1)!.script).slice(4) // 6a 22 <payload>
    expect(payload.slice(0, 4)).toBe('e374')
    expect(payload.slice(4, 68)).toBe(c.params![0])
    // today's builder writes f2 74 <tokenid display> 01 <recipient>; the 2018 daemon wrote no recipient
    const funding = [coin('81'.repeat(32), 10_000_000n, k1.pub)]
    const create = buildTokenCreate({ name: 'T', supply: '0.01', description: '' }, ctxOf(funding, k1.priv))
    const r = buildTokenTransfer(
      { tokenid: create.txid, destpubkey: c.params![1]!, amount: BigInt(c.params![2]!) },
      ctxOf(funding, k1.priv),
      { create: create.hex, tokens: [out(create, 1)] },
    )
    const ours = bytesToHex(r.tx.vout.at(-1)!.script).slice(4)
    expect(ours).toBe('f274' + create.txid + '0121' + c.params![1])
    // vout 0 / vout 1 amounts follow the same rule as the documented ones (amount, then the token change)
    expect(doc.vout[0]!.value).toBe(BigInt(c.params![2]!))
    expect(r.tx.vout[0]!.value).toBe(BigInt(c.params![2]!))
  })
})

// issue 35: context.changePubkey (an HD wallet's next unused change key) moves only the change output; default mypk
describe('context.changePubkey', () => {
  const funding = [coin('12'.repeat(32), 200_000_000n, k1.pub)]
  const params = { name: 'DUKE', supply: '1', description: "Duke's custom token" }
  test('change goes to P2PK of changePubkey; every other byte but the signatures is the default build', () => {
    const plain = buildTokenCreate(params, ctxOf(funding, k1.priv))
    const moved = buildTokenCreate(params, { ...ctxOf(funding, k1.priv), changePubkey: k2.pub })
    expect(bytesToHex(moved.tx.vout[2]!.script)).toBe(bytesToHex(p2pkScript(k2.pub)))
    expect(moved.tx.vout[2]!.value).toBe(plain.tx.vout[2]!.value)
    expect({ ...moved.tx.vout[2]!, script: plain.tx.vout[2]!.script }).toEqual(plain.tx.vout[2])
    expect(moved.tx.vout.filter((_, i) => i !== 2)).toEqual(plain.tx.vout.filter((_, i) => i !== 2))
    expectAllInputsVerify(moved, funding)
    // the same key as pubkey is the default, byte for byte
    expect(buildTokenCreate(params, { ...ctxOf(funding, k1.priv), changePubkey: k1.pub }).hex).toBe(plain.hex)
  })
  test('a changePubkey that is not a 33-byte compressed key is refused', () => {
    expect(() =>
      buildTokenCreate(params, { ...ctxOf(funding, k1.priv), changePubkey: '04' + '11'.repeat(64) }),
    ).toThrow(code('PUBKEY_INVALID'))
    expect(() => buildTokenCreate(params, { ...ctxOf(funding, k1.priv), changePubkey: 'zz' })).toThrow(
      code('HEX_INVALID'),
    )
  })
})
