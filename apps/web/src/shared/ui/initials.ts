/** Up to two capital letters from a name, for an avatar without a photo ('Lena Listing' -> 'LL'). */
export function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase() ?? '')
    .join('')
}
