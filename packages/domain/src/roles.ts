import { z } from 'zod'
import { ROLES } from './role-table'

export type { PageRoles, Role } from './role-table'
export { hasAnyRole, PAGE_ROLES, pageRoles, ROLES } from './role-table'

export const RoleSchema = z.enum(ROLES)
