import type { IssueLike } from './messages'
import { issueMessage, messageText } from './messages'

/** Each refused field of a parse, as [path, the English text the API answers for it]. */
export const fieldMessages = (result: { success: boolean; error?: { issues: (IssueLike & { path: PropertyKey[] })[] } }) =>
  result.error?.issues.map((issue) => {
    const { key, params } = issueMessage(issue)
    return [issue.path.join('.'), messageText(key, params)]
  }) ?? []
