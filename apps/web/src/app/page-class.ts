import type { RouteDef } from '@offerbook/domain/route-access'

/** The class names of a page's wrapper: `page page-<name> page-type-<type>` (spec section 2). */
export function pageClassName(route: RouteDef): string {
  return ['page', `page-${route.name}`, route.pageType ? `page-type-${route.pageType}` : null].filter(Boolean).join(' ')
}
