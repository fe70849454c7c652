// oidc-provider ships no types; only what the single sign-on tests use.
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http'

  type ClaimsFor = Record<string, unknown> & { sub: string }
  type Account = { accountId: string; claims: (use: string, scope: string) => ClaimsFor | Promise<ClaimsFor> }

  type Configuration = {
    clients?: Record<string, unknown>[]
    findAccount?: (ctx: unknown, id: string) => Account | undefined | Promise<Account | undefined>
    claims?: Record<string, string[]>
    features?: Record<string, { enabled: boolean }>
    pkce?: { required?: () => boolean }
    cookies?: { keys?: string[] }
    [key: string]: unknown
  }

  export default class Provider {
    constructor(issuer: string, configuration?: Configuration)
    callback(): (req: IncomingMessage, res: ServerResponse) => void
    on(event: string, listener: (...args: unknown[]) => void): this
  }
}
