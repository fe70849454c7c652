import { z } from 'zod'
import { CENTRAL_TIME, EASTERN_TIME } from '../property-time'
import { freeText } from '../validation'
import { clauseFormDataSchema } from './concat'
import { RF707_CLAUSES } from './rf707-catalogue'

/**
 * The body of POST /api/contracts/rf707/pdf: the RF707 choices (checked as the addendum modal checks
 * them on Import) and who and what the addendum is about. The offer editor fills the parties from the
 * offer; a name left out prints as a blank to fill in by hand.
 */
export const RF707_PARTY_MAX_LENGTH = 200
export const RF707_PROPERTY_MAX_LENGTH = 300

const boundedText = (max: number) => freeText().max(max, 'common.tooLong').optional()

export const Rf707PartiesSchema = z.strictObject({
  buyer: boundedText(RF707_PARTY_MAX_LENGTH),
  seller: boundedText(RF707_PARTY_MAX_LENGTH),
  property: boundedText(RF707_PROPERTY_MAX_LENGTH),
  /** The property's time zone: the file is dated in it (decision 030). Central when not given. */
  timeZone: z.enum([CENTRAL_TIME, EASTERN_TIME]).optional(),
})

export const RenderRf707PdfSchema = z.strictObject({
  formData: clauseFormDataSchema(RF707_CLAUSES),
  parties: Rf707PartiesSchema.optional(),
})
export type RenderRf707Pdf = z.infer<typeof RenderRf707PdfSchema>
