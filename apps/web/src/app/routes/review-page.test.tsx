import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { BrokerageRuleView as BrokerageRule } from '@offerbook/domain/transaction-file-view'
import type { MessageKey } from '@offerbook/domain/messages'
import type { ReviewQueue } from '../../features/review/api/review'
import type { TransactionFileView } from '../../shared/transaction-file'
import { apiError as fakeApiError } from '../../test/fake-api'
import { renderRoutes } from '../../test/render'
import { userWith } from '../../test/test-user'
import { appRoutes } from '../router'
import { accountApi, apiError, bodyOf, json, preloadPages } from './account-pages.test-helpers'

const api = accountApi()
preloadPages('review')

const PAT = userWith({ uid: 'pat', name: 'Pat Broker', email: 'principal-broker@example.com', roles: ['PRINCIPAL_BROKER'], isPrincipalBroker: true })
const LENA = userWith({ uid: 'lena', name: 'Lena Listing', email: 'lena@example.com', roles: ['SELLER_AGENT'] })

const queue = (items: ReviewQueue['items'], total = items.length): ReviewQueue => ({ items, total, page: 1, pageSize: 20 })
const ROW = { offerId: 'o1', side: 'listing' as const, address: '120 Maple Ave, Franklin, TN 37064', agentName: 'Lena Listing', pending: 1, returned: 0, findings: 2, clean: false, closedAt: null }

const doc = (id: string, review: 'pending' | 'approved' | 'returned', rest: Partial<TransactionFileView['slots'][number]['documents'][number]> = {}) => ({
  id,
  filename: `${id}.pdf`,
  size: 1200,
  sha256: 'a'.repeat(64),
  kind: 'purchaseAgreement' as const,
  source: 'upload' as const,
  review,
  reviewNote: null,
  reviewedAt: null,
  uploadedAt: '2026-11-20T15:00:00.000Z',
  uploadedByName: 'Lena Listing',
  supersededBy: null,
  ...rest,
})

function file(overrides: Partial<TransactionFileView> = {}): TransactionFileView {
  return {
    offerId: 'o1',
    side: 'listing',
    address: ROW.address,
    agentName: 'Lena Listing',
    closedAt: null,
    canReview: true,
    canUpload: false,
    canClose: true,
    slots: [
      { key: 'purchaseAgreement', kind: 'purchaseAgreement', title: { key: 'file.slotPurchaseAgreement' }, why: { key: 'file.whyPurchaseAgreement' }, accepts: ['purchaseAgreement'], documents: [doc('agreement', 'pending')] },
      { key: 'agencyDisclosure', kind: 'agencyDisclosure', title: { key: 'file.slotAgencyDisclosure' }, why: { key: 'file.whyAgencyDisclosure' }, accepts: ['agencyDisclosure'], documents: [] },
    ],
    audit: {
      clean: false,
      findings: [
        { code: 'documentPending', where: { slot: 'purchaseAgreement', documentId: 'agreement' }, who: 'broker', text: { key: 'file.findingDocumentPending', params: { slot: 'Purchase and sale agreement' } } },
        { code: 'slotEmpty', where: { slot: 'agencyDisclosure' }, who: 'listingAgent', text: { key: 'file.findingSlotEmpty', params: { slot: 'Agency disclosure' } } },
      ],
    },
    ...overrides,
  }
}

function openAs(user = PAT, path = '/review') {
  api.signInAs(user)
  return renderRoutes(appRoutes(), path)
}

describe('/review', () => {
  it('lists the files that need review, filters by state and says when a filter finds none', async () => {
    api.handlers['GET /api/review'] = () => json(200, queue([ROW]))
    openAs()
    const table = await screen.findByRole('table', { name: 'Files to review' })
    expect(within(table).getByText(ROW.address)).toBeTruthy()
    expect(within(table).getByText('1 to review · 0 returned · 2 findings')).toBeTruthy()
    expect(screen.getByText('1 file')).toBeTruthy()
    const first = api.fake.calls('GET /api/review')[0]!
    expect(first.query.get('state')).toBe('all')

    api.handlers['GET /api/review'] = () => json(200, queue([]))
    await userEvent.click(screen.getByRole('radio', { name: 'Returned' }))
    expect(await screen.findByText('No file has a returned document.')).toBeTruthy()
    expect(api.fake.calls('GET /api/review').at(-1)!.query.get('state')).toBe('returned')
  })

  it('tells a failure to load with Retry, and an agent who leads no team that nothing is his to review', async () => {
    api.handlers['GET /api/review'] = () => apiError(500, 'INTERNAL', 'request.failed' as MessageKey)
    const { unmount } = openAs()
    expect(await screen.findByText('The files could not be loaded')).toBeTruthy()
    api.handlers['GET /api/review'] = () => json(200, queue([]))
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }))
    expect(await screen.findByText('Your brokerage has no contract files yet.')).toBeTruthy()
    unmount()

    api.handlers['GET /api/review'] = () => apiError(403, 'FORBIDDEN', 'request.forbidden' as MessageKey)
    openAs(LENA)
    expect(await screen.findByText(/You lead no team/)).toBeTruthy()
    // A team leader sees no rules tab nor the export: the brokerage's rules and its TREC export are the principal broker's.
    expect(screen.queryByRole('tab', { name: 'File rules' })).toBeNull()
    expect(screen.queryByRole('tab', { name: 'Export for TREC' })).toBeNull()
  })

  it('opens a file with its findings in the reader’s words, returns a document with a required note and approves another', async () => {
    api.handlers['GET /api/review'] = () => json(200, queue([ROW]))
    api.handlers['GET /api/offers/o1/file/listing'] = () => json(200, file())
    api.handlers['POST /api/offers/o1/file/listing/documents/agreement/review'] = () => json(200, doc('agreement', 'returned', { reviewNote: 'Initial page 3' }))
    openAs()
    await userEvent.click(await screen.findByRole('button', { name: `Open the file of ${ROW.address}, Listing side` }))
    const findings = await screen.findByTestId('file-findings')
    expect(within(findings).getByText('Purchase and sale agreement waits for the broker to approve it.')).toBeTruthy()
    expect(within(findings).getByText('Missing: Agency disclosure.')).toBeTruthy()
    expect(within(findings).getByText('Where: Agency disclosure · Who must act: the listing agent')).toBeTruthy()

    // Close file waits for a clean audit, and says why.
    expect((screen.getByTestId('close-file') as HTMLButtonElement).disabled).toBe(true)
    expect(screen.getByTestId('close-file-reason').textContent).toMatch(/audit is clean/)

    await userEvent.click(screen.getByRole('button', { name: 'Return agreement.pdf' }))
    const dialog = await screen.findByRole('dialog', { name: 'Return a document' })
    await userEvent.click(within(dialog).getByRole('button', { name: 'Return the document' }))
    expect(await within(dialog).findByText('Say what must be fixed to return the document')).toBeTruthy()
    expect(api.calls('POST /api/offers/o1/file/listing/documents/agreement/review')).toHaveLength(0)
    await userEvent.type(within(dialog).getByRole('textbox', { name: /What must the agent fix/ }), 'Initial page 3')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Return the document' }))
    await waitFor(() => expect(api.calls('POST /api/offers/o1/file/listing/documents/agreement/review')).toHaveLength(1))
    expect(bodyOf(api.calls('POST /api/offers/o1/file/listing/documents/agreement/review')[0])).toEqual({ decision: 'return', note: 'Initial page 3' })
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Return a document' })).toBeNull())

    api.handlers['POST /api/offers/o1/file/listing/documents/agreement/review'] = () => json(200, doc('agreement', 'approved'))
    await userEvent.click(screen.getByRole('button', { name: 'Approve agreement.pdf' }))
    await waitFor(() => expect(api.calls('POST /api/offers/o1/file/listing/documents/agreement/review')).toHaveLength(2))
    expect(bodyOf(api.calls('POST /api/offers/o1/file/listing/documents/agreement/review')[1])).toEqual({ decision: 'approve' })

    await userEvent.click(screen.getByRole('button', { name: 'Back to the files' }))
    expect(await screen.findByRole('table', { name: 'Files to review' })).toBeTruthy()
  })

  it('closes a clean file, and shows what stands in the way when the API refuses', async () => {
    const clean = file({ slots: [{ ...file().slots[0]!, documents: [doc('agreement', 'approved')] }], audit: { clean: true, findings: [] } })
    let current = clean
    api.handlers['GET /api/offers/o1/file/listing'] = () => json(200, current)
    api.handlers['POST /api/offers/o1/file/listing/close'] = () => {
      current = file()
      return fakeApiError(409, 'file.notClean', {
        fields: [
          { path: 'agencyDisclosure', key: 'file.findingSlotEmpty', params: { slot: 'Agency disclosure' } },
          { path: 'agreement', key: 'file.documentNotApproved', params: { filename: 'agreement.pdf' } },
        ],
      })
    }
    openAs(PAT, '/review?file=o1&side=listing')
    expect(await screen.findByTestId('file-findings-clean')).toBeTruthy()
    const close = screen.getByTestId('close-file') as HTMLButtonElement
    expect(close.disabled).toBe(false)
    await userEvent.click(close)
    const refusal = await screen.findByTestId('review-action-failed')
    expect(within(refusal).getByText('The file cannot be closed yet')).toBeTruthy()
    const list = within(refusal).getByTestId('close-refused-list')
    expect(within(list).getByText('Missing: Agency disclosure.')).toBeTruthy()
    expect(within(list).getByText(/agreement\.pdf/)).toBeTruthy()
  })

  it('lists, adds and deletes the brokerage’s file rules', async () => {
    api.handlers['GET /api/review'] = () => json(200, queue([]))
    let rules: BrokerageRule[] = [{ id: 'r1', title: 'Wire fraud advisory', side: null, propertyTypes: [], minPrice: null, maxPrice: null }]
    api.handlers['GET /api/brokerage/file-rules'] = () => json(200, { rules })
    api.handlers['POST /api/brokerage/file-rules'] = () => {
      rules = [...rules, { id: 'r2', title: 'Survey', side: null, propertyTypes: [], minPrice: 500000, maxPrice: null }]
      return json(201, rules[1])
    }
    api.handlers['DELETE /api/brokerage/file-rules/r1'] = () => {
      rules = rules.filter((rule) => rule.id !== 'r1')
      return { status: 204 }
    }
    openAs()
    await userEvent.click(await screen.findByRole('tab', { name: 'File rules' }))
    const table = await screen.findByRole('table', { name: "Your brokerage's file rules" })
    expect(within(table).getByText('Wire fraud advisory')).toBeTruthy()
    expect(within(table).getByText('Both sides · every property type · any price')).toBeTruthy()

    const form = screen.getByRole('form', { name: 'Add a rule' })
    await userEvent.click(within(form).getByRole('button', { name: 'Add rule' }))
    expect(await within(form).findByText('Name the document this rule asks for')).toBeTruthy()
    expect(api.calls('POST /api/brokerage/file-rules')).toHaveLength(0)
    await userEvent.type(within(form).getByRole('textbox', { name: /Document/ }), 'Survey')
    await userEvent.type(within(form).getByRole('textbox', { name: /Lowest price/ }), '500000')
    await userEvent.click(within(form).getByRole('button', { name: 'Add rule' }))
    await waitFor(() => expect(api.calls('POST /api/brokerage/file-rules')).toHaveLength(1))
    expect(bodyOf(api.calls('POST /api/brokerage/file-rules')[0])).toEqual({ title: 'Survey', side: null, propertyTypes: [], minPrice: 500000, maxPrice: null })
    expect(await screen.findByText('Survey')).toBeTruthy()

    await userEvent.click(screen.getByRole('button', { name: 'Delete the rule Wire fraud advisory' }))
    const confirm = await screen.findByRole('dialog', { name: 'Delete this rule?' })
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }))
    await waitFor(() => expect(api.calls('DELETE /api/brokerage/file-rules/r1')).toHaveLength(1))
    await waitFor(() => expect(screen.queryByText('Wire fraud advisory')).toBeNull())
  })
})
