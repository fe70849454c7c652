import { useRef, useState } from 'react'
import type { KeyboardEvent } from 'react'
import { ActionIcon, AspectRatio, Box, Center, Group, Stack, Text, UnstyledButton, VisuallyHidden } from '@mantine/core'
import { useId } from '@mantine/hooks'
import { IconChevronLeft, IconChevronRight, IconPhotoOff } from '@tabler/icons-react'
import { useTranslation } from '../../../shared/i18n/translation'
import type { ListingMedia } from '@offerbook/domain/listing'
import { photoSrcSet, photoVariantHeight, photoVariantUrl } from '@offerbook/domain/photo-variants'

export type PhotoGalleryProps = {
  /** In any order; shown by RESO Order, 0 (the primary photo) first. */
  photos: readonly ListingMedia[]
  /** The listing's address: each photo's alternative text names it and the photo's position. */
  address: string
}

/** The round arrow over the photo's left or right edge that shows the photo before or after. */
function StepButton({ side, label, onClick }: { side: 'left' | 'right'; label: string; onClick: () => void }) {
  const Icon = side === 'left' ? IconChevronLeft : IconChevronRight
  return (
    <ActionIcon variant="white" size="lg" radius="xl" pos="absolute" left={side === 'left' ? 8 : undefined} right={side === 'right' ? 8 : undefined} top="50%" style={{ transform: 'translateY(-50%)' }} aria-label={label} onClick={onClick}>
      <Icon size={20} aria-hidden />
    </ActionIcon>
  )
}

/** Where an arrow, Home or End key moves from `index` among `count` photos; null for other keys. */
export function nextPhotoIndex(key: string, index: number, count: number): number | null {
  if (count === 0) return null
  switch (key) {
    case 'ArrowRight':
    case 'ArrowDown':
      return (index + 1) % count
    case 'ArrowLeft':
    case 'ArrowUp':
      return (index - 1 + count) % count
    case 'Home':
      return 0
    case 'End':
      return count - 1
    default:
      return null
  }
}

/**
 * The listing's photos: the chosen one large, all of them as thumbnails below. The arrow keys move
 * through them wherever the focus is in the gallery (wrapping around), Home and End go to the first
 * and the last; on the thumbnails the focus follows, so only the chosen thumbnail is a tab stop.
 */
export function PhotoGallery({ photos, address }: PhotoGalleryProps) {
  const { t } = useTranslation()
  const headingId = useId()
  const ordered = [...photos].sort((a, b) => a.Order - b.Order)
  const [selected, setSelected] = useState(0)
  const thumbnails = useRef<(HTMLButtonElement | null)[]>([])
  const count = ordered.length
  const index = Math.min(selected, Math.max(count - 1, 0))
  const alt = (position: number) => t('property.gallery.photoAlt', { address, position: position + 1, total: count })

  if (count === 0) {
    return (
      <AspectRatio ratio={3 / 2}>
        <Center bg="gray.1" style={{ borderRadius: 'var(--mantine-radius-md)' }}>
          <Stack align="center" gap="xs">
            <IconPhotoOff size={40} aria-hidden color="var(--mantine-color-gray-6)" />
            <Text c="gray.7">{t('property.gallery.empty')}</Text>
          </Stack>
        </Center>
      </AspectRatio>
    )
  }

  const show = (next: number, focusThumbnail: boolean) => {
    setSelected(next)
    if (focusThumbnail) thumbnails.current[next]?.focus()
  }

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const next = nextPhotoIndex(event.key, index, count)
    if (next === null) return
    event.preventDefault()
    show(next, thumbnails.current.includes(event.target as HTMLButtonElement))
  }

  const current = ordered[index]!
  return (
    <Box component="section" aria-labelledby={headingId} onKeyDown={onKeyDown}>
      <VisuallyHidden id={headingId} component="h2">
        {t('property.gallery.title')}
      </VisuallyHidden>
      <Box pos="relative">
        <AspectRatio ratio={3 / 2}>
          <Box bg="dark.8" style={{ borderRadius: 'var(--mantine-radius-md)', overflow: 'hidden' }}>
            {/* The first photo is what the page is for (its largest paint): asked for first, never lazily. */}
            <img
              src={photoVariantUrl(current.MediaURL, 960)}
              srcSet={photoSrcSet(current.MediaURL)}
              sizes="(min-width: 62em) 60vw, 100vw"
              alt={alt(index)}
              width={1280}
              height={photoVariantHeight(1280)}
              fetchPriority={index === 0 ? 'high' : 'auto'}
              decoding={index === 0 ? 'sync' : 'async'}
              style={{ width: '100%', height: '100%', objectFit: 'contain' }}
            />
          </Box>
        </AspectRatio>
        {count > 1 && (
          <>
            <StepButton side="left" label={t('property.gallery.previous')} onClick={() => show((index - 1 + count) % count, false)} />
            <StepButton side="right" label={t('property.gallery.next')} onClick={() => show((index + 1) % count, false)} />
          </>
        )}
      </Box>
      <Text size="sm" c="gray.7" mt={4} aria-live="polite">
        {t('property.gallery.position', { position: index + 1, total: count })}
      </Text>
      {count > 1 && (
        <Group gap="xs" mt="xs" wrap="nowrap" style={{ overflowX: 'auto' }} p={2} aria-label={t('property.gallery.thumbnails')} role="group">
          {ordered.map((photo, position) => (
            <UnstyledButton
              key={photo.id}
              ref={(element) => {
                thumbnails.current[position] = element
              }}
              tabIndex={position === index ? 0 : -1}
              aria-pressed={position === index}
              onClick={() => show(position, false)}
              style={{
                flex: '0 0 auto',
                borderRadius: 'var(--mantine-radius-sm)',
                outline: position === index ? '3px solid var(--mantine-primary-color-filled)' : undefined,
                outlineOffset: 1,
                overflow: 'hidden',
                lineHeight: 0,
              }}
            >
              <img
                src={photoVariantUrl(photo.MediaURL, 320)}
                srcSet={`${photoVariantUrl(photo.MediaURL, 320)} 320w`}
                sizes="96px"
                alt={alt(position)}
                width={96}
                height={64}
                loading="lazy"
                decoding="async"
                style={{ objectFit: 'cover', display: 'block' }}
              />
            </UnstyledButton>
          ))}
        </Group>
      )}
    </Box>
  )
}
