import type { ReactNode } from 'react'
import { Anchor, Badge, Group, Paper, Stack, Text, Title } from '@mantine/core'
import { useId } from '@mantine/hooks'
import { Link } from '../../../shared/navigation'

/** One card of a dashboard: a heading, its items, or a short line when it has none. */
export function ActionSection({ title, count, empty, children, testId }: { title: string; count?: number; empty: string; children: ReactNode[]; testId?: string }) {
  const id = useId()
  return (
    <Paper component="section" withBorder radius="md" p="lg" aria-labelledby={id} data-testid={testId}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Title order={2} size="h4" id={id}>
            {title}
          </Title>
          {count !== undefined && count > 0 && (
            <Badge variant="light" aria-hidden style={{ flexShrink: 0 }}>
              {count}
            </Badge>
          )}
        </Group>
        {children.length === 0 ? (
          <Text c="dimmed" size="sm">
            {empty}
          </Text>
        ) : (
          <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
            {children}
          </Stack>
        )}
      </Stack>
    </Paper>
  )
}

/** An item: what it is, a detail line, and the link to where it is done. */
export function ActionItem({ label, detail, href, action, badge, badgeColor = 'teal' }: { label: string; detail?: string; href: string; action: string; badge?: string; badgeColor?: string }) {
  return (
    <li>
      {/* On a phone's width the link goes under the item rather than squeezing its words and badge. */}
      <Group justify="space-between" align="flex-start" gap="xs" style={{ rowGap: 4 }}>
        <Stack gap={0} style={{ minWidth: 0, flex: '1 1 14rem' }}>
          <Group gap="xs" style={{ rowGap: 2 }}>
            <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
              {label}
            </Text>
            {badge && (
              <Badge size="xs" color={badgeColor} autoContrast style={{ flexShrink: 0 }}>
                {badge}
              </Badge>
            )}
          </Group>
          {detail && (
            <Text size="xs" c="gray.7">
              {detail}
            </Text>
          )}
        </Stack>
        <Anchor component={Link} to={href} size="sm" style={{ flexShrink: 0 }} aria-label={`${action}: ${label}`}>
          {action}
        </Anchor>
      </Group>
    </li>
  )
}
