import { useRef } from 'react'
import type { ReactNode } from 'react'
import { CloseButton, TextInput } from '@mantine/core'
import { useDebouncedCallback } from '@mantine/hooks'
import { IconSearch } from '@tabler/icons-react'
import { useTranslation } from '../i18n/translation'
import type { FieldProps } from './field-props'

/** Spec section 9: the search input waits this long after the last keystroke. */
export const SEARCH_DEBOUNCE_MS = 500

export type SearchInputProps = FieldProps & {
  value: string
  onChange: (value: string) => void
  /** Called with the text once typing has paused for `debounceMs`; at once on Enter and on clearing. */
  onSearch: (value: string) => void
  debounceMs?: number
  /** Shown above the field; without it the field is still named 'Search' for assistive technology. */
  label?: ReactNode
  placeholder?: string
}

export function SearchInput({
  value,
  onChange,
  onSearch,
  debounceMs = SEARCH_DEBOUNCE_MS,
  label,
  placeholder,
  ...fieldProps
}: SearchInputProps) {
  const { t } = useTranslation()
  const input = useRef<HTMLInputElement>(null)
  // Cancelled on unmount by the hook, so a search never fires for a page that is gone.
  const debouncedSearch = useDebouncedCallback(onSearch, debounceMs)

  const searchNow = (text: string) => {
    debouncedSearch.cancel()
    onSearch(text)
  }

  const clear = () => {
    onChange('')
    searchNow('')
    input.current?.focus()
  }

  return (
    <TextInput
      {...fieldProps}
      ref={input}
      type="search"
      label={label}
      aria-label={label === undefined ? t('inputs.search.label') : undefined}
      placeholder={placeholder ?? t('inputs.search.label')}
      autoComplete="off"
      leftSection={<IconSearch size={16} aria-hidden />}
      rightSection={
        value !== '' && !fieldProps.disabled ? <CloseButton size="sm" aria-label={t('inputs.search.clear')} onClick={clear} /> : null
      }
      value={value}
      onChange={(event) => {
        onChange(event.currentTarget.value)
        debouncedSearch(event.currentTarget.value)
      }}
      onKeyDown={(event) => {
        if (event.key === 'Enter') {
          event.preventDefault()
          searchNow(value)
        } else if (event.key === 'Escape' && value !== '') {
          // The first Escape empties the field; only the next one may close a surrounding dialog.
          event.preventDefault()
          event.stopPropagation()
          clear()
        }
      }}
    />
  )
}
