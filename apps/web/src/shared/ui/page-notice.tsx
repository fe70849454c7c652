import type { ReactNode } from 'react'
import { Alert, Stack, Title } from '@mantine/core'

export type PageNoticeProps = {
  title: ReactNode
  /** What happened; an error ('alert', red) unless `tone` says it is news ('status', blue). */
  message: ReactNode
  tone?: 'error' | 'info'
  /** The ways on: buttons or links below the message. */
  children?: ReactNode
}

/** A whole page that could not show what was asked (not found, gone, already done): a title, why, and the ways on. */
export function PageNotice({ title, message, tone = 'error', children }: PageNoticeProps) {
  return (
    <Stack gap="md" maw={640}>
      <Title order={1}>{title}</Title>
      <Alert color={tone === 'error' ? 'red' : 'blue'} role={tone === 'error' ? 'alert' : 'status'}>
        {message}
      </Alert>
      {children}
    </Stack>
  )
}
