import type { Language } from '@offerbook/domain/user'

/**
 * The one layout of every email Offerbook sends: a message is a subject, an optional heading, its
 * blocks and its footer lines; this file turns the same pieces into the plain-text part and the
 * HTML part. Every text is escaped here, so a name, an address or a user's own words never become
 * markup, whatever the message file put in them.
 */

/** The pieces of an email's body. */
export type Block =
  | { type: 'paragraph'; text: string }
  /** A one-time code, large and spaced; indented on its own line in the plain text. */
  | { type: 'code'; code: string }
  | { type: 'details'; rows: ReadonlyArray<readonly [label: string, value: string]> }
  /** A button; `href` is a path on PUBLIC_URL or an absolute URL. */
  | { type: 'action'; label: string; href: string }
  /** Somebody's own words quoted under their name (a chat message). */
  | { type: 'quote'; author: string; text: string }
  /** A user's own message as the body: its line breaks kept and its http(s) URLs made links. */
  | { type: 'message'; text: string }

/**
 * A line under the body. A link with a label reads `text: <url>` in the plain text and `text: label`
 * (linked) in the HTML; a link without one stands on its own line in the plain text.
 */
export type FooterLine = { text: string; link?: { href: string; label?: string } }

export type EmailContent = { subject: string; heading: string | null; blocks: Block[]; footer: FooterLine[] }

export type RenderedEmail = { subject: string; text: string; html: string }

export const BRAND_COLOR = '#5b45d1'

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char)
}

/** PUBLIC_URL plus a path, so every link in a message works from a mail client; an absolute URL stays as it is. */
export function absoluteUrl(publicUrl: string, path: string): string {
  return new URL(path, `${publicUrl.replace(/\/+$/, '')}/`).toString()
}

// http(s) up to white space or a character that cannot end a link in running text.
const URL_IN_TEXT = /https?:\/\/[^\s<>"'`]+/g
const TRAILING_PUNCTUATION = /[.,;:!?)\]}]+$/

/** A user's message as HTML: everything escaped, only http(s) URLs made links, new lines kept as <br>. */
export function messageHtml(message: string): string {
  let html = ''
  let at = 0
  for (const match of message.matchAll(URL_IN_TEXT)) {
    const start = match.index
    const url = match[0].replace(TRAILING_PUNCTUATION, '')
    if (!URL.canParse(url) || !/^https?:$/.test(new URL(url).protocol)) continue
    html += escapeHtml(message.slice(at, start))
    html += `<a href="${escapeHtml(url)}">${escapeHtml(url)}</a>`
    at = start + url.length
  }
  html += escapeHtml(message.slice(at))
  return html.replace(/\r\n|\r|\n/g, '<br>\n')
}

function blockText(block: Block, publicUrl: string): string[] {
  switch (block.type) {
    case 'paragraph':
    case 'message':
      return [block.text]
    case 'code':
      return [`    ${block.code}`]
    case 'details':
      return block.rows.map(([label, value]) => `${label}: ${value}`)
    case 'action':
      return [`${block.label}: ${absoluteUrl(publicUrl, block.href)}`]
    case 'quote':
      return [`${block.author}:`, block.text]
  }
}

function footerText({ text, link }: FooterLine, publicUrl: string): string[] {
  if (!link) return [text]
  const url = absoluteUrl(publicUrl, link.href)
  return link.label ? [`${text}: ${url}`] : [text, url]
}

function renderText(content: EmailContent, publicUrl: string): string {
  const lines = content.heading === null ? [] : [content.heading, '']
  for (const block of content.blocks) lines.push(...blockText(block, publicUrl), '')
  lines.push('--', ...content.footer.flatMap((line) => footerText(line, publicUrl)))
  return lines.join('\n')
}

const PARAGRAPH = 'margin:0 0 16px;font-size:16px;line-height:24px;'
const BUTTON = `display:inline-block;padding:12px 20px;background:${BRAND_COLOR};color:#ffffff;text-decoration:none;border-radius:6px;font-weight:bold;`

function blockHtml(block: Block, publicUrl: string): string {
  switch (block.type) {
    case 'paragraph':
      return `<p style="${PARAGRAPH}">${escapeHtml(block.text)}</p>`
    case 'message':
      return `<div style="${PARAGRAPH}">${messageHtml(block.text)}</div>`
    case 'code':
      return `<p style="margin:0 0 16px;font-size:32px;line-height:40px;font-weight:bold;letter-spacing:6px;font-family:'Courier New',monospace;">${escapeHtml(block.code)}</p>`
    case 'details':
      return `<table role="presentation" style="margin:0 0 16px;border-collapse:collapse;font-size:16px;line-height:24px;">${block.rows
        .map(([label, value]) => `<tr><th align="left" style="padding:2px 16px 2px 0;font-weight:bold;">${escapeHtml(label)}</th><td style="padding:2px 0;">${escapeHtml(value)}</td></tr>`)
        .join('')}</table>`
    case 'action':
      return `<p style="margin:0 0 16px;"><a href="${escapeHtml(absoluteUrl(publicUrl, block.href))}" style="${BUTTON}">${escapeHtml(block.label)}</a></p>`
    case 'quote':
      return `<div style="margin:0 0 12px;padding:8px 12px;border-left:3px solid ${BRAND_COLOR};background:#f4f3fa;"><p style="margin:0 0 4px;font-size:14px;font-weight:bold;">${escapeHtml(block.author)}</p><p style="margin:0;font-size:16px;line-height:24px;white-space:pre-wrap;">${escapeHtml(block.text)}</p></div>`
  }
}

function footerHtml({ text, link }: FooterLine, publicUrl: string): string {
  if (!link) return escapeHtml(text)
  const url = absoluteUrl(publicUrl, link.href)
  const anchor = `<a href="${escapeHtml(url)}" style="color:${BRAND_COLOR};">${escapeHtml(link.label ?? url)}</a>`
  return `${escapeHtml(text)}${link.label ? ':' : ''} ${anchor}`
}

function renderHtml(content: EmailContent, locale: Language, publicUrl: string): string {
  const home = absoluteUrl(publicUrl, '/')
  const heading = content.heading === null ? '' : `<h1 style="margin:0 0 16px;font-size:22px;line-height:28px;">${escapeHtml(content.heading)}</h1>\n`
  return `<!doctype html>
<html lang="${locale === 'es-es' ? 'es' : 'en'}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(content.subject)}</title></head>
<body style="margin:0;padding:0;background:#f4f3fa;font-family:Arial,Helvetica,sans-serif;color:#1f1d2b;">
<table role="presentation" width="100%" style="border-collapse:collapse;background:#f4f3fa;"><tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="100%" style="max-width:560px;border-collapse:collapse;background:#ffffff;border-radius:8px;overflow:hidden;">
<tr><td style="background:${BRAND_COLOR};padding:16px 24px;"><a href="${escapeHtml(home)}" style="color:#ffffff;font-size:22px;font-weight:bold;text-decoration:none;">Offerbook</a></td></tr>
<tr><td style="padding:24px;">
${heading}${content.blocks.map((block) => blockHtml(block, publicUrl)).join('\n')}
</td></tr>
<tr><td style="padding:16px 24px;border-top:1px solid #e6e4f0;font-size:13px;line-height:20px;color:#5f5b73;">${content.footer.map((line) => footerHtml(line, publicUrl)).join('<br>\n')}</td></tr>
</table>
</td></tr></table>
</body>
</html>
`
}

/** The plain-text and HTML parts of one message, from the same pieces. */
export function layOut(content: EmailContent, locale: Language, publicUrl: string): RenderedEmail {
  return { subject: content.subject, text: renderText(content, publicUrl), html: renderHtml(content, locale, publicUrl) }
}
