import type { ComponentType, ReactNode } from 'react'
import { Box, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core'
import type { TitleOrder } from '@mantine/core'

export type Step = {
  icon: ComponentType<{ size?: number | string; stroke?: number; 'aria-hidden'?: boolean }>
  title: string
  body: ReactNode
  /** A link or button under the text. */
  action?: ReactNode
}

/**
 * Numbered steps, each with an icon, a heading and a sentence or two: an ordered list, so a screen
 * reader says "1 of 4". The number is in the list's semantics and drawn on the icon's badge. The steps
 * sit side by side as long as each column keeps `minColumn`, one under the other on a phone.
 */
export function StepList({ steps, headingOrder = 3, minColumn = '15rem' }: { steps: readonly Step[]; headingOrder?: TitleOrder; minColumn?: string }) {
  return (
    <Box component="ol" p={0} m={0} style={{ listStyle: 'none', display: 'grid', gap: 'var(--mantine-spacing-lg)', gridTemplateColumns: `repeat(auto-fit, minmax(min(100%, ${minColumn}), 1fr))` }}>
      {steps.map((step, index) => (
        <Box component="li" key={step.title}>
          <Group align="flex-start" gap="sm" wrap="nowrap">
            <Box pos="relative" style={{ flexShrink: 0 }}>
              <ThemeIcon size={44} radius="xl" variant="light" color="brand">
                <step.icon size={24} stroke={1.6} aria-hidden />
              </ThemeIcon>
              <Text
                component="span"
                aria-hidden
                pos="absolute"
                top={-6}
                right={-6}
                fz={11}
                fw={700}
                c="white"
                bg="brand.8"
                w={20}
                h={20}
                ta="center"
                lh="20px"
                style={{ borderRadius: '50%' }}
              >
                {index + 1}
              </Text>
            </Box>
            <Stack gap={4} miw={0}>
              <Title order={headingOrder} size="h5">
                {step.title}
              </Title>
              <Text size="sm">{step.body}</Text>
              {step.action}
            </Stack>
          </Group>
        </Box>
      ))}
    </Box>
  )
}
