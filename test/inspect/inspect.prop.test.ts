import { describe, expect, test } from 'vitest'
import fc from 'fast-check'
import { inspectTransaction } from '../../src/inspect/index.js'
import { encodeTokensOpret } from '../../src/modules/tokens/opret.js'
import { encodeFaucetOpret } from '../../src/modules/faucet/opret.js'
import { encodeDiceOpret } from '../../src/modules/dice/opret.js'
import { encodeOraclesOpret } from '../../src/modules/oracles/opret.js'
import { encodeGatewaysOpret } from '../../src/modules/gateways/opret.js'
import { encodeRewardsOpret } from '../../src/modules/rewards/opret.js'
import { diceArb, faucetArb, gatewaysArb, oraclesArb, rewardsArb, tokensArb } from '../modules/_arb.js'
import { p2pkOut, withOutputs } from './_txs.js'

const numRuns = Number(process.env.FC_NUM_RUNS ?? 100)
// The RPC of each (module, funcid), written out from the specs' section titles.
const RPC: Record<string, string> = {
  'tokens.c': 'tokencreate',
  'tokens.t': 'tokentransfer',
  'faucet.G': 'faucetget',
  'dice.F': 'dicefund',
  'dice.E': 'diceaddfunds',
  'dice.B': 'dicebet',
  'dice.W': 'dicefinish',
  'dice.L': 'dicefinish',
  'dice.T': 'dicefinish',
  'dice.R': 'dicefinish',
  'oracles.C': 'oraclescreate',
  'oracles.F': 'oraclesfund',
  'oracles.R': 'oraclesregister',
  'oracles.S': 'oraclessubscribe',
  'oracles.D': 'oraclesdata',
  'gateways.B': 'gatewaysbind',
  'gateways.C': 'gatewaysclaim',
  'gateways.W': 'gatewayswithdraw',
  'gateways.D': 'gatewaysdeposit',
  'gateways.P': 'gatewayspartialsign',
  'gateways.S': 'gatewayscompletesigning',
  'gateways.M': 'gatewaysmarkdone',
  'rewards.F': 'rewardscreatefunding',
  'rewards.A': 'rewardsaddfunding',
  'rewards.L': 'rewardslock',
  'rewards.U': 'rewardsunlock',
}
const PK = '024026d4ad4ecfc1f705a9b42ca64af6d2ad947509c085534a30b8861d756c6ff0'

const cases = [
  ['tokens', tokensArb, encodeTokensOpret],
  ['faucet', faucetArb, encodeFaucetOpret],
  ['dice', diceArb, encodeDiceOpret],
  ['oracles', oraclesArb, encodeOraclesOpret],
  ['gateways', gatewaysArb, encodeGatewaysOpret],
  ['rewards', rewardsArb, encodeRewardsOpret],
] as const

describe('a transaction carrying any valid payload inspects to its module, RPC and payload', () => {
  for (const [module, arb, enc] of cases) {
    test(module, () => {
      fc.assert(
        fc.property(arb as fc.Arbitrary<never>, (p: { funcid: string; layout?: string; legacyBlob?: boolean }) => {
          const script = (enc as (x: never) => Uint8Array)(p as never)
          if (script.length > 10000) return
          const raw = withOutputs('tut-gateways-oraclessubscribe-02', [p2pkOut(PK, 1000n), { value: 0n, script }])
          const r = inspectTransaction(raw)
          expect(r.module).toBe(module)
          expect(r.method).toBe(RPC[`${module}.${p.funcid}`])
          expect(r.error).toBeUndefined()
          if (module === 'gateways' && (r.payload as { layout?: string }).layout !== p.layout) return // legacy/current byte ambiguity
          if (module === 'tokens' && (r.payload as { legacyBlob?: boolean }).legacyBlob !== p.legacyBlob) return
          expect(r.payload).toEqual(p)
        }),
        { numRuns },
      )
    })
  }
})
