import { Button, Card, Grid, Group, Stack, Text, ThemeIcon, VisuallyHidden } from '@mantine/core'
import { useId } from '@mantine/hooks'
import { IconDownload, IconExternalLink, IconFileText } from '@tabler/icons-react'
import { useTranslation } from '../i18n/translation'

/** A file list item of spec section 3. */
export type FileListItem = { filename: string; url: string; title: string }

export type FileListProps = {
  items: FileListItem[]
  /** Columns of 12 each item spans on wide screens (3 by default, four a row); small screens stack. */
  span?: number
  /** Accessible name of the list. */
  label?: string
}

export function FileList({ items, span = 3, label }: FileListProps) {
  const { t } = useTranslation()
  const newTabId = useId()

  if (items.length === 0) {
    return (
      <Text c="dimmed" role="status">
        {t('inputs.fileList.empty')}
      </Text>
    )
  }

  return (
    <>
      <VisuallyHidden id={newTabId}>{t('inputs.fileList.newTab')}</VisuallyHidden>
      <Grid attributes={{ inner: { role: 'list', 'aria-label': label } }}>
        {items.map((item) => (
          <Grid.Col key={`${item.url}|${item.filename}`} span={{ base: 12, xs: Math.max(span, 6), md: span }} role="listitem">
            <Card withBorder padding="md" h="100%">
              <Stack gap="sm" justify="space-between" h="100%">
                <Group gap="sm" wrap="nowrap" align="flex-start">
                  <ThemeIcon variant="light" size="lg" aria-hidden>
                    <IconFileText size={20} stroke={1.5} />
                  </ThemeIcon>
                  <Stack gap={2} miw={0}>
                    <Text fw={600} lineClamp={2}>
                      {item.title}
                    </Text>
                    <Text size="sm" c="dimmed" truncate="end" title={item.filename}>
                      {item.filename}
                    </Text>
                  </Stack>
                </Group>
                <Group gap="xs">
                  <Button
                    component="a"
                    href={item.url}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={t('inputs.fileList.openFile', { title: item.title })}
                    aria-describedby={newTabId}
                    variant="light"
                    size="xs"
                    leftSection={<IconExternalLink size={16} aria-hidden />}
                  >
                    {t('inputs.fileList.open')}
                  </Button>
                  <Button
                    component="a"
                    href={item.url}
                    download={item.filename}
                    aria-label={t('inputs.fileList.downloadFile', { title: item.title })}
                    variant="subtle"
                    size="xs"
                    leftSection={<IconDownload size={16} aria-hidden />}
                  >
                    {t('inputs.fileList.download')}
                  </Button>
                </Group>
              </Stack>
            </Card>
          </Grid.Col>
        ))}
      </Grid>
    </>
  )
}
