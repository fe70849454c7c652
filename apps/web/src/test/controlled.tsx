import { useState } from 'react'
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
