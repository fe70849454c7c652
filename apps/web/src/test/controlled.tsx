import { useState } from 'react'
import { screen } from '@testing-library/react'
import type { ComponentType } from 'react'

type ControlledInputProps<V> = { value: V; onChange: (value: V) => void }

type ControlledProps<V, P extends ControlledInputProps<V>> = {
  input: ComponentType<P>
  initial: V
  /** Sees each value the input emits. */
  onValue?: ((value: V) => void) | undefined
  /** Shows the value held, in an <output> named "value". */
  showValue?: boolean
  props: Omit<P, 'value' | 'onChange'>
}

/** Renders `input` with its value kept in state, as the form that uses it would keep it. */
export function Controlled<V, P extends ControlledInputProps<V>>({ input: Input, initial, onValue, showValue = false, props }: ControlledProps<V, P>) {
  const [value, setValue] = useState(initial)
  const onChange = (next: V) => {
    setValue(next)
    onValue?.(next)
  }
  const inputProps = { ...props, value, onChange } as P
  return (
    <>
      <Input {...inputProps} />
      {showValue && <output aria-label="value">{String(value)}</output>}
    </>
  )
}

/** The value a `<Controlled showValue>` holds, as its <output> shows it. */
export const shownValue = () => screen.getByLabelText('value').textContent

/** A day button of an open calendar, e.g. '20 March 2025'. jsdom has no layout, so Mantine's popover soon hides its dropdown as detached from the input. */
export const calendarDay = (name: string) => screen.findByRole('button', { name, hidden: true })
