import type { ComponentType } from 'react'
import type { QueryClient } from '@tanstack/react-query'
import type { RouteDef } from '@offerbook/domain/route-access'

export type PageProps = { route: RouteDef; params: Record<string, string> }

/**
 * What a page module's `preloadScreen` gets (page-modules.ts): called as the page's chunk arrives, in
 * parallel with the guard's /api/me, so the page's first screen asks its one answer without waiting
 * for the user (issue #36, decision 076). The API still decides what the user may see.
 */
export type ScreenContext = { queryClient: QueryClient; params: Record<string, string>; search: URLSearchParams }

/** A page; `preloadScreen` starts its first screen's one answer as soon as the chunk is here (decision 076). */
export type PageModule = { default: ComponentType<PageProps>; preloadScreen?: (context: ScreenContext) => void }
export type PageLoader = () => Promise<PageModule>
