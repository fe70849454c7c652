import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { SignerView } from '@offerbook/domain/signing'
import { CONSENT_VERSION } from '@offerbook/domain/signing'
import type * as SignatureImage from '../../features/signer/lib/signature-image'
import { testField, testFields, testSignerView } from '../../features/signer/components/test-signer-view'
import { i18n } from '../../shared/i18n/i18n'
import { initSession } from '../../shared/session'
import type { FakeRequest } from '../../test/fake-api'
import { apiError, fakeApi, noContent, reply } from '../../test/fake-api'
import { renderRoutes } from '../../test/render'
import { appRoutes } from '../router'

// pdf.js does not run in jsdom: the document stays 'loading', so the pages show their fields over blank sheets.
vi.mock('../../shared/ui/pdf-page', () => ({
  usePdfDocument: () => ({ doc: null, error: null, loading: true }),
  PdfPage: () => null,
  loadPdfJs: () => new Promise(() => {}),
}))

// jsdom has no canvas: a typed signature becomes a fixed PNG that names its text.
vi.mock('../../features/signer/lib/signature-image', async (importOriginal) => {
  const actual = await importOriginal<typeof SignatureImage>()
  return { ...actual, typedSignatureImage: async (text: string) => `data:image/png;base64,${btoa(text)}` }
})

const api = fakeApi()
const SIGNER = '/api/signing/signers/signer-1'
let view: SignerView

beforeEach(() => {
  initSession()
  view = testSignerView()
  api.on(`GET ${SIGNER}`, () => reply(view))
})

afterEach(async () => {
  await i18n.changeLanguage('en-us')
})

const SIGN_PATH = '/sign/offer-1/signer-1?token=secret'
const token = (request: FakeRequest) => request.headers.get('x-signing-token')
const posts = (suffix: string) => api.calls(`POST ${SIGNER}/${suffix}`).map((request) => ({ body: request.body, token: token(request) }))
const open = (path = SIGN_PATH) => renderRoutes(appRoutes(), path)
const heading = (name: string | RegExp) => screen.findByRole('heading', { level: 1, name }, { timeout: 10_000 })

describe('the signing page', { timeout: 40_000 }, () => {
  it('says the link is not valid for a wrong token, and stays on the page', async () => {
    api.on(`GET ${SIGNER}`, apiError(404, 'signing.linkNotValid'))
    const { router } = open('/sign/offer-1/signer-1?token=wrong')
    expect(await heading('This signing link is not valid')).toBeTruthy()
    expect(router.state.location.pathname).toBe('/sign/offer-1/signer-1')
    expect(token(api.calls(`GET ${SIGNER}`)[0]!)).toBe('wrong')
  })

  it('says the link is not valid without a token, or when it names another offer', async () => {
    const first = open('/sign/offer-1/signer-1')
    expect(await heading('This signing link is not valid')).toBeTruthy()
    expect(api.calls().filter((request) => request.path.startsWith('/api/signing'))).toHaveLength(0)
    first.unmount()

    open('/sign/offer-2/signer-1?token=secret')
    expect(await heading('This signing link is not valid')).toBeTruthy()
  })

  it('opens a form document under /form-sign with the packet id', async () => {
    view = testSignerView({ packet: { kind: 'form', id: 'doc-9' } })
    open('/form-sign/doc-9/signer-1?token=secret')
    expect(await heading('Purchase and Sale Agreement - 120 Maple Ave')).toBeTruthy()
  })

  it.each(['notice', 'amendment'] as const)('opens a contract %s under /form-sign, the link its email gives, and not under /sign', async (kind) => {
    view = testSignerView({ packet: { kind, id: 'doc-9' } })
    const form = open('/form-sign/doc-9/signer-1?token=secret')
    expect(await heading('Purchase and Sale Agreement - 120 Maple Ave')).toBeTruthy()
    form.unmount()
    open('/sign/offer-1/signer-1?token=secret')
    expect(await heading('This signing link is not valid')).toBeTruthy()
  })

  it('shows a voided document with the reason the sender gave', async () => {
    view = testSignerView({ packet: { status: 'voided', voidReason: 'The buyer changed the closing date.' } })
    open()
    expect(await heading('This document was voided')).toBeTruthy()
    expect(screen.getByText('The buyer changed the closing date.')).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Finish' })).toBeNull()
  })

  it('offers the signed PDF of a completed packet', async () => {
    view = testSignerView({ packet: { status: 'completed' }, signer: { status: 'signed' }, canDownload: true })
    open()
    expect(await heading('Everyone has signed this document')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Download the signed PDF' })).toBeTruthy()
  })

  it('tells a later signer to wait for their turn', async () => {
    view = testSignerView({ signer: { canSignNow: false } })
    open()
    expect(await heading('Waiting for another signer')).toBeTruthy()
  })

  it('asks for the texted code first, and shows the server message beside the field', async () => {
    view = testSignerView({ signer: { needsCode: true, phoneHint: '•••0123' } })
    api.on(`POST ${SIGNER}/code`, noContent)
    api.on(`POST ${SIGNER}/code/verify`, apiError(400, 'signing.codeInvalid'))
    open()
    expect(await heading('Confirm it is you')).toBeTruthy()
    await userEvent.click(screen.getByRole('button', { name: 'Send code' }))
    expect(await screen.findByText(/We texted a code to •••0123/)).toBeTruthy()
    await userEvent.type(screen.getByRole('textbox', { name: /6-digit code/ }), '123456')
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }))
    expect(await screen.findByText('The code is not correct or has expired')).toBeTruthy()
    expect(posts('code/verify')[0]?.body).toEqual({ code: '123456' })
    expect(posts('code/verify')[0]?.token).toBe('secret')
  })

  it('shows the document only after the signer consents to electronic records', async () => {
    view = testSignerView({ signer: { consentedAt: null } })
    api.on(`POST ${SIGNER}/consent`, reply(testSignerView()))
    open()
    expect(await heading('Electronic Record and Signature Disclosure')).toBeTruthy()
    expect(screen.getByText(/right to receive a paper copy|Your right to a paper copy/)).toBeTruthy()
    expect(screen.queryByRole('button', { name: /Signature field/ })).toBeNull()
    const next = screen.getByRole('button', { name: 'Continue' })
    expect(next.hasAttribute('disabled')).toBe(true)

    await userEvent.click(screen.getByRole('checkbox', { name: 'I agree to use electronic records and signatures' }))
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }))
    expect(await screen.findByRole('button', { name: 'Signature field 2 of 4, page 2' }, { timeout: 10_000 })).toBeTruthy()
    expect(posts('consent')[0]?.body).toEqual({ accepted: true, version: CONSENT_VERSION })
  })

  it('adopts a typed signature, fills every signature field with a click, and finishes with the adopted images', async () => {
    api.on(`POST ${SIGNER}/finish`, reply(testSignerView({ signer: { status: 'signed', signedAt: '2026-11-25T11:00:00.000Z' } })))
    open()
    const initials = await screen.findByRole('button', { name: 'Initials field 1 of 4, page 1' }, { timeout: 10_000 })
    expect(screen.getByText('2 of 4 fields done')).toBeTruthy()
    expect(screen.getByText('Bea Buyer', { selector: 'span' })).toBeTruthy()
    expect(screen.getByText(/^\d{2}\/\d{2}\/\d{4}$/)).toBeTruthy()

    await userEvent.click(initials)
    const dialog = await screen.findByRole('dialog', { name: 'Adopt your signature' })
    expect((within(dialog).getByRole('textbox', { name: /Full name/ }) as HTMLInputElement).value).toBe('Bea Buyer')
    expect((within(dialog).getByRole('textbox', { name: /Initials/ }) as HTMLInputElement).value).toBe('BB')
    expect(within(dialog).getByText(/electronic representation of my signature and initials/)).toBeTruthy()
    await userEvent.click(within(dialog).getByRole('button', { name: 'Adopt and sign' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(initials.getAttribute('aria-pressed')).toBe('true')

    const signature = screen.getByRole('button', { name: 'Signature field 2 of 4, page 2' })
    await userEvent.click(signature)
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(signature.getAttribute('aria-pressed')).toBe('true')
    expect(signature.querySelector('img')?.getAttribute('src')).toBe(`data:image/png;base64,${btoa('Bea Buyer')}`)
    expect(screen.getByText('4 of 4 fields done')).toBeTruthy()

    await userEvent.click(screen.getByRole('button', { name: 'Finish' }))
    expect(await heading('You have signed')).toBeTruthy()
    expect(screen.getByText('You have signed. We will email you a link to the signed PDF once everyone has signed.')).toBeTruthy()
    expect(posts('finish')[0]?.body).toEqual({
      adopted: { method: 'typed', signature: `data:image/png;base64,${btoa('Bea Buyer')}`, initials: `data:image/png;base64,${btoa('BB')}` },
      values: {},
    })
  })

  it('keeps Finish disabled until every required field is done, and shows a server field error on its field', async () => {
    view = testSignerView({ fields: [...testFields(), testField('f-text', 'text', 1, 0.5, { label: 'Buyer phone' }), testField('f-note', 'text', 1, 0.6, { required: false, label: 'Note' })] })
    api.on(`POST ${SIGNER}/finish`, apiError(400, 'common.tooLong', { params: { maximum: 500 }, fields: ['values.f-text'] }))
    open()
    const finish = await screen.findByRole('button', { name: 'Finish' }, { timeout: 10_000 })
    expect(finish.hasAttribute('disabled')).toBe(true)

    await userEvent.click(screen.getByRole('button', { name: 'Next field' }))
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Initials field 1 of 6, page 1' })))
    await userEvent.click(document.activeElement as HTMLElement)
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Adopt your signature' })).getByRole('button', { name: 'Adopt and sign' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    await userEvent.click(screen.getByRole('button', { name: 'Signature field 2 of 6, page 2' }))
    expect(screen.getByRole('button', { name: 'Finish' }).hasAttribute('disabled')).toBe(true)

    await userEvent.click(screen.getByRole('button', { name: 'Next field' }))
    const phone = screen.getByRole('textbox', { name: 'Buyer phone' })
    await waitFor(() => expect(document.activeElement).toBe(phone))
    await userEvent.type(phone, '615 555 0123')
    expect(screen.getByRole('button', { name: 'Finish' }).hasAttribute('disabled')).toBe(false)
    await userEvent.type(screen.getByRole('textbox', { name: 'Note (optional)' }), 'Thanks')

    await userEvent.click(screen.getByRole('button', { name: 'Finish' }))
    await waitFor(() => expect(phone.getAttribute('aria-invalid')).toBe('true'))
    expect(screen.getAllByText('Must have at most 500 characters').length).toBeGreaterThan(0)
    expect((posts('finish')[0]?.body as { values: unknown }).values).toEqual({ 'f-text': '615 555 0123', 'f-note': 'Thanks' })
  })

  it('declines with the reason, which is required', async () => {
    api.on(`POST ${SIGNER}/decline`, reply(testSignerView({ packet: { status: 'declined' }, signer: { status: 'declined' } })))
    open()
    await userEvent.click(await screen.findByRole('button', { name: 'Decline to sign' }, { timeout: 10_000 }))
    const dialog = await screen.findByRole('dialog', { name: 'Decline to sign' })
    await userEvent.click(within(dialog).getByRole('button', { name: 'Decline to sign' }))
    expect(await within(dialog).findByText('Please give a reason')).toBeTruthy()
    expect(posts('decline')).toHaveLength(0)

    await userEvent.type(within(dialog).getByRole('textbox', { name: /Reason for declining/ }), 'The price is wrong')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Decline to sign' }))
    expect(await heading('You declined to sign')).toBeTruthy()
    expect(posts('decline')[0]?.body).toEqual({ reason: 'The price is wrong' })
  })

  it('shows the API refusal of a decline reason under the field, and sends nothing more until it is changed', async () => {
    api.on(`POST ${SIGNER}/decline`, apiError(400, 'common.unstorableText', { fields: ['reason'] }))
    open()
    await userEvent.click(await screen.findByRole('button', { name: 'Decline to sign' }, { timeout: 10_000 }))
    const dialog = await screen.findByRole('dialog', { name: 'Decline to sign' })
    const reason = within(dialog).getByRole('textbox', { name: /Reason for declining/ })
    await userEvent.type(reason, 'The price is wrong')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Decline to sign' }))
    expect(await within(dialog).findByText('This text contains characters that cannot be saved')).toBeTruthy()
    expect(reason.getAttribute('aria-invalid')).toBe('true')
    expect(posts('decline')).toHaveLength(1)

    await userEvent.type(reason, '.')
    expect(within(dialog).queryByText('This text contains characters that cannot be saved')).toBeNull()
  })

  it('speaks Spanish, server messages included', async () => {
    view = testSignerView({ signer: { consentedAt: null } })
    api.on(`POST ${SIGNER}/consent`, apiError(409, 'signing.notOpen', { params: { status: 'voided' } }))
    open()
    await heading('Electronic Record and Signature Disclosure')
    await act(() => i18n.changeLanguage('es-es'))
    expect(await heading('Aviso y consentimiento sobre registros y firmas electrónicos')).toBeTruthy()
    expect(screen.getByText('Su derecho a una copia en papel')).toBeTruthy()
    await userEvent.click(screen.getByRole('checkbox', { name: 'Acepto el uso de registros y firmas electrónicos' }))
    await userEvent.click(screen.getByRole('button', { name: 'Continuar' }))
    expect(await screen.findByText('Un paquete en estado «anulado» ya no se puede cambiar')).toBeTruthy()
  })
})
