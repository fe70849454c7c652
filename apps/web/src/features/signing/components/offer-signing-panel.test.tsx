import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { saveSession } from '../../../shared/session'
import { apiError, fakeApi } from '../../../test/fake-api'
import { renderAt } from '../../../test/render'
import { fetchRoutes, json, testPacket, testSigning } from '../test/test-signing'
import { OfferSigningPanel } from './offer-signing-panel'
import { OfferSigningSlot } from './offer-signing-slot'

vi.mock('../../../shared/ui/pdf-page', () => import('../test/pdf-page-stub'))

const api = fakeApi()

const signed = () => testPacket({ status: 'completed', completedAt: '2030-01-06T15:00:00.000Z', actions: ['download'] })

describe('OfferSigningPanel', () => {
  it('shows nothing before the offer is accepted, and asks for nothing', () => {
    fetchRoutes(api, {})
    renderAt(<OfferSigningSlot offerId="offer-1" offerStatus="active" />)
    expect(screen.queryByRole('region', { name: 'Electronic signatures' })).toBeNull()
    expect(api.calls()).toHaveLength(0)
  })

  it('says when every party signed and downloads the sealed PDF with the session', async () => {
    saveSession({ accessToken: 'token-1', persist: false })
    const { calls } = fetchRoutes(api, {
      'GET /api/offers/offer-1/signing': () => json(200, testSigning({ canSendOffer: false, packets: [signed()] })),
      'GET /api/signing/packets/packet-1/signed': () => new Response(new Blob(['%PDF']), { status: 200, headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': 'attachment; filename="offer-signed.pdf"' } }),
    })
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:signed', revokeObjectURL: () => {} }))
    // jsdom cannot follow the download link; the click is all the browser needs.
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {})
    renderAt(<OfferSigningPanel offerId="offer-1" offerStatus="closed" />)
    const region = await screen.findByRole('region', { name: 'Electronic signatures' })
    expect(await within(region).findByText(/^Signed electronically on /)).toBeTruthy()
    expect(within(region).queryByRole('button', { name: 'Send for signature' })).toBeNull()
    const [summaryDownload] = within(region).getAllByRole('button', { name: 'Download signed PDF' })
    if (!summaryDownload) throw new Error('no download button')
    await userEvent.click(summaryDownload)
    await waitFor(() => expect(calls('GET /api/signing/packets/packet-1/signed')).toHaveLength(1))
    expect(new Headers(calls('GET /api/signing/packets/packet-1/signed')[0]?.headers).get('Authorization')).toBe('Bearer token-1')
    await waitFor(() => expect(click).toHaveBeenCalledOnce())
    click.mockRestore()
  })

  it('says so when the packets cannot be loaded, and retries', async () => {
    let fail = true
    fetchRoutes(api, { 'GET /api/offers/offer-1/signing': () => (fail ? apiError(500, 'request.internal') : json(200, testSigning())) })
    renderAt(<OfferSigningPanel offerId="offer-1" offerStatus="accepted" />)
    const alert = await screen.findByRole('alert', {}, { timeout: 8000 })
    expect(within(alert).getByText('The signing status could not be loaded')).toBeTruthy()
    fail = false
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }))
    expect(await screen.findByRole('button', { name: 'Send for signature' })).toBeTruthy()
    expect(screen.getByText('Nothing has been sent for signature yet.')).toBeTruthy()
  })

  it('keeps the packets and the open Send for signature dialog when a refresh of them fails', async () => {
    let fail = false
    const { calls } = fetchRoutes(api, { 'GET /api/offers/offer-1/signing': () => (fail ? apiError(404, 'request.notFound') : json(200, testSigning())) })
    const { queryClient } = renderAt(<OfferSigningPanel offerId="offer-1" offerStatus="accepted" />)
    await userEvent.click(await screen.findByRole('button', { name: 'Send for signature' }))
    const dialog = await screen.findByRole('dialog', { name: 'Send for signature' })
    fail = true
    await act(() => queryClient.refetchQueries())
    expect(calls('GET /api/offers/offer-1/signing')).toHaveLength(2)
    expect(queryClient.getQueryCache().getAll()[0]?.state.status).toBe('error')
    // The query tells its observers a task later (TanStack Query's notify manager); React then draws.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)))
    // The failed refresh changes nothing on the screen: the dialog is the same, over the same panel.
    expect(screen.getByRole('dialog', { name: 'Send for signature' })).toBe(dialog)
    expect(screen.queryByText('The signing status could not be loaded')).toBeNull()
    expect(screen.getByText('Nothing has been sent for signature yet.')).toBeTruthy()
  })

  it('uploads a form, refuses a file that is not a PDF, and opens the draft in the field editor', async () => {
    const draft = testPacket({ id: 'form-1', kind: 'form', status: 'draft', title: 'Amendment.pdf', signers: [], sentAt: null, expiresAt: null, actions: ['send', 'delete'] })
    const { calls } = fetchRoutes(api, {
      'GET /api/offers/offer-1/signing': () => json(200, testSigning({ packets: calls('POST /api/offers/offer-1/signing/documents').length > 0 ? [draft] : [] })),
      'POST /api/offers/offer-1/signing/documents': () => json(201, { packet: draft }),
    })
    const { container } = renderAt(<OfferSigningPanel offerId="offer-1" offerStatus="accepted" />)
    await screen.findByRole('button', { name: 'Upload a form to sign' })
    const input = container.ownerDocument.querySelector<HTMLInputElement>('input[type="file"]')
    if (!input) throw new Error('no file input')
    fireEvent.change(input, { target: { files: [new File(['x'], 'notes.txt', { type: 'text/plain' })] } })
    expect(await screen.findByText('The file must be a PDF')).toBeTruthy()
    expect(calls('POST /api/offers/offer-1/signing/documents')).toHaveLength(0)

    fireEvent.change(input, { target: { files: [new File(['%PDF'], 'Amendment.pdf', { type: 'application/pdf' })] } })
    expect(await screen.findByRole('dialog', { name: 'Prepare Amendment.pdf for signature' })).toBeTruthy()
    expect((calls('POST /api/offers/offer-1/signing/documents')[0]?.body as FormData).get('file')).toBeInstanceOf(File)
  })

  it('asks for the packets again while one is being sealed, and tells the page once the offer is signed', async () => {
    let answers = 0
    fetchRoutes(api, {
      'GET /api/offers/offer-1/signing': () => {
        answers += 1
        return json(200, testSigning({ canSendOffer: false, packets: [answers === 1 ? testPacket({ status: 'completing', actions: [] }) : signed()] }))
      },
    })
    const onOfferSigned = vi.fn()
    renderAt(<OfferSigningPanel offerId="offer-1" offerStatus="accepted" onOfferSigned={onOfferSigned} />)
    expect(await screen.findByText('Finishing')).toBeTruthy()
    expect(await screen.findByText(/^Signed electronically on /, {}, { timeout: 10_000 })).toBeTruthy()
    expect(onOfferSigned).toHaveBeenCalledOnce()
  })

  it('asks before leaving the field editor with fields placed, and keeps the draft', async () => {
    const draft = testPacket({ id: 'form-1', kind: 'form', status: 'draft', title: 'Amendment.pdf', signers: [], sentAt: null, expiresAt: null, actions: ['send', 'delete'] })
    fetchRoutes(api, { 'GET /api/offers/offer-1/signing': () => json(200, testSigning({ packets: [draft] })) })
    renderAt(<OfferSigningPanel offerId="offer-1" offerStatus="accepted" />)
    await userEvent.click(await screen.findByRole('button', { name: 'Place fields' }))
    const editor = await screen.findByRole('dialog', { name: 'Prepare Amendment.pdf for signature' })
    await userEvent.click(within(editor).getByRole('button', { name: 'Signature' }))
    await userEvent.click(within(editor).getByRole('button', { name: 'Close' }))
    const confirm = await screen.findByRole('dialog', { name: 'Leave without sending?' })
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Leave without sending?' })).toBeNull())
    expect(screen.getByRole('button', { name: 'Signature for Ben Buyer on page 1' })).toBeTruthy()
    await userEvent.click(within(editor).getByRole('button', { name: 'Close' }))
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Leave without sending?' })).getByRole('button', { name: 'Leave' }))
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Prepare Amendment.pdf for signature' })).toBeNull())
    expect(screen.getByRole('button', { name: 'Place fields' })).toBeTruthy()
  })
})
