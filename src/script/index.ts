/**
 * Scripts: opcodes, decompiling and ASM, the standard templates (P2PK, P2PKH, OP_RETURN), classification, signature
 * encoding checks and the daemon's size limits.
 * @module komodo-cc/script
 */
export { OP, opcodeName } from './opcodes.js'
export {
  decompileScript,
  pushData,
  p2pkScript,
  p2pkhScript,
  opReturnScript,
  opReturnPayload,
  isPushOnly,
  scriptToAsm,
  isStrictSignatureEncoding,
  isValidSignatureEncoding,
  IGUANA_MAXSCRIPTSIZE,
  MAX_SCRIPT_SIZE,
  MAX_SCRIPT_ELEMENT_SIZE,
  DATACARRIER_SIZE_KMD,
  DATACARRIER_SIZE_ASSET_CHAIN,
  type ScriptOp,
} from './script.js'
export { classifyScript, ccScriptParts, mayAcceptCondition, type ScriptClass, type ScriptType } from './classify.js'
export {
  OP_CHECKCRYPTOCONDITION,
  MAX_CC_PARAMS_SIZE,
  MAX_CC_SCRIPTSIG_PUSH,
  ccScript,
  parseCcScript,
  isCcScript,
  ccSubScript,
  ccScriptSig,
  type CcVData,
  type CcParamsHeader,
  type ParsedCcScript,
} from './cc.js'
