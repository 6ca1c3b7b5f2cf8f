export { encodeDiceOpret, decodeDiceOpret, encodeDicePayload, diceOddsFromValue, type DiceOpret, type DiceFundingOpret, type DiceEntropyOpret, type DiceRefundOpret } from './opret.js'
