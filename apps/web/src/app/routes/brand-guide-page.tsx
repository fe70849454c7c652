import { Badge, Box, Button, Card, Group, SimpleGrid, Stack, Table, Text, Title, useMantineTheme } from '@mantine/core'
import type { MantineSize } from '@mantine/core'
import { useTranslation } from '../../shared/i18n/translation'
import { TitledSection } from '../../shared/ui/titled-section'
import { BRAND_COLOR, brand } from '../theme'

function channel(value: number): number {
  const c = value / 255
  return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
}

function luminance(hex: string): number {
  const n = Number.parseInt(hex.slice(1), 16)
  return 0.2126 * channel((n >> 16) & 255) + 0.7152 * channel((n >> 8) & 255) + 0.0722 * channel(n & 255)
}

/** WCAG 2 contrast ratio between two colours, e.g. 4.5 means 4.5:1. */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number]
  return (light + 0.05) / (dark + 0.05)
}

const SIZES: MantineSize[] = ['xs', 'sm', 'md', 'lg', 'xl']

/** Mantine writes sizes as calc(2.125rem * var(--mantine-scale)); a reader wants the 2.125rem. */
function plainSize(value: string | undefined): string {
  return /-?\d*\.?\d+(?:rem|px|em)/.exec(value ?? '')?.[0] ?? value ?? ''
}

export default function BrandGuidePage() {
  const { t } = useTranslation()
  const theme = useMantineTheme()
  return (
    <Stack gap="xl" maw={1000}>
      <Stack gap="xs">
        <Title order={1}>{t('brandGuide.title')}</Title>
        <Text size="lg">{t('brandGuide.lead')}</Text>
      </Stack>

      <TitledSection title={t('brandGuide.colour.title')} size="h2">
        <Text>{t('brandGuide.colour.body', { hex: BRAND_COLOR })}</Text>
        <Table.ScrollContainer minWidth={560}>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('brandGuide.colour.shade')}</Table.Th>
                <Table.Th>{t('brandGuide.colour.sample')}</Table.Th>
                <Table.Th>{t('brandGuide.colour.hex')}</Table.Th>
                <Table.Th>{t('brandGuide.colour.onWhite')}</Table.Th>
                <Table.Th>{t('brandGuide.colour.onBlack')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {brand.map((hex, index) => {
                const white = contrastRatio(hex, '#ffffff')
                const black = contrastRatio(hex, '#000000')
                const textColor = white >= black ? '#ffffff' : '#000000'
                return (
                  <Table.Tr key={hex} data-shade={index}>
                    <Table.Td>
                      brand.{index}
                      {hex === BRAND_COLOR && (
                        <Badge ml="xs" size="sm" variant="outline" tt="none">
                          {t('brandGuide.colour.primary')}
                        </Badge>
                      )}
                      {index === 7 && (
                        <Badge ml="xs" size="sm" variant="light" tt="none">
                          {t('brandGuide.colour.filled')}
                        </Badge>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Box bg={hex} c={textColor} px="sm" py={6} style={{ borderRadius: 6 }}>
                        Offerbook
                      </Box>
                    </Table.Td>
                    <Table.Td>
                      <Text ff="monospace">{hex}</Text>
                    </Table.Td>
                    <Table.Td>{t('brandGuide.colour.ratio', { ratio: white.toFixed(2) })}</Table.Td>
                    <Table.Td>{t('brandGuide.colour.ratio', { ratio: black.toFixed(2) })}</Table.Td>
                  </Table.Tr>
                )
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Text size="sm" c="dimmed">
          {t('brandGuide.colour.note')}
        </Text>
      </TitledSection>

      <TitledSection title={t('brandGuide.type.title')} size="h2">
        {([1, 2, 3, 4, 5, 6] as const).map((order) => (
          <Group key={order} gap="md" wrap="nowrap" align="baseline">
            <Text w={110} size="sm" c="dimmed" ff="monospace" style={{ flexShrink: 0 }}>
              h{order} · {plainSize(theme.headings.sizes[`h${order}`].fontSize)}
            </Text>
            <Title order={order} component="p">
              {t('brandGuide.type.heading')}
            </Title>
          </Group>
        ))}
        {SIZES.map((size) => (
          <Group key={size} gap="md" wrap="nowrap" align="baseline">
            <Text w={110} size="sm" c="dimmed" ff="monospace" style={{ flexShrink: 0 }}>
              {size} · {plainSize(theme.fontSizes[size])}
            </Text>
            <Text size={size}>{t('brandGuide.type.body')}</Text>
          </Group>
        ))}
      </TitledSection>

      <TitledSection title={t('brandGuide.buttons.title')} size="h2">
        <Group>
          <Button>{t('brandGuide.buttons.primary')}</Button>
          <Button variant="light">{t('brandGuide.buttons.secondary')}</Button>
          <Button variant="outline">{t('brandGuide.buttons.outline')}</Button>
          <Button variant="subtle">{t('brandGuide.buttons.subtle')}</Button>
          <Button variant="default">{t('brandGuide.buttons.neutral')}</Button>
          <Button color="red.9">{t('brandGuide.buttons.danger')}</Button>
          <Button disabled>{t('brandGuide.buttons.disabled')}</Button>
          <Button loading loaderProps={{ role: 'status', 'aria-label': t('common.loading') }}>
            {t('brandGuide.buttons.loading')}
          </Button>
        </Group>
        <Group>
          {SIZES.map((size) => (
            <Button key={size} size={size}>
              {size}
            </Button>
          ))}
        </Group>
      </TitledSection>

      <TitledSection title={t('brandGuide.spacing.title')} size="h2">
        <Text>{t('brandGuide.spacing.body')}</Text>
        <SimpleGrid cols={{ base: 1, sm: 5 }}>
          {SIZES.map((size) => (
            <Card key={size} withBorder padding="sm">
              <Text ff="monospace" size="sm">
                {size} · {plainSize(theme.spacing[size])}
              </Text>
              <Box mt="xs" h={12} w={theme.spacing[size]} bg="brand.7" aria-hidden />
            </Card>
          ))}
        </SimpleGrid>
      </TitledSection>
    </Stack>
  )
}
