import { Avatar } from '@mantine/core'

/** 'Dana Whitfield' -> 'DW': the first letter of the first and last words. */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean)
  const first = words[0]?.[0] ?? ''
  const last = words.length > 1 ? (words.at(-1)?.[0] ?? '') : ''
  return (first + last).toUpperCase()
}

/** A round badge with a person's initials, in place of a photo; the name beside it is the text alternative. */
export function InitialsAvatar({ name, size = 72 }: { name: string; size?: number }) {
  return (
    <Avatar size={size} radius="xl" color="brand" variant="filled" aria-hidden>
      {initialsOf(name)}
    </Avatar>
  )
}
