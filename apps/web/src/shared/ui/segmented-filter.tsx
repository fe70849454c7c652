import { useId } from 'react'
import { SegmentedControl, Stack, Text } from '@mantine/core'

type SegmentedFilterProps<V extends string> = {
  label: string
  value: V
  onChange: (value: V) => void
  data: { value: V; label: string }[]
}

/** A list's filter of a few choices, shown all at once, with a label above that names it. */
export function SegmentedFilter<V extends string>({ label, value, onChange, data }: SegmentedFilterProps<V>) {
  const labelId = useId()
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500} id={labelId}>
        {label}
      </Text>
      <SegmentedControl aria-labelledby={labelId} value={value} onChange={(next) => onChange(next as V)} data={data} />
    </Stack>
  )
}
