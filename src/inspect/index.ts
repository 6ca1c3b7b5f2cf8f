// The generic inspector: what does this transaction do?
export { inspectTransaction, MODULE_GLOBAL_PUBKEYS, type Inspection, type InspectionReading } from './inspect.js'
export { inspectionText } from './text.js'
export type { InspectedOutput, InspectOptions, OutputKind, ReadingBase, NoReading } from '../modules/inspection.js'
export type { ModuleName, ModuleReading, InspectionPayload } from '../modules/registry/core.js'
