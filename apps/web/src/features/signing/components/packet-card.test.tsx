import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { fakeApi } from '../../../test/fake-api'
import { renderAt } from '../../../test/render'
import { bodyOf, fetchRoutes, json, testPacket, testSigner } from '../test/test-signing'
import type { PacketView } from '@offerbook/domain/signing'
import { PacketCard } from './packet-card'

const api = fakeApi()

const buttonNames = () => screen.queryAllByRole('button').map((button) => button.textContent)

describe('PacketCard', () => {
  it('offers exactly the actions the packet allows', () => {
    fetchRoutes(api, {})
    const { unmount } = renderAt(<PacketCard packet={testPacket({ actions: ['remind', 'void'] })} />)
    expect(buttonNames()).toEqual(['Remind', 'Void'])
    unmount()

    renderAt(<PacketCard packet={testPacket({ status: 'completed', completedAt: '2030-01-06T15:00:00.000Z', actions: ['download'] })} />)
    expect(buttonNames()).toEqual(['Download signed PDF'])
  })

  it('tells the sender what was taken out of an uploaded file, and says nothing of a clean one', () => {
    fetchRoutes(api, {})
    const documents: PacketView['documents'] = [
      { filename: 'Addendum.pdf', sha256: 'a'.repeat(64), pageCount: 1, removed: ['scripts', 'formFields'] },
      { filename: 'Survey.pdf', sha256: 'b'.repeat(64), pageCount: 2, removed: [] },
    ]
    const { unmount } = renderAt(<PacketCard packet={testPacket({ kind: 'form', status: 'draft', signers: [], sentAt: null, actions: ['send', 'delete'], documents })} onEdit={() => {}} />)
    const notice = screen.getByTestId('packet-removed')
    expect(within(notice).getByText('Taken out before signing')).toBeTruthy()
    expect(within(notice).getByText('Addendum.pdf: scripts; form fields, flattened: what they showed stays on the page.')).toBeTruthy()
    expect(within(notice).queryByText(/Survey\.pdf/)).toBeNull()
    unmount()
    renderAt(<PacketCard packet={testPacket({ documents: [documents[1]!] })} />)
    expect(screen.queryByTestId('packet-removed')).toBeNull()
  })

  it('says why a finished packet is not sealed yet while no timestamp authority answers', () => {
    fetchRoutes(api, {})
    const { unmount } = renderAt(<PacketCard packet={testPacket({ status: 'completing', actions: [] })} />)
    expect(screen.getByRole('status').textContent).toBe('Every signer has signed. The signed PDF is being sealed; this takes a moment.')
    unmount()
    renderAt(<PacketCard packet={testPacket({ status: 'completing', actions: [], sealWaiting: { reason: 'timestamp-unavailable', since: '2030-01-06T15:00:00.000Z' } })} />)
    expect(screen.getByRole('status').textContent).toMatch(/^The seal waits for a trusted timestamp: no timestamp authority has answered since .*2030.*\. Offerbook tries again by itself; the packet is not sealed without one\.$/)
  })

  it('offers Place fields and Delete draft on a draft form document', () => {
    fetchRoutes(api, {})
    renderAt(<PacketCard packet={testPacket({ kind: 'form', status: 'draft', title: 'Amendment.pdf', signers: [], sentAt: null, actions: ['send', 'delete'] })} onEdit={() => {}} />)
    expect(buttonNames()).toEqual(['Place fields', 'Delete draft'])
    expect(screen.getByText('Draft')).toBeTruthy()
  })

  it("labels a signed form 'form approved' and a declined one 'form declined'; the offer packet reads Signed", () => {
    fetchRoutes(api, {})
    const { unmount } = renderAt(<PacketCard packet={testPacket({ kind: 'form', status: 'completed', actions: [] })} />)
    expect(screen.getByText('form approved')).toBeTruthy()
    unmount()
    const declined = renderAt(<PacketCard packet={testPacket({ kind: 'form', status: 'declined', actions: [] })} />)
    expect(screen.getByText('form declined')).toBeTruthy()
    declined.unmount()
    renderAt(<PacketCard packet={testPacket({ kind: 'offer', status: 'completed', actions: [] })} />)
    expect(screen.getByText('Signed')).toBeTruthy()
  })

  it('tells where each signer is: waiting for their turn, viewed, signed or declined with the reason', () => {
    fetchRoutes(api, {})
    renderAt(
      <PacketCard
        packet={testPacket({
          order: 'sequential',
          signers: [
            testSigner({ id: 's1', name: 'Ann One', position: 0, status: 'signed', signedAt: '2030-01-06T15:00:00.000Z', canSignNow: false }),
            testSigner({ id: 's2', name: 'Bo Two', email: 'bo@example.com', position: 1, viewedAt: '2030-01-06T16:00:00.000Z' }),
            testSigner({ id: 's3', name: 'Cy Three', email: 'cy@example.com', position: 2, canSignNow: false }),
          ],
        })}
      />,
    )
    const rows = within(screen.getByRole('table', { name: /^Signers of/ })).getAllByRole('row')
    expect(rows[1]?.textContent).toMatch(/Ann One.*Buyer.*Signed /)
    expect(rows[2]?.textContent).toMatch(/Bo Two.*Viewed$/)
    expect(rows[3]?.textContent).toMatch(/Cy Three.*Waiting for turn$/)
    expect(screen.getByText('Out for signature')).toBeTruthy()
    expect(screen.getByText('Signers sign in the order shown.')).toBeTruthy()
  })

  it('shows a decline and its reason', () => {
    fetchRoutes(api, {})
    renderAt(<PacketCard packet={testPacket({ status: 'declined', actions: [], signers: [testSigner({ status: 'declined', declinedAt: '2030-01-06T15:00:00.000Z', declineReason: 'Price is wrong' })] })} />)
    expect(screen.getByText('Declined: Price is wrong')).toBeTruthy()
  })

  it('reminds the signers and says who was reminded', async () => {
    const { calls } = fetchRoutes(api, { 'POST /api/signing/packets/packet-1/remind': () => json(200, { packet: testPacket() }) })
    renderAt(<PacketCard packet={testPacket()} />)
    await userEvent.click(screen.getByRole('button', { name: 'Remind' }))
    expect(await screen.findByText('Reminder sent to Ben Buyer, Sam Seller')).toBeTruthy()
    expect(calls('POST /api/signing/packets/packet-1/remind')).toHaveLength(1)
  })

  it('voids only with a reason, which it sends', async () => {
    const { calls } = fetchRoutes(api, { 'POST /api/signing/packets/packet-1/void': () => json(200, { packet: testPacket({ status: 'voided', voidReason: 'Wrong price', actions: [] }) }) })
    renderAt(<PacketCard packet={testPacket()} />)
    await userEvent.click(screen.getByRole('button', { name: 'Void' }))
    const dialog = await screen.findByRole('dialog', { name: 'Void this packet?' })
    await userEvent.click(within(dialog).getByRole('button', { name: 'Void packet' }))
    expect(await within(dialog).findByText('Please give a reason')).toBeTruthy()
    expect(calls('POST /api/signing/packets/packet-1/void')).toHaveLength(0)

    await userEvent.type(within(dialog).getByLabelText(/Reason/), '  Wrong price ')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Void packet' }))
    await waitFor(() => expect(calls('POST /api/signing/packets/packet-1/void')).toHaveLength(1))
    expect(bodyOf(calls('POST /api/signing/packets/packet-1/void')[0])).toEqual({ reason: 'Wrong price' })
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Void this packet?' })).toBeNull())
  })
})
