import { useEffect, useRef, useState } from 'react'
import type { DragEvent } from 'react'
import { Badge, Box, Button, Card, Group, Image, Progress, SimpleGrid, Stack, Text, VisuallyHidden } from '@mantine/core'
import { useId } from '@mantine/hooks'
import { IconArrowLeft, IconArrowRight, IconCheck, IconPhotoUp, IconStar, IconTrash } from '@tabler/icons-react'
import { useTranslation } from '../../../../shared/i18n/translation'
import type { ListingMedia, ManagedListing } from '@offerbook/domain/listing'
import { LISTING_LIMITS } from '@offerbook/domain/listing'
import { translateOptional } from '../../../../shared/i18n/messages'
import { notifyError } from '../../../../shared/notify'
import { useDialog } from '../../../../shared/ui/app-dialog'
import { deleteListingPhoto, reorderListingPhotos } from '../../api/upload-photo'
import { movedPhotoIds, PHOTO_ACCEPT, primaryFirst } from './photo-rules'
import type { Upload } from './use-photo-uploads'
import { usePhotoUploads } from './use-photo-uploads'

export type PhotosSectionProps = {
  listing: ManagedListing
  /** Each change answers with the whole listing; the owner puts it where the page reads it. */
  onListing: (listing: ManagedListing) => void
  /** True while files are waiting or being sent, so leaving the page can warn. */
  onBusyChange?: (busy: boolean) => void
}

type PhotoAction = 'earlier' | 'later' | 'primary'
const MB = 1024 * 1024

/** Photos of a listing: multi-upload with a progress bar per file, reorder, primary photo, delete. Saved at once. */
export function PhotosSection({ listing, onListing, onBusyChange }: PhotosSectionProps) {
  const { t } = useTranslation()
  const dialog = useDialog()
  const inputId = useId()
  const hintId = useId()
  const [dragging, setDragging] = useState(false)
  const [focused, setFocused] = useState(false)
  const [working, setWorking] = useState<string | null>(null)
  const gridRef = useRef<HTMLDivElement>(null)
  const focusAfter = useRef<{ mediaId: string; action: PhotoAction } | null>(null)
  const listingId = listing.id
  const { uploads, pending, take: queueFiles, clearFinished } = usePhotoUploads(listingId, onListing)

  const photos = [...listing.Media].sort((a, b) => a.Order - b.Order)
  const ids = photos.map((photo) => photo.id)
  const busy = pending > 0

  useEffect(() => {
    onBusyChange?.(busy)
  }, [busy, onBusyChange])

  // A moved photo's buttons are new DOM positions: the focus goes back to the button that moved it.
  useEffect(() => {
    const wanted = focusAfter.current
    if (!wanted || !gridRef.current) return
    focusAfter.current = null
    const card = [...gridRef.current.querySelectorAll<HTMLElement>('[data-media-id]')].find((element) => element.dataset.mediaId === wanted.mediaId)
    const buttons = card ? [...card.querySelectorAll<HTMLButtonElement>('button')] : []
    const target = buttons.find((button) => button.dataset.action === wanted.action && !button.disabled) ?? buttons.find((button) => !button.disabled)
    target?.focus()
  }, [listing])

  const take = (files: readonly File[]) => queueFiles(files, photos.length)

  const change = async (mediaId: string, action: PhotoAction | 'delete', run: () => Promise<ManagedListing>) => {
    setWorking(mediaId)
    try {
      const saved = await run()
      if (action !== 'delete') focusAfter.current = { mediaId, action }
      onListing(saved)
    } catch (error) {
      notifyError(error)
    } finally {
      setWorking(null)
    }
  }

  const remove = async (photo: ListingMedia, position: number) => {
    const confirmed = await dialog.confirm({
      title: t('wizard.photos.deleteTitle'),
      message: t('wizard.photos.deleteMessage', { position }),
      confirmLabel: t('wizard.photos.deleteConfirm'),
    })
    if (confirmed) await change(photo.id, 'delete', () => deleteListingPhoto(listingId, photo.id))
  }

  const onDrop = (event: DragEvent<HTMLElement>) => {
    event.preventDefault()
    setDragging(false)
    take([...event.dataTransfer.files])
  }

  return (
    <Stack gap="md">
      <Box
        component="label"
        htmlFor={inputId}
        onDragOver={(event: DragEvent<HTMLElement>) => {
          event.preventDefault()
          setDragging(true)
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        p="xl"
        style={{
          display: 'block',
          cursor: 'pointer',
          textAlign: 'center',
          borderRadius: 'var(--mantine-radius-md)',
          border: `2px dashed ${dragging ? 'var(--mantine-color-brand-6, var(--mantine-primary-color-6))' : 'var(--mantine-color-gray-5)'}`,
          background: dragging ? 'var(--mantine-primary-color-light)' : undefined,
          outline: focused ? '2px solid var(--mantine-primary-color-filled)' : undefined,
          outlineOffset: 2,
        }}
      >
        <Stack gap={4} align="center">
          <IconPhotoUp size={36} stroke={1.5} aria-hidden />
          <Text fw={600}>{t('wizard.photos.dropTitle')}</Text>
          <Text size="sm" c="gray.7" id={hintId}>
            {t('wizard.photos.dropHint', { size: LISTING_LIMITS.photoMaxBytes / MB, count: LISTING_LIMITS.maxPhotos })}
          </Text>
        </Stack>
        <VisuallyHidden>
          <input
            id={inputId}
            type="file"
            multiple
            accept={PHOTO_ACCEPT}
            aria-label={t('wizard.photos.choose')}
            aria-describedby={hintId}
            onFocus={() => setFocused(true)}
            onBlur={() => setFocused(false)}
            onChange={(event) => {
              const files = [...(event.currentTarget.files ?? [])]
              // Cleared at once so that picking the same file again still fires a change.
              event.currentTarget.value = ''
              take(files)
            }}
          />
        </VisuallyHidden>
      </Box>

      {uploads.length > 0 && (
        <Stack gap="xs">
          <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label={t('wizard.photos.uploads')}>
            {uploads.map((upload) => (
              <Box component="li" key={upload.key}>
                <UploadRow upload={upload} />
              </Box>
            ))}
          </Stack>
          {!busy && (
            <Group>
              <Button variant="subtle" size="xs" onClick={clearFinished}>
                {t('wizard.photos.clearUploads')}
              </Button>
            </Group>
          )}
        </Stack>
      )}

      {photos.length === 0 ? (
        <Text c="gray.7" role="status">
          {t('wizard.photos.none')}
        </Text>
      ) : (
        <>
          <Text size="sm" c="gray.7">
            {t('wizard.photos.count', { count: photos.length, max: LISTING_LIMITS.maxPhotos })}
          </Text>
          <SimpleGrid ref={gridRef} cols={{ base: 1, xs: 2, md: 3 }} spacing="md" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label={t('wizard.photos.listLabel')}>
            {photos.map((photo, index) => {
              const position = index + 1
              const primary = index === 0
              const disabled = working !== null
              return (
                <Card component="li" key={photo.id} withBorder padding="sm" data-media-id={photo.id} aria-label={primary ? t('wizard.photos.primaryPhotoLabel', { position }) : t('wizard.photos.photoLabel', { position })}>
                  <Card.Section pos="relative">
                    <Image src={photo.MediaURL} alt={t('wizard.photos.alt', { position, name: photo.filename })} h={160} fit="cover" />
                    {primary && (
                      <Badge pos="absolute" top={8} left={8} leftSection={<IconStar size={12} aria-hidden />} variant="filled">
                        {t('wizard.photos.primary')}
                      </Badge>
                    )}
                  </Card.Section>
                  <Stack gap="xs" mt="sm">
                    <Text size="sm" truncate="end" title={photo.filename}>
                      {photo.filename}
                    </Text>
                    <Group gap="xs">
                      <Button
                        size="xs"
                        variant="default"
                        data-action="earlier"
                        leftSection={<IconArrowLeft size={14} aria-hidden />}
                        disabled={disabled || primary}
                        aria-label={t('wizard.photos.moveEarlierOf', { position })}
                        onClick={() => void change(photo.id, 'earlier', () => reorderListingPhotos(listingId, movedPhotoIds(ids, photo.id, -1)))}
                      >
                        {t('wizard.photos.moveEarlier')}
                      </Button>
                      <Button
                        size="xs"
                        variant="default"
                        data-action="later"
                        rightSection={<IconArrowRight size={14} aria-hidden />}
                        disabled={disabled || index === photos.length - 1}
                        aria-label={t('wizard.photos.moveLaterOf', { position })}
                        onClick={() => void change(photo.id, 'later', () => reorderListingPhotos(listingId, movedPhotoIds(ids, photo.id, 1)))}
                      >
                        {t('wizard.photos.moveLater')}
                      </Button>
                    </Group>
                    <Group gap="xs">
                      {!primary && (
                        <Button
                          size="xs"
                          variant="light"
                          data-action="primary"
                          leftSection={<IconStar size={14} aria-hidden />}
                          disabled={disabled}
                          aria-label={t('wizard.photos.makePrimaryOf', { position })}
                          onClick={() => void change(photo.id, 'primary', () => reorderListingPhotos(listingId, primaryFirst(ids, photo.id)))}
                        >
                          {t('wizard.photos.makePrimary')}
                        </Button>
                      )}
                      <Button
                        size="xs"
                        variant="subtle"
                        color="red"
                        data-action="delete"
                        leftSection={<IconTrash size={14} aria-hidden />}
                        disabled={disabled}
                        aria-label={t('wizard.photos.deleteOf', { position })}
                        onClick={() => void remove(photo, position)}
                      >
                        {t('wizard.photos.delete')}
                      </Button>
                    </Group>
                  </Stack>
                </Card>
              )
            })}
          </SimpleGrid>
        </>
      )}
    </Stack>
  )
}

function UploadRow({ upload }: { upload: Upload }) {
  const { t } = useTranslation()
  const failed = upload.state === 'failed' || upload.state === 'refused'
  const status =
    upload.state === 'queued'
      ? t('wizard.photos.queued')
      : upload.state === 'uploading'
        ? t('wizard.photos.uploading', { progress: upload.progress })
        : upload.state === 'done'
          ? t('wizard.photos.uploaded')
          : t(upload.state === 'refused' ? 'wizard.photos.refused' : 'wizard.photos.failed', { message: translateOptional(upload.message) ?? '' })
  return (
    <Stack gap={4}>
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="sm" fw={500} truncate="end" title={upload.name}>
          {upload.name}
        </Text>
        <Group gap={4} wrap="nowrap">
          {upload.state === 'done' && <IconCheck size={16} color="var(--mantine-color-green-9)" aria-hidden />}
          <Text size="sm" c={failed ? 'red.9' : upload.state === 'done' ? undefined : 'gray.7'} role={failed ? 'alert' : undefined}>
            {status}
          </Text>
        </Group>
      </Group>
      {!failed && (
        <Progress
          value={upload.progress}
          color={upload.state === 'done' ? 'green' : undefined}
          animated={upload.state === 'uploading'}
          aria-label={t('wizard.photos.progressOf', { name: upload.name })}
        />
      )}
    </Stack>
  )
}
