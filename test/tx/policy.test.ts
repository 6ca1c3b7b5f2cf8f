// The relay policy against komodod's own verdicts: vectors/tx/policy-ccoracle.json holds, for each transaction,
// what komodod's CheckTransaction and IsStandardTx (run by ccoracle, tools/policy/gen-vectors.py) answered under
// four node configurations. The policy function and the devnet's mempool must give the same first reason.
import { describe, expect, test } from 'vitest'
import v from '../../vectors/tx/policy-ccoracle.json' with { type: 'json' }
import { parseTransaction } from '../../src/tx/codec.js'
import {
  ASSET_CHAIN_POLICY,
  KMD_POLICY,
  checkRelayPolicy,
  dustThreshold,
  maxOpReturnPayload,
  opReturnScriptSize,
  relayPolicy,
  relayPolicyViolations,
  type RelayPolicyOptions,
} from '../../src/tx/policy.js'
import { p2pkhScript, p2pkScript } from '../../src/script/script.js'
import { DevChain } from '../../src/devnet/chain.js'
import { acceptTransaction } from '../../src/devnet/validate.js'
import { DevnetRefusal } from '../../src/devnet/refusal.js'

const policyOf = (p: { chain: string } & RelayPolicyOptions) => {
  const { chain, ...rest } = p
  return relayPolicy(chain as 'KMD' | 'asset', rest)
}
const rows = v.cases.flatMap((c) =>
  c.verdicts.map((verdict, i) => ({
    name: `${c.description} — ${verdict.config}`,
    hex: c.hex,
    policy: policyOf(v.configs[i]!.policy),
    consensus: verdict.checkTransaction.reason,
    standard: verdict.isStandardTx.reason,
  })),
)

describe("relay policy = komodod's IsStandardTx and CheckTransaction (ccoracle vectors)", () => {
  test('the vectors cover every rule the issue names, under four configurations', () => {
    const reasons = new Set(rows.map((r) => r.standard))
    for (const r of ['', 'scriptpubkey', 'dust', 'multi-op-return', 'scriptsig-size', 'scriptsig-not-pushonly'])
      expect(reasons).toContain(r)
    expect(rows.some((r) => r.consensus === 'bad-txns-opret-too-big')).toBe(true)
    expect(rows.length).toBe(v.cases.length * 4)
  })
  test.each(rows)('$name', ({ hex, policy, consensus, standard }) => {
    const found = relayPolicyViolations(parseTransaction(hex), policy)
    expect(found.find((x) => x.consensus)?.reason ?? '').toBe(consensus)
    expect(found.find((x) => !x.consensus)?.reason ?? '').toBe(standard)
  })
  test.each(rows.filter((r) => r.policy.chain === 'asset'))(
    'devnet mempool: $name',
    ({ hex, policy, consensus, standard }) => {
      const chain = new DevChain({ walletPubkey: p2pkScript(new Uint8Array(33).fill(2)).subarray(1, 34) })
      let refusal: DevnetRefusal | undefined
      try {
        acceptTransaction(chain, hex, { validators: new Map(), policy })
      } catch (e) {
        refusal = e as DevnetRefusal
      }
      expect(refusal).toBeInstanceOf(DevnetRefusal)
      // komodod's order: CheckTransaction (16: …), IsStandardTx (64: …), then the inputs (these spend nothing known)
      if (consensus !== '') expect(refusal!.rpcMessage).toBe(`16: ${consensus}`)
      else if (standard !== '') expect(refusal!.rpcMessage.startsWith(`64: ${standard} (`)).toBe(true)
      else expect(refusal!.rpcMessage).toBe('Missing inputs')
      if (consensus === '' && standard !== '') expect(refusal!.details.reason).toBe(standard)
    },
  )
})

describe('the policy as data', () => {
  test("komodod's defaults: 208 on asset chains (MAX_OP_RETURN_RELAY_AC), 140 on KMD (MAX_OP_RETURN_RELAY_KMD)", () => {
    expect(ASSET_CHAIN_POLICY).toMatchObject({ datacarrier: true, datacarriersize: 208, minrelaytxfee: 100n })
    expect(KMD_POLICY).toMatchObject({ datacarriersize: 140, cryptoconditions: false })
    expect(relayPolicy('asset', { datacarriersize: 10001 }).datacarriersize).toBe(10001)
    expect(() => relayPolicy('asset', { datacarriersize: -1 })).toThrow(expect.objectContaining({ code: 'INT_RANGE' }))
    expect(() => relayPolicy('asset', { datacarriersize: 1.5 })).toThrow(expect.objectContaining({ code: 'INT_RANGE' }))
    expect(() => relayPolicy('BTC' as 'KMD')).toThrow(expect.objectContaining({ code: 'ARG_INVALID' }))
    expect(() => relayPolicy('asset', { minrelaytxfee: 100 as unknown as bigint })).toThrow(
      expect.objectContaining({ code: 'ARG_INVALID' }),
    )
  })
  test('dust thresholds (GetDustThreshold at 100 sat/kB): P2PKH 54, P2PK 57, OP_RETURN 0; -minrelaytxfee scales them', () => {
    expect(dustThreshold({ value: 0n, script: p2pkhScript(new Uint8Array(20)) })).toBe(54n)
    const pk = new Uint8Array(33).fill(3)
    expect(dustThreshold({ value: 0n, script: p2pkScript(pk) })).toBe(57n)
    expect(dustThreshold({ value: 0n, script: new Uint8Array([0x6a, 1, 0]) })).toBe(0n)
    // (34 + 148) × 1000 / 1000 × 3
    expect(dustThreshold({ value: 0n, script: p2pkhScript(new Uint8Array(20)) }, 1000n)).toBe(546n)
    // GetFee's floor: a fee that rounds to 0 is the per-kB rate itself
    expect(dustThreshold({ value: 0n, script: p2pkhScript(new Uint8Array(20)) }, 1n)).toBe(3n)
  })
  test('OP_RETURN sizes: the largest payload each default relays', () => {
    expect(opReturnScriptSize(75)).toBe(77)
    expect(opReturnScriptSize(76)).toBe(79)
    expect(opReturnScriptSize(256)).toBe(260)
    expect(maxOpReturnPayload(ASSET_CHAIN_POLICY)).toBe(205)
    expect(maxOpReturnPayload(KMD_POLICY)).toBe(137)
    expect(maxOpReturnPayload(relayPolicy('asset', { datacarrier: false }))).toBe(-1)
    expect(maxOpReturnPayload(relayPolicy('asset', { datacarriersize: 77 }))).toBe(75)
    expect(maxOpReturnPayload(relayPolicy('asset', { datacarriersize: 78 }))).toBe(75)
  })
  test('checkRelayPolicy names the rule, the size and the node option that admits it', () => {
    const c = v.cases.find((x) => x.description.startsWith('a 348-byte'))!
    const tx = parseTransaction(c.hex)
    let err: unknown
    try {
      checkRelayPolicy(tx, ASSET_CHAIN_POLICY)
    } catch (e) {
      err = e
    }
    expect(err).toMatchObject({
      code: 'TX_NONSTANDARD',
      details: { reason: 'scriptpubkey', vout: 1, size: 348, limit: 208, option: '-datacarriersize=348' },
    })
    expect((err as Error).message).toContain('-datacarriersize=348')
    expect(() => checkRelayPolicy(tx, relayPolicy('asset', { datacarriersize: 348 }))).not.toThrow()
    const big = parseTransaction(v.cases.find((x) => x.description.startsWith('a 10002-byte'))!.hex)
    expect(() => checkRelayPolicy(big, relayPolicy('asset', { datacarriersize: 20000 }))).toThrow(
      expect.objectContaining({
        code: 'TX_INVALID',
        details: expect.objectContaining({ reason: 'bad-txns-opret-too-big' }),
      }),
    )
  })
})
