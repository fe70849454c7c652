import type { PgSelect } from 'drizzle-orm/pg-core'

/** One page of a query's rows, pages counted from 1. The query is made dynamic (`.$dynamic()`) to take the limit and offset. */
export function onPage<T extends PgSelect>(query: T, page: number, pageSize: number) {
  return query.limit(pageSize).offset((page - 1) * pageSize)
}
