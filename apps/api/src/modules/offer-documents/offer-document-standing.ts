/**
 * Where a file of the offer stands (decision 036). An offer form is made for a version: the one of
 * the offer's version is the current form, one of an earlier version is superseded (kept in the
 * record, labelled, never the current form), and one made on the draft (no version) is abandoned
 * once the offer is shared: only its buyer side still sees it, and the transaction file leaves it out.
 */
export type DocumentStanding = 'file' | 'current' | 'superseded' | 'abandoned'

export function documentStanding(document: { kind: string; version: number | null }, row: { status: string; version: number }): DocumentStanding {
  if (document.kind !== 'offer-form') return 'file'
  if (document.version === null) return row.status === 'draft' ? 'current' : 'abandoned'
  return document.version < row.version ? 'superseded' : 'current'
}
