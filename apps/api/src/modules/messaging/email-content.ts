/**
 * What an email says before it is laid out: the shape every template (templates.ts, and the signing
 * ones in signing-templates.ts) builds and the layout renders as plain text and HTML.
 */

/** The pieces of an email; the layout turns the same pieces into the plain text and the HTML part. */
export type Block =
  | { type: 'paragraph'; text: string }
  | { type: 'code'; code: string }
  | { type: 'details'; rows: ReadonlyArray<readonly [label: string, value: string]> }
  | { type: 'action'; label: string; path: string }

export type EmailContent = { subject: string; heading: string; blocks: Block[] }
