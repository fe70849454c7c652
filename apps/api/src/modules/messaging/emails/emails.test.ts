import type { Language } from '@offerbook/domain/user'
import { describe, expect, it } from 'vitest'
import type { Db } from '../../../db/client'
import { enqueueEmail } from '../messaging.service'
import type { EmailDefinition, SmsDefinition } from './define'
import type { EmailContent } from './layout'
import { EMAILS, emailKind, renderEmail, renderSms, SMS, smsKind } from './registry'
import type { EmailName, SmsName } from './registry'

/**
 * Every registered message, in both languages, with each of its samples: nothing empty, nothing
 * left in English in the Spanish message, no i18n key in place of a text, and no markup from the
 * data reaching the HTML part.
 */

const PUBLIC_URL = 'https://offerbook.example'
const LANGUAGES: readonly Language[] = ['en-us', 'es-es']

const emails = Object.entries(EMAILS) as [EmailName, EmailDefinition<unknown>][]
const texts = Object.entries(SMS) as [SmsName, SmsDefinition<unknown>][]

/** Every string in a sample, however deep. */
function stringsOf(value: unknown): string[] {
  if (typeof value === 'string') return [value]
  if (Array.isArray(value)) return value.flatMap(stringsOf)
  if (value && typeof value === 'object') return Object.values(value).flatMap(stringsOf)
  return []
}

/** Our own words in a message, in order, so the two languages can be compared place by place. */
function ownWords(content: EmailContent): string[] {
  const blocks = content.blocks.flatMap((block) => {
    if (block.type === 'paragraph') return [block.text]
    if (block.type === 'action') return [block.label]
    if (block.type === 'details') return block.rows.map(([label]) => label)
    return []
  })
  return [content.subject, content.heading ?? '', ...blocks, ...content.footer.map((line) => line.text)]
}

/** A sentence of ours: it has a space, and words of its own once the data's values are taken out. */
const isSentence = (text: string, data: readonly string[]) => /\s/.test(text.trim()) && /\p{L}/u.test(data.reduce((rest, value) => (value ? rest.split(value).join('') : rest), text))
const LEFTOVER_KEY = /^[a-z][\w-]*(\.[\w-]+)+$|\{\{|\}\}/
/** The tags the samples hide in their strings, e.g. <b> or </i>. */
const tagsIn = (data: readonly string[]) => data.flatMap((text) => text.match(/<[^>]*>/g) ?? [])

describe('registered emails', () => {
  it('has samples for every email and text', () => {
    expect(emails.length).toBeGreaterThanOrEqual(13)
    expect(texts.length).toBeGreaterThanOrEqual(4)
    for (const [name, definition] of [...emails, ...texts]) expect(definition.samples.length, name).toBeGreaterThan(0)
  })

  for (const [name, definition] of emails) {
    it(`${name}: renders in both languages, translated, with the data escaped`, () => {
      for (const sample of definition.samples) {
        const data = stringsOf(sample)
        const [english, spanish] = LANGUAGES.map((locale) => definition.content[locale](sample))
        for (const [locale, content] of [
          ['en-us', english!],
          ['es-es', spanish!],
        ] as const) {
          const rendered = renderEmail(name, locale, sample as never, PUBLIC_URL)
          expect(rendered.subject.trim(), `${name} ${locale} subject`).not.toBe('')
          expect(rendered.subject, `${name} ${locale} subject`).not.toMatch(/[\r\n]/)
          expect(rendered.text.trim(), `${name} ${locale} text`).not.toBe('')
          expect(content.blocks.length, `${name} ${locale} blocks`).toBeGreaterThan(0)
          expect(rendered.html).toContain(`<html lang="${locale.slice(0, 2)}">`)
          for (const word of ownWords(content)) expect(word, `${name} ${locale}`).not.toMatch(LEFTOVER_KEY)
          for (const tag of tagsIn(data)) expect(rendered.html, `${name} ${locale}: ${tag} from the data`).not.toContain(tag)
        }
        const englishWords = ownWords(english!)
        const spanishWords = ownWords(spanish!)
        expect(spanishWords.length, name).toBe(englishWords.length)
        englishWords.forEach((text, index) => {
          if (isSentence(text, data)) expect(spanishWords[index], `${name}: '${text}' is not translated`).not.toBe(text)
        })
        expect(emailKind(name, sample as never).trim(), name).not.toBe('')
      }
    })
  }

  it('puts the data into the plain text as it is, and escaped into the HTML', () => {
    const rendered = renderEmail('chat-digest', 'en-us', { messages: [{ senderName: 'Ana', body: 'Is it <b>still</b> available?' }], fromName: 'Ana', address: '12 Elm St', path: '/property/l1' }, PUBLIC_URL)
    expect(rendered.text).toContain('Is it <b>still</b> available?')
    expect(rendered.html).toContain('Is it &lt;b&gt;still&lt;/b&gt; available?')
    expect(rendered.text).toContain(`Read and reply: ${PUBLIC_URL}/property/l1`)
  })

  for (const [name, definition] of texts) {
    it(`${name} (SMS): renders in both languages, translated`, () => {
      for (const sample of definition.samples) {
        const [english, spanish] = LANGUAGES.map((locale) => renderSms(name, locale, sample as never).text)
        for (const text of [english!, spanish!]) {
          expect(text.trim(), name).not.toBe('')
          expect(text, name).not.toMatch(LEFTOVER_KEY)
        }
        expect(spanish, `${name} is not translated`).not.toBe(english)
        expect(smsKind(name, sample as never).trim(), name).not.toBe('')
      }
    })
  }
})

// The registry types each message's data: the wrong data for a name does not compile.
export function wrongDataDoesNotCompile(db: Db) {
  // @ts-expect-error a code is not an offer
  return enqueueEmail(db, 'offer-shared', { code: '123456', minutes: 10 }, { to: 'a@example.com', locale: 'en-us', publicUrl: PUBLIC_URL })
}
