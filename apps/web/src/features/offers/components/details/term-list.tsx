import type { ReactNode } from 'react'
import { Box, Paper, Stack, Text, Title } from '@mantine/core'
import { useId } from '@mantine/hooks'

export type Term = { label: string; value: ReactNode; key?: string }

/** Read-only terms as a description list: each label over its value, in as many columns as fit. */
export function TermList({ terms }: { terms: Term[] }) {
  return (
    <Box component="dl" m={0} style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))', gap: 'var(--mantine-spacing-md)' }}>
      {terms.map((term) => (
        <div key={term.key ?? term.label}>
          <Text component="dt" size="sm" c="dimmed" fw={600}>
            {term.label}
          </Text>
          <Text component="dd" m={0} style={{ overflowWrap: 'anywhere' }}>
            {term.value}
          </Text>
        </div>
      ))}
    </Box>
  )
}

/** A titled part of an offer, named by its heading. */
export function DetailsSection({ title, children, headingOrder = 2 }: { title: string; children: ReactNode; headingOrder?: 2 | 3 | 4 }) {
  const id = useId()
  return (
    <Paper component="section" withBorder p="lg" aria-labelledby={id}>
      <Stack gap="md">
        <Title order={headingOrder} size="h3" id={id}>
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  )
}
