import type { Column } from 'drizzle-orm'
import { sql } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import { integer, timestamp, uuid } from 'drizzle-orm/pg-core'

// The column shapes every table repeats. Each helper builds a new column: a builder belongs to one table.

/** Every instant the schema keeps is a timestamp with time zone. */
export const timestamptz = (name: string) => timestamp(name, { withTimezone: true })

/** A row's own key: a random uuid. */
export const uuidPrimaryKey = () => uuid('id').primaryKey().defaultRandom()

/** When the row was written. */
export const createdAt = () => timestamptz('created_at').notNull().defaultNow()

/** When the row last changed; our queries set it. */
export const updatedAt = () => timestamptz('updated_at').notNull().defaultNow()

/** better-auth's models' createdAt and updatedAt; updatedAt is stamped by every update made through drizzle, as better-auth expects. */
export const authTimestamps = () => ({ createdAt: createdAt(), updatedAt: updatedAt().$onUpdate(() => new Date()) })

/** A count kept on the row (rows imported, attempts made…): starts at 0. */
export const counter = (name: string) => integer(name).notNull().default(0)

/** A required link to the row this one belongs to (by its uuid): the row goes when that one goes. */
export const cascadeUuid = (name: string, target: () => AnyPgColumn) => uuid(name).notNull().references(target, { onDelete: 'cascade' })

/** A check's condition: the column holds one of the values (the list is written into the constraint). */
export const isOneOf = (column: Column, values: readonly string[]) => sql`${column} in (${sql.raw(values.map((value) => `'${value}'`).join(', '))})`

/** The same for a column that may be empty. */
export const isNullOrOneOf = (column: Column, values: readonly string[]) => sql`${column} is null or ${isOneOf(column, values)}`
