/**
 * The Dice module: its payload codec, offline builders, `diceinfo` and reading types, and its resolvers.
 * @module komodo-cc/dice
 */
export {
  encodeDiceOpret,
  decodeDiceOpret,
  encodeDicePayload,
  diceOddsFromValue,
  type DiceOpret,
  type DiceFundingOpret,
  type DiceEntropyOpret,
  type DiceRefundOpret,
} from './opret.js'
export {
  DICE_MIN_ENTROPY_UTXOS,
  buildDiceFund,
  buildDiceAddFunds,
  buildDiceBet,
  buildDiceFinish,
  diceGlobalScript,
  type DiceFundParams,
  type DiceAddFundsParams,
  type DiceAddFundsState,
  type DiceBetParams,
  type DiceBetState,
  type DiceFinishParams,
  type DiceFinishState,
  type DiceFinishResult,
} from './build.js'
export {
  resolveDiceFund,
  resolveDiceAddFunds,
  resolveDiceBet,
  resolveDiceFinish,
  diceRandomEntropyChooser,
  diceInfo,
  diceResolvers,
  type DiceFundResolveParams,
  type DiceAddFundsResolveParams,
  type DiceBetResolveParams,
  type DiceFinishResolveParams,
  type DiceBetOptions,
  type DiceFinishOptions,
  type DiceEntropyCandidate,
  type DiceEntropyChoice,
  type DiceEntropyChooser,
} from './resolve.js'
export { diceHashEntropy, type DiceEntropy } from './entropy.js'
export { diceOutcome, type DiceOutcome, type DiceOutcomeInput } from './outcome.js'
export { diceinfo, type DiceInfo, type DiceStatus, type DiceFinishRpcResult } from './info.js'
export type { DiceFundReading, DiceAddFundsReading, DiceBetReading, DiceFinishReading, DiceReading } from './inspect.js'
