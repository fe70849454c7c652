// The API test files that `npm run test:api` (scripts/test-api.mjs) runs in its first pass only, on
// PGlite: a second pass on PostgreSQL would run the same code again. apps/api/test/each-file.ts names a
// file that opened no database of the suite's and is on neither list.

/** Test files (under apps/api) that open no database: PDFs, images, CSV, config, storage, the OpenAPI document. */
export const DATABASE_FREE = [
  'src/auth/firebase-scrypt.test.ts',
  'src/config.test.ts',
  'src/http/kept-answer.test.ts',
  'src/modules/contracts/rf707-pdf.test.ts',
  'src/modules/listing-import/mls-grid-client.test.ts',
  'src/modules/listing-import/reso-file.test.ts',
  'src/modules/listing-import/reso-record.test.ts',
  'src/modules/listings/summary-store.test.ts',
  'src/modules/messaging/emails/emails.test.ts',
  'src/modules/offer-documents/offer-pdf.test.ts',
  'src/modules/signing/signing-certificate.test.ts',
  'src/modules/signing/signing-ltv.test.ts',
  'src/modules/signing/signing-pdf-certificate.test.ts',
  'src/modules/signing/signing-pdf.test.ts',
  'src/modules/signing/signing-seal.test.ts',
  'src/modules/signing/signing-tsa.test.ts',
  'src/modules/user-import/csv.test.ts',
  'src/pdf/fonts.test.ts',
  'src/pdf/pdfa.test.ts',
  'src/plugins/error-handler.test.ts',
  'src/plugins/openapi.test.ts',
  'src/seed/demo-photo-files.test.ts',
  'src/storage/storage.test.ts',
  'test/heavy-pool.test.ts',
  'test/test-setup.test.ts',
]

/**
 * Test files that run the server on a PGlite data directory of their own, with TEST_DATABASE_URL taken
 * out of its environment: the PostgreSQL pass would run them on PGlite again.
 */
export const ONE_PGLITE = [
  // kill -9 in a CSV import, on the embedded database of DATA_DIR (what a restart finds there)
  'test/user-import-crash.test.ts',
]
