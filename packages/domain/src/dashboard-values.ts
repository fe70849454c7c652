// The dashboard's sections and the pipeline's stages without zod, so the /dashboard page's script
// carries neither zod nor the schemas' imports; dashboard.ts adds the schemas and re-exports these.

/** The dashboard's sections; the UI mode orders them (spec section 3, Preferences). */
export const DASHBOARD_SECTIONS = ['drafts', 'offersToAnswer', 'documentsToSign', 'deadlines', 'newHomes'] as const
export type DashboardSection = (typeof DASHBOARD_SECTIONS)[number]

/** Buying puts drafts, deadlines and new homes first; selling puts the offers to answer first. */
export function dashboardSectionOrder(mode: 'buy' | 'sell'): DashboardSection[] {
  return mode === 'sell' ? ['offersToAnswer', 'documentsToSign', 'deadlines', 'drafts', 'newHomes'] : ['drafts', 'deadlines', 'newHomes', 'documentsToSign', 'offersToAnswer']
}

/** /pbDashboard: the pipeline's columns, left to right. */
export const PIPELINE_STAGES = ['listed', 'offersIn', 'accepted', 'signing', 'signed', 'closed'] as const
