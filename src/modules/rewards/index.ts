/**
 * The Rewards module: its payload codec, offline builders, `rewardsinfo` and reading types, and its resolvers.
 * @module komodo-cc/rewards
 */
export {
  encodeRewardsOpret,
  decodeRewardsOpret,
  encodeRewardsPayload,
  rewardsAprFromPercent,
  rewardsAprToPercent,
  rewardsDaysToSeconds,
  rewardsSecondsToDays,
  type RewardsOpret,
  type RewardsFundingOpret,
  type RewardsPlanOpret,
} from './opret.js'
export * from './build.js'
export {
  rewardsPayout,
  REWARDS_FORMULA_SWITCH_TIME,
  REWARDS_FORMULA_SWITCH_HEIGHT_KMD,
  type RewardsPayout,
  type RewardsPlanParams,
  type RewardsLockInfo,
} from './payout.js'
export { rewardsinfo, type RewardsInfo } from './info.js'
export type {
  RewardsCreateFundingReading,
  RewardsAddFundingReading,
  RewardsLockReading,
  RewardsUnlockReading,
  RewardsReading,
} from './inspect.js'
export {
  resolveRewardsCreateFunding,
  resolveRewardsAddFunding,
  resolveRewardsLock,
  resolveRewardsUnlock,
  rewardsResolvers,
  rewardsInfo,
  type RewardsUnlockOptions,
} from './resolve.js'
