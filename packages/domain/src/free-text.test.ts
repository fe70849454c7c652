import { describe, expect, it } from 'vitest'
import type { z } from 'zod'
import { RF707_CLAUSES } from './clauses/rf707-catalogue'
import { RenderRf707PdfSchema } from './clauses/rf707-pdf-request'
import { ListingPatchSchema, ListingSearchSchema, MyListingsQuerySchema } from './listing'
import { ImportJobParamsSchema, StartImportSchema } from './listing-import'
import { CreateOfferSchema, EMPTY_OFFER_TERMS, MyOffersQuerySchema, SaveOfferSchema } from './offer'
import { UpdateProfileSchema } from './profile'
import { FinishSigningSchema, ReasonSchema, SendOfferPacketSchema } from './signing'
import { issueMessage, messageText } from './messages'
import { cleanFileName, freeText, fullNameSchema, hasUnstorableCharacters, holdsUnstorableText, requiredText } from './validation'

/** What the API answers for such text, word for word. */
const UNSTORABLE_TEXT = 'This text contains characters that cannot be saved'

/** The spec's bad characters: NUL, a lone high surrogate, a lone low surrogate. */
const UNSTORABLE = ['Ma\u0000in', 'Ma\uD83Din', 'Ma\uDE00in', '\uD800', '\uDFFF'] as const
/** A surrogate pair (an emoji), accents, other scripts, line breaks and tabs are all text. */
const STORABLE = ['Main 😀', 'José Núñez', '山田 太郎', 'line one\nline two\ttab', 'ok \uD83C\uDFE0'] as const

/** The English text of the message a schema gives on one path, as the API answers it. */
function messageAt(schema: z.ZodType, value: unknown, path: string): string | undefined {
  const issue = schema.safeParse(value).error?.issues.find((found) => found.path.join('.') === path)
  if (!issue) return undefined
  const { key, params } = issueMessage(issue)
  return messageText(key, params)
}

const keysOf = (schema: z.ZodType, value: unknown) => schema.safeParse(value).error?.issues.map((issue) => issue.message)

/** A copy of `value` with the string at the dotted `path` replaced. */
function withText<T>(value: T, path: string, text: string): T {
  const copy = JSON.parse(JSON.stringify(value)) as Record<string, unknown>
  const keys = path.split('.')
  let node: Record<string, unknown> = copy
  for (const key of keys.slice(0, -1)) node = node[key] as Record<string, unknown>
  node[keys.at(-1)!] = text
  return copy as T
}

/** The dotted paths of every string in a JSON value. */
function stringPaths(value: unknown, prefix = ''): string[] {
  if (typeof value === 'string') return [prefix]
  if (value === null || typeof value !== 'object') return []
  return Object.entries(value).flatMap(([key, item]) => stringPaths(item, prefix ? `${prefix}.${key}` : key))
}

describe('freeText, the one rule for free text (decision 017)', () => {
  it('refuses NUL and lone high and low surrogates with one clear message', () => {
    for (const text of UNSTORABLE) {
      expect(hasUnstorableCharacters(text), JSON.stringify(text)).toBe(true)
      expect(keysOf(freeText(), text), JSON.stringify(text)).toEqual(['common.unstorableText'])
      expect(messageAt(freeText(), text, ''), JSON.stringify(text)).toBe(UNSTORABLE_TEXT)
    }
  })

  it('takes a valid surrogate pair (an emoji), accents, other scripts and line breaks', () => {
    for (const text of STORABLE) {
      expect(hasUnstorableCharacters(text), text).toBe(false)
      expect(freeText().safeParse(text).success, text).toBe(true)
    }
  })

  it('finds such a character anywhere in parsed JSON, keys included', () => {
    expect(holdsUnstorableText({ value: [{ City: 'Nash\u0000ville' }] })).toBe(true)
    expect(holdsUnstorableText([{ 'Ci\uD800ty': 'x' }])).toBe(true)
    expect(holdsUnstorableText({ value: [{ City: 'Nashville 🏠', Beds: 3, Pool: null, Sold: false }] })).toBe(false)
  })

  it('runs before the field’s own rules, which still apply after it', () => {
    const schema = freeText().trim().max(5, 'common.tooLong')
    expect(keysOf(schema, `${'x'.repeat(10)}\u0000`)).toEqual(['common.unstorableText'])
    expect(messageAt(schema, 'x'.repeat(10), '')).toBe('Must have at most 5 characters')
    expect(schema.parse('  abc  ')).toBe('abc')
    expect(messageAt(fullNameSchema, 'Ada\u0000', '')).toBe(UNSTORABLE_TEXT)
    expect(messageAt(requiredText, '\uDC00', '')).toBe(UNSTORABLE_TEXT)
  })
})

describe('every free-text field refuses what cannot be stored, on its own path', () => {
  // Every string of a draft's terms, with one buyer and an addendum choice so their strings are there too.
  const terms = { ...EMPTY_OFFER_TERMS, buyers: [{ fullName: '', email: '', phone: '' }], addendum: { NCheckbox: true, Ntext1: 'Our own words' } }

  it('covers the 13 free-text fields of an offer, and the addendum’s values and names', () => {
    const freeTextPaths = [
      'earnestMoney.holderName',
      'financing.otherDescription',
      'financing.lenderName',
      'buyers.0.fullName',
      ...['buyerAgent', 'listingAgent'].flatMap((agent) => ['fullName', 'firmName', 'firmLicenseNumber', 'licenseNumber'].map((field) => `${agent}.${field}`)),
      'stipulations',
      'addendum.Ntext1',
    ]
    expect(freeTextPaths).toHaveLength(14)
    for (const path of freeTextPaths) {
      for (const text of UNSTORABLE) expect(messageAt(SaveOfferSchema, { terms: withText(terms, path, text) }, `terms.${path}`), `${path} ${JSON.stringify(text)}`).toBe(UNSTORABLE_TEXT)
      expect(SaveOfferSchema.safeParse({ terms: withText(terms, path, 'Ann 😀 Lee') }).success, path).toBe(true)
    }
    expect(SaveOfferSchema.safeParse({ terms: { ...terms, addendum: { 'Ntext\u00001': 'x' } } }).success).toBe(false)
  })

  it('lets no string of the offer terms through with a NUL or a lone surrogate', () => {
    const paths = stringPaths(terms)
    expect(paths.length).toBeGreaterThanOrEqual(20)
    for (const path of paths) {
      for (const text of UNSTORABLE) expect(SaveOfferSchema.safeParse({ terms: withText(terms, path, text) }).success, `${path} ${JSON.stringify(text)}`).toBe(false)
    }
  })

  it('covers listing text, search text and the other inputs', () => {
    for (const field of ['StreetNumber', 'StreetName', 'StreetSuffix', 'UnitNumber', 'City', 'CountyOrParish', 'ParcelNumber', 'TaxLegalDescription', 'deedReference', 'PublicRemarks', 'ListAgentFullName', 'ListOfficeName', 'offerInstructions'])
      expect(messageAt(ListingPatchSchema, { [field]: 'a\u0000b' }, field), field).toBe(UNSTORABLE_TEXT)
    for (const field of ['StateOrProvince', 'PostalCode', 'ListAgentEmail', 'ListAgentDirectPhone', 'ListAgentMlsId', 'firmLicenseNumber'])
      expect(ListingPatchSchema.safeParse({ [field]: 'T\u0000N' }).success, field).toBe(false)
    expect(messageAt(ListingSearchSchema, { q: 'ma\u0000in' }, 'q')).toBe(UNSTORABLE_TEXT)
    expect(messageAt(MyListingsQuerySchema, { q: '\uD800' }, 'q')).toBe(UNSTORABLE_TEXT)
    expect(messageAt(UpdateProfileSchema, { name: 'Ada \uDC00Lovelace' }, 'name')).toBe(UNSTORABLE_TEXT)
    expect(messageAt(CreateOfferSchema, { listingId: 'a\u0000' }, 'listingId')).toBe(UNSTORABLE_TEXT)
    expect(messageAt(StartImportSchema, { listingKeys: ['K\u0000'], visibility: 'public' }, 'listingKeys.0')).toBe(UNSTORABLE_TEXT)
    expect(messageAt(ImportJobParamsSchema, { id: '\uD800' }, 'id')).toBe(UNSTORABLE_TEXT)
    expect(messageAt(ReasonSchema, { reason: 'No\u0000' }, 'reason')).toBe(UNSTORABLE_TEXT)
    expect(messageAt(SendOfferPacketSchema, { signers: [{ name: 'Ann Lee', email: 'ann@example.com', role: 'buyer' }], attachmentIds: ['\uDE00'] }, 'attachmentIds.0')).toBe(UNSTORABLE_TEXT)
    expect(messageAt(FinishSigningSchema, { adopted: {}, values: { field: 'a\u0000' } }, 'values.field')).toBe(UNSTORABLE_TEXT)
  })

  it('covers the clause form data of the RF707 addendum and its parties', () => {
    const textField = RF707_CLAUSES.find((clause) => clause.key === 'N')!
    const formData = { [textField.checkbox]: true, [textField.fields[0]!.name]: 'Our \uD800 words' }
    expect(messageAt(RenderRf707PdfSchema, { formData }, `formData.${textField.fields[0]!.name}`)).toBe(UNSTORABLE_TEXT)
    const fine = { [textField.checkbox]: true, [textField.fields[0]!.name]: 'Our words' }
    expect(RenderRf707PdfSchema.safeParse({ formData: fine }).success).toBe(true)
    expect(messageAt(RenderRf707PdfSchema, { formData: fine, parties: { buyer: 'Ann\u0000' } }, 'parties.buyer')).toBe(UNSTORABLE_TEXT)
  })
})

describe('numbers kept in integer columns', () => {
  it('refuses a fractional price in search with a clear message, and one past the range', () => {
    expect(messageAt(ListingSearchSchema, { minPrice: '1.5' }, 'minPrice')).toBe('Minimum price must be a whole number')
    expect(messageAt(ListingSearchSchema, { maxPrice: '250000.25' }, 'maxPrice')).toBe('Maximum price must be a whole number')
    for (const price of ['99999999999', '2147483648', '1e400', '-1'])
      expect(messageAt(ListingSearchSchema, { minPrice: price }, 'minPrice'), price).toBe('Price must be between $1,000 and $1,000,000,000')
    expect(ListingSearchSchema.parse({ minPrice: '250000', maxPrice: '500000' })).toMatchObject({ minPrice: 250000, maxPrice: 500000 })
  })

  it('refuses fractional and huge pages with a message that names the field', () => {
    expect(messageAt(ListingSearchSchema, { page: '1.5' }, 'page')).toBe('Page must be a whole number from 1')
    expect(messageAt(ListingSearchSchema, { pageSize: '99999999999' }, 'pageSize')).toBe('Page size must be a whole number from 1 to 48')
    expect(messageAt(MyListingsQuerySchema, { page: '2147483648' }, 'page')).toBe('Page must be a whole number from 1')
    expect(messageAt(MyOffersQuerySchema, { pageSize: '2.5' }, 'pageSize')).toBe('Page size must be a whole number from 1 to 48')
    expect(messageAt(MyOffersQuerySchema, { page: '99999999999' }, 'page')).toBe('Page must be a whole number from 1')
  })
})

describe('cleanFileName', () => {
  it('removes bidi overrides, isolates and direction marks', () => {
    expect(cleanFileName('invoice\u202Efdp.exe', 'file')).toBe('invoicefdp.exe')
    for (const mark of ['\u202A', '\u202B', '\u202C', '\u202D', '\u202E', '\u2066', '\u2067', '\u2068', '\u2069', '\u200E', '\u200F', '\u061C'])
      expect(cleanFileName(`a${mark}b.pdf`, 'file'), mark.codePointAt(0)!.toString(16)).toBe('ab.pdf')
  })

  it.each([
    ['we\u0000ird\u0007na\u001Fme\u007F.png', 'photo.png', 'weirdname.png'],
    ['../../etc/passwd', 'file', '....etcpasswd'],
    ['a\\b.pdf', 'file', 'ab.pdf'],
    ['x\uD800y\uDC00.pdf', 'file', 'xy.pdf'],
    ['Casa 🏠 Núñez.pdf', 'file', 'Casa 🏠 Núñez.pdf'],
  ])('removes NUL, other control characters, slashes and lone surrogates, and keeps emoji and accents: %j', (name, fallback, cleaned) => {
    expect(cleanFileName(name, fallback)).toBe(cleaned)
  })

  it('falls back when nothing is left, and keeps at most 200 characters without splitting an emoji', () => {
    expect(cleanFileName('\u202E\u0000  \u200F', 'attachment.pdf')).toBe('attachment.pdf')
    expect(cleanFileName('', 'photo.jpg')).toBe('photo.jpg')
    const long = cleanFileName(`${'a'.repeat(199)}😀😀.pdf`, 'file')
    expect([...long]).toHaveLength(200)
    expect(long.endsWith('😀')).toBe(true)
    expect(hasUnstorableCharacters(long)).toBe(false)
  })
})
