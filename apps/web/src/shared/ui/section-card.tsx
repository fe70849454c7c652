import { Paper, Stack, Title } from '@mantine/core'
import type { MantineSpacing, TitleOrder } from '@mantine/core'
import { useId } from '@mantine/hooks'
import type { ReactNode } from 'react'

export type SectionCardProps = {
  title: string
  /** The heading's level under the page's own headings; it looks like an h3 at any level. */
  order?: TitleOrder
  padding?: MantineSpacing
  gap?: MantineSpacing
  children: ReactNode
}

/** A titled, bordered section of a long page (profile, listing edit, admin identity), named by its heading. */
export function SectionCard({ title, order = 2, padding = 'lg', gap = 'md', children }: SectionCardProps) {
  const id = useId()
  return (
    <Paper component="section" className="section-card" withBorder p={padding} aria-labelledby={id}>
      <Stack gap={gap}>
        <Title order={order} size="h3" id={id}>
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  )
}
