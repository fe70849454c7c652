import { createEvent, fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { fakeApi } from '../../../test/fake-api'
import { renderAt } from '../../../test/render'
import { bodyOf, fetchRoutes, json, testPacket, testSigning } from '../test/test-signing'
import { FieldPlacementEditor } from './field-placement-editor'

vi.mock('../../../shared/ui/pdf-page', () => import('../test/pdf-page-stub'))

const api = fakeApi()

const draft = () =>
  testPacket({
    id: 'form-1',
    kind: 'form',
    status: 'draft',
    title: 'Amendment.pdf',
    signers: [],
    sentAt: null,
    expiresAt: null,
    pages: [
      { width: 612, height: 792 },
      { width: 612, height: 792 },
    ],
    actions: ['send', 'delete'],
  })

async function choose(label: string, option: string) {
  await userEvent.selectOptions(screen.getByRole('combobox', { name: label }), option)
}

function renderEditor(onDone = () => {}) {
  return renderAt(<FieldPlacementEditor packet={draft()} suggestedSigners={testSigning().suggestedSigners} onDone={onDone} />)
}

describe('FieldPlacementEditor', () => {
  it('places fields from the keyboard at the centre of the chosen page, nudges them with the arrows, and sends them as fractions by signer index', async () => {
    const onDone = vi.fn()
    const { calls } = fetchRoutes(api, { 'POST /api/signing/packets/form-1/send': () => json(200, { packet: { ...draft(), status: 'sent' } }) })
    renderEditor(onDone)

    await choose('Place on page', 'Page 2 of 2')
    await userEvent.click(screen.getByRole('button', { name: 'Signature' }))
    const benSignature = screen.getByRole('button', { name: 'Signature for Ben Buyer on page 2' })
    expect(within(screen.getByRole('img', { name: 'Page 2 of 2' }).parentElement as HTMLElement).getByRole('button', { name: 'Signature for Ben Buyer on page 2' })).toBe(benSignature)
    benSignature.focus()
    await userEvent.keyboard('{ArrowRight}{Shift>}{ArrowDown}{/Shift}')

    await choose('Fields for', 'Sam Seller')
    await userEvent.click(screen.getByRole('button', { name: 'Signature' }))
    await userEvent.click(screen.getByRole('button', { name: 'Initials' }))
    const initials = screen.getByRole('button', { name: 'Initials for Sam Seller on page 2' })
    initials.focus()
    await userEvent.keyboard('{Delete}')
    expect(screen.queryByRole('button', { name: 'Initials for Sam Seller on page 2' })).toBeNull()

    // The sender names the document, which starts as the file's name.
    const name = screen.getByRole('textbox', { name: 'Document name' })
    expect((name as HTMLInputElement).value).toBe('Amendment.pdf')
    await userEvent.clear(name)
    await userEvent.type(name, 'Amendment 1: repairs')

    await userEvent.click(screen.getByRole('button', { name: 'Send for signature' }))
    await waitFor(() => expect(calls('POST /api/signing/packets/form-1/send')).toHaveLength(1))
    expect(bodyOf(calls('POST /api/signing/packets/form-1/send')[0])).toEqual({
      title: 'Amendment 1: repairs',
      signers: [
        { name: 'Ben Buyer', email: 'buyer-simple@example.com', phone: '', role: 'buyer' },
        { name: 'Sam Seller', email: 'seller@example.com', phone: '', role: 'seller' },
      ],
      fields: [
        { signerKey: '0', type: 'signature', page: 1, x: 0.385, y: 0.525, width: 0.25, height: 0.05, required: true, label: '' },
        { signerKey: '1', type: 'signature', page: 1, x: 0.375, y: 0.475, width: 0.25, height: 0.05, required: true, label: '' },
      ],
      order: 'parallel',
      expiresInDays: 7,
      requireSmsCode: false,
      message: '',
    })
    await waitFor(() => expect(onDone).toHaveBeenCalledOnce())
  })

  it('warns while two fields cover each other on a page, and stops when one is moved away', async () => {
    renderEditor()
    await userEvent.click(screen.getByRole('button', { name: 'Signature' }))
    expect(screen.queryByTestId('fields-overlap')).toBeNull()
    await choose('Fields for', 'Sam Seller')
    await userEvent.click(screen.getByRole('button', { name: 'Signature' }))
    const warning = await screen.findByTestId('fields-overlap')
    expect(warning.textContent).toContain('Fields overlap')
    expect(warning.textContent).toContain('Signature for Ben Buyer on page 1 overlaps Signature for Sam Seller on page 1.')
    const samSignature = screen.getByRole('button', { name: 'Signature for Sam Seller on page 1' })
    samSignature.focus()
    await userEvent.keyboard('{Shift>}{ArrowDown}{ArrowDown}{/Shift}')
    await waitFor(() => expect(screen.queryByTestId('fields-overlap')).toBeNull())
  })

  it('keeps a nudged field inside the page', async () => {
    fetchRoutes(api, {})
    renderEditor()
    await userEvent.click(screen.getByRole('button', { name: 'Initials' }))
    const field = screen.getByRole('button', { name: 'Initials for Ben Buyer on page 1' })
    field.focus()
    await userEvent.keyboard(`{Shift>}${'{ArrowLeft}{ArrowUp}'.repeat(12)}{/Shift}`)
    expect(field.style.left).toBe('0%')
    expect(field.style.top).toBe('0%')
  })

  it('places a field dropped on a page where it was dropped', async () => {
    fetchRoutes(api, {})
    renderEditor()
    const overlay = screen.getByTestId('page-overlay-0')
    overlay.getBoundingClientRect = () => ({ left: 0, top: 0, width: 600, height: 800, right: 600, bottom: 800, x: 0, y: 0, toJSON: () => ({}) })
    const data = new Map<string, string>()
    const dataTransfer = { setData: (type: string, value: string) => data.set(type, value), getData: (type: string) => data.get(type) ?? '', get types() { return [...data.keys()] }, effectAllowed: 'all', dropEffect: 'none' }
    fireEvent.dragStart(screen.getByRole('button', { name: 'Full name' }), { dataTransfer })
    fireEvent.dragOver(overlay, { dataTransfer })
    // jsdom's drag events carry no coordinates; the drop gets them as a browser's would.
    const drop = createEvent.drop(overlay, { dataTransfer })
    Object.defineProperties(drop, { clientX: { value: 300 }, clientY: { value: 200 } })
    fireEvent(overlay, drop)
    const field = screen.getByRole('button', { name: 'Full name for Ben Buyer on page 1' })
    // Centred on the drop point: 0.5 - 0.2 / 2 across, 0.25 - 0.03 / 2 down.
    expect(field.style.left).toBe('40%')
    expect(field.style.top).toBe('23.5%')
  })

  it('refuses to send while a signer has no signature field, saying so on that signer', async () => {
    const { calls } = fetchRoutes(api, {})
    renderEditor()
    await userEvent.click(screen.getByRole('button', { name: 'Signature' }))
    await userEvent.click(screen.getByRole('button', { name: 'Send for signature' }))
    const second = screen.getByRole('group', { name: 'Signer 2' })
    expect(await within(second).findByText('Each signer needs at least one signature field')).toBeTruthy()
    expect(within(screen.getByRole('group', { name: 'Signer 1' })).queryByText('Each signer needs at least one signature field')).toBeNull()
    expect(calls('POST /api/signing/packets/form-1/send')).toHaveLength(0)
  })
})
