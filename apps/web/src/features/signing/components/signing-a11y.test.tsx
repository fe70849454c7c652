import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import axe from 'axe-core'
import { describe, expect, it, vi } from 'vitest'
import { fakeApi } from '../../../test/fake-api'
import { renderAt } from '../../../test/render'
import { fetchRoutes, json, testPacket, testSigner, testSigning } from '../test/test-signing'
import { FieldPlacementEditor } from './field-placement-editor'
import { OfferSigningPanel } from './offer-signing-panel'

vi.mock('../../../shared/ui/pdf-page', () => import('../test/pdf-page-stub'))

const api = fakeApi()

/** axe's rules that jsdom can judge (it has no layout, so no colour contrast). */
async function violations(root: Element = document.body) {
  const result = await axe.run(root, { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } } })
  return result.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)
}

describe('signing accessibility', () => {
  it('the panel with its packets and the send dialog have no axe violations', async () => {
    fetchRoutes(api, {
      'GET /api/offers/offer-1/signing': () =>
        json(
          200,
          testSigning({
            packets: [
              testPacket({ order: 'sequential', signers: [testSigner(), testSigner({ id: 's2', name: 'Sam Seller', email: 'sam@example.com', position: 1, canSignNow: false })] }),
              testPacket({ id: 'form-1', kind: 'form', status: 'completed', title: 'Amendment.pdf', completedAt: '2030-01-06T15:00:00.000Z', actions: ['download'] }),
            ],
          }),
        ),
    })
    renderAt(<OfferSigningPanel offerId="offer-1" offerStatus="accepted" />)
    await screen.findByText('Amendment.pdf')
    expect(await violations()).toEqual([])
    await userEvent.click(screen.getByRole('button', { name: 'Send for signature' }))
    const dialog = await screen.findByRole('dialog', { name: 'Send for signature' })
    await userEvent.click(within(dialog).getByRole('radio', { name: 'In order' }))
    expect(await violations(dialog)).toEqual([])
  })

  it('the field placement editor has no axe violations', async () => {
    fetchRoutes(api, {})
    renderAt(
      <FieldPlacementEditor
        packet={testPacket({ id: 'form-1', kind: 'form', status: 'draft', signers: [], actions: ['send', 'delete'] })}
        suggestedSigners={testSigning().suggestedSigners}
        onDone={() => {}}
      />,
    )
    await userEvent.click(screen.getByRole('button', { name: 'Signature' }))
    await userEvent.click(screen.getByRole('button', { name: 'Send for signature' }))
    expect(await violations()).toEqual([])
  })
})
