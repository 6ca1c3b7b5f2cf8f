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
export * from './build.js'
export { diceHashEntropy, type DiceEntropy } from './entropy.js'
export { diceOutcome, type DiceOutcome, type DiceOutcomeInput } from './outcome.js'
export { diceinfo, type DiceInfo, type DiceStatus, type DiceFinishRpcResult } from './info.js'
export type { DiceFundReading, DiceAddFundsReading, DiceBetReading, DiceFinishReading, DiceReading } from './inspect.js'
