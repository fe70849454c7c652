CREATE TABLE "contract_notice" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"offer_id" uuid NOT NULL,
	"packet_id" uuid NOT NULL,
	"type" text NOT NULL,
	"item" text,
	"side" text NOT NULL,
	"facts" jsonb NOT NULL,
	"created_by" text,
	"created_by_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivered_at" timestamp with time zone,
	CONSTRAINT "contract_notice_type_check" CHECK ("contract_notice"."type" in ('inspectionResult', 'contingency', 'appraisalNotice', 'earnestMoneyDelivered', 'deliveryReceived', 'termination')),
	CONSTRAINT "contract_notice_side_check" CHECK ("contract_notice"."side" in ('buyer', 'seller'))
);
--> statement-breakpoint
CREATE TABLE "contract_timeline_record" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"offer_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"outcome" text NOT NULL,
	"date" date NOT NULL,
	"notice_id" uuid,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contract_timeline_record_outcome_check" CHECK ("contract_timeline_record"."outcome" in ('done', 'waived', 'occurred'))
);
--> statement-breakpoint
ALTER TABLE "offer_event" DROP CONSTRAINT "offer_event_type_check";--> statement-breakpoint
ALTER TABLE "signing_packet" DROP CONSTRAINT "signing_packet_kind_check";--> statement-breakpoint
ALTER TABLE "contract_notice" ADD CONSTRAINT "contract_notice_offer_id_offer_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offer"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_notice" ADD CONSTRAINT "contract_notice_packet_id_signing_packet_id_fk" FOREIGN KEY ("packet_id") REFERENCES "public"."signing_packet"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_notice" ADD CONSTRAINT "contract_notice_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_timeline_record" ADD CONSTRAINT "contract_timeline_record_offer_id_offer_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offer"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_timeline_record" ADD CONSTRAINT "contract_timeline_record_notice_id_contract_notice_id_fk" FOREIGN KEY ("notice_id") REFERENCES "public"."contract_notice"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contract_notice_offer_idx" ON "contract_notice" USING btree ("offer_id","created_at");--> statement-breakpoint
CREATE INDEX "contract_notice_packet_idx" ON "contract_notice" USING btree ("packet_id");--> statement-breakpoint
CREATE INDEX "contract_timeline_record_offer_idx" ON "contract_timeline_record" USING btree ("offer_id","recorded_at");--> statement-breakpoint
ALTER TABLE "offer_event" ADD CONSTRAINT "offer_event_type_check" CHECK ("offer_event"."type" in ('created', 'shared', 'updated', 'accepted', 'declined', 'backup', 'withdrawn', 'expired', 'acknowledged', 'closed', 'terminated', 'forms-generated', 'signed', 'countered', 'counter-accepted', 'counter-declined', 'best-requested', 'revised', 'pre-approval-verified', 'viewed', 'signer-viewed', 'signer-consented', 'signer-signed', 'form-sent', 'form-completed', 'closing-recorded', 'closing-disputed', 'timeline-reminder', 'timeline-missed', 'amendment-drafted', 'amended', 'repairs-proposed', 'repairs-answered', 'notice-sent', 'notice-delivered', 'contract-ended'));--> statement-breakpoint
ALTER TABLE "signing_packet" ADD CONSTRAINT "signing_packet_kind_check" CHECK ("signing_packet"."kind" in ('offer', 'form', 'amendment', 'notice'));