/**
 * Each signer's fields are drawn in their own colour, as the big e-signature tools do, so the sender
 * sees at a glance whose field is where. The text on a field stays dark (gray 9) for contrast; only
 * the border and the tint carry the colour.
 */
const COLORS = ['blue', 'grape', 'teal', 'orange', 'pink', 'cyan', 'lime', 'violet', 'red', 'yellow'] as const

export function signerColor(index: number): { border: string; background: string } {
  const name = COLORS[index % COLORS.length] ?? 'blue'
  return { border: `var(--mantine-color-${name}-7)`, background: `var(--mantine-color-${name}-1)` }
}
