import type { ReactNode } from 'react'
import { Stack, Text, Title } from '@mantine/core'

/** The top of a public page: its one h1 and a lead sentence. */
export function PageIntro({ title, lead, children }: { title: string; lead: string; children?: ReactNode }) {
  return (
    <Stack gap="sm" maw={760}>
      <Title order={1}>{title}</Title>
      <Text size="lg" fw={500}>
        {lead}
      </Text>
      {children}
    </Stack>
  )
}

/** A titled part of a public page (an h2 with the section labelled by it). */
export function PageSection({ id, title, children, lead }: { id: string; title: string; lead?: string; children: ReactNode }) {
  const headingId = `${id}-title`
  return (
    <Stack component="section" id={id} aria-labelledby={headingId} gap="md" style={{ scrollMarginTop: 80 }}>
      <Title order={2} id={headingId}>
        {title}
      </Title>
      {lead && (
        <Text maw={760} c="gray.7">
          {lead}
        </Text>
      )}
      {children}
    </Stack>
  )
}
