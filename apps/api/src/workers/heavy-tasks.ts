import { assemblePacket, completePacketPdf, inspectPdf } from '../modules/signing/signing-pdf'
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
} as const

export type HeavyTasks = typeof HEAVY_TASKS
export type TaskName = keyof HeavyTasks
