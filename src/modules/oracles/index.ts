/**
 * The Oracles module: its payload codec, offline builders, `oraclesinfo` and reading types, and its resolvers (chain state in, a signed transaction out).
 * @module komodo-cc/oracles
 */
export {
  encodeOraclesOpret,
  decodeOraclesOpret,
  encodeOraclesPayload,
  type OraclesOpret,
  type OraclesCreateOpret,
  type OraclesFundOpret,
  type OraclesRegisterOpret,
  type OraclesSubscribeOpret,
  type OraclesDataOpret,
} from './opret.js'
export * from './build.js'
export {
  oraclesinfo,
  type OraclesInfo,
  type OraclesPublisher,
  type OraclesSample,
  type OraclesSamples,
} from './info.js'
export type {
  OraclesCreateReading,
  OraclesFundReading,
  OraclesRegisterReading,
  OraclesSubscribeReading,
  OraclesDataReading,
  OraclesReading,
} from './inspect.js'
export * from '../../oracle-data/index.js'
export {
  resolveOraclesCreate,
  resolveOraclesFund,
  resolveOraclesRegister,
  resolveOraclesSubscribe,
  resolveOraclesData,
  oraclesResolvers,
  type OraclesRegisterResolveParams,
  type OraclesSubscribeResolveParams,
  type OraclesBatonOptions,
  type OraclesDataResolveOptions,
} from './resolve.js'
export {
  oraclesDataState,
  type OraclesLookupOptions,
  type OraclesSubscriptionOptions,
  type OraclesDataStateOptions,
} from './resolve-state.js'
export { oraclesInfo, oraclesSamples, type OraclesSamplesResult } from './resolve-info.js'
export { checkOraclesDataTx } from './check.js'
