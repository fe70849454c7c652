CREATE TABLE "contract_amendment" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"offer_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"side" text NOT NULL,
	"drafted_by" text,
	"drafted_by_name" text,
	"changes" jsonb NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"base_version" integer NOT NULL,
	"applied_version" integer,
	"packet_id" uuid,
	"repair_proposal_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contract_amendment_side_check" CHECK ("contract_amendment"."side" in ('buyer', 'seller'))
);
--> statement-breakpoint
CREATE TABLE "repair_proposal" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"offer_id" uuid NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"rounds" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"amendment_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "repair_proposal_status_check" CHECK ("repair_proposal"."status" in ('open', 'accepted', 'declined'))
);
--> statement-breakpoint
ALTER TABLE "offer_event" DROP CONSTRAINT "offer_event_type_check";--> statement-breakpoint
ALTER TABLE "offer_version" DROP CONSTRAINT "offer_version_kind_check";--> statement-breakpoint
ALTER TABLE "signing_packet" DROP CONSTRAINT "signing_packet_kind_check";--> statement-breakpoint
ALTER TABLE "contract_amendment" ADD CONSTRAINT "contract_amendment_offer_id_offer_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offer"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_amendment" ADD CONSTRAINT "contract_amendment_drafted_by_user_id_fk" FOREIGN KEY ("drafted_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_amendment" ADD CONSTRAINT "contract_amendment_packet_id_signing_packet_id_fk" FOREIGN KEY ("packet_id") REFERENCES "public"."signing_packet"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repair_proposal" ADD CONSTRAINT "repair_proposal_offer_id_offer_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offer"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repair_proposal" ADD CONSTRAINT "repair_proposal_amendment_id_contract_amendment_id_fk" FOREIGN KEY ("amendment_id") REFERENCES "public"."contract_amendment"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "contract_amendment_number_unique" ON "contract_amendment" USING btree ("offer_id","number");--> statement-breakpoint
CREATE INDEX "contract_amendment_packet_idx" ON "contract_amendment" USING btree ("packet_id");--> statement-breakpoint
CREATE INDEX "repair_proposal_offer_idx" ON "repair_proposal" USING btree ("offer_id","created_at");--> statement-breakpoint
ALTER TABLE "offer_event" ADD CONSTRAINT "offer_event_type_check" CHECK ("offer_event"."type" in ('created', 'shared', 'updated', 'accepted', 'declined', 'backup', 'withdrawn', 'expired', 'acknowledged', 'closed', 'terminated', 'forms-generated', 'signed', 'countered', 'counter-accepted', 'counter-declined', 'best-requested', 'revised', 'pre-approval-verified', 'viewed', 'signer-viewed', 'signer-consented', 'signer-signed', 'form-sent', 'form-completed', 'closing-recorded', 'closing-disputed', 'timeline-reminder', 'timeline-missed', 'amendment-drafted', 'amended', 'repairs-proposed', 'repairs-answered'));--> statement-breakpoint
ALTER TABLE "offer_version" ADD CONSTRAINT "offer_version_kind_check" CHECK ("offer_version"."kind" in ('offer', 'revision', 'counter', 'amendment'));--> statement-breakpoint
ALTER TABLE "signing_packet" ADD CONSTRAINT "signing_packet_kind_check" CHECK ("signing_packet"."kind" in ('offer', 'form', 'amendment'));