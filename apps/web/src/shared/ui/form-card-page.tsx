import type { ReactNode } from 'react'
import { Container, Paper, Stack, Text, Title } from '@mantine/core'

/** A narrow page that holds one form (sign in, sign up, recovery): its title, a line of intro, the form on a card. */
export function FormCardPage({ title, intro, children }: { title: ReactNode; intro?: ReactNode; children: ReactNode }) {
  return (
    <Container size={460} px={0}>
      <Stack gap="md">
        <Title order={1}>{title}</Title>
        {intro && <Text c="gray.7">{intro}</Text>}
        <Paper withBorder shadow="sm" p="lg">
          {children}
        </Paper>
      </Stack>
    </Container>
  )
}
