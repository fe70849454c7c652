import { createHash } from 'node:crypto'
import { FIRST_ANSWERS_ELEMENT_ID, FIRST_ANSWERS_SCRIPT } from '@offerbook/domain/first-answers'

// A signed-in page's first answers, asked from its HTML (decision 101): the tags the server writes,
// and the hash that lets the one script they hold run under the policy (security.ts), so script-src
// keeps no 'unsafe-inline'. The script and the URLs are the domain's (first-answers.ts).

/** The script's hash, as Content-Security-Policy's script-src names it. */
export const FIRST_ANSWERS_SCRIPT_SOURCE = `'sha256-${createHash('sha256').update(FIRST_ANSWERS_SCRIPT).digest('base64')}'`

/**
 * The JSON block of the answers' URLs and the script that asks for them. `<` is written as \u003c,
 * so no URL can end the block early.
 */
export function firstAnswersTags(paths: readonly string[]): string {
  const json = JSON.stringify(paths).replace(/</g, '\\u003c')
  return `<script type="application/json" id="${FIRST_ANSWERS_ELEMENT_ID}">${json}</script><script>${FIRST_ANSWERS_SCRIPT}</script>`
}

/**
 * index.html with the tags right after its charset: before the stylesheets, which a script after them
 * would wait for, and before the app's own scripts.
 */
export function withFirstAnswers(html: string, paths: readonly string[]): string {
  const tags = firstAnswersTags(paths)
  const charset = /<meta charset[^>]*>/i
  if (charset.test(html)) return html.replace(charset, (meta) => `${meta}\n    ${tags}`)
  return html.replace(/<head>/i, (head) => `${head}\n    ${tags}`)
}
