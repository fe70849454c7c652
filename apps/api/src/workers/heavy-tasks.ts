import { renderRf707Pdf } from '../modules/contracts/rf707-pdf'
import { renderOfferPdf } from '../modules/offer-documents/offer-pdf'
import { offerRecordPdf } from '../modules/offer-record/offer-record-export'
import { assemblePacket, completePacketPdf, inspectPdf } from '../modules/signing/signing-pdf'
import { renderAmendmentPdf } from '../modules/contract-amendments/amendment-pdf'
import { checkUserRows } from '../modules/user-import/user-import-rows'
import { signaturePngReadable } from '../modules/signing/signing-png'

/**
 * What the heavy-work pool (heavy-pool.ts) runs, by name. Inputs and results cross threads by
 * structured clone, so a Buffer arrives as a plain Uint8Array: a task makes Buffers again where
 * its code needs Buffer's methods.
 */
export const HEAVY_TASKS = {
  inspectPdf: (bytes: Uint8Array) => inspectPdf(bytes),
  assemblePacket: (input: Parameters<typeof assemblePacket>[0]) => assemblePacket(input),
  completePacketPdf: (input: Parameters<typeof completePacketPdf>[0]) => completePacketPdf({ ...input, identity: { ...input.identity, p12: Buffer.from(input.identity.p12) } }),
  signaturePngReadable: (bytes: Uint8Array) => signaturePngReadable(bytes),
  // The documents the product writes itself: the purchase and sale agreement, the RF707 addendum, the offer record.
  renderOfferPdf: (input: Parameters<typeof renderOfferPdf>[0]) => renderOfferPdf(input),
  renderRf707Pdf: ({ layout, meta }: { layout: Parameters<typeof renderRf707Pdf>[0]; meta: Parameters<typeof renderRf707Pdf>[1] }) => renderRf707Pdf(layout, meta),
  offerRecordPdf: (input: Parameters<typeof offerRecordPdf>[0]) => offerRecordPdf(input),
  renderAmendmentPdf: (input: Parameters<typeof renderAmendmentPdf>[0]) => renderAmendmentPdf(input),
  // A user import's file: decoded, parsed and each row checked.
  checkUserRows: (bytes: Uint8Array) => checkUserRows(bytes),
} as const

export type HeavyTasks = typeof HEAVY_TASKS
export type TaskName = keyof HeavyTasks
