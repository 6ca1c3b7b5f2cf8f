// Offline builders: a rewards plan, a lock of 200 coins, and its unlock five days later with the reward predicted
// first; an early unlock refused with the daemon's words. Run: node examples/build-rewards.mjs
import { isKomodoCcError, keySigner, p2pkScript, toSatoshis } from 'komodo-cc'
import { sha256 } from 'komodo-cc/hash'
import { utf8ToBytes } from 'komodo-cc/bytes'
import { buildRewardsCreateFunding, buildRewardsLock, buildRewardsUnlock } from 'komodo-cc/rewards'
import { rewardsAprFromPercent, rewardsPayout } from 'komodo-cc/rewards'

const signer = keySigner(sha256(utf8ToBytes('komodo-cc example key'))) // use your own key (e.g. decodeWif)
const pubkey = signer.publicKey
const utxos = [{ txid: 'aa'.repeat(32), vout: 0, satoshis: toSatoshis('2000'), script: p2pkScript(pubkey) }]

// rewardscreatefunding FREE 1000 5 1 10 10: 1000 coins at 5% APR, locks of 1..10 days, at least 10 coins
const plan = buildRewardsCreateFunding(
  { name: 'FREE', amount: '1000', APR: '5', mindays: 1, maxdays: 10, mindeposit: '10' },
  { pubkey, signer, utxos, height: 100 },
)
/** @param {number} i */
const out = (i) => ({
  txid: plan.txid,
  vout: i,
  satoshis: plan.tx.vout[i].value,
  script: plan.tx.vout[i].script,
})
console.log('rewardscreatefunding', plan.txid)

// rewardslock FREE <fundingtxid> 200, paid from the plan transaction's change (vout 2)
const lock = buildRewardsLock(
  { name: 'FREE', fundingtxid: plan.txid, amount: '200' },
  { pubkey, signer, utxos: [out(2)], height: 101 },
  { plan: plan.hex, funding: plan.tx.vout[0].value },
)
console.log('rewardslock         ', lock.txid)

// five days later: predict the reward, then build rewardsunlock (the rewards key is public: no key of yours needed)
const lockedAt = 1_700_000_000
const now = lockedAt + 5 * 86400
const terms = { apr: rewardsAprFromPercent('5'), minseconds: 86400, maxseconds: 10 * 86400 }
const { reward } = rewardsPayout(terms, { amount: toSatoshis('200'), blockTime: lockedAt }, now)
console.log('predicted reward    ', reward, 'sat')
const state = { plan: plan.hex, locks: [{ tx: lock.hex, blockTime: lockedAt }], funding: [out(0)], tipTime: now }
const params = { name: 'FREE', fundingtxid: plan.txid, txid: lock.txid }
const unlock = buildRewardsUnlock(params, { pubkey, utxos: [], height: 200 }, state)
console.log('rewardsunlock       ', unlock.txid, 'pays', unlock.tx.vout[1].value, 'sat')

// an hour after locking the daemon would refuse; the builder says so with the daemon's message
try {
  buildRewardsUnlock(params, { pubkey, utxos: [], height: 200 }, { ...state, tipTime: lockedAt + 3600 })
} catch (e) {
  if (!isKomodoCcError(e)) throw e
  console.log('an hour after       ', e.code, e.details.daemonError)
}
