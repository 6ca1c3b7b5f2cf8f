// komodo-cc/gateways: the gateways module's payload codec and offline builders
export * from '../modules/gateways/index.js'
