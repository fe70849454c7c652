import { ApiErrorSchema } from '@offerbook/domain/api-error'

/** The responses of a route's error statuses: each answers with the one error body (plugins/error-handler.ts). */
export const errors = (...statuses: number[]) => Object.fromEntries(statuses.map((status) => [status, ApiErrorSchema]))
