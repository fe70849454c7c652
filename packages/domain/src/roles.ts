import { z } from 'zod'

export const ROLES = [
  'SELLER_SIMPLE',
  'SELLER_OWNER',
  'SELLER_AGENT',
  'BUYER_SIMPLE',
  'BUYER_AGENT',
  'PRINCIPAL_BROKER',
  'ADMIN',
  'SUPER_ADMIN',
] as const

export const RoleSchema = z.enum(ROLES)
export type Role = z.infer<typeof RoleSchema>

export function hasAnyRole(userRoles: readonly Role[], allowed: readonly Role[]): boolean {
  return userRoles.some((role) => allowed.includes(role))
}
