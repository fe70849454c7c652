import type { ClauseFieldKind } from './fields'
import { CLAUSE_TEXT_MAX_LENGTH } from './clause-limits'

/**
 * A clause of the stipulation picker or the RF707 addendum: a checkbox, a one-paragraph text and the
 * blanks in it. Names follow spec section 3: the checkbox is key + 'Checkbox' (ACheckbox, N1Checkbox),
 * the fields key + 'text' + index (Atext1, N1text2). See docs/decisions/010-clause-catalogues.md.
 */
export type ClauseField = {
  /** key + 'text' + index from 1, e.g. Atext1. */
  readonly name: string
  readonly kind: ClauseFieldKind
  /** What to type, in English (the web translates it). */
  readonly label: string
  /** Most characters a text field takes (checked for text fields only). */
  readonly maxLength: number
  /** Underscores that stand for the blank on the printed form when it is not filled. */
  readonly blankLength: number
}

export type Clause = {
  readonly key: string
  readonly title: string
  /** One paragraph in the form's words, each field written where it goes as {Atext1}. */
  readonly template: string
  readonly fields: readonly ClauseField[]
  /** key + 'Checkbox', e.g. ACheckbox. */
  readonly checkbox: string
  /** A checkbox-only clause: ticking it is all it takes. */
  readonly noText: boolean
  /** How it moves the seller's money; required of a clause with a percent or dollars field. */
  readonly money?: ClauseMoney
}

/**
 * How a ticked clause moves the seller's money (the net sheet, net-sheet.ts). Every clause with a
 * percent or dollars field declares one, beside its fields, so that a new clause cannot be left out of
 * the net (a test holds the catalogues to it). Fields are named by their position, as in the template.
 * - closingCostShare: the seller pays {percent}% of the price toward the buyer's costs, at most {cap} dollars;
 * - priceReduction: the price is reduced by {dollars} at closing;
 * - brokerCompensation: the seller pays the buyer's broker {percent}% of the price plus {dollars};
 * - none: its sums do not change what the seller keeps, and `why` says so.
 */
export type ClauseMoney =
  | { readonly kind: 'none'; readonly why: string }
  | { readonly kind: 'closingCostShare'; readonly percent: number; readonly cap: number }
  | { readonly kind: 'priceReduction'; readonly dollars: number }
  | { readonly kind: 'brokerCompensation'; readonly percent: number; readonly dollars: number }

/** A catalogue is its clauses in the order they are shown, printed and concatenated. */
export type ClauseCatalogue = readonly Clause[]

/**
 * A clause form's values, the one shape for both catalogues: one boolean per checkbox and one string
 * per field, by the spec's names, all optional. It is what the modals hold while open and what an
 * offer saves (terms.stipulationChoices, terms.addendum); clauseFormDataSchema checks it. A reader
 * takes a value of the wrong type (from an older catalogue) as unticked or empty.
 */
export type ClauseFormData = Readonly<Record<string, boolean | string | undefined>>

const BLANK_LENGTH: Record<ClauseFieldKind, number> = { text: 24, percent: 5, dollars: 10, days: 4, date: 10, time: 8 }

type FieldSpec = readonly [kind: ClauseFieldKind, label: string, options?: { maxLength?: number; blankLength?: number }]

/**
 * Builds a clause from its key, title and template. The template names its fields by position ({1},
 * {2} ...); they become the spec's names ({Atext1}, {Atext2} ...) in the order the specs are given.
 */
export function defineClause(key: string, title: string, template: string, fieldSpecs: readonly FieldSpec[] = [], money?: ClauseMoney): Clause {
  const fields = fieldSpecs.map(([kind, label, options], index) => ({
    name: `${key}text${index + 1}`,
    kind,
    label,
    maxLength: options?.maxLength ?? CLAUSE_TEXT_MAX_LENGTH,
    blankLength: options?.blankLength ?? BLANK_LENGTH[kind],
  }))
  return {
    key,
    title,
    template: template.replace(/\{(\d+)\}/g, (_, index: string) => `{${key}text${index}}`),
    fields,
    checkbox: `${key}Checkbox`,
    noText: fields.length === 0,
    ...(money ? { money } : {}),
  }
}

export type TemplatePart = { readonly type: 'text'; readonly text: string } | { readonly type: 'field'; readonly field: ClauseField }

const PLACEHOLDER = /\{([A-Z][0-9]?text\d+)\}/g

/** The template as a run of text and fields, e.g. for a form that puts an input where each blank is. */
export function templateParts(clause: Clause): TemplatePart[] {
  const parts: TemplatePart[] = []
  let last = 0
  for (const match of clause.template.matchAll(PLACEHOLDER)) {
    const field = clause.fields.find((candidate) => candidate.name === match[1])
    if (!field) continue
    if (match.index > last) parts.push({ type: 'text', text: clause.template.slice(last, match.index) })
    parts.push({ type: 'field', field })
    last = match.index + match[0].length
  }
  if (last < clause.template.length) parts.push({ type: 'text', text: clause.template.slice(last) })
  return parts
}

/** The names written as placeholders in a template, in order (tests hold them to the fields). */
export function templatePlaceholders(clause: Clause): string[] {
  return [...clause.template.matchAll(PLACEHOLDER)].map((match) => match[1] ?? '')
}
