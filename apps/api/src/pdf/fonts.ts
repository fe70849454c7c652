import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { PDFDocument, PDFFont } from '@cantoo/pdf-lib'
import type { Font, Glyph } from '@cantoo/fontkit'
import fontkit from '@cantoo/fontkit'

/**
 * The fonts every PDF Offerbook draws is written in, embedded (PDF/A forbids the standard 14 fonts,
 * which a file only names). They are free fonts metric-compatible with the standard ones the
 * documents were laid out in, so each line wraps where it did:
 * - Arimo (SIL Open Font License 1.1) for Helvetica: the same advance widths;
 * - Cousine (SIL Open Font License 1.1) for Courier: monospaced, each glyph 1229/2048 em (0.6).
 *
 * Each font file is read and parsed once per process; a document embeds a subset of the glyphs it
 * draws. The text drawn is WinAnsi (toWinAnsi in contracts/lined-pdf.ts), and every WinAnsi
 * character has a glyph in each of the four (fonts.test.ts checks it), so no character is drawn as
 * the font's empty box.
 */

export type FontFace = 'sans' | 'sansBold' | 'mono' | 'monoBold'

const FILES: Record<FontFace, string> = {
  sans: '@expo-google-fonts/arimo/400Regular/Arimo_400Regular.ttf',
  sansBold: '@expo-google-fonts/arimo/700Bold/Arimo_700Bold.ttf',
  mono: '@expo-google-fonts/cousine/400Regular/Cousine_400Regular.ttf',
  monoBold: '@expo-google-fonts/cousine/700Bold/Cousine_700Bold.ttf',
}

type Loaded = { bytes: Uint8Array; font: Font }

const require = createRequire(import.meta.url)
const loaded = new Map<FontFace, Loaded>()
/** The parsed font of each file's bytes, so a document's embedder reuses it rather than parsing the file again. */
const parsedByBytes = new WeakMap<Uint8Array, Font>()

/**
 * The font's layout as pdf-lib calls it (to measure and to encode each line): one glyph for each
 * character, its own advance width, with no substitutions (ligatures, contextual forms) and no
 * kerning, as with the standard fonts. A monospaced line keeps its columns, a copied 'fi' stays two
 * letters, and measuring a line costs a table lookup per character rather than a shaping pass.
 */
function glyphPerCharacter(font: Font): Font['layout'] {
  const glyphs = new Map<number, Glyph>()
  const glyphOf = (codePoint: number): Glyph => {
    let glyph = glyphs.get(codePoint)
    if (!glyph) {
      const found = font.glyphForCodePoint(codePoint) ?? font.getGlyph(0)!
      // The parsed font is shared by every document, and a glyph first met as a part of another
      // (an accented letter's base, when a subset is written) is kept with no characters: each
      // glyph drawn is given the character it is read back as, from the font's own character map.
      // A glyph drawn for several characters (Cousine's space is also the no-break space) is read
      // back as the lowest of them alone, never as all of them in a row.
      const characters = font.stringsForGlyph(found.id).filter((string) => [...string].length === 1).map((string) => string.codePointAt(0)!)
      glyph = Object.create(found, { codePoints: { value: [characters.length > 0 ? Math.min(...characters) : codePoint] } }) as Glyph
      glyphs.set(codePoint, glyph)
    }
    return glyph
  }
  return (text: string) => {
    const run: Glyph[] = []
    for (const char of text) run.push(glyphOf(char.codePointAt(0)!))
    return { glyphs: run } as unknown as ReturnType<Font['layout']>
  }
}

function load(face: FontFace): Loaded {
  let entry = loaded.get(face)
  if (!entry) {
    const bytes = new Uint8Array(readFileSync(require.resolve(FILES[face])))
    const font = fontkit.create(bytes)
    if (!('layout' in font)) throw new Error(`${FILES[face]} is a font collection, not one face`)
    font.layout = glyphPerCharacter(font)
    entry = { bytes, font }
    parsedByBytes.set(bytes, entry.font)
    loaded.set(face, entry)
  }
  return entry
}

/** The parsed font of a face (its glyphs, metrics and the characters it covers). */
export function fontFace(face: FontFace): Font {
  return load(face).font
}

/** fontkit as pdf-lib calls it, answering with the font already parsed for our own files. */
const cachingFontkit = {
  create(bytes: Uint8Array, postscriptName?: string) {
    return parsedByBytes.get(bytes) ?? (postscriptName === undefined ? fontkit.create(bytes) : fontkit.create(bytes, postscriptName))
  },
}

/**
 * A subset's name begins with six capital letters and '+' (ISO 32000-1 9.6.4). They are taken from
 * the face and the document's object count at the moment it is embedded: the same document comes out
 * the same each time, and two subsets of one face in one file (a form drawn earlier, the certificate
 * added at completion) have different names. The name still ends with the face's own (-Bold), which
 * a reader uses to tell bold text apart.
 */
function subsetName(doc: PDFDocument, face: FontFace, postscriptName: string): string {
  const digest = createHash('sha256').update(`${face}:${doc.context.largestObjectNumber}`).digest()
  const tag = Array.from(digest.subarray(0, 6), (byte) => String.fromCharCode(65 + (byte % 26))).join('')
  return `${tag}+${postscriptName}`
}

/** One face embedded into a document as a subset. */
export async function embedFace(doc: PDFDocument, face: FontFace): Promise<PDFFont> {
  const { bytes, font } = load(face)
  doc.registerFontkit(cachingFontkit as unknown as Parameters<PDFDocument['registerFontkit']>[0])
  return doc.embedFont(bytes, { subset: true, customName: subsetName(doc, face, font.postscriptName ?? face) })
}

/** The sans-serif pair (for Helvetica's layouts): regular and bold. */
export async function embedSans(doc: PDFDocument): Promise<{ regular: PDFFont; bold: PDFFont }> {
  const regular = await embedFace(doc, 'sans')
  return { regular, bold: await embedFace(doc, 'sansBold') }
}

/** The monospaced pair (for Courier's layouts): regular and bold. */
export async function embedMono(doc: PDFDocument): Promise<{ regular: PDFFont; bold: PDFFont }> {
  const regular = await embedFace(doc, 'mono')
  return { regular, bold: await embedFace(doc, 'monoBold') }
}
