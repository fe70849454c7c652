import { execFile } from 'node:child_process'
import { expect } from 'vitest'

/** What tools nobody here wrote (poppler's pdffonts and pdfinfo, MuPDF's mutool) read of a file's PDF/A marking. */
export type ArchivalFacts = {
  /** pdffonts' rows: each font's name and whether it is embedded. */
  fonts: { name: string; embedded: boolean }[]
  /** The catalog's XMP packet, as stored. */
  xmp: string
  /** The output intent's subtype and its ICC profile's bytes. */
  outputIntent: string
  icc: Buffer
  /** pdfinfo's Title and dates, and the trailer's /ID. */
  info: Record<string, string>
  trailer: string
}

function tool(command: string, args: string[]): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    execFile(command, args, { encoding: 'buffer', maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      if (error) reject(new Error(`${command} ${args.join(' ')} failed: ${stderr.toString()}`))
      else resolve(stdout)
    })
  })
}

export async function archivalFacts(path: string): Promise<ArchivalFacts> {
  const rows = (await tool('pdffonts', [path])).toString('utf8').split('\n').slice(2).filter((row) => row.trim() !== '')
  // Columns: name, type (one or two words), encoding, emb, sub, uni, object, generation; read from the right.
  const fonts = rows.map((row) => {
    const parts = row.trim().split(/\s+/)
    return { name: parts[0]!, embedded: parts.at(-5) === 'yes' }
  })
  const xmp = (await tool('mutool', ['show', '-b', path, 'trailer/Root/Metadata'])).toString('utf8')
  const intent = (await tool('mutool', ['show', path, 'trailer/Root/OutputIntents/1'])).toString('utf8')
  const icc = await tool('mutool', ['show', '-b', path, 'trailer/Root/OutputIntents/1/DestOutputProfile'])
  const info = Object.fromEntries(
    (await tool('pdfinfo', ['-isodates', path]))
      .toString('utf8')
      .split('\n')
      .map((line) => /^([A-Za-z]+):\s*(.*)$/.exec(line))
      .filter((match) => match !== null)
      .map((match) => [match[1]!, match[2]!.trim()]),
  )
  const trailer = (await tool('mutool', ['show', path, 'trailer'])).toString('utf8')
  return { fonts, xmp, outputIntent: /\/S\s*\/(\w+)/.exec(intent)?.[1] ?? '', icc, info, trailer }
}

const xmpValue = (xmp: string, key: string) => new RegExp(`<${key}>([^<]*)</${key}>`).exec(xmp)?.[1]

/**
 * The file is marked PDF/A-3b as the PDF/A checks that can be made here see it (veraPDF cannot be
 * installed): every font embedded, XMP with pdfaid part 3 and conformance B that agrees with the
 * information dictionary, an sRGB output intent whose ICC profile is a display RGB profile, and a
 * trailer /ID. With `claimed: false`, the same marking without pdfaid (the caller checks what stopped it).
 */
export async function expectArchival(path: string, { claimed = true }: { claimed?: boolean } = {}): Promise<ArchivalFacts> {
  const facts = await archivalFacts(path)
  expect(facts.fonts.length).toBeGreaterThan(0)
  if (claimed) expect(facts.fonts.filter((font) => !font.embedded)).toEqual([])
  expect(xmpValue(facts.xmp, 'pdfaid:part')).toBe(claimed ? '3' : undefined)
  expect(xmpValue(facts.xmp, 'pdfaid:conformance')).toBe(claimed ? 'B' : undefined)
  if (facts.info.Title) expect(facts.xmp).toContain(`<rdf:li xml:lang="x-default">${facts.info.Title.replace(/&/g, '&#38;')}</rdf:li>`)
  expect(xmpValue(facts.xmp, 'pdf:Producer')).toBe(facts.info.Producer)
  expect(xmpValue(facts.xmp, 'xmp:CreateDate')).toBe(facts.info.CreationDate)
  expect(xmpValue(facts.xmp, 'xmp:ModifyDate')).toBe(facts.info.ModDate)
  expect(facts.outputIntent).toBe('GTS_PDFA1')
  // The ICC profile's header: its size, 'mntr' (display), 'RGB ' data, 'XYZ ' connection space, the 'acsp' signature.
  expect(facts.icc.readUInt32BE(0)).toBe(facts.icc.length)
  expect(facts.icc.subarray(12, 40).toString('latin1')).toMatch(/^mntrRGB XYZ [\s\S]{12}acsp$/)
  expect(facts.trailer).toMatch(/\/ID\s*\[\s*<[0-9A-F]{32}>\s*<[0-9A-F]{32}>\s*\]/i)
  return facts
}
