import type { ReactNode } from 'react'
import { Anchor, Text } from '@mantine/core'
import { Link } from '../navigation'

/** A centred question under a form and the link that answers it: "No account? Create account". */
export function QuestionLink({ question, to, children }: { question: ReactNode; to: string; children: ReactNode }) {
  return (
    <Text size="sm" ta="center">
      {question}{' '}
      <Anchor component={Link} to={to}>
        {children}
      </Anchor>
    </Text>
  )
}
