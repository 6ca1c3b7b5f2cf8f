// README example: a rewards plan, a lock and its unlock, built and signed offline from your own coins.
import { getPublicKey } from '@noble/secp256k1'
import { sha256, toSatoshis, rewardsPayout } from '../src/index.js'
import { p2pkScript } from '../src/script/script.js'
import { buildRewardsCreateFunding, buildRewardsLock, buildRewardsUnlock } from '../src/modules/rewards/build.js'

export function rewardsBuildExample() {
  const privateKey = sha256(new TextEncoder().encode('komodo-cc example key')) // use your own key (e.g. decodeWif)
  const pubkey = getPublicKey(privateKey, true)
  const utxos = [{ txid: 'aa'.repeat(32), vout: 0, satoshis: toSatoshis('2000'), script: p2pkScript(pubkey) }]

  // rewardscreatefunding FREE 1000 5 1 10 10: 1000 coins at 5% APR, locks of 1..10 days, at least 10 coins
  const plan = buildRewardsCreateFunding(
    { name: 'FREE', amount: '1000', APR: '5', mindays: 1, maxdays: 10, mindeposit: '10' },
    { pubkey, utxos, height: 100, privateKey },
  )

  // rewardslock FREE <fundingtxid> 200, paid from the plan transaction's change (vout 2)
  const change = { txid: plan.txid, vout: 2, satoshis: plan.tx.vout[2]!.value, script: plan.tx.vout[2]!.script }
  const lock = buildRewardsLock(
    { name: 'FREE', fundingtxid: plan.txid, amount: '200' },
    { pubkey, utxos: [change], height: 101, privateKey },
    { plan: plan.hex, funding: plan.tx.vout[0]!.value },
  )

  // five days later: predict the reward, then build rewardsunlock (the rewards key is public: always signed)
  const lockedAt = 1_700_000_000
  const now = lockedAt + 5 * 86400
  const predicted = rewardsPayout(
    { apr: 500000000n, minseconds: 86400, maxseconds: 864000 },
    { amount: toSatoshis('200'), blockTime: lockedAt },
    now,
  )
  const state = {
    plan: plan.hex,
    locks: [{ tx: lock.hex, blockTime: lockedAt }],
    funding: [{ txid: plan.txid, vout: 0, satoshis: plan.tx.vout[0]!.value, script: plan.tx.vout[0]!.script }],
    tipTime: now,
  }
  const unlock = buildRewardsUnlock(
    { name: 'FREE', fundingtxid: plan.txid, txid: lock.txid },
    { pubkey, utxos: [], height: 200 },
    state,
  )

  // an hour after locking the daemon would refuse; the builder says so with the daemon's words
  let early = ''
  try {
    buildRewardsUnlock(
      { name: 'FREE', fundingtxid: plan.txid, txid: lock.txid },
      { pubkey, utxos: [], height: 200 },
      { ...state, tipTime: lockedAt + 3600 },
    )
  } catch (e) {
    early = (e as { details: { daemonError: string } }).details.daemonError // 'reward 0 is <= the transaction fee'
  }
  return { plan, lock, unlock, reward: predicted.reward, paid: unlock.tx.vout[1]!.value, early }
}
