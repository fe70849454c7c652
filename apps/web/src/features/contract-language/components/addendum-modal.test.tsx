import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { concatLabel } from '@offerbook/domain/clauses/clause-text'
import { RF707_CLAUSES } from '@offerbook/domain/clauses/rf707-catalogue'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { clearSession, saveSession } from '../../../shared/session'
import { renderAt } from '../../../test/render'
import type { AddendumValue } from '../clause-form'
import { AddendumModal } from './addendum-modal'

afterEach(() => clearSession())

const parties = { buyer: 'Ben Buyer', seller: 'Olivia Owner', property: '1200 Demonbreun Street, Nashville, TN 37203' }

async function openModal(value: Partial<AddendumValue> = {}, path = '/kitchen-sink') {
  const onImport = vi.fn()
  const onClose = vi.fn()
  renderAt(<AddendumModal opened value={value} parties={parties} onImport={onImport} onClose={onClose} />, path)
  const dialog = await screen.findByRole('dialog', { name: 'ADDITIONAL CONTRACT LANGUAGE' })
  return { dialog, onImport, onClose, user: userEvent.setup() }
}

const checkbox = (dialog: HTMLElement, name: string) => within(dialog).getByLabelText(name, { selector: 'input[type=checkbox]' }) as HTMLInputElement
const input = (dialog: HTMLElement, name: string) => within(dialog).getByLabelText(name) as HTMLInputElement
const button = (dialog: HTMLElement, name: string) => within(dialog).getByRole('button', { name }) as HTMLButtonElement
/** The preview's words as one run (line numbers dropped); read from its list items directly, as role queries over 287 lines are slow in jsdom. */
const previewText = (dialog: HTMLElement) =>
  [...within(dialog).getByRole('region', { name: 'Preview of the RF707 document' }).querySelectorAll('li')]
    .map((line) => line.textContent?.slice(5) ?? '')
    .join(' ')
    .replace(/\s+/g, ' ')

describe('AddendumModal', { timeout: 60_000 }, () => {
  it('is titled ADDITIONAL CONTRACT LANGUAGE, without a logo, with the 13 lettered clauses, the two extra options, Close and Import', async () => {
    const { dialog } = await openModal()
    const boxes = within(dialog).getAllByRole('checkbox') as HTMLInputElement[]
    expect(boxes).toHaveLength(15)
    expect(boxes.map((box) => within(box.closest('[role=group]') as HTMLElement).getByText(/^[A-O]\. /).textContent?.slice(0, 2))).toEqual(
      ['A.', 'B.', 'C.', 'D.', 'E.', 'F.', 'G.', 'H.', 'I.', 'J.', 'K.', 'L.', 'M.', 'N.', 'O.'],
    )
    expect(checkbox(dialog, 'N. Additional clause 1')).toBeTruthy()
    expect(within(dialog).queryByRole('img')).toBeNull()
    expect(button(dialog, 'Import').disabled).toBe(true)
    expect(button(dialog, 'Close')).toBeTruthy()
    expect(input(dialog, 'Clause N: Language to add, in your own words').tagName).toBe('TEXTAREA')
    expect(input(dialog, 'Clause N: Language to add, in your own words').disabled).toBe(true)
  })

  it('previews the document on 6 pages of numbered lines with their footers, following what is typed', async () => {
    const { dialog, user } = await openModal()
    const preview = within(dialog).getByRole('region', { name: 'Preview of the RF707 document' })
    expect(within(preview).getAllByRole('listitem')).toHaveLength(287)
    for (const page of [1, 2, 3, 4, 5, 6]) expect(within(within(preview).getByRole('region', { name: `Page ${page} of 6` })).getByText(`Page ${page} of 6`)).toBeTruthy()
    expect(previewText(dialog)).toContain('between the Buyer Ben Buyer and the Seller Olivia Owner')
    expect(previewText(dialog)).toContain('A. [ ] Seller pays Buyer\'s expenses.')

    await user.click(checkbox(dialog, "A. Seller pays Buyer's expenses"))
    await user.type(input(dialog, 'Clause A: Percent of the purchase price'), '3')
    await user.click(checkbox(dialog, 'O. Additional clause 2'))
    await user.type(input(dialog, 'Clause O: Language to add, in your own words'), 'Washer stays.')
    await waitFor(() => expect(previewText(dialog)).toContain('A. [X] Seller pays Buyer\'s expenses. At Closing, Seller shall pay 3% of the Purchase Price'))
    await waitFor(() => expect(previewText(dialog)).toContain('O. [X] Additional clause 2. Washer stays.'))
    expect(within(preview).getAllByRole('listitem')).toHaveLength(287)
  })

  it('on Import marks each empty field of a ticked clause with its own error, focuses the first, and emits nothing', async () => {
    const { dialog, onImport, onClose, user } = await openModal()
    await user.click(checkbox(dialog, 'F. Viewing'))
    await user.type(input(dialog, 'Clause F: Who will view'), 'Buyer\'s parents')
    await user.click(button(dialog, 'Import'))
    const date = input(dialog, 'Clause F: View by (date)')
    const time = input(dialog, 'Clause F: View by (time)')
    expect(document.activeElement).toBe(date)
    // Each slot shows its own field's error (the original's cross-wired slots are not reproduced).
    expect(document.getElementById(date.getAttribute('aria-describedby') ?? '')?.textContent).toBe('Required')
    expect(document.getElementById(time.getAttribute('aria-describedby') ?? '')?.textContent).toBe('Required')
    expect(input(dialog, 'Clause F: Who will view').getAttribute('aria-invalid')).toBeNull()
    expect(onImport).not.toHaveBeenCalled()
    expect(onClose).not.toHaveBeenCalled()
  })

  it('on Import emits the text of the ticked clauses with the choices, and closes', async () => {
    const { dialog, onImport, onClose, user } = await openModal()
    await user.click(checkbox(dialog, 'M. Pool information'))
    await user.click(checkbox(dialog, 'N. Additional clause 1'))
    await user.type(input(dialog, 'Clause N: Language to add, in your own words'), 'Seller leaves the washer.')
    await user.click(button(dialog, 'Import'))
    expect(onImport).toHaveBeenCalledTimes(1)
    const value = onImport.mock.calls[0]?.[0] as AddendumValue
    expect(value.formData).toMatchObject({ MCheckbox: true, NCheckbox: true, Ntext1: 'Seller leaves the washer.', ACheckbox: false })
    expect(value.concatLabel).toBe(concatLabel(RF707_CLAUSES, value.formData))
    // Each imported clause keeps its letter and title.
    expect(value.concatLabel.split('\n')).toEqual([`M. Pool information: ${RF707_CLAUSES[12]?.template}`, 'N. Additional clause 1: Seller leaves the washer.'])
    expect(onClose).toHaveBeenCalledTimes(1)
  })

  it('reopens with the saved choices', async () => {
    const { dialog } = await openModal({ concatLabel: 'x', formData: { LCheckbox: true, Ltext1: '2026-09-30' } })
    expect(checkbox(dialog, 'L. Court permission and final judgment').checked).toBe(true)
    expect(input(dialog, 'Clause L: Final judgment by').value).toBe('2026-09-30')
    expect(previewText(dialog)).toContain('2026-09-30')
  })

  it('emits the closed event on Close and on Escape, without importing', async () => {
    const { dialog, onImport, onClose, user } = await openModal()
    await user.click(button(dialog, 'Close'))
    await user.keyboard('{Escape}')
    expect(onClose).toHaveBeenCalledTimes(2)
    expect(onImport).not.toHaveBeenCalled()
  })

  it('tells a visitor who is not signed in why the PDF cannot be downloaded, with a way to sign in and come back', async () => {
    const { dialog, user } = await openModal({}, '/kitchen-sink')
    await user.click(checkbox(dialog, 'M. Pool information'))
    const download = button(dialog, 'Download PDF')
    expect(download.disabled).toBe(true)
    const note = document.getElementById(download.getAttribute('aria-describedby') ?? '')
    expect(note?.textContent).toContain('Sign in to download the PDF of this addendum.')
    expect(within(note as HTMLElement).getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/auth/sign-in?redirect=%2Fkitchen-sink')
  })

  it('lets a signed-in user download once a clause is ticked', async () => {
    saveSession({ accessToken: 'token', persist: false })
    const { dialog, user } = await openModal()
    const download = button(dialog, 'Download PDF')
    expect(download.disabled).toBe(true)
    expect(document.getElementById(download.getAttribute('aria-describedby') ?? '')?.textContent).toBe('Tick at least one clause to download the PDF.')
    await user.click(checkbox(dialog, 'M. Pool information'))
    expect(button(dialog, 'Download PDF').disabled).toBe(false)
    expect(button(dialog, 'Download PDF').getAttribute('aria-describedby')).toBeNull()
  })
})
