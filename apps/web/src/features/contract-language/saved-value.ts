// Without the clause catalogues: the GENERATE/EDIT button reads it on every offer page.
/** The spec's rule for the parent's button: GENERATE while the value object has no keys, EDIT after. */
export function hasSavedValue(value: object | null | undefined): boolean {
  return value !== null && value !== undefined && Object.keys(value).length > 0
}
