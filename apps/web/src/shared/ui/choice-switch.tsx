import type { ReactNode } from 'react'
import { useId } from 'react'

export type ChoiceSwitchProps<V extends string> = {
  value: V
  onChange: (value: V) => void
  data: readonly { value: V; label: ReactNode }[]
  'aria-label'?: string
  'aria-labelledby'?: string
  title?: string
  size?: 'xs' | 'sm'
  className?: string
  onPointerEnter?: () => void
  onFocus?: () => void
}

/**
 * A few choices side by side, one of them chosen: the header's buy/sell switch, a list's view or
 * filter. Native radio buttons in a radio group (arrow keys move the choice, the group has its name),
 * drawn by CSS alone (app.css, .choice-switch): nothing is measured in the browser, so it costs no
 * forced layout while the page starts (Mantine's SegmentedControl measured its moving indicator on
 * mount and on every resize), and a page rendered on the server hydrates as it was drawn.
 */
export function ChoiceSwitch<V extends string>({ value, onChange, data, size = 'sm', className, onPointerEnter, onFocus, ...labelling }: ChoiceSwitchProps<V>) {
  const name = useId()
  return (
    <div role="radiogroup" {...labelling} className={className ? `choice-switch ${className}` : 'choice-switch'} data-size={size} onPointerEnter={onPointerEnter} onFocus={onFocus}>
      {data.map((item) => (
        <label key={item.value} className="choice-switch-item" data-checked={item.value === value || undefined}>
          <input className="choice-switch-input" type="radio" name={name} value={item.value} checked={item.value === value} onChange={() => onChange(item.value)} />
          <span className="choice-switch-label">{item.label}</span>
        </label>
      ))}
    </div>
  )
}
