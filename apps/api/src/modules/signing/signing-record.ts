import type { PDFObject } from '@cantoo/pdf-lib'
import { decodePDFRawStream, PDFArray, PDFDict, PDFDocument, PDFHexString, PDFName, PDFRawStream, PDFRef, PDFString } from '@cantoo/pdf-lib'
import { SEALED_RECORD_FILENAME } from '@offerbook/domain/signing'

/**
 * The record a sealed file carries (decision 059), taken back out of the file: the file is the one
 * place the record is kept (signing_seal_version keeps only its SHA-256), so whatever shows it again,
 * the transaction ZIP among them, reads these very bytes rather than building the JSON a second time.
 * The associated files of the catalog (/AF) are read first, then the embedded files' name tree.
 */

const name = PDFName.of

function text(value: PDFObject | undefined): string | null {
  return value instanceof PDFString || value instanceof PDFHexString ? value.decodeText() : null
}

/** The file specifications the document lists as associated files and as embedded files, in that order. */
function fileSpecs(doc: PDFDocument): PDFDict[] {
  const found: PDFDict[] = []
  const add = (value: PDFObject | undefined) => {
    const spec = value instanceof PDFRef ? doc.context.lookup(value) : value
    if (spec instanceof PDFDict) found.push(spec)
  }
  const associated = doc.catalog.lookup(name('AF'))
  if (associated instanceof PDFArray) for (const item of associated.asArray()) add(item)
  const names = doc.catalog.lookup(name('Names'))
  const tree = names instanceof PDFDict ? names.lookup(name('EmbeddedFiles')) : undefined
  // A flat name tree, as pdf-lib writes it: [name spec name spec …].
  const pairs = tree instanceof PDFDict ? tree.lookup(name('Names')) : undefined
  if (pairs instanceof PDFArray) pairs.asArray().forEach((item, index) => index % 2 === 1 && add(item))
  return found
}

/** The bytes of the file embedded as `filename` (the sealed record by default), or null when the PDF has none. */
export async function embeddedFileOf(pdf: Uint8Array, filename: string = SEALED_RECORD_FILENAME): Promise<Uint8Array | null> {
  const doc = await PDFDocument.load(pdf, { updateMetadata: false })
  for (const spec of fileSpecs(doc)) {
    if ((text(spec.lookup(name('UF'))) ?? text(spec.lookup(name('F')))) !== filename) continue
    const streams = spec.lookup(name('EF'))
    const stream = streams instanceof PDFDict ? streams.lookup(name('F')) : undefined
    if (stream instanceof PDFRawStream) return decodePDFRawStream(stream).decode()
  }
  return null
}
