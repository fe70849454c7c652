import { act, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { renderAt } from '../../test/render'
import { Controlled } from '../../test/controlled'
import { i18n } from '../i18n/i18n'
import type { PhoneInputProps } from './phone-input'
import { loadPhoneInput, PhoneInput } from './phone-input'

function Harness({ initial = '', onChange, ...props }: Partial<PhoneInputProps> & { initial?: string }) {
  return <Controlled input={PhoneInput} initial={initial} onValue={onChange} props={props} />
}

const number = () => screen.getByRole('textbox', { name: 'Phone number' })
const country = () => screen.getByRole('combobox', { name: 'Country' })

describe('PhoneInput', () => {
  // The number data is a chunk of its own, requested with the page; these tests are about the field it makes.
  beforeAll(async () => {
    await loadPhoneInput()
  })

  it('starts on the United States, with the US and Canada listed before the other countries', async () => {
    renderAt(<Harness />)

    expect(country()).toHaveProperty('value', 'US')
    // The other countries are drawn once the select is about to be used.
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['United States (+1)', 'Canada (+1)'])
    await userEvent.click(country())
    const options = screen.getAllByRole('option').map((option) => option.textContent)
    expect(options.slice(0, 2)).toEqual(['United States (+1)', 'Canada (+1)'])
    expect(options).toContain('United Kingdom (+44)')
    expect(options.indexOf('Afghanistan (+93)')).toBe(2)
  })

  it('formats a US number as it is typed and emits it in E.164', async () => {
    const onChange = vi.fn()
    renderAt(<Harness onChange={onChange} />)
    await userEvent.type(number(), '6155550123')

    expect(number()).toHaveProperty('value', '(615) 555-0123')
    expect(onChange.mock.calls).toEqual([['+16155550123']])
    expect(screen.queryByText('Invalid format')).toBeNull()
  })

  it('accepts the number typed already formatted', async () => {
    const onChange = vi.fn()
    renderAt(<Harness onChange={onChange} />)
    await userEvent.type(number(), '(615) 555-0123')

    expect(onChange).toHaveBeenLastCalledWith('+16155550123')
  })

  it("refuses (555) 555-0123 as the API's phone rule does: 555 is not an area code", async () => {
    const onChange = vi.fn()
    renderAt(<Harness onChange={onChange} />)
    await userEvent.type(number(), '(555) 555-0123')
    await userEvent.tab()

    expect(screen.getByText('Invalid format')).toBeTruthy()
    expect(onChange).not.toHaveBeenCalled()
  })

  it('shows Invalid format for a number that is not valid once the field is left, and emits nothing valid', async () => {
    const onChange = vi.fn()
    renderAt(<Harness onChange={onChange} />)
    await userEvent.type(number(), '615555')
    expect(screen.queryByText('Invalid format')).toBeNull()

    await userEvent.tab()
    expect(screen.getByText('Invalid format')).toBeTruthy()
    expect(number().getAttribute('aria-invalid')).toBe('true')
    expect(onChange).not.toHaveBeenCalled()
  })

  it('turns the number back to empty when it stops being valid, and an empty field clears Invalid format', async () => {
    const onChange = vi.fn()
    renderAt(<Harness onChange={onChange} />)
    await userEvent.type(number(), '6155550123')
    await userEvent.type(number(), '{Backspace}')
    await userEvent.tab()
    expect(onChange.mock.calls).toEqual([['+16155550123'], ['']])
    expect(screen.getByText('Invalid format')).toBeTruthy()

    await userEvent.clear(number())
    expect(screen.queryByText('Invalid format')).toBeNull()
    expect(number().getAttribute('aria-invalid')).not.toBe('true')
    expect(onChange).toHaveBeenLastCalledWith('')
  })

  it('reads a Canadian number in Canada', async () => {
    const onChange = vi.fn()
    renderAt(<Harness onChange={onChange} />)
    await userEvent.selectOptions(country(), 'CA')
    await userEvent.type(number(), '4165550123')

    expect(number()).toHaveProperty('value', '(416) 555-0123')
    expect(onChange).toHaveBeenLastCalledWith('+14165550123')
  })

  it('shows a given number formatted, with its own country selected', () => {
    renderAt(<Harness initial="+14165550123" />)

    expect(country()).toHaveProperty('value', 'CA')
    expect(number()).toHaveProperty('value', '(416) 555-0123')
  })

  it('shows a number of another country with that country selected before the list is drawn, and the whole list from the keyboard', async () => {
    renderAt(<Harness initial="+442079460958" />)

    expect(country()).toHaveProperty('value', 'GB')
    expect(screen.getByRole('option', { name: 'United Kingdom (+44)' })).toHaveProperty('selected', true)
    expect(screen.getAllByRole('option')).toHaveLength(3)

    await userEvent.tab()
    expect(document.activeElement).toBe(country())
    expect(screen.getAllByRole('option').length).toBeGreaterThan(200)
    await userEvent.selectOptions(country(), 'FR')
    expect(country()).toHaveProperty('value', 'FR')
  })

  it('takes the country from a number typed with its calling code', async () => {
    const onChange = vi.fn()
    renderAt(<Harness onChange={onChange} />)
    await userEvent.type(number(), '+442079460958')

    expect(country()).toHaveProperty('value', 'GB')
    expect(onChange).toHaveBeenLastCalledWith('+442079460958')
  })

  it('deletes a formatting character without putting it back', async () => {
    renderAt(<Harness />)
    await userEvent.type(number(), '615')
    expect(number()).toHaveProperty('value', '(615)')

    await userEvent.type(number(), '{Backspace}{Backspace}')
    expect(number()).toHaveProperty('value', '(61')
  })

  it('names the countries and the error in Spanish when the language is es-es', async () => {
    renderAt(<Harness />)
    await act(() => i18n.changeLanguage('es-es'))
    await userEvent.type(screen.getByRole('textbox', { name: 'Número de teléfono' }), '615')
    await userEvent.tab()

    expect(screen.getByRole('combobox', { name: 'País' })).toHaveProperty('value', 'US')
    expect(screen.getAllByRole('option')[0]?.textContent).toBe('Estados Unidos (+1)')
    expect(screen.getByText('Formato no válido')).toBeTruthy()
  })
})
