// komodo-cc/rewards: the rewards module's payload codec and offline builders
export * from '../modules/rewards/index.js'
