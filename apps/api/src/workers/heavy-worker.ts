import { parentPort } from 'node:worker_threads'
import type { ErrorCode } from '@offerbook/domain/api-error'
import type { MessageKey, MessageParams } from '@offerbook/domain/messages'
import type { FieldError } from '../app-error'
import { AppError } from '../app-error'
import type { TaskName } from './heavy-tasks'
import { HEAVY_TASKS } from './heavy-tasks'

/** One worker of the heavy-work pool (heavy-pool.ts): runs one task at a time and answers its result or its error. */

export type TaskReply =
  | { ok: true; value: unknown }
  | { ok: false; message: string; stack?: string | undefined; appError?: { code: ErrorCode; key: MessageKey; params?: MessageParams | undefined; errors?: FieldError[] | undefined } }

/** Large results (PDF bytes) move to the requesting thread instead of being copied. */
function transferables(value: unknown): ArrayBuffer[] {
  if (value instanceof Uint8Array && value.byteOffset === 0 && value.byteLength === value.buffer.byteLength && value.buffer instanceof ArrayBuffer) return [value.buffer]
  if (value && typeof value === 'object' && 'pdf' in value) return transferables(value.pdf)
  return []
}

parentPort?.on('message', async ({ name, input }: { name: TaskName; input: never }) => {
  let reply: TaskReply
  try {
    const value: unknown = await HEAVY_TASKS[name](input)
    reply = { ok: true, value }
  } catch (error) {
    reply =
      error instanceof AppError
        ? { ok: false, message: error.message, appError: { code: error.code, key: error.key, params: error.params, errors: error.errors } }
        : { ok: false, message: error instanceof Error ? error.message : String(error), stack: error instanceof Error ? error.stack : undefined }
  }
  parentPort?.postMessage(reply, reply.ok ? transferables(reply.value) : [])
})
