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
