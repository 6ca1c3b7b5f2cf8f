// The oracle publisher (issue 20): layer 7, an I/O layer like the wallet. Browser-safe; the file journal is Node's
// (./file-journal.ts, exported from the Node root).
export {
  createOraclePublisher,
  type OraclePublisher,
  type OraclePublisherOptions,
  type PublisherStatus,
  type PublisherEvent,
  type PublishOptions,
  type PublishResult,
  type SampleInput,
  type PublisherFit,
} from './publisher.js'
export {
  memoryJournalStorage,
  webStorageJournal,
  parseJournal,
  compactJournal,
  type JournalStorage,
  type JournalData,
  type JournalEntry,
  type JournalState,
  type WebStorageLike,
} from './journal.js'
export { samplesPaid } from './funds.js'
export {
  createPublisherPool,
  type PublisherPool,
  type PublisherPoolOptions,
  type PublisherPoolMember,
  type PoolEvent,
} from './pool.js'
