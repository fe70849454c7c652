import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { apiError, fakeApi, reply } from '../../../../test/fake-api'
import { renderAt } from '../../../../test/render'
import type { TransactionFileView } from '../../../../shared/transaction-file'
import { testOffer } from '../details/test-offer'
import { OfferFileSection } from './offer-file-section'

const api = fakeApi()

const accepted = (viewer: 'seller' | 'buyer' = 'seller') => testOffer({ id: 'offer-1', status: 'accepted', viewer, bindingAgreementAt: '2026-01-12T22:45:00.000Z' })

const returned = {
  id: 'd1',
  filename: 'agreement.pdf',
  size: 1200,
  sha256: 'a'.repeat(64),
  kind: 'purchaseAgreement' as const,
  source: 'upload' as const,
  review: 'returned' as const,
  reviewNote: 'Initial page 3, please.',
  reviewedAt: '2026-11-21T10:00:00.000Z',
  uploadedAt: '2026-11-20T15:00:00.000Z',
  uploadedByName: 'Lena Listing',
  supersededBy: null,
}

const FILE: TransactionFileView = {
  offerId: 'offer-1',
  side: 'listing',
  address: '120 Maple Ave',
  agentName: 'Lena Listing',
  closedAt: null,
  canReview: false,
  canUpload: true,
  canClose: false,
  slots: [
    { key: 'purchaseAgreement', kind: 'purchaseAgreement', title: { key: 'file.slotPurchaseAgreement' }, why: { key: 'file.whyPurchaseAgreement' }, accepts: ['purchaseAgreement'], documents: [returned] },
    {
      key: 'propertyConditionDisclosure',
      kind: 'propertyConditionDisclosure',
      title: { key: 'file.slotPropertyConditionDisclosure' },
      why: { key: 'file.whyPropertyConditionDisclosure' },
      accepts: ['propertyConditionDisclosure', 'propertyConditionDisclaimer', 'propertyConditionExemption'],
      documents: [],
    },
  ],
  audit: { clean: false, findings: [{ code: 'documentReturned', where: { slot: 'purchaseAgreement', documentId: 'd1' }, who: 'listingAgent', text: { key: 'file.findingDocumentReturned', params: { slot: 'Purchase and sale agreement', note: 'Initial page 3, please.' } } }] },
}

const pdf = (name: string) => new File(['%PDF-1.4 test'], name, { type: 'application/pdf' })

describe('OfferFileSection', () => {
  it("shows each slot's state, the broker's note on a returned document, and replaces it", async () => {
    api.on('GET /api/offers/offer-1/file/listing', () => reply(FILE))
    api.on('POST /api/offers/offer-1/file/listing/documents', () => reply({ ...returned, id: 'd2', review: 'pending', reviewNote: null }, 201))
    renderAt(<OfferFileSection offer={accepted()} />)
    const section = screen.getByRole('region', { name: 'File' })
    expect(within(section).getByRole('status').textContent).toContain('Loading the file')
    const agreement = await within(section).findByTestId('file-slot-purchaseAgreement')
    expect(agreement.dataset.state).toBe('returned')
    expect(within(agreement).getByTestId('file-document-note').textContent).toBe("The broker's note: Initial page 3, please.")
    expect(within(section).getByTestId('file-slot-propertyConditionDisclosure').dataset.state).toBe('empty')
    expect(within(section).getByText('Missing', { selector: '.mantine-Badge-label' })).toBeTruthy()

    expect(within(agreement).getByRole('button', { name: 'Replace Purchase and sale agreement' })).toBeTruthy()
    await userEvent.upload(within(agreement).getByTestId('file-input-purchaseAgreement'), pdf('agreement-signed.pdf'))
    await waitFor(() => expect(api.calls('POST /api/offers/offer-1/file/listing/documents')).toHaveLength(1))
    const sent = api.calls('POST /api/offers/offer-1/file/listing/documents')[0]!.body as FormData
    expect(sent.get('slotKey')).toBe('purchaseAgreement')
    expect(sent.get('kind')).toBe('purchaseAgreement')
    expect((sent.get('file') as File).name).toBe('agreement-signed.pdf')
  })

  it('takes a dropped file with the kind chosen, and names the existing document of a duplicate', async () => {
    api.on('GET /api/offers/offer-1/file/listing', () => reply(FILE))
    // The API's refusal by its key, which this browser's catalogue need not know: the section words it itself.
    const duplicate = { statusCode: 409, code: 'CONFLICT', key: 'file.duplicate', params: { documentId: 'd1', slot: 'purchaseAgreement', filename: 'agreement.pdf' }, message: 'This file is already in the file' }
    api.on('POST /api/offers/offer-1/file/listing/documents', () => new Response(JSON.stringify(duplicate), { status: 409, headers: { 'Content-Type': 'application/json' } }))
    renderAt(<OfferFileSection offer={accepted()} />)
    // jsdom lays nothing out and has no scrollIntoView, which the select's list calls.
    Element.prototype.scrollIntoView ??= () => {}
    const slot = await screen.findByTestId('file-slot-propertyConditionDisclosure')
    await userEvent.click(within(slot).getByLabelText('Which document'))
    await userEvent.click(await screen.findByRole('option', { name: 'Property condition exemption', hidden: true }))
    fireEvent.drop(within(slot).getByTestId('file-drop-propertyConditionDisclosure'), { dataTransfer: { files: [pdf('copy.pdf')] } })
    await waitFor(() => expect(api.calls('POST /api/offers/offer-1/file/listing/documents')).toHaveLength(1))
    expect((api.calls('POST /api/offers/offer-1/file/listing/documents')[0]!.body as FormData).get('kind')).toBe('propertyConditionExemption')
    expect((await within(slot).findByRole('alert')).textContent).toBe('This file is already in the file as agreement.pdf (Purchase and sale agreement). Nothing was uploaded.')
  })

  it('refuses a file that is not a PDF, PNG or JPEG before sending it, and stays hidden for a reader who keeps no file', async () => {
    api.on('GET /api/offers/offer-1/file/listing', () => reply(FILE))
    const { unmount } = renderAt(<OfferFileSection offer={accepted()} />)
    const slot = await screen.findByTestId('file-slot-propertyConditionDisclosure')
    fireEvent.drop(within(slot).getByTestId('file-drop-propertyConditionDisclosure'), { dataTransfer: { files: [new File(['x'], 'notes.txt', { type: 'text/plain' })] } })
    expect((await within(slot).findByRole('alert')).textContent).toBe('notes.txt is not a PDF, PNG or JPEG file.')
    expect(api.calls('POST /api/offers/offer-1/file/listing/documents')).toHaveLength(0)
    unmount()

    api.on('GET /api/offers/offer-1/file/buyer', apiError(404, 'request.notFound'))
    renderAt(<OfferFileSection offer={accepted('buyer')} />)
    await waitFor(() => expect(api.calls('GET /api/offers/offer-1/file/buyer')).toHaveLength(1))
    await waitFor(() => expect(screen.queryByRole('region', { name: 'File' })).toBeNull())
  })
})
