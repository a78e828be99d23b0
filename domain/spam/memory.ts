/**
 * What spam judgement remembers, as the capabilities that feed it use it: the
 * keys a submission reads with its own state and what they hold, the
 * mutations that go into a submission's commit (sightings, field counts), and
 * the marks site owners set on submissions and mail. The records are kept by
 * store.ts and mail_marks_store.ts; other capabilities import this module,
 * never those.
 */
export {
  addFieldCounts,
  addSightings,
  formFieldsQuery,
  listListEntries,
  type MarkCounts,
  readMarkState,
  removeListEntry,
  setMarkCounts,
  setReporters,
  type SpamMemoryKeys,
  spamMemoryKeys,
  spamMemoryOf,
  type SpamMemoryQuery,
} from "./store.ts";
export {
  addMailMark,
  deleteAccountMailMarks,
  readAccountMailMarks,
  readMailSpamList,
  removeMailListEntry,
} from "./mail_marks_store.ts";
