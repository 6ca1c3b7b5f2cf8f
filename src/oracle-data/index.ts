export {
  encodeOracleData,
  decodeOracleData,
  formatOracleSample,
  assertOracleFormat,
  ORACLE_FORMAT_CHARS,
  type OracleValue,
  type OracleDataOptions,
} from './format.js'
export { chunkOracleData, joinOracleData, checkOracleTxSize } from './chunk.js'
export {
  ORACLE_MAX_DATA_SIZE,
  ORACLE_MAX_TX_SIZE,
  ORACLE_MAX_FORMAT_LENGTH,
  ORACLE_MAX_NAME_LENGTH,
  ORACLE_MAX_PRINT_FIELD,
} from './limits.js'
export { oracleRecordFit, oracleRecordLimit, oraclesDataScriptSize, type OracleRecordFit } from './fit.js'
