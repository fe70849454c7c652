import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { renderAt } from '../../../../test/render'
import { OfferDetails } from './offer-details'
import { OfferStatusBadge } from './offer-status-badge'
import { testOffer } from './test-offer'

/** The value a description list shows under a label, inside a section. */
function termValue(section: HTMLElement, label: string): string {
  const term = within(section).getByText(label, { selector: 'dt' })
  return term.nextElementSibling?.textContent ?? ''
}

describe('OfferDetails', () => {
  it('shows the money in dollars, a percent concession with its dollars, and the financing', () => {
    renderAt(<OfferDetails offer={testOffer()} />)
    const money = screen.getByRole('region', { name: 'Price and money' })
    expect(termValue(money, 'Purchase price')).toBe('$450,000')
    expect(termValue(money, 'Earnest money amount')).toBe('$5,000')
    expect(termValue(money, 'Held by')).toBe('Title company: Volunteer Title')
    expect(termValue(money, 'Due within (days)')).toBe('3 days')
    expect(termValue(money, 'Seller concessions')).toBe('3% of the price ($13,500)')
    expect(termValue(money, 'Buyer-broker compensation (paid as a concession)')).toBe('$9,000')
    expect(termValue(money, 'Home warranty')).toBe('Included, paid by Seller ($550)')

    const financing = screen.getByRole('region', { name: 'Financing' })
    expect(termValue(financing, 'Financing type')).toBe('Conventional')
    expect(termValue(financing, 'Loan amount')).toBe('$360,000')
    expect(termValue(financing, 'Lender phone')).toBe('Not set')
    expect(termValue(financing, 'Pre-approval letter')).toBe('No letter attached')
  })

  it("shows the buyer side the seller side's reason for a decline, and nothing when none was given", () => {
    const { unmount } = renderAt(<OfferDetails offer={testOffer({ viewer: 'buyer', status: 'declined', declineReason: 'We took a cash offer closing sooner.' })} />)
    const reason = screen.getByTestId('offer-decline-reason')
    expect(reason.textContent).toBe('Why the seller side declinedWe took a cash offer closing sooner.')
    unmount()
    renderAt(<OfferDetails offer={testOffer({ viewer: 'buyer', status: 'declined', declineReason: null })} />)
    expect(screen.queryByTestId('offer-decline-reason')).toBeNull()
  })

  it('writes a phone as people read it, though the offer keeps it in E.164', () => {
    const financing = { type: 'conventional' as const, loanAmount: 360_000, downPayment: 90_000, lenderName: 'First Bank', lenderPhone: '615-555-0150', lenderEmail: '' }
    const offer = testOffer({ terms: { financing, buyers: [{ fullName: 'Ben Buyer', email: 'buyer-simple@example.com', phone: '+1 615 555 0101' }] } })
    expect(offer.terms.financing.lenderPhone).toBe('+16155550150')
    renderAt(<OfferDetails offer={offer} />)
    expect(termValue(screen.getByRole('region', { name: 'Financing' }), 'Lender phone')).toBe('(615) 555-0150')
    expect(screen.getByText('(615) 555-0101')).toBeTruthy()
  })

  it('writes dates in the reader language, counts down an open offer and shows the contract dates once bound', () => {
    const expiresAt = new Date(Date.now() + 2 * 86_400_000 + 3_600_000).toISOString()
    renderAt(
      <OfferDetails
        offer={testOffer({
          status: 'accepted',
          terms: { expiresAt, inspectionPeriodDays: 0 },
          deadlines: { bindingAgreementDate: '2031-03-01', earnestMoneyDue: '2031-03-04', inspectionPeriodEnds: '2031-03-01', closing: '2031-06-30' },
        })}
      />,
    )
    const dates = screen.getByRole('region', { name: 'Contingencies and dates' })
    expect(termValue(dates, 'Closing date')).toBe('June 30, 2031')
    expect(termValue(dates, 'Inspection period (days)')).toBe('Waived')
    expect(termValue(dates, 'Appraisal contingency')).toBe('Yes')
    expect(termValue(dates, "Sale of buyer's property contingency")).toBe('No')
    expect(termValue(dates, 'Offer expires')).toContain(new Intl.DateTimeFormat('en-us', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(expiresAt)))
    // An accepted offer no longer counts down.
    expect(screen.queryByRole('timer')).toBeNull()

    const contract = screen.getByRole('region', { name: 'Contract dates' })
    expect(termValue(contract, 'Binding Agreement Date')).toBe('March 1, 2031')
    expect(termValue(contract, 'Earnest money due')).toBe('March 4, 2031')
  })

  it('counts down an active offer, and leaves the contract dates out before the Binding Agreement Date', () => {
    renderAt(<OfferDetails offer={testOffer()} />)
    expect(screen.getByRole('timer').textContent).toMatch(/^Expires in 1d 23:59/)
    expect(screen.queryByRole('region', { name: 'Contract dates' })).toBeNull()
  })

  it('writes Spanish dates and labels in Spanish', async () => {
    const { container } = renderAt(<OfferDetails offer={testOffer()} />)
    const { i18n } = await import('../../../../shared/i18n/i18n')
    await i18n.changeLanguage('es-es')
    await waitFor(() => expect(screen.getByRole('region', { name: 'Precio y dinero' })).toBeTruthy())
    expect(container.textContent).toContain('30 de junio de 2031')
    await i18n.changeLanguage('en-us')
  })

  it('names the buyers, the buyer agent and the listing agent with the firm license number', () => {
    renderAt(<OfferDetails offer={testOffer()} />)
    const people = screen.getByRole('region', { name: 'Buyers and agents' })
    expect(termValue(within(people).getByRole('group', { name: 'Buyer 1' }), 'Full name')).toBe('Ben Buyer')
    const agent = within(people).getByRole('group', { name: 'Listing agent and licensee' })
    expect(termValue(agent, 'Full name')).toBe('Lena Listing')
    expect(termValue(agent, 'Firm license number')).toBe('TN-263001')
  })

  it('keeps the stipulation lines and lists the ticked addendum clauses with their values', () => {
    renderAt(<OfferDetails offer={testOffer({ terms: { addendum: { BCheckbox: true, Btext1: '2500', ACheckbox: false } } })} />)
    expect(screen.getByTestId('offer-stipulations').textContent).toBe('Seller leaves the washer.\nSeller repairs the fence.')
    expect(screen.getByTestId('offer-stipulations').style.whiteSpace).toBe('pre-wrap')
    const addendum = screen.getByTestId('offer-addendum').textContent ?? ''
    // With its letter and title, and the amount written as currency.
    expect(addendum).toContain('B. Reduction in price in lieu of repairs: Instead of Seller making repairs, the Purchase Price is reduced by $2,500 at Closing')
    expect(addendum).not.toContain("toward Buyer's closing costs")
  })

  it('downloads an attachment through the given function, and lists the events in order', async () => {
    const onDownload = vi.fn(() => Promise.resolve())
    const attachment = { id: 'file-1', kind: 'pre-approval' as const, filename: 'letter.pdf', contentType: 'application/pdf', size: 52_000, createdAt: '2030-01-02T15:00:00.000Z' }
    renderAt(
      <OfferDetails
        offer={testOffer({
          attachments: [attachment],
          events: [
            { type: 'shared', at: '2030-01-02T16:00:00.000Z', actorName: 'Ben Buyer' },
            { type: 'created', at: '2030-01-02T15:00:00.000Z', actorName: 'Ben Buyer' },
          ],
        })}
        onDownload={onDownload}
      />,
    )
    expect(termValue(screen.getByRole('region', { name: 'Financing' }), 'Pre-approval letter')).toBe('letter.pdf')
    const files = screen.getByRole('list', { name: 'Attachments' })
    expect(files.textContent).toContain('Pre-approval letter')
    expect(files.textContent).toContain('51 KB')
    fireEvent.click(screen.getByRole('button', { name: 'Download letter.pdf' }))
    await waitFor(() => expect(onDownload).toHaveBeenCalledWith(attachment))

    // The history is a part of its own, below the first screen: it arrives after the rest.
    const region = screen.getByRole('region', { name: 'History' })
    await waitFor(() => expect(region.textContent).toContain('Shared with the seller'))
    const history = region.textContent ?? ''
    expect(history.indexOf('Draft started')).toBeGreaterThan(-1)
    expect(history.indexOf('Draft started')).toBeLessThan(history.indexOf('Shared with the seller'))
    expect(history).toContain('by Ben Buyer')
  })
})

describe('OfferStatusBadge', () => {
  it('labels each status in words', () => {
    renderAt(<OfferStatusBadge status="backup" />)
    expect(screen.getByText('Back-up')).toBeTruthy()
  })
})
