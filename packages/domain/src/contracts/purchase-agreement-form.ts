/**
 * Offerbook's residential purchase and sale agreement: a form of our own in the order of sections of
 * the Tennessee REALTORS RF401 (domain.md section 1), carrying its structure, field meanings and
 * constants, never its words. Each offer keeps the code and version of the form it was made on
 * (terms.form), so a later version of the form never changes an earlier contract: every version of
 * the form stays here, and the layout picks the one the offer names.
 */

export const PURCHASE_AGREEMENT_CODE = 'OB-PSA'

export type AgreementFormVersion = {
  readonly code: typeof PURCHASE_AGREEMENT_CODE
  /** The version date, as printed: forms change in January of odd years, or when the law changes. */
  readonly version: string
  readonly title: string
  /** Numbered lines on every page (the first page's header takes room above its lines). */
  readonly linesPerPage: number
  /** Characters on a numbered line: monospaced, so the preview and the PDF lay out the same text. */
  readonly lineWidth: number
}

export const PURCHASE_AGREEMENT_FORMS = [
  {
    code: PURCHASE_AGREEMENT_CODE,
    version: '12/01/2026',
    title: 'RESIDENTIAL PURCHASE AND SALE AGREEMENT',
    linesPerPage: 48,
    lineWidth: 80,
  },
] as const satisfies readonly AgreementFormVersion[]

/** The version new offers are made on. */
export const CURRENT_AGREEMENT_FORM: AgreementFormVersion = PURCHASE_AGREEMENT_FORMS[PURCHASE_AGREEMENT_FORMS.length - 1]!

export const AGREEMENT_FORM_VERSIONS: readonly string[] = PURCHASE_AGREEMENT_FORMS.map((form) => form.version)

/** The form an offer names; an offer made before forms were versioned reads on the first one. */
export function agreementForm(version: string | null | undefined): AgreementFormVersion {
  return PURCHASE_AGREEMENT_FORMS.find((form) => form.version === version) ?? PURCHASE_AGREEMENT_FORMS[0]
}

/** 'OB-PSA - Residential Purchase and Sale Agreement - Version 12/01/2026', printed beside each page's footer. */
export function agreementFormLabel(form: AgreementFormVersion): string {
  const title = form.title.toLowerCase().replace(/(^|\s)\S/g, (first) => first.toUpperCase())
  return `${form.code} - ${title.replace(' And ', ' and ')} - Version ${form.version}`
}

/** 'Page 2 of 7'. */
export function agreementPageFooter(page: number, pageCount: number): string {
  return `Page ${page} of ${pageCount}`
}
