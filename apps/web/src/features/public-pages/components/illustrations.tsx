import type { ReactNode } from 'react'

/**
 * Small drawings for the public pages, drawn inline (a few hundred bytes each, no image requests) in
 * the brand's shades. Each has a text alternative; `label` is already translated.
 */
type IllustrationProps = { label: string; size?: number }

const INK = '#3d2e8e'
const FILL = '#e2dcfc'
const ACCENT = '#7963f0'

function Frame({ label, size = 112, children }: IllustrationProps & { children: ReactNode }) {
  return (
    <svg role="img" aria-label={label} width={size} height={size} viewBox="0 0 120 120" fill="none" stroke={INK} strokeWidth={3} strokeLinecap="round" strokeLinejoin="round">
      <circle cx="60" cy="60" r="56" fill="#f2effe" stroke="none" />
      {children}
    </svg>
  )
}

/** A house with a magnifying glass: finding a home. */
export function BuyerIllustration(props: IllustrationProps) {
  return (
    <Frame {...props}>
      <path d="M22 58 52 32l30 26" />
      <path d="M29 52v32h46V52" fill={FILL} />
      <path d="M45 84V66h14v18" fill="#fff" />
      <circle cx="80" cy="76" r="13" fill="#fff" stroke={ACCENT} strokeWidth={4} />
      <path d="m89 86 11 11" stroke={ACCENT} strokeWidth={5} />
    </Frame>
  )
}

/** A list of offers with the first one ticked: comparing offers. */
export function SellerIllustration(props: IllustrationProps) {
  return (
    <Frame {...props}>
      <rect x="30" y="24" width="60" height="74" rx="6" fill="#fff" />
      <rect x="38" y="35" width="44" height="14" rx="3" fill={FILL} stroke={ACCENT} />
      <path d="m42 42 4 4 7-8" stroke={ACCENT} />
      <path d="M58 42h18M40 62h40M40 74h40M40 86h26" />
    </Frame>
  )
}

/** A contract with a signature line and a pen: closing the deal. */
export function AgentIllustration(props: IllustrationProps) {
  return (
    <Frame {...props}>
      <path d="M34 22h40l14 14v62H34z" fill="#fff" />
      <path d="M74 22v14h14" />
      <path d="M44 46h32M44 56h32M44 66h20" />
      <path d="M44 86c6-8 10 4 16-4s8 2 12-2" stroke={ACCENT} />
      <path d="M44 92h36" />
    </Frame>
  )
}
