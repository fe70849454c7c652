import type { PDFDocument, PDFPage } from '@cantoo/pdf-lib'
import { PDFArray, PDFDict, PDFHexString, PDFInvalidObject, PDFName, PDFNumber, PDFRef, PDFString } from '@cantoo/pdf-lib'
import type { DocumentSnapshot } from '@cantoo/pdf-lib'

/**
 * An invisible signature field with an empty signature dictionary, for the seal (a PAdES signature,
 * ETSI.CAdES.detached) or for a document timestamp (ETSI.RFC3161, PAdES B-LTA). The /ByteRange holds
 * placeholders and /Contents zeros; @signpdf/signpdf fills both once the file's bytes are final
 * (decision 055).
 */

/** What @signpdf/signpdf looks for in the file: `/ByteRange [0 /********** /********** /**********]`. */
export const BYTE_RANGE_PLACEHOLDER = '**********'

const SIG_FLAGS_SIGNATURES_EXIST = 1
const SIG_FLAGS_APPEND_ONLY = 2
const ANNOTATION_PRINT = 4

export type SignatureFieldSpec =
  | { kind: 'seal'; name: string; reason: string; location: string; signedAt: Date; contentsLength: number }
  | { kind: 'document-timestamp'; contentsLength: number }

/**
 * Adds the field to the document's last page. With a snapshot (an incremental update of a signed
 * file), every existing object it changes is marked so the update rewrites it.
 */
export function addSignatureField(doc: PDFDocument, spec: SignatureFieldSpec, snapshot?: DocumentSnapshot): void {
  const { context } = doc
  const pages = doc.getPages()
  const page: PDFPage | undefined = pages[pages.length - 1]
  if (!page) throw new Error('a signature field needs a page to sit on')

  const byteRange = PDFArray.withContext(context)
  byteRange.push(PDFNumber.of(0))
  for (let index = 0; index < 3; index++) byteRange.push(PDFName.of(BYTE_RANGE_PLACEHOLDER))
  const contents = PDFHexString.of('0'.repeat(spec.contentsLength))
  const dictionary =
    spec.kind === 'seal'
      ? context.obj({
          Type: 'Sig',
          Filter: 'Adobe.PPKLite',
          SubFilter: 'ETSI.CAdES.detached',
          ByteRange: byteRange,
          Contents: contents,
          Reason: PDFString.of(spec.reason),
          M: PDFString.fromDate(spec.signedAt),
          Name: PDFString.of(spec.name),
          Location: PDFString.of(spec.location),
          Prop_Build: { Filter: { Name: 'Adobe.PPKLite' } },
        })
      : context.obj({ Type: 'DocTimeStamp', Filter: 'Adobe.PPKLite', SubFilter: 'ETSI.RFC3161', ByteRange: byteRange, Contents: contents })
  // Written as plain bytes, so the writer never puts it in an object stream: the signer finds the
  // placeholders by searching the file, and /api/verify reads the dictionary back the same way.
  const bytes = new Uint8Array(dictionary.sizeInBytes())
  dictionary.copyBytesInto(bytes, 0)
  const dictionaryRef = context.register(PDFInvalidObject.of(bytes))

  const fieldCount = (() => {
    const form = doc.catalog.lookupMaybe(PDFName.of('AcroForm'), PDFDict)
    return form?.lookupMaybe(PDFName.of('Fields'), PDFArray)?.size() ?? 0
  })()
  const appearance = context.formXObject([], { BBox: [0, 0, 0, 0], Resources: {} })
  const widget = context.obj({
    Type: 'Annot',
    Subtype: 'Widget',
    FT: 'Sig',
    Rect: [0, 0, 0, 0],
    V: dictionaryRef,
    T: PDFString.of(spec.kind === 'seal' ? `Seal${fieldCount + 1}` : `DocumentTimestamp${fieldCount + 1}`),
    F: ANNOTATION_PRINT,
    P: page.ref,
    AP: { N: context.register(appearance) },
  })
  const widgetRef = context.register(widget)

  const annotsEntry = page.node.get(PDFName.of('Annots'))
  const annots = page.node.lookupMaybe(PDFName.of('Annots'), PDFArray) ?? context.obj([])
  annots.push(widgetRef)
  if (annotsEntry instanceof PDFRef) snapshot?.markRefForSave(annotsEntry)
  else page.node.set(PDFName.of('Annots'), annots)
  snapshot?.markRefForSave(page.ref)

  const formEntry = doc.catalog.get(PDFName.of('AcroForm'))
  let form = doc.catalog.lookupMaybe(PDFName.of('AcroForm'), PDFDict)
  if (!form) {
    form = context.obj({ Fields: [] })
    doc.catalog.set(PDFName.of('AcroForm'), context.register(form))
  } else if (formEntry instanceof PDFRef) snapshot?.markRefForSave(formEntry)
  const flags = form.lookupMaybe(PDFName.of('SigFlags'), PDFNumber)?.asNumber() ?? 0
  form.set(PDFName.of('SigFlags'), PDFNumber.of(flags | SIG_FLAGS_SIGNATURES_EXIST | SIG_FLAGS_APPEND_ONLY))
  const fieldsEntry = form.get(PDFName.of('Fields'))
  const fields = form.lookupMaybe(PDFName.of('Fields'), PDFArray)
  if (fields) {
    fields.push(widgetRef)
    if (fieldsEntry instanceof PDFRef) snapshot?.markRefForSave(fieldsEntry)
  } else form.set(PDFName.of('Fields'), context.obj([widgetRef]))
  const root = context.trailerInfo.Root
  if (root instanceof PDFRef) snapshot?.markRefForSave(root)
}
