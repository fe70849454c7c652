/** Longest text a clause's text field takes unless the clause says otherwise. Free of zod: the catalogues load without it. */
export const CLAUSE_TEXT_MAX_LENGTH = 200
