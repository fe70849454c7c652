import { useState } from 'react'
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { concatLabel } from '@offerbook/domain/clauses/clause-text'
import { STIPULATION_CLAUSES } from '@offerbook/domain/clauses/stipulation-catalogue'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { i18n } from '../../../shared/i18n/i18n'
import { renderAt } from '../../../test/render'
import type { StipulationValue } from '../clause-form'
import { GenerateEditButton } from './generate-edit-button'
import { StipulationModal } from './stipulation-modal'

afterEach(async () => {
  vi.useRealTimers()
  await i18n.changeLanguage('en-us')
})

const clauseA = "A. Seller pays Buyer's expenses"
const percentA = 'Clause A: Percent of the purchase price'
const dollarsA = 'Clause A: Most Seller will pay (dollars)'

async function openModal(value: Partial<StipulationValue> = {}) {
  const onImport = vi.fn()
  const onClose = vi.fn()
  renderAt(<StipulationModal opened value={value} onImport={onImport} onClose={onClose} />)
  const dialog = await screen.findByRole('dialog', { name: 'Stipulations' })
  return { dialog, onImport, onClose, user: userEvent.setup() }
}

const input = (dialog: HTMLElement, name: string) => within(dialog).getByLabelText(name) as HTMLInputElement
const importButton = (dialog: HTMLElement) => within(dialog).getByRole('button', { name: 'Import' }) as HTMLButtonElement
// Found by label rather than by role: the same for a user, and much quicker over 40 clauses in jsdom.
const checkbox = (dialog: HTMLElement, name: string) => within(dialog).getByLabelText(name, { selector: 'input[type=checkbox]' }) as HTMLInputElement

describe('StipulationModal', { timeout: 30_000 }, () => {
  it('lists the 40 clauses with every blank disabled and Import disabled until a clause is ticked', async () => {
    const { dialog, user } = await openModal()
    const boxes = within(dialog).getAllByRole('checkbox') as HTMLInputElement[]
    expect(boxes).toHaveLength(40)
    expect(boxes.map((box) => box.checked)).toEqual(Array(40).fill(false))
    expect(checkbox(dialog, 'N1. Selling Broker compensation')).toBeTruthy()
    const blanks = [...dialog.querySelectorAll('input:not([type=checkbox]), textarea')] as HTMLInputElement[]
    expect(blanks.length).toBe(STIPULATION_CLAUSES.reduce((sum, clause) => sum + clause.fields.length, 0))
    expect(blanks.every((blank) => blank.disabled)).toBe(true)
    expect(importButton(dialog).disabled).toBe(true)

    await user.click(checkbox(dialog, clauseA))
    expect(importButton(dialog).disabled).toBe(false)
    expect(input(dialog, percentA).disabled).toBe(false)
    expect(input(dialog, dollarsA).disabled).toBe(false)
    expect(input(dialog, 'Clause B: Price reduction (dollars)').disabled).toBe(true)

    await user.click(checkbox(dialog, clauseA))
    expect(importButton(dialog).disabled).toBe(true)
    expect(input(dialog, percentA).disabled).toBe(true)
  })

  it('puts each blank inside its clause text, labelled with the clause letter, with inputs suited to the kind', async () => {
    const { dialog } = await openModal()
    const group = within(dialog).getByRole('group', { name: clauseA })
    expect(group.textContent).toContain('At Closing, Seller shall pay % of the Purchase Price, but not more than $ in all')
    expect(input(dialog, percentA).getAttribute('inputmode')).toBe('decimal')
    expect(input(dialog, 'Clause R: Days for the pool inspection').getAttribute('inputmode')).toBe('numeric')
    expect(input(dialog, 'Clause E: Must close by').type).toBe('date')
    expect(input(dialog, 'Clause Z: Hold until (time)').placeholder).toBe('hh:mm AM')
    expect(checkbox(dialog, 'M. Pool information')).toBeTruthy()
    expect(within(within(dialog).getByRole('group', { name: 'M. Pool information' })).queryAllByRole('textbox')).toHaveLength(0)
  })

  it('checks a field on blur, shows Required beside it while its clause is ticked, and clears the errors when unticked', async () => {
    const { dialog, user } = await openModal()
    await user.click(checkbox(dialog, clauseA))
    expect(within(dialog).queryByText('Required')).toBeNull()

    await user.click(input(dialog, percentA))
    await user.tab()
    const percent = input(dialog, percentA)
    expect(percent.getAttribute('aria-invalid')).toBe('true')
    const error = document.getElementById(percent.getAttribute('aria-describedby') ?? '')
    expect(error?.textContent).toBe('Required')
    expect(error?.getAttribute('style')).toContain('color: var(--mantine-color-error)')

    await user.type(input(dialog, dollarsA), '-5')
    await user.tab()
    expect(within(dialog).getByText('An amount cannot be negative')).toBeTruthy()

    await user.type(percent, '3')
    await user.tab()
    expect(percent.getAttribute('aria-invalid')).toBeNull()
    expect(within(dialog).queryByText('Required')).toBeNull()

    await user.clear(percent)
    await user.tab()
    expect(within(dialog).getByText('Required')).toBeTruthy()

    await user.click(checkbox(dialog, clauseA))
    expect(within(dialog).queryByText('Required')).toBeNull()
    expect(within(dialog).queryByText('An amount cannot be negative')).toBeNull()
    await user.click(checkbox(dialog, clauseA))
    expect(within(dialog).queryByText('Required')).toBeNull()
    expect(input(dialog, percentA).getAttribute('aria-invalid')).toBeNull()
  })

  it('checks each kind with the domain rules (percent, days, time) and says what is wrong', async () => {
    const { dialog, user } = await openModal()
    for (const name of [clauseA, 'R. Pools', 'E. Sale of Buyer\'s property contingency', 'Z. Earnest Money held until a set time']) await user.click(checkbox(dialog, name))
    await user.type(input(dialog, percentA), '101')
    await user.type(input(dialog, 'Clause R: Days for the pool inspection'), '2.5')
    await user.type(input(dialog, 'Clause Z: Hold until (time)'), '13:75')
    await user.tab()
    await user.click(importButton(dialog))
    expect(within(dialog).getByText('A percent cannot be more than 100')).toBeTruthy()
    expect(within(dialog).getByText('Enter a whole number of days, e.g. 10')).toBeTruthy()
    expect(within(dialog).getByText('This time does not exist')).toBeTruthy()
    // Empty fields as well, so the line asks for every required field.
    expect(within(dialog).getByRole('alert').textContent).toBe('Please fill in all required fields')
  })

  it('on Import with an empty or white-space field shows the message for 3000 ms, marks the field and emits nothing', async () => {
    const { dialog, onImport, onClose } = await openModal()
    fireEvent.click(checkbox(dialog, clauseA))
    fireEvent.change(input(dialog, percentA), { target: { value: '3' } })
    fireEvent.change(input(dialog, dollarsA), { target: { value: '   ' } })

    vi.useFakeTimers()
    fireEvent.click(importButton(dialog))
    const alert = within(dialog).getByRole('alert')
    expect(alert.textContent).toBe('Please fill in all required fields')
    expect(input(dialog, dollarsA).getAttribute('aria-invalid')).toBe('true')
    expect(document.activeElement).toBe(input(dialog, dollarsA))
    expect(onImport).not.toHaveBeenCalled()
    expect(onClose).not.toHaveBeenCalled()

    act(() => vi.advanceTimersByTime(2999))
    expect(alert.textContent).toBe('Please fill in all required fields')
    act(() => vi.advanceTimersByTime(1))
    expect(alert.textContent).toBe('')
    // The field's own error stays until it is fixed.
    expect(within(dialog).getByText('Required')).toBeTruthy()
  })

  it('on Import with every ticked clause filled emits concatLabel and the form data, and closes', async () => {
    const { dialog, onImport, onClose, user } = await openModal()
    await user.click(checkbox(dialog, clauseA))
    await user.type(input(dialog, percentA), '3')
    await user.type(input(dialog, dollarsA), '5,000')
    await user.click(checkbox(dialog, 'B1. Inspection costs'))
    await user.click(checkbox(dialog, 'Z. Earnest Money held until a set time'))
    await user.type(input(dialog, 'Clause Z: Hold until (time)'), '03:45 PM')
    await user.click(importButton(dialog))

    expect(onImport).toHaveBeenCalledTimes(1)
    const value = onImport.mock.calls[0]?.[0] as StipulationValue
    const expected = { ACheckbox: true, Atext1: '3', Atext2: '5,000', B1Checkbox: true, ZCheckbox: true, Ztext1: '03:45 PM' }
    expect(value.stipulationFormData).toMatchObject(expected)
    expect(value.stipulationFormData.BCheckbox).toBe(false)
    expect(value.concatLabel).toBe(concatLabel(STIPULATION_CLAUSES, expected))
    const lines = value.concatLabel.split('\n')
    expect(lines).toHaveLength(3)
    expect(lines[0]).toContain('Seller shall pay 3% of the Purchase Price, but not more than $5,000 in all')
    expect(lines[1]).toContain('undeposited until 03:45 PM on the first business day')
    // An imported clause keeps its letter and title before its words.
    const b1 = STIPULATION_CLAUSES.find((clause) => clause.key === 'B1')
    expect(lines[2]).toMatch(/^B1\. [^:]+: /)
    expect(lines[2]?.endsWith(b1?.template ?? '-')).toBe(true)
    expect(onClose).toHaveBeenCalledTimes(1)
    expect(within(dialog).getByRole('alert').textContent).toBe('')
  })

  it('Close and Escape return without emitting', async () => {
    const { dialog, onImport, onClose, user } = await openModal()
    await user.click(checkbox(dialog, 'M. Pool information'))
    await user.click(within(dialog).getByRole('button', { name: 'Close' }))
    expect(onClose).toHaveBeenCalledTimes(1)
    await user.keyboard('{Escape}')
    expect(onClose).toHaveBeenCalledTimes(2)
    expect(onImport).not.toHaveBeenCalled()
  })

  it('shows the messages in Spanish, keeping the clause texts in English', async () => {
    const onImport = vi.fn()
    renderAt(<StipulationModal opened value={{}} onImport={onImport} onClose={() => {}} />)
    // renderAt starts in en-us; the visitor then switches.
    await act(() => i18n.changeLanguage('es-es'))
    const dialog = await screen.findByRole('dialog', { name: 'Estipulaciones' })
    const user = userEvent.setup()
    await user.click(within(dialog).getByRole('checkbox', { name: clauseA }))
    await user.type(within(dialog).getByLabelText('Cláusula A: Porcentaje del precio de compra'), 'abc')
    await user.click(within(dialog).getByRole('button', { name: 'Importar' }))
    expect(within(dialog).getByText('Escriba el porcentaje como un número, p. ej., 3 o 2.5')).toBeTruthy()
    expect(within(dialog).getByText('Obligatorio')).toBeTruthy()
    expect(within(dialog).getByRole('alert').textContent).toBe('Rellene todos los campos obligatorios')
    expect(within(dialog).getByText(clauseA).getAttribute('lang')).toBe('en')
  })
})

/** A parent as the offer editor will be: the saved value, the GENERATE/EDIT button and the modal. */
function Parent({ initial = {} }: { initial?: StipulationValue | Record<string, never> }) {
  const [value, setValue] = useState<StipulationValue | Record<string, never>>(initial)
  const [opened, setOpened] = useState(false)
  return (
    <>
      <GenerateEditButton value={value} onClick={() => setOpened(true)} />
      <output aria-label="Saved text">{value.concatLabel ?? ''}</output>
      <StipulationModal opened={opened} value={value} onImport={setValue} onClose={() => setOpened(false)} />
    </>
  )
}

describe('GENERATE and EDIT on the parent', { timeout: 30_000 }, () => {
  const closed = () => waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())

  it('reads GENERATE with no saved value, EDIT after an Import, and EDIT reopens with the saved choices', async () => {
    const user = userEvent.setup()
    renderAt(<Parent />)
    await user.click(screen.getByRole('button', { name: 'GENERATE' }))
    let dialog = await screen.findByRole('dialog', { name: 'Stipulations' })
    await user.click(checkbox(dialog, 'R. Pools'))
    await user.type(input(dialog, 'Clause R: Days for the pool inspection'), '7')
    await user.click(importButton(dialog))
    await closed()
    expect(screen.getByRole('status', { name: 'Saved text' }).textContent).toContain('inspected within 7 days after the Binding Agreement Date')
    expect(screen.queryByRole('button', { name: 'GENERATE' })).toBeNull()

    await user.click(screen.getByRole('button', { name: 'EDIT' }))
    dialog = await screen.findByRole('dialog', { name: 'Stipulations' })
    expect(checkbox(dialog, 'R. Pools').checked).toBe(true)
    expect(input(dialog, 'Clause R: Days for the pool inspection').value).toBe('7')
    expect(importButton(dialog).disabled).toBe(false)
  })

  it('reads EDIT for any value with keys', () => {
    renderAt(<Parent initial={{ concatLabel: '', stipulationFormData: {} }} />)
    expect(screen.getByRole('button', { name: 'EDIT' })).toBeTruthy()
  })

  it('opening with no saved value clears the form: choices left by Close are gone', async () => {
    const user = userEvent.setup()
    renderAt(<Parent />)
    await user.click(screen.getByRole('button', { name: 'GENERATE' }))
    let dialog = await screen.findByRole('dialog', { name: 'Stipulations' })
    await user.click(checkbox(dialog, clauseA))
    await user.type(input(dialog, percentA), '3')
    await user.click(within(dialog).getByRole('button', { name: 'Close' }))
    await closed()
    expect(screen.getByRole('button', { name: 'GENERATE' })).toBeTruthy()

    await user.click(screen.getByRole('button', { name: 'GENERATE' }))
    dialog = await screen.findByRole('dialog', { name: 'Stipulations' })
    expect(checkbox(dialog, clauseA).checked).toBe(false)
    expect(input(dialog, percentA).value).toBe('')
    expect(importButton(dialog).disabled).toBe(true)
  })
})
