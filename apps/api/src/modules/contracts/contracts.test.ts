import { beforeAll, describe, expect, it } from 'vitest'
import type { ApiError } from '@offerbook/domain/api-error'
import { RF707_CLAUSES } from '@offerbook/domain/clauses/rf707-catalogue'
import { layoutRf707 } from '@offerbook/domain/clauses/rf707-layout'
import { useTestApp } from '../../../test/per-file'
import { bearer, createUser, signIn } from '../../../test/factories'
import { AppError } from '../../app-error'
import { renderRf707Document } from './contracts.service'
import { printedLine, readPdf } from './rf707-pdf.test-helpers'
import { CENTRAL_TIME, dateInZone } from '@offerbook/domain/property-time'

const t = useTestApp()
let headers: { authorization: string }

beforeAll(async () => {
  // The addendum is written in the offer editor, a /submitted-offers page.
  const who = await createUser(t, { roles: ['BUYER_SIMPLE'] })
  headers = bearer((await signIn(t.app, who.email, who.password)).accessToken)
})

const URL = '/api/contracts/rf707/pdf'
const PARTIES = { buyer: 'Jane Q. Buyer', seller: 'Sam Seller', property: '12 Main Street, Nashville, TN 37212' }
const SAMPLE = { text: 'the county', percent: '3', dollars: '1,500.00', days: '10', date: '2025-06-30', time: '03:45 PM' } as const

function fullForm(): Record<string, string | boolean> {
  const data: Record<string, string | boolean> = {}
  for (const clause of RF707_CLAUSES) {
    data[clause.checkbox] = true
    for (const field of clause.fields) data[field.name] = field.maxLength > 200 ? 'Seller leaves the washer and dryer. '.repeat(30).trim() : SAMPLE[field.kind]
  }
  return data
}

const post = (payload: unknown, options: { headers?: Record<string, string> } = {}) =>
  t.app.inject({ method: 'POST', url: URL, headers: { ...headers, ...options.headers }, payload: payload as object })

function expectRefusal(response: { statusCode: number; json: <T>() => T; headers: Record<string, unknown> }, status = 400): ApiError {
  expect(response.statusCode).toBe(status)
  expect(response.headers['content-type']).toMatch(/^application\/json/)
  const body = response.json<ApiError>()
  expect(body.statusCode).toBe(status)
  expect(body.message).not.toBe('')
  return body
}

describe('POST /api/contracts/rf707/pdf', () => {
  it('asks an anonymous caller to sign in', async () => {
    const response = await t.app.inject({ method: 'POST', url: URL, payload: { formData: { MCheckbox: true } } })
    expect(expectRefusal(response, 401).message).toBe('Please sign in')
  })

  it('answers a signed-in user with the PDF of the choices, as an attachment named for the day', async () => {
    const formData = fullForm()
    // Named for the day where the property is: Central time without a county (packages/domain/src/property-time.ts).
    const before = dateInZone(new Date(), CENTRAL_TIME)
    const response = await post({ formData, parties: PARTIES })
    const after = dateInZone(new Date(), CENTRAL_TIME)
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('application/pdf')
    expect([`attachment; filename="RF707-${before}.pdf"`, `attachment; filename="RF707-${after}.pdf"`]).toContain(response.headers['content-disposition'])
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-')

    const read = await readPdf(new Uint8Array(response.rawPayload))
    expect(read.pageCount).toBe(6)
    const layout = layoutRf707(formData, PARTIES)
    if (!layout.fits) throw new Error('the full form should fit')
    // The same lines as the preview draws from the same choices.
    expect(read.pages.flatMap((page) => page.lines).map((line) => `${line.number} ${line.text}`.trimEnd())).toEqual(
      layout.lines.map((line) => `${line.number} ${printedLine(line.spans)}`.trimEnd()),
    )
    expect(read.pages[0]?.rows.slice(0, 5)).toEqual([
      'RF707 Version 01/01/2024',
      'ADDITIONAL CONTRACT LANGUAGE',
      'Buyer: Jane Q. Buyer',
      'Seller: Sam Seller',
      'Property: 12 Main Street, Nashville, TN 37212',
    ])
    read.pages.forEach((page, index) => expect(page.rows.at(-1)).toContain(`Page ${index + 1} of 6`))
  })

  it('prints blanks for the parties when none are given', async () => {
    const response = await post({ formData: { MCheckbox: true } })
    expect(response.statusCode).toBe(200)
    const read = await readPdf(new Uint8Array(response.rawPayload))
    expect(read.pages[0]?.rows[2]).toBe(`Buyer: ${'_'.repeat(36)}`)
    expect(read.pages.flatMap((page) => page.lines).find((line) => line.text.startsWith('M.'))?.text).toContain('M.  [X] Pool information.')
  })

  it('prints markup and odd characters in a value as text', async () => {
    const value = '<script>alert("x")</script> “Seller’s” 😀 \u200Fשלום\u200E'
    const response = await post({ formData: { NCheckbox: true, Ntext1: value }, parties: { buyer: '<b>Jane</b>', seller: 'Sam\nSeller' } })
    expect(response.statusCode).toBe(200)
    const read = await readPdf(new Uint8Array(response.rawPayload))
    expect(read.pages.flatMap((page) => page.lines)).toHaveLength(287)
    const text = read.pages.flatMap((page) => page.lines.map((line) => line.text)).join('\n')
    expect(text).toContain('N.  [X] Additional clause 1.\n    <script>alert("x")</script> “Seller’s” ? ????\n')
    expect(text.replace(/\s+/g, ' ')).toContain('the Buyer <b>Jane</b> and the Seller Sam Seller for')
  })
})

describe('the OpenAPI document', () => {
  it('describes the endpoint with the form’s names', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' })
    expect(response.statusCode).toBe(200)
    const document = response.json<{ paths: Record<string, { post?: { requestBody?: { content: Record<string, { schema: unknown }> } } }>; components?: { schemas?: Record<string, unknown> } }>()
    const operation = document.paths[URL]?.post
    // The document names shapes used more than once under components (decision 081): read through its $refs.
    const named = document.components?.schemas ?? {}
    const inline = (value: unknown, depth = 0): unknown => {
      if (depth > 20 || value === null || typeof value !== 'object') return value
      if (Array.isArray(value)) return value.map((each) => inline(each, depth + 1))
      const ref = (value as { $ref?: unknown }).$ref
      if (typeof ref === 'string' && ref.startsWith('#/components/schemas/')) return inline(named[ref.slice('#/components/schemas/'.length)], depth + 1)
      return Object.fromEntries(Object.entries(value).map(([key, each]) => [key, inline(each, depth + 1)]))
    }
    const schema = JSON.stringify(inline(operation?.requestBody?.content['application/json']?.schema))
    for (const name of ['formData', 'ACheckbox', 'Atext1', 'MCheckbox', 'Ntext1', 'Otext1', 'parties', 'property']) expect(schema).toContain(`"${name}"`)
  })
})

describe('POST /api/contracts/rf707/pdf refuses what the addendum form refuses', () => {
  it('an empty field of a ticked clause: Required, on the field', async () => {
    const body = expectRefusal(await post({ formData: { ACheckbox: true, Atext1: '  ', Atext2: '100' } }))
    expect(body).toMatchObject({ key: 'common.required', message: 'Required' })
    expect(body.errors).toEqual([{ path: 'formData.Atext1', key: 'common.required', message: 'Required' }])
  })

  it('each field that is wrong for its kind, with what is wrong', async () => {
    const body = expectRefusal(
      await post({ formData: { ACheckbox: true, Atext1: '101', Atext2: '$5', FCheckbox: true, Ftext1: 'Mother', Ftext2: '2025-02-30', Ftext3: '25:00', ICheckbox: true, Itext1: '400' } }),
    )
    expect(body.errors).toEqual(
      expect.arrayContaining([
        { path: 'formData.Atext1', key: 'clauses.percentOver', message: 'A percent cannot be more than 100' },
        { path: 'formData.Atext2', key: 'clauses.dollarsNotNumber', message: 'Enter the amount as a number without the $ sign, e.g. 1500 or 1,500.00' },
        { path: 'formData.Ftext2', key: 'clauses.dateNotReal', message: 'This date does not exist' },
        { path: 'formData.Ftext3', key: 'clauses.timeNotReal', message: 'This time does not exist' },
        { path: 'formData.Itext1', key: 'clauses.daysOver', message: 'Days cannot be more than 365' },
      ]),
    )
    expect(body.errors).toHaveLength(5)
  })

  it('a form with no clause ticked', async () => {
    const body = expectRefusal(await post({ formData: { ACheckbox: false, Atext1: '3' } }))
    expect(body).toMatchObject({ key: 'clauses.tickOne', message: 'Tick at least one clause' })
  })

  it('an extra option longer than 1200 characters, and a party name longer than 200', async () => {
    const body = expectRefusal(await post({ formData: { NCheckbox: true, Ntext1: 'x'.repeat(1201) }, parties: { buyer: 'b'.repeat(201), property: 'p'.repeat(300) } }))
    expect(body.errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ path: 'formData.Ntext1', key: 'common.tooLong', message: 'Must have at most 1200 characters' }),
        expect.objectContaining({ path: 'parties.buyer', key: 'common.tooLong', message: 'Must have at most 200 characters' }),
      ]),
    )
  })

  it('names that are not the form’s', async () => {
    expectRefusal(await post({ formData: { MCheckbox: true, ZCheckbox: true } }))
    expectRefusal(await post({ formData: { MCheckbox: true }, parties: { agent: 'Pat' } }))
    expectRefusal(await post({ formData: { MCheckbox: true }, offerId: '1' }))
  })
})

describe('POST /api/contracts/rf707/pdf never fails on odd input', () => {
  const odd: [string, unknown][] = [
    ['no formData', {}],
    ['formData null', { formData: null }],
    ['formData a list', { formData: [true, 'x'] }],
    ['formData a string', { formData: 'MCheckbox' }],
    ['a checkbox as a string', { formData: { MCheckbox: 'true' } }],
    ['a field as a number', { formData: { ACheckbox: true, Atext1: 3, Atext2: 100 } }],
    ['a field as an object', { formData: { ACheckbox: true, Atext1: { value: '3' }, Atext2: '1' } }],
    ['parties a string', { formData: { MCheckbox: true }, parties: 'Jane' }],
    ['a party as a list', { formData: { MCheckbox: true }, parties: { buyer: ['Jane'] } }],
    ['a body that is a list', [{ formData: { MCheckbox: true } }]],
    ['a body that is a number', 42],
    ['a value of 6000 characters', { formData: { CCheckbox: true, Ctext1: 'x'.repeat(6000), Ctext2: 'a', Ctext3: 'b' } }],
  ]
  for (const [name, payload] of odd) {
    it(`answers 400 to ${name}`, async () => {
      expectRefusal(await post(JSON.stringify(payload), { headers: { 'content-type': 'application/json' } }))
    })
  }

  it('answers 400 to JSON that does not parse, an empty body and a __proto__ key', async () => {
    expectRefusal(await post('{"formData": {', { headers: { 'content-type': 'application/json' } }))
    expectRefusal(await post('', { headers: { 'content-type': 'application/json' } }))
    expectRefusal(await post('{"formData": {"MCheckbox": true, "__proto__": {"x": 1}}}', { headers: { 'content-type': 'application/json' } }))
  })

  it('answers 415 to a body that is not JSON and 413 to one over the size limit', async () => {
    expectRefusal(await post('formData', { headers: { 'content-type': 'text/plain' } }), 415)
    expectRefusal(await post(JSON.stringify({ formData: { NCheckbox: true, Ntext1: 'x'.repeat(2 * 1024 * 1024) } }), { headers: { 'content-type': 'application/json' } }), 413)
  })
})

describe('renderRf707Document', () => {
  it('refuses content that cannot fit on the 6 pages with the layout’s message', async () => {
    // Values the API's checks let through always fit; longer ones, from elsewhere, are refused the same way.
    const refused = renderRf707Document({ formData: { NCheckbox: true, Ntext1: 'word '.repeat(5000) } })
    await expect(refused).rejects.toBeInstanceOf(AppError)
    await expect(refused).rejects.toMatchObject({ statusCode: 400, key: 'clauses.documentTooLong', message: 'The addendum does not fit on its 6 pages: shorten the longest filled-in values' })
  })

  it('names the file for the day it is made', async () => {
    const { filename, pdf } = await renderRf707Document({ formData: { MCheckbox: true }, now: new Date('2025-12-31T23:59:00Z') })
    expect(filename).toBe('RF707-2025-12-31.pdf')
    expect((await readPdf(pdf)).info.CreationDate).toBe('D:20251231235900Z')
  })
})
