import { act, fireEvent, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderAt } from '../../test/render'
import { Controlled } from '../../test/controlled'
import { i18n } from '../i18n/i18n'
import type { IncrementInputProps } from './increment-input'
import { IncrementInput } from './increment-input'

function Harness({ initial = null, onChange, ...props }: Partial<IncrementInputProps> & { initial?: number | null }) {
  return <Controlled input={IncrementInput} initial={initial} onValue={onChange} props={{ label: 'Offer price', ...props }} />
}

const field = () => screen.getByRole('spinbutton', { name: 'Offer price' })
const increase = () => screen.getByRole('button', { name: 'Increase' })
const decrease = () => screen.getByRole('button', { name: 'Decrease' })
const wait = (ms: number) => act(() => vi.advanceTimersByTime(ms))

// jsdom has no PointerEvent; React reads the button from any mouse event named pointerdown.
const press = (button: HTMLElement) => fireEvent(button, new MouseEvent('pointerdown', { bubbles: true, cancelable: true, button: 0 }))
const release = (button: HTMLElement) => fireEvent(button, new MouseEvent('pointerup', { bubbles: true, cancelable: true, button: 0 }))

afterEach(() => vi.useRealTimers())

describe('IncrementInput', () => {
  it('steps up and down by units', async () => {
    renderAt(<Harness initial={1000} units={250} />)
    await userEvent.click(increase())
    expect(field()).toHaveProperty('value', '1,250')
    await userEvent.click(increase())
    await userEvent.click(decrease())
    expect(field()).toHaveProperty('value', '1,250')
    expect(field().getAttribute('aria-valuenow')).toBe('1250')
  })

  it('steps by 1 when no units are given', async () => {
    const onChange = vi.fn()
    renderAt(<Harness initial={7} onChange={onChange} />)
    await userEvent.click(increase())
    expect(onChange.mock.calls).toEqual([[8]])
  })

  it('disables Increase at max and Decrease at min, and never steps past them', async () => {
    const onChange = vi.fn()
    renderAt(<Harness initial={8} min={5} max={10} units={2} onChange={onChange} />)
    expect(decrease()).toHaveProperty('disabled', false)
    await userEvent.click(increase())
    expect(increase()).toHaveProperty('disabled', true)

    await userEvent.click(decrease())
    await userEvent.click(decrease())
    expect(field()).toHaveProperty('value', '6')
    await userEvent.click(decrease())
    expect(field()).toHaveProperty('value', '5')
    expect(decrease()).toHaveProperty('disabled', true)
    expect(increase()).toHaveProperty('disabled', false)
    expect(onChange.mock.calls).toEqual([[10], [8], [6], [5]])
  })

  it('repeats while held: one step at once, none more before 600 ms, then one every 100 ms until release', async () => {
    vi.useFakeTimers()
    const onChange = vi.fn()
    renderAt(<Harness initial={10} units={5} onChange={onChange} />)

    press(increase())
    expect(onChange.mock.calls).toEqual([[15]])
    await wait(599)
    expect(onChange).toHaveBeenCalledTimes(1)
    await wait(1)
    expect(onChange).toHaveBeenLastCalledWith(20)
    await wait(100)
    expect(onChange).toHaveBeenLastCalledWith(25)
    await wait(200)
    expect(onChange.mock.calls).toEqual([[15], [20], [25], [30], [35]])

    release(increase())
    await wait(1000)
    expect(onChange).toHaveBeenCalledTimes(5)
    expect(field()).toHaveProperty('value', '35')
  })

  it('stops repeating when the pointer leaves the button', async () => {
    vi.useFakeTimers()
    const onChange = vi.fn()
    renderAt(<Harness initial={10} onChange={onChange} />)

    press(decrease())
    await wait(600)
    fireEvent.pointerLeave(decrease())
    await wait(1000)
    expect(onChange.mock.calls).toEqual([[9], [8]])
  })

  it('keeps repeating a held button when the other button, focused before, loses focus', async () => {
    vi.useFakeTimers()
    const onChange = vi.fn()
    renderAt(<Harness initial={10} onChange={onChange} />)

    decrease().focus()
    press(increase())
    // A browser moves focus to the pressed button, so the previously focused one is blurred mid-press.
    increase().focus()
    await wait(700)
    expect(onChange.mock.calls).toEqual([[11], [12], [13]])
    release(increase())
  })

  it('stops a held button when it loses focus itself', async () => {
    vi.useFakeTimers()
    const onChange = vi.fn()
    renderAt(<Harness initial={10} onChange={onChange} />)

    increase().focus()
    press(increase())
    increase().blur()
    await wait(1000)
    expect(onChange.mock.calls).toEqual([[11]])
  })

  it('stops a held button at the bound', async () => {
    vi.useFakeTimers()
    const onChange = vi.fn()
    renderAt(<Harness initial={3} min={0} onChange={onChange} />)

    press(decrease())
    await wait(5000)
    expect(onChange.mock.calls).toEqual([[2], [1], [0]])
    expect(decrease()).toHaveProperty('disabled', true)
  })

  it('steps once for Enter or Space on a button, and repeats while the key is held', async () => {
    const onChange = vi.fn()
    renderAt(<Harness initial={10} onChange={onChange} />)
    increase().focus()
    await userEvent.keyboard('{Enter}')
    expect(onChange.mock.calls).toEqual([[11]])
    await userEvent.keyboard(' ')
    expect(onChange.mock.calls).toEqual([[11], [12]])

    vi.useFakeTimers()
    fireEvent.keyDown(increase(), { key: 'Enter' })
    await wait(700)
    fireEvent.keyUp(increase(), { key: 'Enter' })
    await wait(1000)
    expect(onChange.mock.calls).toEqual([[11], [12], [13], [14], [15]])
  })

  it('steps with ArrowUp and ArrowDown in the field', async () => {
    const onChange = vi.fn()
    renderAt(<Harness initial={100} units={10} onChange={onChange} />)
    await userEvent.type(field(), '{ArrowUp}{ArrowUp}{ArrowDown}')
    expect(onChange.mock.calls).toEqual([[110], [120], [110]])
  })

  it('reads 1,250 as 1250, stripping . , - and /', async () => {
    const onChange = vi.fn()
    renderAt(<Harness onChange={onChange} />)
    await userEvent.type(field(), '1,250')
    expect(onChange).toHaveBeenLastCalledWith(1250)

    await userEvent.clear(field())
    expect(onChange).toHaveBeenLastCalledWith(null)
    await userEvent.type(field(), '2.5-0/0')
    expect(field()).toHaveProperty('value', '2.5-0/0')
    expect(onChange).toHaveBeenLastCalledWith(2500)
    await userEvent.tab()
    expect(field()).toHaveProperty('value', '2,500')
  })

  it('refuses letters', async () => {
    renderAt(<Harness initial={12} />)
    await userEvent.type(field(), 'abc')
    expect(field()).toHaveProperty('value', '12')
  })

  it('sets a value below min to min on blur, with the hint Min of $1,000.00', async () => {
    const onChange = vi.fn()
    renderAt(<Harness min={1000} onChange={onChange} />)
    await userEvent.type(field(), '50')
    expect(screen.queryByText(/Min of/)).toBeNull()

    await userEvent.tab()
    expect(onChange).toHaveBeenLastCalledWith(1000)
    expect(field()).toHaveProperty('value', '1,000')
    expect(screen.getByRole('status').textContent).toBe('Min of $1,000.00')

    await userEvent.click(increase())
    expect(screen.queryByText(/Min of/)).toBeNull()
  })

  it('sets a value above max to max on blur, with the hint Max of', async () => {
    const onChange = vi.fn()
    renderAt(<Harness max={5000} onChange={onChange} />)
    await userEvent.type(field(), '9000')
    await userEvent.tab()

    expect(onChange).toHaveBeenLastCalledWith(5000)
    expect(screen.getByRole('status').textContent).toBe('Max of $5,000.00')
  })

  it('writes the hint as a count when currency is off, and in Spanish for es-es', async () => {
    renderAt(<Harness min={1500} currency={false} />)
    await userEvent.type(field(), '3')
    await userEvent.tab()
    expect(screen.getByRole('status').textContent).toBe('Min of 1,500')

    await act(() => i18n.changeLanguage('es-es'))
    await userEvent.type(field(), '{Backspace}{Backspace}{Backspace}{Backspace}2')
    await userEvent.tab()
    expect(screen.getByRole('status').textContent).toBe('Mínimo de 1500')
    expect(screen.getByRole('button', { name: 'Aumentar' })).toBeTruthy()
  })
})
