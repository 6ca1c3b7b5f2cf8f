export { encodeOraclesOpret, decodeOraclesOpret, encodeOraclesPayload, type OraclesOpret, type OraclesCreateOpret, type OraclesFundOpret, type OraclesRegisterOpret, type OraclesSubscribeOpret, type OraclesDataOpret } from './opret.js'
export * from './build.js'
