import type { Config } from '../../config'
import type { Db } from '../../db/client'
import type { FileStorage } from '../../storage/storage'
import { brokerageExportJob } from '../brokerage-export/brokerage-export-job'
import { chatDigestJob } from '../chat/chat-digest'
import { disbursementRemindersJob } from '../earnest-money/disbursement-reminders'
import type { EmailTransport, SmsTransport } from '../messaging/transports'
import { outboxJob } from '../messaging/outbox-worker'
import { mlsReplicationJob } from '../mls-replication/mls-replication.service'
import { offerExpiryJob } from '../offers/offers-expiry'
import { timelineRemindersJob } from '../offer-record/timeline-reminders'
import type { SigningContext } from '../signing/signing.service'
import { signingJob } from '../signing/signing-jobs'
import { webhooksJob } from '../webhooks/webhooks-delivery'
import type { JobDefinition, JobLog } from './job-runner'

export type BackgroundJobDeps = {
  db: Db
  log: JobLog
  publicUrl: string
  /** The server's secret: keys the links of the chat emails to guests. */
  authSecret: string
  mail: EmailTransport
  sms: SmsTransport
  storage: FileStorage
  mlsGrid: Config['mlsGrid']
  signing: SigningContext
  /** Webhooks may go to private addresses while no super admin has chosen (WEBHOOKS_ALLOW_PRIVATE, decision 082). */
  webhooksAllowPrivate: boolean
  /** Only on the embedded PGlite: what a killed process left claimed is taken back at start (decision 006). */
  singleProcess: boolean
}

/** The registry: every background job of an API process, each its module's entry (decision 045). */
export function backgroundJobs(deps: BackgroundJobDeps): JobDefinition[] {
  const { db, log, publicUrl } = deps
  return [
    outboxJob({ db, mail: deps.mail, sms: deps.sms, log, releaseClaimsOnStart: deps.singleProcess }),
    offerExpiryJob({ db, log, publicUrl }),
    chatDigestJob({ db, log, publicUrl, secret: deps.authSecret }),
    mlsReplicationJob({ db, storage: deps.storage, mlsGrid: deps.mlsGrid, log }),
    signingJob({ db, ctx: deps.signing, log }),
    timelineRemindersJob({ db, log, publicUrl }),
    brokerageExportJob({ db, storage: deps.storage, log }),
    disbursementRemindersJob({ db, log, publicUrl }),
    webhooksJob({ db, log, publicUrl, serverSecret: deps.authSecret, allowPrivateByDefault: deps.webhooksAllowPrivate, releaseClaimsOnStart: deps.singleProcess }),
  ]
}
