// komodo-cc/dice: the dice module's payload codec and offline builders
export * from '../modules/dice/index.js'
