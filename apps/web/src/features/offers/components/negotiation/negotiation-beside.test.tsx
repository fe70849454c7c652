import { act, screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderAt } from '../../../../test/render'
import { testOffer, testOfferAndCounter } from '../details/test-offer'
import { hasNegotiationContent } from './negotiation-content'
import { NegotiationPanelBeside } from './negotiation-beside'
import { testPickers } from './test-pickers'

const countered = testOffer({
  status: 'countered',
  viewer: 'buyer',
  actions: ['withdraw', 'counter', 'acceptCounter', 'declineCounter'],
  negotiation: {
    version: 2,
    turn: 'buyer',
    versions: testOfferAndCounter(testOffer().terms),
    bestRequest: null,
    preApprovalVerifiedAt: null,
  },
})

describe('the negotiation panel beside the offer pages', () => {
  it('holds no place for an offer with nothing to negotiate: no loader, no panel', async () => {
    const plain = testOffer({ actions: ['withdraw'] })
    expect(hasNegotiationContent(plain)).toBe(false)
    renderAt(<NegotiationPanelBeside offer={plain} pickers={testPickers()} />)
    expect(screen.queryByRole('status')).toBeNull()
    // Once the panel's code has arrived, it still draws nothing for this offer.
    await act(async () => void (await import('./negotiation-panel')))
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Negotiation' })).toBeNull())
    expect(screen.queryByRole('status')).toBeNull()
  })

  it('draws the panel once its code is here, for an offer in negotiation', async () => {
    renderAt(<NegotiationPanelBeside offer={countered} pickers={testPickers()} />)
    const panel = await screen.findByRole('region', { name: 'Negotiation' })
    expect(panel.textContent).toContain('Countered: your turn to answer')
    expect(screen.queryByRole('status', { name: 'Loading' })).toBeNull()
  })

  it('counts a counter the viewer may make, a highest-and-best request, an escalation and a pre-approval letter as something to show', () => {
    const plain = testOffer({ actions: ['withdraw'] })
    expect(hasNegotiationContent({ ...plain, actions: ['withdraw', 'counter'] })).toBe(true)
    expect(hasNegotiationContent({ ...plain, negotiation: { ...plain.negotiation, bestRequest: { deadline: '2030-01-05T23:00:00.000Z', message: 'Best by Friday', requestedAt: '2030-01-03T15:00:00.000Z' } } })).toBe(true)
    expect(hasNegotiationContent({ ...plain, terms: { ...plain.terms, escalation: { increment: 1_000, cap: 500_000, proofRequired: false } } })).toBe(true)
    expect(hasNegotiationContent({ ...plain, attachments: [{ id: 'file-1', kind: 'pre-approval', filename: 'letter.pdf', contentType: 'application/pdf', size: 1_024, createdAt: '2030-01-02T15:00:00.000Z' }] })).toBe(true)
  })
})
