import { useId } from 'react'
import { Box, NativeSelect, Stack, Text } from '@mantine/core'
import { ChoiceSwitch } from './choice-switch'

type SegmentedFilterProps<V extends string> = {
  label: string
  value: V
  onChange: (value: V) => void
  data: { value: V; label: string }[]
}

/**
 * A list's filter of a few choices, shown all at once, with a label above that names it. On a phone
 * (below Mantine's xs breakpoint) the choices would run past the screen's edge, so the same filter is
 * a native select there; CSS picks one, so a prerendered page hydrates as it was drawn, and the hidden
 * one (display: none) is out of the keyboard order and the accessibility tree.
 */
export function SegmentedFilter<V extends string>({ label, value, onChange, data }: SegmentedFilterProps<V>) {
  const labelId = useId()
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500} id={labelId} visibleFrom="xs">
        {label}
      </Text>
      <Box visibleFrom="xs">
        <ChoiceSwitch aria-labelledby={labelId} value={value} onChange={onChange} data={data} />
      </Box>
      <NativeSelect hiddenFrom="xs" label={label} value={value} onChange={(event) => onChange(event.currentTarget.value as V)} data={data} />
    </Stack>
  )
}
