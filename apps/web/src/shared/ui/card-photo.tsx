import { AspectRatio, Card, Center, Image, Stack, Text } from '@mantine/core'
import { IconPhotoOff } from '@tabler/icons-react'

type CardPhotoProps = {
  src: string | null | undefined
  alt: string
  ratio: number
  noPhoto: string
  /**
   * The first cards of a list, on the first screen: fetched at once and first (their photo is what the
   * page paints largest). The others wait until they near the screen.
   */
  firstScreen?: boolean
}

/** The photo at the top of a card, or a grey box that says there is none. */
/** How many cards of a list are on the first screen of a wide one (three columns). */
export const FIRST_SCREEN_CARDS = 3

export function CardPhoto({ src, alt, ratio, noPhoto, firstScreen = false }: CardPhotoProps) {
  return (
    <Card.Section>
      <AspectRatio ratio={ratio}>
        {src ? (
          <Image src={src} alt={alt} fit="cover" loading={firstScreen ? 'eager' : 'lazy'} fetchPriority={firstScreen ? 'high' : 'auto'} />
        ) : (
          <Center bg="gray.1">
            <Stack align="center" gap={4}>
              <IconPhotoOff size={32} aria-hidden />
              <Text size="sm">{noPhoto}</Text>
            </Stack>
          </Center>
        )}
      </AspectRatio>
    </Card.Section>
  )
}
