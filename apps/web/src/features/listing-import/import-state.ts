import { useCallback, useState } from 'react'
import type { Translate } from '../../shared/i18n/translation'
import type { ListingVisibility } from '@offerbook/domain/listing'
import { ListingVisibilitySchema } from '@offerbook/domain/listing'
import type { ImportJob, ImportPreview, ImportRecordPreview, ImportSkip } from '@offerbook/domain/listing-import'
import type { MessageParams } from '@offerbook/domain/messages'
import { isMessageKey, message } from '@offerbook/domain/messages'
import { i18n } from '../../shared/i18n/i18n'
import { translate } from '../../shared/i18n/messages'

/**
 * What the agent chose in the pick and map steps, kept in sessionStorage under the import's id (the
 * id is in the address), so Back, Forward and a reload keep the choices of that import.
 */
export type ImportChoices = { picked: string[]; visibility: ListingVisibility }

const storageKey = (jobId: string) => `offerbook.listingImport.${jobId}`

export const isPickable = (record: ImportRecordPreview) => (record.action === 'create' || record.action === 'update') && record.ListingKey !== null

/** At first every record that can be imported is picked, and new listings are public. */
export function defaultChoices(preview: ImportPreview): ImportChoices {
  return { picked: preview.records.filter(isPickable).map((record) => record.ListingKey!), visibility: 'public' }
}

export function readChoices(jobId: string): ImportChoices | null {
  try {
    const raw = window.sessionStorage.getItem(storageKey(jobId))
    if (!raw) return null
    const parsed = JSON.parse(raw) as { picked?: unknown; visibility?: unknown }
    const visibility = ListingVisibilitySchema.safeParse(parsed.visibility)
    if (!Array.isArray(parsed.picked) || !visibility.success) return null
    return { picked: parsed.picked.filter((key): key is string => typeof key === 'string'), visibility: visibility.data }
  } catch {
    return null
  }
}

export function writeChoices(jobId: string, choices: ImportChoices): void {
  try {
    window.sessionStorage.setItem(storageKey(jobId), JSON.stringify(choices))
  } catch {
    // Storage full or blocked: the choices still hold until the page is left.
  }
}

/** The choices of one import, remembered as they change; keys no longer pickable are dropped. */
export function useImportChoices(preview: ImportPreview): [ImportChoices, (change: Partial<ImportChoices>) => void] {
  const jobId = preview.job.id
  const [choices, setChoices] = useState<ImportChoices>(() => {
    const saved = readChoices(jobId)
    if (!saved) return defaultChoices(preview)
    const pickable = new Set(preview.records.filter(isPickable).map((record) => record.ListingKey))
    return { ...saved, picked: saved.picked.filter((key) => pickable.has(key)) }
  })
  const change = useCallback(
    (update: Partial<ImportChoices>) => {
      setChoices((current) => {
        const next = { ...current, ...update }
        writeChoices(jobId, next)
        return next
      })
    },
    [jobId],
  )
  return [choices, change]
}

/**
 * A problem the import names: a record's (ImportProblem) or a skipped record's reason. It carries its
 * catalogue key, except on imports made before messages had keys, which show their English text.
 */
export type ReportedProblem = { field: string | null; key?: string | undefined; params?: MessageParams | undefined; message: string }

/** A message the import kept, in the reader's language; without a key it has only its English text. */
function keptText(key: string | null | undefined, params: MessageParams | undefined, english: string): string {
  return isMessageKey(key) ? translate(message(key, params)) : english
}

export function problemMessage(problem: ReportedProblem): string {
  return keptText(problem.key, problem.params, problem.message)
}

export function skipProblem(skip: ImportSkip): ReportedProblem {
  return { field: skip.field, key: skip.reasonKey, params: skip.reasonParams, message: skip.reason }
}

/** Why a failed import stopped, in the reader's language. */
export function jobErrorText(job: Pick<ImportJob, 'error' | 'errorKey'>): string {
  return keptText(job.errorKey, undefined, job.error ?? '')
}

/** The label of a listing field, or of a RESO field the import reads that the listing form does not show. */
export function fieldLabel(t: Translate, field: string): string {
  if (i18n.exists(`listing.field.${field}`)) return t(`listing.field.${field}`)
  if (i18n.exists(`listingImport.field.${field}`)) return t(`listingImport.field.${field}`)
  return field
}

/** How a status reads: the RESO StandardStatus translated, or as the source wrote it. */
export function statusLabel(t: Translate, status: string | null): string {
  if (!status) return t('listingImport.none')
  return i18n.exists(`listing.status.${status}`) ? t(`listing.status.${status}`) : status
}
