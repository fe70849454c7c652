import { act, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import axe from 'axe-core'
import { afterEach, describe, expect, it } from 'vitest'
import type { HolderPage, TrustLogPage as TrustLog } from '@offerbook/domain/earnest-money'
import { i18n } from '../../shared/i18n/i18n'
import { apiError, fakeApi, reply } from '../../test/fake-api'
import { renderAt } from '../../test/render'
import EarnestMoneyAttestPage from './earnest-money-attest-page'
import TrustLogPage from './trust-log-page'

const api = fakeApi()
afterEach(async () => {
  await act(() => i18n.changeLanguage('en-us'))
})

const PAGE: HolderPage = {
  address: '12 Elm St, Nashville, TN 37203',
  buyers: ['Ana Buyer'],
  sellers: ['Lena Seller'],
  amountDue: 5000,
  holder: { kind: 'title-company', name: 'Volunteer Title', address: '1 Main St, Nashville, TN 37201' },
  bindingAgreementDate: '2026-01-12',
  today: '2026-01-14',
  expiresAt: '2026-01-28T15:00:00.000Z',
}

describe("the earnest money holder's page", () => {
  it('shows the contract, names each refused field, and confirms the receipt', async () => {
    const user = userEvent.setup()
    api.on('POST /api/earnest-money/holder/open', () => reply(PAGE))
    api.on('POST /api/earnest-money/holder/attest', ({ body }) =>
      (body as { attestation: { receivedOn: string } }).attestation.receivedOn === '2026-01-14' ? reply({ amount: 5000, receivedOn: '2026-01-14' }) : apiError(400, 'earnestMoney.dateFuture', { fields: ['attestation.receivedOn'] }),
    )
    renderAt(<EarnestMoneyAttestPage />, '/earnest-money/attest?token=tok-1')
    expect(screen.getByRole('heading', { level: 1, name: 'Confirm the earnest money received' })).toBeTruthy()
    expect(await screen.findByText('12 Elm St, Nashville, TN 37203')).toBeTruthy()
    expect(screen.getByText('Volunteer Title, Title company')).toBeTruthy()
    // No method chosen: refused on its field, before anything is sent.
    await user.click(screen.getByRole('button', { name: 'Confirm the receipt' }))
    expect(await screen.findByText('Choose how the earnest money was received.')).toBeTruthy()
    expect(api.calls('POST /api/earnest-money/holder/attest')).toEqual([])
    await user.click(screen.getByRole('radio', { name: 'Wire transfer' }))
    const { violations } = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } } })
    expect(violations.map((violation) => violation.id)).toEqual([])
    await user.click(screen.getByRole('button', { name: 'Confirm the receipt' }))
    expect((await screen.findByTestId('holder-done')).textContent).toContain('Thank you: the receipt is recorded')
    expect(api.calls('POST /api/earnest-money/holder/attest')[0]?.body).toEqual({ token: 'tok-1', attestation: { amount: 5000, receivedOn: '2026-01-14', method: 'wire', methodOther: '' } })
  })

  it('says in Spanish that a used link is used', async () => {
    api.on('POST /api/earnest-money/holder/open', apiError(409, 'earnestMoney.linkUsed'))
    renderAt(<EarnestMoneyAttestPage />, '/earnest-money/attest?token=tok-2')
    await act(() => i18n.changeLanguage('es-es'))
    expect(await screen.findByText('Este enlace ya se utilizó: el recibo está registrado.')).toBeTruthy()
  })
})

describe('the trust log page', () => {
  it('lists the deposits with their clocks, and says when there are none', async () => {
    const log: TrustLog = {
      items: [
        {
          offerId: 'offer-1',
          address: '12 Elm St, Nashville, TN 37203',
          agents: [{ name: 'Lena Seller', side: 'listing' }],
          depositor: 'Ana Buyer',
          amount: 5000,
          depositDate: '2026-01-13',
          method: 'wire',
          holder: PAGE.holder,
          request: { requestedOn: '2026-01-14', requestedBy: 'Ana Buyer', payee: 'Ana Buyer' },
          clock: { requestedOn: '2026-01-14', dueOn: '2026-02-04', remindOn: [], daysLeft: 3, state: 'dueSoon' },
          withdrawalDate: null,
          payee: null,
          releaseKind: null,
          releasedAmount: null,
        },
      ],
      total: 1,
      page: 1,
      pageSize: 20,
    }
    api.on('GET /api/broker/trust-log', () => reply(log))
    renderAt(<TrustLogPage />)
    const row = await screen.findByTestId('trust-row-offer-1')
    expect(row.textContent).toContain('$5,000 on January 13, 2026 (Wire transfer)')
    expect(within(row).getByText('Due soon: 3 days left')).toBeTruthy()
    expect(row.textContent).toContain('Held')
    expect(screen.getByRole('button', { name: 'Download CSV' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Download PDF for an audit' })).toBeTruthy()
  })

  it('says when no earnest money is recorded', async () => {
    api.on('GET /api/broker/trust-log', () => reply({ items: [], total: 0, page: 1, pageSize: 20 }))
    renderAt(<TrustLogPage />)
    expect((await screen.findByTestId('trust-log-empty')).textContent).toBe('No earnest money is recorded for your brokerage yet.')
  })
})
