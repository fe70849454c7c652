import { createHash } from 'node:crypto'
import { deflateSync } from 'node:zlib'
import type { PDFDocument, PDFObject } from '@cantoo/pdf-lib'
import { decodePDFRawStream, PDFArray, PDFDict, PDFHexString, PDFName, PDFRawStream, PDFRef, PDFStream, PDFString } from '@cantoo/pdf-lib'

/**
 * PDF/A-3b (ISO 19005-3, level B) for the files Offerbook makes: the sealed packet, the forms it
 * draws and the offer record (decision 062). A file is marked just before it is saved, and a sealed
 * packet before its seal, so the seal covers the marking:
 * - XMP metadata in the catalog that repeats the information dictionary (title, author, subject,
 *   keywords, producer, creator tool, dates), with pdfaid part 3 and conformance B;
 * - an output intent (GTS_PDFA1) with an sRGB ICC profile made here from the published sRGB facts;
 * - a trailer /ID.
 * A file claims PDF/A (pdfaid) only when every font its pages use is embedded and nothing on them is
 * painted in DeviceCMYK, which an sRGB output intent does not define (ISO 19005-3 6.2.4.3): an
 * uploaded PDF may use fonts it only names, or print colours, and then the file gets the rest of the
 * marking without the claim.
 * What is not checked here (veraPDF cannot be installed): the README's signing section lists it.
 */

// ---------------------------------------------------------------------------------------------
// The sRGB ICC profile (ICC.1:2001-04, version 2.1, display class)

/** s15Fixed16Number, as the ICC profile writes XYZ values. */
const s15Fixed16 = (value: number) => Math.round(value * 65536)

/** The sRGB primaries (IEC 61966-2-1) adapted to the profile connection space's D50 (Bradford), and sRGB's D65 white. */
const SRGB = {
  red: [0.4360747, 0.2225045, 0.0139322],
  green: [0.3850649, 0.7168786, 0.0971045],
  blue: [0.1430804, 0.0606169, 0.7141733],
  white: [0.9504559, 1.0, 1.0890578],
  d50: [0.9642, 1.0, 0.8249],
} as const

/** sRGB's tone curve, encoded value to linear light: a straight segment near black, then a 2.4 power. */
const srgbToLinear = (value: number) => (value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4)

class ByteWriter {
  private readonly bytes: number[] = []
  get length() {
    return this.bytes.length
  }
  u8(value: number) {
    this.bytes.push(value & 0xff)
    return this
  }
  u16(value: number) {
    return this.u8(value >>> 8).u8(value)
  }
  u32(value: number) {
    return this.u16(value >>> 16).u16(value & 0xffff)
  }
  ascii(text: string) {
    for (const char of text) this.u8(char.charCodeAt(0))
    return this
  }
  zeros(count: number) {
    for (let index = 0; index < count; index++) this.u8(0)
    return this
  }
  xyz(values: readonly number[]) {
    for (const value of values) this.u32(s15Fixed16(value) >>> 0)
    return this
  }
  pad4() {
    while (this.bytes.length % 4 !== 0) this.u8(0)
    return this
  }
  append(other: ByteWriter) {
    this.bytes.push(...other.bytes)
    return this
  }
  toBytes() {
    return Uint8Array.from(this.bytes)
  }
}

export const SRGB_PROFILE_NAME = 'sRGB IEC61966-2.1'

function buildSrgbProfile(): Uint8Array {
  const description = new ByteWriter().ascii('desc').zeros(4).u32(SRGB_PROFILE_NAME.length + 1).ascii(SRGB_PROFILE_NAME).u8(0).u32(0).u32(0).u16(0).u8(0).zeros(67)
  const copyright = new ByteWriter().ascii('text').zeros(4).ascii('No copyright, use freely. Made by Offerbook from the published sRGB parameters.').u8(0)
  const xyz = (values: readonly number[]) => new ByteWriter().ascii('XYZ ').zeros(4).xyz(values)
  const samples = 1024
  const curve = new ByteWriter().ascii('curv').zeros(4).u32(samples)
  for (let index = 0; index < samples; index++) curve.u16(Math.round(srgbToLinear(index / (samples - 1)) * 65535))

  // Tags in order; the three tone curves share one copy of the curve.
  const data: { signature: string; body: ByteWriter | null }[] = [
    { signature: 'desc', body: description },
    { signature: 'cprt', body: copyright },
    { signature: 'wtpt', body: xyz(SRGB.white) },
    { signature: 'rXYZ', body: xyz(SRGB.red) },
    { signature: 'gXYZ', body: xyz(SRGB.green) },
    { signature: 'bXYZ', body: xyz(SRGB.blue) },
    { signature: 'rTRC', body: curve },
    { signature: 'gTRC', body: null },
    { signature: 'bTRC', body: null },
  ]
  const headerSize = 128
  const tableSize = 4 + data.length * 12
  const bodies = new ByteWriter()
  const table = new ByteWriter().u32(data.length)
  let shared = { offset: 0, size: 0 }
  for (const { signature, body } of data) {
    if (body) {
      bodies.pad4()
      shared = { offset: headerSize + tableSize + bodies.length, size: body.length }
      bodies.append(body)
    }
    table.ascii(signature).u32(shared.offset).u32(shared.size)
  }
  bodies.pad4()
  const size = headerSize + tableSize + bodies.length
  const header = new ByteWriter()
    .u32(size)
    .zeros(4) // preferred CMM
    .u32(0x02100000) // version 2.1
    .ascii('mntr')
    .ascii('RGB ')
    .ascii('XYZ ')
    .u16(2026).u16(11).u16(30).u16(0).u16(0).u16(0) // made on
    .ascii('acsp')
    .zeros(4) // platform
    .u32(0) // flags
    .zeros(4) // manufacturer
    .zeros(4) // model
    .zeros(8) // attributes
    .u32(0) // rendering intent: perceptual
    .xyz(SRGB.d50)
    .zeros(4) // creator
    .zeros(16) // profile ID (version 4 only)
    .zeros(28) // reserved
  return header.append(table).append(bodies).toBytes()
}

let srgbProfile: { bytes: Uint8Array; deflated: Uint8Array } | null = null
function profileOnce() {
  if (!srgbProfile) {
    const bytes = buildSrgbProfile()
    srgbProfile = { bytes, deflated: new Uint8Array(deflateSync(bytes)) }
  }
  return srgbProfile
}
/** The sRGB ICC profile's bytes (made once per process, and compressed once for every file that carries it). */
export function srgbIccProfile(): Uint8Array {
  return profileOnce().bytes
}

// ---------------------------------------------------------------------------------------------
// Fonts: is every one embedded?

const name = (key: string) => PDFName.of(key)

function resolve(doc: PDFDocument, value: PDFObject | undefined): PDFObject | undefined {
  return value instanceof PDFRef ? doc.context.lookup(value) : value
}

function asDict(doc: PDFDocument, value: PDFObject | undefined): PDFDict | undefined {
  const resolved = resolve(doc, value)
  if (resolved instanceof PDFDict) return resolved
  if (resolved instanceof PDFStream) return resolved.dict
  return undefined
}

function fontName(font: PDFDict): string {
  const base = font.get(name('BaseFont'))
  return base instanceof PDFName ? base.decodeText() : '(unnamed font)'
}

/** Whether a simple or CID font carries its program: FontFile, FontFile2 or FontFile3 in its descriptor. */
function carriesProgram(doc: PDFDocument, font: PDFDict): boolean {
  const descriptor = asDict(doc, font.get(name('FontDescriptor')))
  return descriptor !== undefined && ['FontFile', 'FontFile2', 'FontFile3'].some((key) => descriptor.has(name(key)))
}

/**
 * The names of the fonts a document's pages use without embedding them: each page's resources
 * (inherited ones included), the Form XObjects, patterns and Type 3 glyphs they draw, and the
 * appearance streams of the pages' annotations, each dictionary once. A composite (Type 0) font is
 * embedded when its descendant is; a Type 3 font is drawn by its own glyph procedures.
 */
export function fontsNotEmbedded(doc: PDFDocument): string[] {
  const missing = new Set<string>()
  const seen = new Set<PDFDict>()
  const checkFont = (font: PDFDict) => {
    if (seen.has(font)) return
    seen.add(font)
    const subtype = font.get(name('Subtype'))
    const kind = subtype instanceof PDFName ? subtype.decodeText() : ''
    if (kind === 'Type3') {
      walkResources(font.get(name('Resources')))
      return
    }
    if (kind === 'Type0') {
      const descendants = resolve(doc, font.get(name('DescendantFonts')))
      const descendant = descendants instanceof PDFArray ? asDict(doc, descendants.get(0)) : undefined
      if (!descendant || !carriesProgram(doc, descendant)) missing.add(fontName(font))
      return
    }
    if (!carriesProgram(doc, font)) missing.add(fontName(font))
  }
  const walkResources = (value: PDFObject | undefined) => {
    const resources = asDict(doc, value)
    if (!resources || seen.has(resources)) return
    seen.add(resources)
    const fonts = asDict(doc, resources.get(name('Font')))
    for (const [, font] of fonts?.entries() ?? []) {
      const dict = asDict(doc, font)
      if (dict) checkFont(dict)
    }
    for (const key of ['XObject', 'Pattern']) {
      const group = asDict(doc, resources.get(name(key)))
      for (const [, item] of group?.entries() ?? []) {
        const dict = asDict(doc, item)
        if (!dict || seen.has(dict)) continue
        seen.add(dict)
        walkResources(dict.get(name('Resources')))
      }
    }
  }
  const walkAppearance = (value: PDFObject | undefined) => {
    const resolved = resolve(doc, value)
    if (resolved instanceof PDFStream) {
      walkResources(resolved.dict.get(name('Resources')))
    } else if (resolved instanceof PDFDict) {
      // An appearance subdictionary: one stream per state.
      for (const [, state] of resolved.entries()) walkAppearance(state)
    }
  }
  for (const page of doc.getPages()) {
    walkResources(page.node.Resources())
    const annotations = resolve(doc, page.node.get(name('Annots')))
    if (!(annotations instanceof PDFArray)) continue
    for (const item of annotations.asArray()) {
      const appearances = asDict(doc, asDict(doc, item)?.get(name('AP')))
      for (const [, appearance] of appearances?.entries() ?? []) walkAppearance(appearance)
    }
  }
  return [...missing].sort()
}

// ---------------------------------------------------------------------------------------------
// Colours: is anything painted in DeviceCMYK?

/** A colour space that is, or falls back to, DeviceCMYK: an ICC-based space is device-independent and allowed. */
function isCmykSpace(doc: PDFDocument, value: PDFObject | undefined, depth = 0): boolean {
  const resolved = resolve(doc, value)
  if (depth > 8 || resolved === undefined) return false
  if (resolved instanceof PDFName) return ['DeviceCMYK', 'CMYK'].includes(resolved.decodeText())
  if (!(resolved instanceof PDFArray)) return false
  const family = resolved.get(0)
  const kind = family instanceof PDFName ? family.decodeText() : ''
  // Indexed and Pattern name their base; Separation and DeviceN their alternate.
  if (kind === 'Indexed' || kind === 'I' || kind === 'Pattern') return isCmykSpace(doc, resolved.get(1), depth + 1)
  if (kind === 'Separation' || kind === 'DeviceN') return isCmykSpace(doc, resolved.get(2), depth + 1)
  return false
}

/** A content stream's operators as text, strings taken out, so that a word inside a string is not read as one. */
function contentText(stream: PDFStream): string {
  let bytes: Uint8Array
  try {
    bytes = stream instanceof PDFRawStream ? decodePDFRawStream(stream).decode() : stream.getContents()
  } catch {
    // A filter we cannot decode: nothing can be said of its colours, so the file claims nothing.
    return ' 0 0 0 1 k '
  }
  return Buffer.from(bytes)
    .toString('latin1')
    .replace(/\((?:\\[\s\S]|[^\\)])*\)/g, ' ')
    .replace(/<[0-9A-Fa-f\s]*>/g, ' ')
}

const NUMBER = String.raw`[-+]?(?:\d+\.?\d*|\.\d+)`
/** The k and K operators: four operands, DeviceCMYK by definition. */
const CMYK_OPERATOR = new RegExp(String.raw`(?:^|[\s\]])(?:${NUMBER}\s+){4}[kK](?=[\s/\[<(]|$)`)
/** An inline image (BI ... ID) in DeviceCMYK, by its abbreviated or full names. */
const CMYK_INLINE_IMAGE = /\/(?:CS|ColorSpace)\s*\/(?:CMYK|DeviceCMYK)(?![A-Za-z])/

/**
 * Whether a document's pages paint anything in DeviceCMYK: a colour space resource, an image, a
 * shading, the k and K operators or an inline image of its content streams, in the pages, their Form
 * XObjects, patterns, Type 3 glyphs and annotation appearances. An sRGB output intent leaves
 * DeviceRGB and DeviceGray defined, not DeviceCMYK (ISO 19005-3 6.2.4.3).
 */
export function paintsDeviceCmyk(doc: PDFDocument): boolean {
  const seen = new Set<PDFObject>()
  const once = (object: PDFObject) => {
    if (seen.has(object)) return false
    seen.add(object)
    return true
  }
  const content = (value: PDFObject | undefined): boolean => {
    const resolved = resolve(doc, value)
    if (resolved instanceof PDFArray) return resolved.asArray().some((item) => content(item))
    if (!(resolved instanceof PDFStream) || !once(resolved)) return false
    const text = contentText(resolved)
    return CMYK_OPERATOR.test(text) || CMYK_INLINE_IMAGE.test(text)
  }
  const entries = (dict: PDFDict | undefined) => dict?.entries().map(([, item]) => item) ?? []
  const resources = (value: PDFObject | undefined): boolean => {
    const dict = asDict(doc, value)
    if (!dict || !once(dict)) return false
    if (entries(asDict(doc, dict.get(name('ColorSpace')))).some((space) => isCmykSpace(doc, space))) return true
    if (entries(asDict(doc, dict.get(name('Shading')))).some((shading) => isCmykSpace(doc, asDict(doc, shading)?.get(name('ColorSpace'))))) return true
    for (const item of [...entries(asDict(doc, dict.get(name('XObject')))), ...entries(asDict(doc, dict.get(name('Pattern'))))]) {
      if (drawing(item)) return true
    }
    for (const font of entries(asDict(doc, dict.get(name('Font'))))) {
      const fontDict = asDict(doc, font)
      if (!fontDict || !once(fontDict)) continue
      if (resources(fontDict.get(name('Resources')))) return true
      if (entries(asDict(doc, fontDict.get(name('CharProcs')))).some((glyph) => content(glyph))) return true
    }
    return false
  }
  /** An image, a Form XObject, a tiling or shading pattern. */
  const drawing = (value: PDFObject | undefined): boolean => {
    const resolved = resolve(doc, value)
    const dict = asDict(doc, resolved)
    if (!dict) return false
    const subtype = dict.get(name('Subtype'))
    if (subtype instanceof PDFName && subtype.decodeText() === 'Image') {
      if (isCmykSpace(doc, dict.get(name('ColorSpace')))) return true
      const mask = dict.get(name('SMask'))
      return mask !== undefined && drawing(mask)
    }
    const shading = asDict(doc, dict.get(name('Shading')))
    if (shading && isCmykSpace(doc, shading.get(name('ColorSpace')))) return true
    if (resources(dict.get(name('Resources')))) return true
    return resolved instanceof PDFStream && content(resolved)
  }
  const appearance = (value: PDFObject | undefined): boolean => {
    const resolved = resolve(doc, value)
    if (resolved instanceof PDFStream) return drawing(resolved)
    return resolved instanceof PDFDict && resolved.entries().some(([, state]) => appearance(state))
  }
  for (const page of doc.getPages()) {
    if (resources(page.node.Resources()) || content(page.node.get(name('Contents')))) return true
    const annotations = resolve(doc, page.node.get(name('Annots')))
    if (!(annotations instanceof PDFArray)) continue
    for (const item of annotations.asArray()) {
      if (entries(asDict(doc, asDict(doc, item)?.get(name('AP')))).some((state) => appearance(state))) return true
    }
  }
  return false
}

// ---------------------------------------------------------------------------------------------
// Marking a document

/** XML's text: markup characters escaped, and the characters XML 1.0 cannot hold (C0 controls but tab and line ends) left out. */
const escapeXml = (text: string) =>
  [...text]
    .filter((char) => {
      const code = char.codePointAt(0)!
      return code >= 0x20 ? code !== 0xfffe && code !== 0xffff : code === 0x09 || code === 0x0a || code === 0x0d
    })
    .join('')
    .replace(/[<>&"']/g, (char) => `&#${char.charCodeAt(0)};`)
/** XMP's date: ISO 8601 in UTC to the second, as the information dictionary's D:YYYYMMDDHHmmSSZ. */
const xmpDate = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, 'Z')

function xmpPacket(doc: PDFDocument, claim: boolean): string {
  const title = doc.getTitle()
  const author = doc.getAuthor()
  const subject = doc.getSubject()
  const keywords = doc.getKeywords()
  const producer = doc.getProducer()
  const creator = doc.getCreator()
  const created = doc.getCreationDate()
  const modified = doc.getModificationDate()
  const alt = (text: string) => `<rdf:Alt><rdf:li xml:lang="x-default">${escapeXml(text)}</rdf:li></rdf:Alt>`
  const properties = [
    '<dc:format>application/pdf</dc:format>',
    title === undefined ? '' : `<dc:title>${alt(title)}</dc:title>`,
    author === undefined ? '' : `<dc:creator><rdf:Seq><rdf:li>${escapeXml(author)}</rdf:li></rdf:Seq></dc:creator>`,
    subject === undefined ? '' : `<dc:description>${alt(subject)}</dc:description>`,
    keywords === undefined ? '' : `<pdf:Keywords>${escapeXml(keywords)}</pdf:Keywords>`,
    producer === undefined ? '' : `<pdf:Producer>${escapeXml(producer)}</pdf:Producer>`,
    creator === undefined ? '' : `<xmp:CreatorTool>${escapeXml(creator)}</xmp:CreatorTool>`,
    created === undefined ? '' : `<xmp:CreateDate>${xmpDate(created)}</xmp:CreateDate>`,
    modified === undefined ? '' : `<xmp:ModifyDate>${xmpDate(modified)}</xmp:ModifyDate>`,
    modified === undefined ? '' : `<xmp:MetadataDate>${xmpDate(modified)}</xmp:MetadataDate>`,
    claim ? '<pdfaid:part>3</pdfaid:part>' : '',
    claim ? '<pdfaid:conformance>B</pdfaid:conformance>' : '',
  ].filter((line) => line !== '')
  return [
    '<?xpacket begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"?>',
    '<x:xmpmeta xmlns:x="adobe:ns:meta/">',
    '<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">',
    '<rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:xmp="http://ns.adobe.com/xap/1.0/" xmlns:pdf="http://ns.adobe.com/pdf/1.3/" xmlns:pdfaid="http://www.aiim.org/pdfa/ns/id/">',
    ...properties.map((line) => `  ${line}`),
    '</rdf:Description>',
    '</rdf:RDF>',
    '</x:xmpmeta>',
    '<?xpacket end="w"?>',
  ].join('\n')
}

/** What the marking found and did: `claimed` when the file says it is PDF/A-3b; otherwise what stopped it. */
export type ArchivalResult = { claimed: true } | { claimed: false; fontsNotEmbedded: string[]; deviceCmyk: boolean }

/** Whether a document can claim PDF/A-3b (every font embedded, no DeviceCMYK), before anything is marked. */
export function archivalCheck(doc: PDFDocument): ArchivalResult {
  const missing = fontsNotEmbedded(doc)
  const cmyk = paintsDeviceCmyk(doc)
  return missing.length === 0 && !cmyk ? { claimed: true } : { claimed: false, fontsNotEmbedded: missing, deviceCmyk: cmyk }
}

/**
 * Marks a document as PDF/A-3b (or, when `check` says a font is not embedded, gives it the same
 * metadata without the claim). Call it last before saving: the XMP repeats the information
 * dictionary as it is now. An /ID already in the trailer keeps its first half (the file's identity);
 * the second is this version's.
 */
export function markArchival(doc: PDFDocument, check: ArchivalResult = archivalCheck(doc)): ArchivalResult {
  const { context, catalog } = doc
  const xmp = Buffer.from(xmpPacket(doc, check.claimed), 'utf8')
  const metadata = context.stream(xmp, { Type: 'Metadata', Subtype: 'XML', Length: xmp.length })
  catalog.set(name('Metadata'), context.register(metadata))

  const iccStream = context.stream(profileOnce().deflated, { Filter: 'FlateDecode', N: 3 })
  const intent = context.obj({
    Type: 'OutputIntent',
    S: 'GTS_PDFA1',
    OutputConditionIdentifier: PDFString.of(SRGB_PROFILE_NAME),
    Info: PDFString.of(SRGB_PROFILE_NAME),
    RegistryName: PDFString.of('http://www.color.org'),
    DestOutputProfile: context.register(iccStream),
  })
  catalog.set(name('OutputIntents'), context.obj([context.register(intent)]))

  const version = createHash('sha256').update(xmp).update(String(context.largestObjectNumber)).digest('hex').slice(0, 32)
  const existing = resolve(doc, context.trailerInfo.ID as PDFObject | undefined)
  const first = existing instanceof PDFArray ? existing.get(0) : undefined
  context.trailerInfo.ID = context.obj([first instanceof PDFHexString ? first : PDFHexString.of(version), PDFHexString.of(version)])
  return check
}

