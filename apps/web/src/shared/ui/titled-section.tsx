import type { ReactNode } from 'react'
import { Stack, Text, Title } from '@mantine/core'
import type { MantineSpacing, TitleOrder, TitleSize } from '@mantine/core'
import { useId } from '@mantine/hooks'

export type TitledSectionProps = {
  title: ReactNode
  /** A dimmed line under the title. */
  intro?: ReactNode
  /** The heading's level and look: a page's part is an h2 looking like an h3 unless told. */
  order?: TitleOrder
  size?: TitleSize
  gap?: MantineSpacing
  children: ReactNode
}

/** A part of a page, named for assistive technology by its heading. */
export function TitledSection({ title, intro, order = 2, size = 'h3', gap = 'sm', children }: TitledSectionProps) {
  const headingId = useId()
  return (
    <Stack gap={gap} component="section" aria-labelledby={headingId}>
      <Title order={order} size={size} id={headingId}>
        {title}
      </Title>
      {intro && (
        <Text c="dimmed" size="sm">
          {intro}
        </Text>
      )}
      {children}
    </Stack>
  )
}
