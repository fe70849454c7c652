import type { Language } from '@offerbook/domain/user'
import type { RenderedEmail } from './templates'
import { BRAND_COLOR, escapeHtml } from './templates'

/** The words of a short account email, in the recipient's language. */
export type ActionEmailTexts = { subject: string; heading: string; paragraphs: string[]; action: string; footer: string }

/**
 * The account areas' short emails (a principal-broker decision, a team invitation, an admin's
 * reminder): a heading, a few paragraphs, one button to `link`, and a footer that may end with a
 * link of its own. Text and HTML say the same.
 */
export function actionEmail(locale: Language, texts: ActionEmailTexts, link: string, { footerLink }: { footerLink?: string } = {}): RenderedEmail {
  const text = [texts.heading, '', ...texts.paragraphs.flatMap((paragraph) => [paragraph, '']), `${texts.action}: ${link}`, '', '--', texts.footer, ...(footerLink ? [footerLink] : [])].join('\n')
  const footerHtml = escapeHtml(texts.footer) + (footerLink ? ` <a href="${escapeHtml(footerLink)}">${escapeHtml(footerLink)}</a>` : '')
  const html = `<!doctype html>
<html lang="${locale === 'es-es' ? 'es' : 'en'}">
<head><meta charset="utf-8"><title>${escapeHtml(texts.subject)}</title></head>
<body style="margin:0;padding:24px;font-family:Arial,Helvetica,sans-serif;color:#1f1d2b;">
<h1 style="font-size:22px;">${escapeHtml(texts.heading)}</h1>
${texts.paragraphs.map((paragraph) => `<p style="font-size:16px;line-height:24px;">${escapeHtml(paragraph)}</p>`).join('\n')}
<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:12px 20px;background:${BRAND_COLOR};color:#ffffff;text-decoration:none;border-radius:6px;font-weight:bold;">${escapeHtml(texts.action)}</a></p>
<p style="font-size:13px;color:#5f5b73;">${footerHtml}</p>
</body>
</html>
`
  return { subject: texts.subject, text, html }
}
