// Offline builders: a dice plan with the 100 entropy outputs `dicebet` needs, a bet, the house's answer, and the
// bettor checking that answer from the two revealed entropies. Run: node examples/build-dice.mjs
import { keySigner, p2pkScript } from 'komodo-cc'
import { sha256 } from 'komodo-cc/hash'
import { utf8ToBytes } from 'komodo-cc/bytes'
import { buildDiceAddFunds, buildDiceBet, buildDiceFinish, buildDiceFund } from 'komodo-cc/dice'
import { decodeDiceOpret, diceOutcome } from 'komodo-cc/dice'

/** @param {string} seed @param {string} coinTxid @param {bigint} satoshis @param {number} height */
const wallet = (seed, coinTxid, satoshis, height) => {
  const privateKey = sha256(utf8ToBytes(seed)) // test keys: never use a hashed word for real coins
  const pubkey = keySigner(privateKey).publicKey // the house's entropy derives from its private key itself
  return { pubkey, privateKey, utxos: [{ txid: coinTxid, vout: 0, satoshis, script: p2pkScript(pubkey) }], height }
}

// The house: dicefund KMDDice 100 0.777 7.77 777 7, then 100 × diceaddfunds (each adds one entropy output)
const plan = { name: 'KMDDice', funds: '100', minbet: '0.777', maxbet: '7.77', maxodds: 777, timeoutblocks: 7 }
const fund = buildDiceFund(plan, wallet('house', 'f1'.repeat(32), 200_00000000n, 10))
const adds = Array.from({ length: 100 }, (_, i) =>
  buildDiceAddFunds(
    { name: 'KMDDice', fundingtxid: fund.txid, amount: '10' },
    wallet('house', i.toString(16).padStart(64, 'a'), 20_00000000n, 11),
    { funding: fund.hex },
  ),
)
console.log('dicefund   ', fund.txid, `+ ${adds.length} diceaddfunds`)

// The bettor: dicebet KMDDice <fundingtxid> 1 2 (planTxs: the plan's unspent transactions, as the node lists them)
const bettor = wallet('bettor', 'b1'.repeat(32), 10_00000000n, 12)
const state = { funding: fund.hex, planTxs: [fund.hex, ...adds.map((a) => a.hex)] }
const bet = buildDiceBet({ name: 'KMDDice', fundingtxid: fund.txid, amount: '1', odds: 2 }, bettor, state)
console.log('dicebet    ', bet.txid, 'bets', bet.tx.vout[1].value, 'sat at odds 2')

// The house answers: dicefinish KMDDice <fundingtxid> <bettxid> ('W' pays the bettor, 'L' keeps the bet)
const entropyTx = adds.find((a) => a.txid === bet.tx.vin[0].txid)
if (entropyTx === undefined) throw new Error('the bet spends no entropy output of the plan')
const finish = buildDiceFinish(
  { name: 'KMDDice', fundingtxid: fund.txid, bettxid: bet.txid },
  wallet('house', 'c1'.repeat(32), 20000n, 13),
  { funding: fund.hex, bet: bet.hex, entropyTx: entropyTx.hex },
)
/** @param {import('komodo-cc/tx').Transaction} tx */
const opret = (tx) => decodeDiceOpret(tx.vout[tx.vout.length - 1].script)
const answer = /** @type {import('komodo-cc/dice').DiceEntropyOpret} */ (opret(finish.tx))
console.log('dicefinish ', finish.txid, `answers '${answer.funcid}'`)

// The bettor's check: recompute the outcome from the plan, the bet and the house's revealed entropy
const { minbet, maxbet, maxodds } = /** @type {import('komodo-cc/dice').DiceFundingOpret} */ (opret(fund.tx))
const { hash: bettorEntropy } = /** @type {import('komodo-cc/dice').DiceEntropyOpret} */ (opret(bet.tx))
const entropies = { houseEntropy: answer.proof, bettorEntropy }
const [amount, vout2Value] = [bet.tx.vout[1].value, bet.tx.vout[2].value] // the bet; txfee + odds
const outcome = diceOutcome({ bet: amount, vout2Value, minbet, maxbet, maxodds, ...entropies })
const honest = (answer.funcid === 'W') === outcome.win && (!outcome.win || finish.tx.vout[2].value === outcome.payout)
const result = outcome.win ? `win, payout ${outcome.payout} sat` : 'loss'
console.log('outcome    ', result, honest ? '— the house is honest' : '— the house CHEATED')
