import { AspectRatio, Card, Center, Image, Stack, Text } from '@mantine/core'
import { IconPhotoOff } from '@tabler/icons-react'

type CardPhotoProps = { src: string | null | undefined; alt: string; ratio: number; noPhoto: string }

/** The photo at the top of a card, or a grey box that says there is none. */
export function CardPhoto({ src, alt, ratio, noPhoto }: CardPhotoProps) {
  return (
    <Card.Section>
      <AspectRatio ratio={ratio}>
        {src ? (
          <Image src={src} alt={alt} fit="cover" loading="lazy" />
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
