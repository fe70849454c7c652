import type { APIRequestContext } from '@playwright/test'
import { expect } from './fixtures'

/** A message as the dev mailbox shows it (the API queues every email and SMS there outside production). */
export type MailboxMessage = { channel: 'email' | 'sms'; to: string; subject: string | null; text: string; html: string | null; kind: string; createdAt: string }

/** What the dev mailbox holds for one address or number, newest first. */
export async function mailTo(request: APIRequestContext, to: string): Promise<MailboxMessage[]> {
  const res = await request.get(`/api/dev/mailbox?to=${encodeURIComponent(to)}`)
  return ((await res.json()) as { messages: MailboxMessage[] }).messages
}

/** Waits (up to 30 s) until `pick` finds what it looks for in the messages to `to`, and returns it. */
export async function waitForMail<T>(request: APIRequestContext, to: string, pick: (messages: MailboxMessage[]) => T | undefined): Promise<T> {
  let found: T | undefined
  await expect
    .poll(
      async () => {
        found = pick(await mailTo(request, to))
        return found
      },
      { timeout: 30_000 },
    )
    .toBeTruthy()
  return found!
}

/** The text of the newest message of this kind sent to `to`. */
export const latestMail = (request: APIRequestContext, to: string, kind: RegExp): Promise<string> => waitForMail(request, to, (messages) => messages.find((m) => kind.test(m.kind))?.text)

/** The six-digit code in the newest message of this kind sent to `to`. */
export const latestCode = (request: APIRequestContext, to: string, kind: RegExp): Promise<string> =>
  waitForMail(request, to, (messages) => /\b(\d{6})\b/.exec(messages.find((m) => kind.test(m.kind))?.text ?? '')?.[1])
