import { Paper, Stack, Title } from '@mantine/core'
import { useId } from '@mantine/hooks'
import type { ReactNode } from 'react'

/** A titled, bordered section of a long form page (profile, listing edit), named by its heading. */
export function SectionCard({ title, children }: { title: string; children: ReactNode }) {
  const id = useId()
  return (
    <Paper component="section" withBorder p="lg" aria-labelledby={id}>
      <Stack gap="md">
        <Title order={2} size="h3" id={id}>
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  )
}
