import { SIGNING_LIMITS } from '@offerbook/domain/signing-values'

/** The handwriting font of typed signatures ('@fontsource/dancing-script', loaded by the adopt dialog). */
export const SIGNATURE_FONT_FAMILY = '"Dancing Script", cursive'

const FONT_SIZE = 48
const INK = '#1a1b4b'

/** Up to three capital letters from a name ('Ana María López' -> 'AML'). */
export function initialsOf(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 3)
    .map((part) => part[0]?.toUpperCase() ?? '')
    .join('')
}

/** The bytes a base64 data URL decodes to, to check the server's limit before sending. */
export function dataUrlBytes(dataUrl: string): number {
  const base64 = dataUrl.slice(dataUrl.indexOf(',') + 1)
  const padding = base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0
  return Math.floor((base64.length * 3) / 4) - padding
}

/**
 * The pixels per CSS pixel a signature canvas of this CSS size is drawn at: the screen's density (or
 * `wanted`), lowered so the image stays within the server's 2000 × 1000 pixels.
 */
export function signatureScale(cssWidth: number, cssHeight: number, wanted: number): number {
  const { signatureMaxWidth, signatureMaxHeight } = SIGNING_LIMITS
  return Math.min(wanted, cssWidth > 0 ? signatureMaxWidth / cssWidth : wanted, cssHeight > 0 ? signatureMaxHeight / cssHeight : wanted)
}

export function fitsSignatureLimit(dataUrl: string): boolean {
  return dataUrlBytes(dataUrl) < SIGNING_LIMITS.signatureImageMaxBytes
}

/**
 * A typed name drawn in the handwriting font on a transparent PNG. The font is awaited first: a
 * canvas draws with whatever font is ready, and a fallback font would be burnt into the document.
 */
export async function typedSignatureImage(text: string): Promise<string> {
  const font = `${FONT_SIZE}px ${SIGNATURE_FONT_FAMILY}`
  if (typeof document !== 'undefined' && 'fonts' in document) {
    try {
      await document.fonts.load(`${FONT_SIZE}px "Dancing Script"`, text)
    } catch {
      // Without the web font the browser's cursive font still gives a legible signature.
    }
  }
  const canvas = document.createElement('canvas')
  const measure = canvas.getContext('2d')
  if (!measure) throw new Error('Canvas is not available')
  measure.font = font
  const padding = FONT_SIZE / 2
  const width = Math.ceil(measure.measureText(text).width + padding * 2)
  const height = Math.ceil(FONT_SIZE * 1.6)
  const scale = signatureScale(width, height, 2)
  canvas.width = Math.floor(width * scale)
  canvas.height = Math.floor(height * scale)
  // Resizing a canvas resets its state, so the font is set again on the context it draws with.
  const context = canvas.getContext('2d')
  if (!context) throw new Error('Canvas is not available')
  context.scale(scale, scale)
  context.font = font
  context.fillStyle = INK
  context.textBaseline = 'middle'
  context.fillText(text, padding, height / 2)
  return canvas.toDataURL('image/png')
}
