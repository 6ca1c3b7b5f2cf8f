// Issue 28 finding 1 at the RPC client: for every amount parameter of the units table, the typed client sends text
// that komodod's own parsing (rpcwallet.cpp: atof × COIN with its addend, atoll/atol, oraclesregister's atol-then-atof,
// APR's atof × COIN without the addend; reproduced by daemonParseCoins/daemonAtol/daemonParseDatafee) reads back as
// exactly the amount the caller's text means. On main `rpc.oraclesregister(id, '10000')` sent '1000000000000' (10,000
// coins) and `rpc.gatewaysbind(…, '100000000', …)` sent 10^16.
import { describe, expect, test } from 'vitest'
import { PARAM_UNITS } from '../../src/modules/registry/units.js'
import { RPC_MODULES } from '../../src/modules/registry/rpc.js'
import { amountArg, daemonAtol, daemonParseCoins, daemonParseDatafee, type AmountUnit } from '../../src/amount.js'
import { FLOW_ME } from '../_util/wallet-flow.js'

const T = 'ab'.repeat(32)
const SAMPLE: Record<string, unknown> = {
  name: 'N',
  description: 'd',
  coin: 'KMD',
  M: 1,
  N: 1,
  pubkeys: [FLOW_ME],
  pubtype: 60,
  p2shtype: 85,
  wiftype: 188,
  height: 1,
  claimvout: 0,
  deposithex: '00',
  proof: '00',
  odds: 2,
  maxodds: 10,
  timeoutblocks: 5,
  mindays: 1,
  maxdays: 10,
}
const sample = (p: string): unknown =>
  p in SAMPLE ? SAMPLE[p] : /txid$|^tokenid$/.test(p) ? T : /pub(key)?$|^publisher$/.test(p) ? FLOW_ME : undefined

/** What komodod makes of the text it receives for a parameter of this unit. */
const daemonReads: Record<AmountUnit, (text: string) => bigint> = {
  coins: (t) => daemonParseCoins(t),
  units: (t) => daemonAtol(t),
  datafee: (t) => daemonParseDatafee(t),
  percent: (t) => daemonParseCoins(t, { fudge: false }),
}
/** Texts per unit, each with the amount it means (written from the C++, not computed by the library). */
const TEXTS: Record<AmountUnit, [string, bigint][]> = {
  coins: [
    ['250', 25_000_000_000n],
    ['1.15', 115_000_000n], // atof × 1e8 alone truncates to 114999999: the client must send text read exactly
    ['0.0001', 10_000n],
  ],
  units: [
    ['250', 250n],
    ['100000000', 100_000_000n],
  ],
  datafee: [
    ['10000', 10_000n],
    ['0.0002', 20_000n],
  ],
  percent: [
    ['5', 500_000_000n],
    ['0.29', 29_000_000n],
  ],
}

describe('the RPC client sends every amount text so the daemon reads the amount it means', () => {
  const table = Object.assign({}, ...RPC_MODULES.map((m) => m.rpc)) as Record<
    string,
    { params: readonly string[]; toParams: (...a: unknown[]) => unknown[] }
  >
  test.each(Object.entries(PARAM_UNITS).flatMap(([m, u]) => Object.entries(u).map(([p, unit]) => [m, p, unit])))(
    '%s %s (%s)',
    (method, param, unit) => {
      const m = table[method as string]!
      expect(m, `${method} is a typed RPC`).toBeDefined()
      for (const [text, sats] of TEXTS[unit as AmountUnit]) {
        expect(amountArg(text, param as string, unit as AmountUnit)).toBe(sats)
        const others = (PARAM_UNITS as Record<string, Record<string, AmountUnit>>)[method as string]!
        const args = m.params.map((p) => (p === param ? text : p in others ? '1' : sample(p)))
        const sent = m.toParams(...args)
        // gatewaysbind sends its N pubkeys as N parameters: the amount's position is its name's index, before them
        const at = m.params.indexOf(param as string)
        expect(daemonReads[unit as AmountUnit](String(sent[at])), `${method} ${param} '${text}'`).toBe(sats)
      }
      const others = (PARAM_UNITS as Record<string, Record<string, AmountUnit>>)[method as string]!
      expect(() => m.toParams(...m.params.map((p) => (p === param ? 250 : p in others ? '1' : sample(p))))).toThrow(
        expect.objectContaining({ code: 'AMOUNT_INVALID' }),
      )
    },
  )
})
