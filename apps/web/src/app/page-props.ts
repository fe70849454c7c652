import type { RouteDef } from '@offerbook/domain/route-access'

export type PageProps = { route: RouteDef; params: Record<string, string> }
