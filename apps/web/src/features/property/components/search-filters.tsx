import { useLayoutEffect, useRef } from 'react'
import { Checkbox, NativeSelect, SimpleGrid, Stack, TextInput } from '@mantine/core'
import { useDebouncedCallback } from '@mantine/hooks'
import { useTranslation } from '../../../shared/i18n/translation'
import { numberFormat } from '@offerbook/domain/intl-formats'
import type { ListingSort } from '@offerbook/domain/listing-values'
import { DEFAULT_SEARCH_STATUSES, LISTING_LIMITS, LISTING_SORTS, PROPERTY_TYPES, SEARCHABLE_STATUSES } from '@offerbook/domain/listing-values'
import { SEARCH_DEBOUNCE_MS } from '../../../shared/ui/search-input'
import type { SearchState } from '../search-state'
import { effectiveStatuses } from '../search-state'
import { useDraft } from '../use-draft'

export const FILTER_FIELDS = ['minPrice', 'maxPrice', 'minBeds', 'minBaths', 'type', 'status', 'sort'] as const
export type FilterField = (typeof FILTER_FIELDS)[number]

/** The minimum counts of bedrooms and bathrooms offered ('Any', '1+' ... '5+'). */
const ROOM_MINIMUMS = [1, 2, 3, 4, 5] as const

type PriceInputProps = { label: string; value: number | null; onCommit: (value: number | null) => void; error?: string }

/** The most digits a price filter takes: past the largest price a listing may have, and a safe integer. */
const PRICE_DIGITS = String(LISTING_LIMITS.maxPrice).length + 1

/** Whole dollars grouped as the language writes them: 1250000 → '1,250,000' in en-us, '1.250.000' in es-es. */
function groupedDollars(value: number | '', language: string): string {
  return value === '' ? '' : numberFormat(language, { maximumFractionDigits: 0 }).format(value)
}

/** Where the caret goes in `text` to stand after its first `digits` digits. */
function caretAfterDigits(text: string, digits: number): number {
  if (digits === 0) return 0
  let seen = 0
  for (let index = 0; index < text.length; index += 1) {
    if (/\d/.test(text.charAt(index))) seen += 1
    if (seen === digits) return index + 1
  }
  return text.length
}

/**
 * A price filter: whole dollars, grouped by thousands as they are typed (as the language groups them) (the caret stays after the
 * digit it followed), searched for once typing pauses (like the search box), at once on Enter or
 * leaving the field. Anything but digits is dropped as it is typed or pasted.
 */
function PriceInput({ label, value, onCommit, error }: PriceInputProps) {
  const { i18n } = useTranslation()
  const { draft, setDraft, sent } = useDraft<number | ''>(value ?? '')
  const input = useRef<HTMLInputElement>(null)
  const caretDigits = useRef<number | null>(null)
  const commit = useDebouncedCallback((next: number | '') => {
    const committed = next === '' ? null : next
    if (committed !== value) sent(next)
    onCommit(committed)
  }, SEARCH_DEBOUNCE_MS)

  const shown = groupedDollars(draft, i18n.language)
  useLayoutEffect(() => {
    const field = input.current
    if (field === null || caretDigits.current === null || document.activeElement !== field) return
    const caret = caretAfterDigits(shown, caretDigits.current)
    caretDigits.current = null
    field.setSelectionRange(caret, caret)
  }, [shown])

  return (
    <TextInput
      ref={input}
      label={label}
      value={shown}
      onChange={(event) => {
        const typed = event.currentTarget.value
        const caret = event.currentTarget.selectionStart ?? typed.length
        const digits = typed.replace(/\D/g, '').replace(/^0+(?=\d)/, '').slice(0, PRICE_DIGITS)
        const next = digits === '' ? '' : Number(digits)
        caretDigits.current = Math.min(typed.slice(0, caret).replace(/\D/g, '').length, digits.length)
        setDraft(next)
        commit(next)
      }}
      onBlur={() => commit.flush()}
      onKeyDown={(event) => {
        if (event.key === 'Enter') commit.flush()
      }}
      error={error}
      // The dollar sign sits beside the digits rather than in them, so a pasted or retyped amount replaces the whole value.
      leftSection={<span aria-hidden>$</span>}
      inputMode="numeric"
      autoComplete="off"
    />
  )
}

export type SearchFiltersProps = {
  state: SearchState
  onChange: (change: Partial<Omit<SearchState, 'page'>>) => void
  /** The API's messages about refused filters, translated, by field. */
  errors: Partial<Record<FilterField, string>>
}

type CheckboxListProps<T extends string> = {
  label: string
  description: string
  options: readonly T[]
  optionLabel: (option: T) => string
  value: readonly T[]
  /** The options ticked, in the options' own order. */
  onChange: (value: T[]) => void
  error: string | undefined
}

/** A filter of several choices, one checkbox each. */
function CheckboxList<T extends string>({ label, description, options, optionLabel, value, onChange, error }: CheckboxListProps<T>) {
  return (
    <Checkbox.Group label={label} description={description} value={[...value]} onChange={(ticked) => onChange(options.filter((option) => ticked.includes(option)))} error={error}>
      <Stack gap={6} mt={6}>
        {options.map((option) => (
          <Checkbox key={option} value={option} label={optionLabel(option)} />
        ))}
      </Stack>
    </Checkbox.Group>
  )
}

/** Price range, bedrooms, bathrooms, property types, statuses and the order of the results. */
export function SearchFilters({ state, onChange, errors }: SearchFiltersProps) {
  const { t } = useTranslation()
  const roomOptions = [{ value: '', label: t('search.filters.any') }, ...ROOM_MINIMUMS.map((n) => ({ value: String(n), label: t('search.filters.atLeast', { value: n }) }))]
  const roomValue = (value: number | null) => (value === null ? '' : String(value))
  const roomChange = (value: string) => (value === '' ? null : Number(value))

  return (
    <Stack gap="md">
      <NativeSelect
        label={t('search.filters.sort')}
        value={state.sort}
        onChange={(event) => onChange({ sort: event.currentTarget.value as ListingSort })}
        data={LISTING_SORTS.map((sort) => ({ value: sort, label: t(`search.sort.${sort}`) }))}
        error={errors.sort}
      />
      <SimpleGrid cols={2} spacing="sm">
        <PriceInput label={t('search.filters.minPrice')} value={state.minPrice} onCommit={(minPrice) => onChange({ minPrice })} error={errors.minPrice} />
        <PriceInput label={t('search.filters.maxPrice')} value={state.maxPrice} onCommit={(maxPrice) => onChange({ maxPrice })} error={errors.maxPrice} />
      </SimpleGrid>
      <SimpleGrid cols={2} spacing="sm">
        <NativeSelect
          label={t('search.filters.minBeds')}
          value={roomValue(state.minBeds)}
          onChange={(event) => onChange({ minBeds: roomChange(event.currentTarget.value) })}
          data={roomOptions}
          error={errors.minBeds}
        />
        <NativeSelect
          label={t('search.filters.minBaths')}
          value={roomValue(state.minBaths)}
          onChange={(event) => onChange({ minBaths: roomChange(event.currentTarget.value) })}
          data={roomOptions}
          error={errors.minBaths}
        />
      </SimpleGrid>
      <CheckboxList
        label={t('search.filters.type')}
        description={t('search.filters.typeHint')}
        options={PROPERTY_TYPES}
        optionLabel={(type) => t(`listing.type.${type}`)}
        value={state.types}
        onChange={(types) => onChange({ types })}
        error={errors.type}
      />
      {/* Unticking the last status goes back to the default ones rather than to an empty search. */}
      <CheckboxList
        label={t('search.filters.status')}
        description={t('search.filters.statusHint', { statuses: DEFAULT_SEARCH_STATUSES.map((status) => t(`listing.status.${status}`)).join(', ') })}
        options={SEARCHABLE_STATUSES}
        optionLabel={(status) => t(`listing.status.${status}`)}
        value={effectiveStatuses(state)}
        onChange={(statuses) => onChange({ statuses })}
        error={errors.status}
      />
    </Stack>
  )
}
