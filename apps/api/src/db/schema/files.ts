import { index, integer, pgTable, text } from 'drizzle-orm/pg-core'
import { createdAt, uuidPrimaryKey } from './columns'
import { cascadeUser } from './users'

/** A file kept in the file storage (DATA_DIR/files or S3): who owns it and what it is. */
export const storedFile = pgTable(
  'stored_file',
  {
    id: uuidPrimaryKey(),
    ownerId: cascadeUser('owner_id'),
    /** The storage key, e.g. users/<user id>/photo-<file id>.jpg. */
    key: text('key').notNull().unique(),
    /** What it is for, e.g. 'profile-photo'; decides who may read it. */
    purpose: text('purpose').notNull(),
    filename: text('filename').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('stored_file_owner_idx').on(table.ownerId, table.purpose)],
)
