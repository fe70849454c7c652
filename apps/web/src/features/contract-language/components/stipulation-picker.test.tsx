import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { ClauseFormData } from '@offerbook/domain/clauses/clause-types'
import { describe, expect, it, vi } from 'vitest'
import { renderAt } from '../../../test/render'
import { StipulationPicker } from './stipulation-picker'

const checkbox = (dialog: HTMLElement, name: string) => within(dialog).getByLabelText(name, { selector: 'input[type=checkbox]' }) as HTMLInputElement
const input = (dialog: HTMLElement, name: string) => within(dialog).getByLabelText(name) as HTMLInputElement

/** As the offer saved them: what a page opened afresh (after a reload) has, and nothing else. */
const SAVED: ClauseFormData = { ACheckbox: true, Atext1: '3', Atext2: '5,000', MCheckbox: true, BCheckbox: false, Btext1: '' }

describe('StipulationPicker', { timeout: 30_000 }, () => {
  it('reads GENERATE with no saved choices and opens an empty form', async () => {
    const user = userEvent.setup()
    renderAt(<StipulationPicker choices={null} onImport={vi.fn()} disabled={false} />)
    await user.click(await screen.findByRole('button', { name: 'GENERATE' }))
    const dialog = await screen.findByRole('dialog', { name: 'Stipulations' })
    expect((within(dialog).getAllByRole('checkbox') as HTMLInputElement[]).some((box) => box.checked)).toBe(false)
  })

  it('reopens with the saved ticks and values on EDIT, and imports the choices, not text', async () => {
    const user = userEvent.setup()
    const onImport = vi.fn()
    renderAt(<StipulationPicker choices={SAVED} onImport={onImport} disabled={false} />)
    await user.click(await screen.findByRole('button', { name: 'EDIT' }))
    const dialog = await screen.findByRole('dialog', { name: 'Stipulations' })

    expect(checkbox(dialog, "A. Seller pays Buyer's expenses").checked).toBe(true)
    expect(checkbox(dialog, 'M. Pool information').checked).toBe(true)
    expect(checkbox(dialog, 'B. Reduction in price in lieu of repairs').checked).toBe(false)
    expect(input(dialog, 'Clause A: Percent of the purchase price').value).toBe('3')
    expect(input(dialog, 'Clause A: Most Seller will pay (dollars)').value).toBe('5,000')
    const ticked = (within(dialog).getAllByRole('checkbox') as HTMLInputElement[]).filter((box) => box.checked)
    expect(ticked).toHaveLength(2)

    await user.click(within(dialog).getByRole('button', { name: 'Import' }))
    expect(onImport).toHaveBeenCalledTimes(1)
    const imported = onImport.mock.calls[0]?.[0] as ClauseFormData
    expect(imported).toMatchObject({ ACheckbox: true, Atext1: '3', Atext2: '5,000', MCheckbox: true, BCheckbox: false })
  })
})
