export { encodeRewardsOpret, decodeRewardsOpret, encodeRewardsPayload, rewardsAprFromPercent, rewardsAprToPercent, rewardsDaysToSeconds, rewardsSecondsToDays, type RewardsOpret, type RewardsFundingOpret, type RewardsPlanOpret } from './opret.js'
export * from './build.js'
