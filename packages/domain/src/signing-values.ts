/**
 * The signing limits and the consumer disclosure's version, free of zod: the signer's page reads them
 * on its first screen, and signing.ts (its schemas) would bring zod and the phone rule with them,
 * 48 KB before the page's first paint (decision 101). signing.ts re-exports them.
 */

export const SIGNING_LIMITS = {
  maxSigners: 10,
  maxFields: 200,
  /** A form document or a file sent to /api/verify. */
  documentMaxBytes: 25 * 1024 * 1024,
  maxPages: 200,
  /** Objects a PDF may declare or hold; counted in its bytes before it is parsed. */
  maxPdfObjects: 100_000,
  /**
   * Values (numbers, names, strings, arrays, dictionaries) a PDF may spell out outside its content
   * streams, its object streams' included; counted in its bytes before it is parsed. Each becomes an
   * object of about 50 bytes when parsed: a million stays near 50 MB.
   */
  maxPdfTokens: 1_000_000,
  /** Nodes (pages and the lists of pages above them) and levels of a PDF's page tree, walked before any page is read. */
  maxPageTreeNodes: 1_000,
  maxPageTreeDepth: 64,
  /** A signature or initials image, as the PNG bytes. */
  signatureImageMaxBytes: 1024 * 1024,
  /** A signature or initials image, in pixels, read from the PNG's header before anything is decoded. */
  signatureMaxWidth: 2000,
  signatureMaxHeight: 1000,
  defaultExpiresInDays: 7,
  maxExpiresInDays: 60,
  codeDigits: 6,
  codeMinutes: 10,
  codeMaxAttempts: 5,
  /** One reminder per signer in this many minutes. */
  reminderEveryMinutes: 60,
  maxTextValue: 500,
  maxReason: 1000,
  /** A form document's name. */
  maxTitle: 200,
} as const

/** The version of the consumer disclosure a signer consents to; the certificate names it. */
export const CONSENT_VERSION = 'esign-disclosure-2026-11'
