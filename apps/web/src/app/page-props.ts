import type { ComponentType } from 'react'
import type { QueryClient } from '@tanstack/react-query'
import type { RouteDef } from '@offerbook/domain/route-access'

export type PageProps = { route: RouteDef; params: Record<string, string> }

/**
 * What a page's first-screen preload gets (page-modules.ts): called at the app's start and as the route
 * shows, in parallel with the guard's /api/me, so the page's first screen asks its one answer without
 * waiting for the user (issue #36, decisions 076, 090). The API still decides what the user may see.
 */
export type ScreenContext = { queryClient: QueryClient; params: Record<string, string>; search: URLSearchParams }

/** A page's module: its component is the default export. */
export type PageModule = { default: ComponentType<PageProps> }
export type PageLoader = () => Promise<PageModule>
