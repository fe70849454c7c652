import { useRef, useState } from 'react'
import type { DragEvent, KeyboardEvent } from 'react'
import { useTranslation } from '../../../shared/i18n/translation'
import type { SigningFieldType } from '@offerbook/domain/signing'
import { SIGNING_LIMITS } from '@offerbook/domain/signing'
import type { Box as FieldBox } from './field-geometry'
import { boxCentredAt, clampBox, fractionIn, NUDGE, NUDGE_BIG } from './field-geometry'
import type { PlacedField } from './field-placement'
import { newFieldId, readDrag } from './field-placement'

type FieldPlacementOptions = {
  initial: PlacedField[]
  /** The key of the signer new fields are for ('' when there is none). */
  active: string
  fieldLabel: (field: PlacedField) => string
  /** A field was placed, moved or removed. */
  onChange: () => void
  /** A field was placed for this signer. */
  onPlaced: (signerKey: string) => void
  /** The packet already has as many fields as it may. */
  onTooMany: () => void
}

/**
 * The fields of a form document as the sender places them: dropped from the palette or placed on a
 * chosen page, dragged to another spot, nudged with the arrow keys (Shift for bigger steps) and
 * removed with Delete; each change is announced to screen readers.
 */
export function useFieldPlacement({ initial, active, fieldLabel, onChange, onPlaced, onTooMany }: FieldPlacementOptions) {
  const { t } = useTranslation()
  const [fields, setFields] = useState<PlacedField[]>(initial)
  const [announcement, setAnnouncement] = useState('')
  const fieldRefs = useRef(new Map<string, HTMLDivElement>())

  const addField = (type: SigningFieldType, page: number, cx: number, cy: number) => {
    if (!active) return
    if (fields.length >= SIGNING_LIMITS.maxFields) {
      onTooMany()
      return
    }
    const field: PlacedField = { id: newFieldId(), signer: active, type, page, ...boxCentredAt(type, cx, cy) }
    setFields((current) => [...current, field])
    onChange()
    onPlaced(active)
    setAnnouncement(t('signing.editor.placed', { field: fieldLabel(field) }))
  }

  const moveField = (id: string, change: (field: PlacedField) => Partial<FieldBox>) => {
    setFields((current) => current.map((field) => (field.id === id ? { ...field, ...clampBox({ ...field, ...change(field) }) } : field)))
    onChange()
  }

  const removeField = (id: string, focusNext = false) => {
    const index = fields.findIndex((field) => field.id === id)
    const field = fields[index]
    if (!field) return
    setFields((current) => current.filter((item) => item.id !== id))
    onChange()
    setAnnouncement(t('signing.editor.removed', { field: fieldLabel(field) }))
    if (focusNext) {
      const next = fields[index + 1] ?? fields[index - 1]
      if (next) window.setTimeout(() => fieldRefs.current.get(next.id)?.focus(), 0)
    }
  }

  const onFieldKey = (event: KeyboardEvent<HTMLDivElement>, field: PlacedField) => {
    const step = event.shiftKey ? NUDGE_BIG : NUDGE
    const moves: Record<string, Partial<FieldBox>> = {
      ArrowLeft: { x: field.x - step },
      ArrowRight: { x: field.x + step },
      ArrowUp: { y: field.y - step },
      ArrowDown: { y: field.y + step },
    }
    const move = moves[event.key]
    if (move) {
      event.preventDefault()
      moveField(field.id, () => move)
      return
    }
    if (event.key === 'Delete' || event.key === 'Backspace') {
      event.preventDefault()
      removeField(field.id, true)
    }
  }

  const onDrop = (event: DragEvent<HTMLDivElement>, page: number) => {
    const data = readDrag(event)
    if (!data) return
    event.preventDefault()
    const { fx, fy } = fractionIn(event.currentTarget.getBoundingClientRect(), event.clientX, event.clientY)
    if (data.kind === 'new') {
      addField(data.type, page, fx, fy)
      return
    }
    setFields((current) => current.map((field) => (field.id === data.id ? { ...field, page, ...clampBox({ ...field, x: fx - data.dx, y: fy - data.dy }) } : field)))
    onChange()
  }

  return { fields, setFields, announcement, fieldRefs, addField, removeField, onFieldKey, onDrop }
}
