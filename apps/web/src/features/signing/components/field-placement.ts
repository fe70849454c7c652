import type { DragEvent } from 'react'
import type { PacketView, SignerInput, SigningFieldType } from '@offerbook/domain/signing'
import { signerKeyOf } from '@offerbook/domain/signing-rules'
import type { Box as FieldBox } from './field-geometry'
import { clampBox } from './field-geometry'
import type { SendOptions, SignerDraft } from './signing-form'
import { expiresValue, signerDrafts, signerInputs } from './signing-form'

/**
 * A form document's placed fields as data: what a drag carries, a draft's starting state and the
 * request the editor sends (field-placement-editor.tsx draws them, use-field-placement.ts moves them).
 */

/** A placed field; `signer` is the key of its signer's row, turned into the signer's index when sent. */
export type PlacedField = FieldBox & { id: string; signer: string; type: SigningFieldType; page: number }

export const DRAG_TYPE = 'application/x-offerbook-field'
export type DragData = { kind: 'new'; type: SigningFieldType } | { kind: 'move'; id: string; dx: number; dy: number }

export function readDrag(event: DragEvent): DragData | null {
  try {
    const parsed = JSON.parse(event.dataTransfer.getData(DRAG_TYPE) || 'null') as DragData | null
    return parsed && (parsed.kind === 'new' || parsed.kind === 'move') ? parsed : null
  } catch {
    return null
  }
}

/** A fraction as a CSS percentage, without the float noise of 0.4 * 100 = 40.00000000000001. */
export const percent = (fraction: number) => `${Number((fraction * 100).toFixed(3))}%`

let nextFieldId = 0
export function newFieldId(): string {
  nextFieldId += 1
  return `field-${nextFieldId}`
}

/** The signers and fields a draft already has (none after an upload), else the offer's parties. */
export function initialState(packet: PacketView, suggested: readonly SignerInput[]): { signers: SignerDraft[]; fields: PlacedField[] } {
  const ordered = [...packet.signers].sort((a, b) => a.position - b.position)
  if (ordered.length === 0) return { signers: signerDrafts(suggested.length > 0 ? suggested : []), fields: [] }
  const signers = signerDrafts(ordered.map((signer) => ({ name: signer.name, email: signer.email, phone: '', role: signer.role })))
  const fields = packet.fields.flatMap((field) => {
    const index = ordered.findIndex((signer) => signer.id === field.signerId)
    const draft = signers[index]
    return draft ? [{ id: newFieldId(), signer: draft.key, type: field.type, page: field.page, ...clampBox(field) }] : []
  })
  return { signers, fields }
}

/** The request a draft is sent with: each field names its signer by the signer's index (signerKeyOf). */
export function formPacketBody(signers: readonly SignerDraft[], fields: readonly PlacedField[], options: SendOptions, title?: string) {
  return {
    ...(title === undefined ? {} : { title }),
    signers: signerInputs(signers),
    fields: fields.map((field) => ({
      signerKey: signerKeyOf(signers.findIndex((signer) => signer.key === field.signer)),
      type: field.type,
      page: field.page,
      x: field.x,
      y: field.y,
      width: field.width,
      height: field.height,
      required: true,
      label: '',
    })),
    order: options.order,
    expiresInDays: expiresValue(options.expiresInDays),
    requireSmsCode: options.requireSmsCode,
    message: options.message,
  }
}
