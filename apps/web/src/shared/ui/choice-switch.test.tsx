import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { renderAt } from '../../test/render'
import { ChoiceSwitch } from './choice-switch'

const radio = (name: string) => screen.getByRole<HTMLInputElement>('radio', { name })

const VIEWS = [
  { value: 'cards', label: 'Cards' },
  { value: 'table', label: 'Table' },
] as const

function Views({ onChange }: { onChange: (value: string) => void }) {
  const [view, setView] = useState<'cards' | 'table'>('cards')
  return (
    <ChoiceSwitch
      aria-label="View"
      value={view}
      onChange={(next) => {
        setView(next)
        onChange(next)
      }}
      data={VIEWS}
    />
  )
}

describe('ChoiceSwitch', () => {
  it('is a named group of radio buttons with the chosen one checked, and a click on a name chooses it', async () => {
    const onChange = vi.fn()
    renderAt(<Views onChange={onChange} />)
    const group = screen.getByRole('radiogroup', { name: 'View' })
    expect(radio('Cards').checked).toBe(true)
    expect(radio('Table').checked).toBe(false)
    expect(group.querySelector('[data-checked]')?.textContent).toBe('Cards')

    await userEvent.click(screen.getByText('Table'))
    expect(onChange).toHaveBeenCalledWith('table')
    expect(radio('Table').checked).toBe(true)
    expect(group.querySelector('[data-checked]')?.textContent).toBe('Table')
  })

  it('keeps its radio buttons in one named set, which the browser moves through with the arrow keys, apart from another switch', () => {
    renderAt(
      <>
        <Views onChange={() => {}} />
        <Views onChange={() => {}} />
      </>,
    )
    const [first, second] = screen.getAllByRole('radiogroup', { name: 'View' }).map((group) => [...group.querySelectorAll('input')].map((input) => input.name))
    expect(new Set(first).size).toBe(1)
    expect(first?.[0]).not.toBe('')
    expect(new Set(second).size).toBe(1)
    expect(second?.[0]).not.toBe(first?.[0])
  })
})
