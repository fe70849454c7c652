import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { FastifyRequest } from 'fastify'
import { z } from 'zod'
import { ApiErrorSchema } from '@offerbook/domain/api-error'
import { AppError } from '../../app-error'
import type { Db } from '../../db/client'
import type { EventHub, EventSink } from './events.hub'

export type EventsRoutesOptions = {
  /** Not read here (the hub reads the events); taken so a caller may pass the app's usual options. */
  db?: Db
  hub: EventHub
  /**
   * The chat module's check of an X-Chat-Visitor header (`<conversation id>.<token>`): the recipient
   * it stands for (`visitor:<conversation id>`), or null.
   * Without it, guests are refused.
   */
  resolveVisitor?: ((header: string) => Promise<string | null>) | undefined
}

/** What the stream says first: how long the browser waits before reconnecting, and that it is open. */
export const STREAM_PREAMBLE = 'retry: 2000\n\n: connected\n\n'

/** The id after which a reconnect resumes; anything but digits counts as none. */
export function lastEventIdOf(request: FastifyRequest): number | null {
  const value = request.headers['last-event-id']
  const text = (Array.isArray(value) ? value[0] : value)?.trim() ?? ''
  return /^\d{1,15}$/.test(text) ? Number(text) : null
}

async function recipientOf(request: FastifyRequest, resolveVisitor: EventsRoutesOptions['resolveVisitor']): Promise<string | null> {
  if (request.user) return request.user.uid
  const header = request.headers['x-chat-visitor']
  const value = Array.isArray(header) ? header[0] : header
  if (!value || !resolveVisitor || value.length > 500) return null
  return resolveVisitor(value)
}

export const eventsRoutes: FastifyPluginAsyncZod<EventsRoutesOptions> = async (app, { hub, resolveVisitor }) => {
  // An open stream would keep the server from closing: this app's streams end first.
  const ending = new Set<() => void>()
  app.addHook('preClose', async () => {
    for (const end of [...ending]) end()
  })

  app.get(
    '/api/events',
    {
      // Guests with X-Chat-Visitor too: the handler checks who is asking.
      config: { access: 'public' },
      // Each event must leave at once: a compressor would hold it back in its buffer.
      compress: false,
      schema: {
        tags: ['events'],
        operationId: 'getEvents',
        summary: 'The live events of the caller (text/event-stream): a bearer token, or a chat guest\'s X-Chat-Visitor; Last-Event-ID resumes after an id',
        description:
          'Each event is `id: <n>`, `event: <type>`, `data: <JSON>`; a `: ping` comment every 25 s. At most 10 streams per user (the oldest closes), an hour each; a client that does not read is dropped.',
        security: [{ bearer: [] }],
        response: { 200: z.any().describe('text/event-stream'), 401: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      const recipient = await recipientOf(request, resolveVisitor)
      if (!recipient) throw new AppError('UNAUTHORIZED', 'request.signInRequired')
      const lastEventId = lastEventIdOf(request)

      reply.hijack()
      const res = reply.raw
      // The security headers were set on the raw response by the onRequest hooks; onSend hooks do not run.
      res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache, no-transform', 'x-accel-buffering': 'no' })
      res.on('error', () => {})
      res.write(STREAM_PREAMBLE)

      const sink: EventSink = {
        write: (chunk) => {
          if (!res.destroyed) res.write(chunk)
        },
        buffered: () => res.writableLength,
        end: () => {
          if (!res.destroyed && !res.writableEnded) res.end()
        },
        destroy: () => {
          res.destroy()
        },
      }
      let closeStream = () => {}
      const end = () => {
        closeStream()
        sink.end()
      }
      let gone = false
      ending.add(end)
      res.once('close', () => {
        gone = true
        ending.delete(end)
        closeStream()
      })
      try {
        const stream = await hub.open(recipient, sink, lastEventId, request.user ? request.sessionId : null)
        closeStream = stream.close
      } catch (error) {
        // Past the hijack nothing answers for us: a failure drops the connection, the client reconnects.
        request.log.error({ err: error }, 'could not open a live event stream')
        res.destroy()
        return
      }
      // The client went away (or the app began closing) while the replay was read.
      if (gone || res.writableEnded) closeStream()
    },
  )
}
