import { useEffect, useRef, useState } from 'react'
import type { KeyboardEvent, PointerEvent, ReactNode } from 'react'
import { ActionIcon, Group, Text, TextInput } from '@mantine/core'
import { useId } from '@mantine/hooks'
import { IconMinus, IconPlus } from '@tabler/icons-react'
import { useTranslation } from '../i18n/translation'
import type { FieldProps } from './field-props'
import { moneyCurrency } from '../money'
import { numberFormat } from '@offerbook/domain/intl-formats'

/** Spec section 9: a held button steps at once, again after 600 ms, then every 100 ms. */
export const LONG_PRESS_DELAY_MS = 600
export const LONG_PRESS_INTERVAL_MS = 100

export type IncrementInputProps = FieldProps & {
  value: number | null
  /** Called with each new whole number, or null when the field is emptied. */
  onChange: (value: number | null) => void
  /** Lowest value; a lower typed value becomes this on blur, with the hint 'Min of …'. Default 0. */
  min?: number
  /** Highest value; a higher typed value becomes this on blur, with the hint 'Max of …'. */
  max?: number
  /** What one press of a button adds or takes away. Default 1. */
  units?: number
  /** Money in US dollars (the default) or a plain count. */
  currency?: boolean
  /** Without a label the field is named 'Amount' (or 'Quantity' for a count) for assistive technology. */
  label?: ReactNode
}

type Direction = 1 | -1

/** Spec section 5: the characters . , - / are stripped before the number is read. */
export function parseIncrementText(text: string): number | null | undefined {
  const digits = text.replace(/[.,\-/]/g, '').trim()
  if (digits === '') return null
  if (!/^\d+$/.test(digits)) return undefined
  const parsed = Number(digits)
  return Number.isSafeInteger(parsed) ? parsed : undefined
}

function clamp(value: number, min: number, max: number | undefined): number {
  return Math.min(Math.max(value, min), max ?? Number.POSITIVE_INFINITY)
}

export function IncrementInput({
  value,
  onChange,
  min = 0,
  max,
  units = 1,
  currency = true,
  label,
  id,
  onBlur,
  ...fieldProps
}: IncrementInputProps) {
  const { t, i18n } = useTranslation()
  const fieldId = useId(id)
  const language = i18n.language
  const plain = numberFormat(language, { maximumFractionDigits: 0 })
  const amount = numberFormat(language, currency ? { style: 'currency', currency: moneyCurrency() } : {})
  const textOf = (number: number | null) => (number === null ? '' : plain.format(number))

  const [field, setField] = useState({ text: textOf(value), shown: value, language })
  const [hint, setHint] = useState<'min' | 'max' | null>(null)

  // The text follows a value set from outside or by a button, and the language; typing keeps its own text.
  if (value !== field.shown || language !== field.language) {
    setField({ text: textOf(value), shown: value, language })
  }

  // Timers outlive the render that started them, so they read the newest value and props from here.
  const latest = useRef({ value, onChange, min, max, units })
  useEffect(() => {
    latest.current = { value, onChange, min, max, units }
  })
  const timers = useRef<{ delay?: number; repeat?: number; direction?: Direction; key: boolean }>({ key: false })

  const canStep = (from: number | null, direction: Direction) =>
    from === null || (direction > 0 ? max === undefined || from < max : from > min)

  /** Steps once; answers whether another step the same way is still possible. */
  const step = (direction: Direction): boolean => {
    const now = latest.current
    const next = now.value === null ? clamp(now.min, now.min, now.max) : clamp(now.value + direction * now.units, now.min, now.max)
    if (next !== now.value) {
      latest.current = { ...now, value: next }
      setHint(null)
      now.onChange(next)
    }
    return direction > 0 ? now.max === undefined || next < now.max : next > now.min
  }

  const stopPress = () => {
    window.clearTimeout(timers.current.delay)
    window.clearInterval(timers.current.repeat)
    timers.current.delay = undefined
    timers.current.repeat = undefined
    timers.current.direction = undefined
  }

  // Pressing one button blurs the other, which was focused before: only a button's own press stops on its blur.
  const stopPressOf = (direction: Direction) => {
    if (timers.current.direction === direction) stopPress()
  }

  const startPress = (direction: Direction) => {
    stopPress()
    if (!step(direction)) return
    timers.current.direction = direction
    timers.current.delay = window.setTimeout(() => {
      if (!step(direction)) return
      timers.current.repeat = window.setInterval(() => {
        if (!step(direction)) stopPress()
      }, LONG_PRESS_INTERVAL_MS)
    }, LONG_PRESS_DELAY_MS)
  }

  useEffect(() => {
    const running = timers.current
    return () => {
      window.clearTimeout(running.delay)
      window.clearInterval(running.repeat)
    }
  }, [])

  const isActivationKey = (event: KeyboardEvent) => event.key === 'Enter' || event.key === ' '

  const button = (direction: Direction) => (
    <ActionIcon
      variant="subtle"
      size="md"
      aria-label={t(direction > 0 ? 'inputs.increment.increase' : 'inputs.increment.decrease')}
      aria-controls={fieldId}
      disabled={fieldProps.disabled || !canStep(value, direction)}
      style={{ touchAction: 'manipulation', userSelect: 'none' }}
      onPointerDown={(event: PointerEvent<HTMLButtonElement>) => {
        if (event.button === 0) startPress(direction)
      }}
      onPointerUp={stopPress}
      onPointerLeave={stopPress}
      onPointerCancel={stopPress}
      onBlur={() => stopPressOf(direction)}
      onKeyDown={(event) => {
        if (!isActivationKey(event)) return
        timers.current.key = true
        if (!event.repeat) startPress(direction)
      }}
      onKeyUp={(event) => {
        if (!isActivationKey(event)) return
        stopPress()
        // The browser's own click for this key comes right after; let it pass first, then listen again.
        window.setTimeout(() => {
          timers.current.key = false
        }, 0)
      }}
      onClick={(event) => {
        // Pointer and key presses already stepped; a click with no pointer and no key is a screen reader's.
        if (event.detail !== 0 || timers.current.key) return
        step(direction)
      }}
      onContextMenu={(event) => event.preventDefault()}
    >
      {direction > 0 ? <IconPlus size={16} aria-hidden /> : <IconMinus size={16} aria-hidden />}
    </ActionIcon>
  )

  const hintText = hint === 'min' ? t('inputs.increment.minOf', { amount: amount.format(min) }) : hint === 'max' && max !== undefined ? t('inputs.increment.maxOf', { amount: amount.format(max) }) : ''

  return (
    <TextInput
      {...fieldProps}
      id={fieldId}
      role="spinbutton"
      inputMode="numeric"
      autoComplete="off"
      label={label}
      aria-label={label === undefined ? t(currency ? 'inputs.increment.amount' : 'inputs.increment.quantity') : undefined}
      aria-valuenow={value ?? undefined}
      aria-valuemin={min}
      aria-valuemax={max}
      aria-valuetext={value === null ? undefined : amount.format(value)}
      leftSection={currency ? <Text size="sm" aria-hidden>$</Text> : undefined}
      rightSection={
        <Group gap={2} wrap="nowrap">
          {button(-1)}
          {button(1)}
        </Group>
      }
      rightSectionWidth={64}
      rightSectionPointerEvents="all"
      // Always present, so that a screen reader announces the hint when the value is corrected.
      inputContainer={(children) => (
        <>
          {children}
          <Text size="xs" c="dimmed" mt={hintText ? 4 : 0} role="status">
            {hintText}
          </Text>
        </>
      )}
      value={field.text}
      onChange={(event) => {
        const text = event.currentTarget.value
        const parsed = parseIncrementText(text)
        if (parsed === undefined) return
        setHint(null)
        setField({ text, shown: parsed, language })
        if (parsed !== value) onChange(parsed)
      }}
      onKeyDown={(event) => {
        if (event.key !== 'ArrowUp' && event.key !== 'ArrowDown') return
        event.preventDefault()
        step(event.key === 'ArrowUp' ? 1 : -1)
      }}
      onBlur={(event) => {
        const corrected = value === null ? null : clamp(value, min, max)
        if (corrected !== value) {
          setHint(corrected === min ? 'min' : 'max')
          onChange(corrected)
        }
        setField({ text: textOf(corrected), shown: corrected, language })
        onBlur?.(event)
      }}
    />
  )
}
