import type { Language } from '@offerbook/domain/user'
import type { EmailContent, FooterLine } from './layout'

/**
 * What a message file declares: its words in each language, the outbox kind its rows are written
 * with, and sample data that shows every variant of it (emails.test.ts renders each one).
 */
export type EmailDefinition<D> = {
  /** The outbox row's kind when the sender names none. */
  kind: string | ((data: D) => string)
  samples: readonly D[]
  content: Record<Language, (data: D) => EmailContent>
}

export type SmsDefinition<D> = {
  kind: string | ((data: D) => string)
  samples: readonly D[]
  text: Record<Language, (data: D) => string>
}

export const defineEmail = <D>(definition: EmailDefinition<D>): EmailDefinition<D> => definition
export const defineSms = <D>(definition: SmsDefinition<D>): SmsDefinition<D> => definition

/** Words more than one message uses. */
export const COMMON: Record<Language, { tagline: string; ignore: string; validFor: (minutes: number) => string }> = {
  'en-us': {
    tagline: 'Offerbook, the offer marketplace for Tennessee real estate.',
    ignore: 'If you did not ask for this, you can ignore this email.',
    validFor: (minutes) => `The code is valid for ${minutes} minutes.`,
  },
  'es-es': {
    tagline: 'Offerbook, el mercado de ofertas inmobiliarias de Tennessee.',
    ignore: 'Si no lo ha solicitado usted, puede ignorar este correo.',
    validFor: (minutes) => `El código es válido durante ${minutes} minutos.`,
  },
}

/** The usual footer: the tagline and a link to Offerbook's home page. */
export const brandFooter = (locale: Language): FooterLine[] => [{ text: COMMON[locale].tagline, link: { href: '/' } }]

/** A one-time code's sample data. */
export const CODE_SAMPLE = { code: '482915', minutes: 10 }

export type CodeData = { code: string; minutes: number }
type CodeWords = { subject: string; heading: string; intro: string; action?: { label: string; href: string }; after: string }

/** A one-time code's email: what it is for, the code, how long it lasts, and what to do if it was not asked for. */
export function codeContent(locale: Language, { code, minutes }: CodeData, words: CodeWords): EmailContent {
  return {
    subject: words.subject,
    heading: words.heading,
    blocks: [
      { type: 'paragraph', text: words.intro },
      { type: 'code', code },
      { type: 'paragraph', text: COMMON[locale].validFor(minutes) },
      ...(words.action ? [{ type: 'action' as const, ...words.action }] : []),
      { type: 'paragraph', text: words.after },
    ],
    footer: brandFooter(locale),
  }
}
