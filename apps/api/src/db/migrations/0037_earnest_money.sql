CREATE TABLE "earnest_money_link" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"offer_id" uuid NOT NULL,
	"email" text NOT NULL,
	"token_hash" text NOT NULL,
	"sent_by" text,
	"sent_by_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"replaced_at" timestamp with time zone,
	CONSTRAINT "earnest_money_link_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "earnest_money_record" (
	"offer_id" uuid PRIMARY KEY NOT NULL,
	"depositor" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"received_on" date NOT NULL,
	"method" text NOT NULL,
	"method_other" text DEFAULT '' NOT NULL,
	"holder_kind" text,
	"holder_name" text NOT NULL,
	"holder_address" text NOT NULL,
	"holder_email" text NOT NULL,
	"link_id" uuid,
	"receipt_key" text NOT NULL,
	"receipt_sha256" text NOT NULL,
	"receipt_size" integer NOT NULL,
	"attested_at" timestamp with time zone NOT NULL,
	"requested_on" date,
	"requested_by" text,
	"request_payee" text,
	"request_recorded_by" text,
	"request_recorded_by_name" text,
	"request_recorded_at" timestamp with time zone,
	"release_kind" text,
	"released_on" date,
	"release_payee" text,
	"release_amount_cents" bigint,
	"release_recorded_by" text,
	"release_recorded_by_name" text,
	"release_recorded_at" timestamp with time zone,
	CONSTRAINT "earnest_money_record_method_check" CHECK ("earnest_money_record"."method" in ('check', 'wire', 'cashiersCheck', 'cash', 'other')),
	CONSTRAINT "earnest_money_record_holder_kind_check" CHECK ("earnest_money_record"."holder_kind" is null or "earnest_money_record"."holder_kind" in ('listing-broker', 'title-company', 'attorney', 'other')),
	CONSTRAINT "earnest_money_record_release_kind_check" CHECK ("earnest_money_record"."release_kind" is null or "earnest_money_record"."release_kind" in ('mutualRelease', 'closing', 'interpleader'))
);
--> statement-breakpoint
CREATE TABLE "earnest_money_reminder" (
	"offer_id" uuid NOT NULL,
	"requested_on" date NOT NULL,
	"day" integer NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "earnest_money_reminder_pk" PRIMARY KEY("offer_id","requested_on","day"),
	CONSTRAINT "earnest_money_reminder_day_check" CHECK ("day" in (14, 18, 21))
);
--> statement-breakpoint
ALTER TABLE "offer_event" DROP CONSTRAINT "offer_event_type_check";--> statement-breakpoint
ALTER TABLE "earnest_money_link" ADD CONSTRAINT "earnest_money_link_offer_id_offer_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offer"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "earnest_money_link" ADD CONSTRAINT "earnest_money_link_sent_by_user_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "earnest_money_record" ADD CONSTRAINT "earnest_money_record_offer_id_offer_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offer"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "earnest_money_record" ADD CONSTRAINT "earnest_money_record_link_id_earnest_money_link_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."earnest_money_link"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "earnest_money_record" ADD CONSTRAINT "earnest_money_record_request_recorded_by_user_id_fk" FOREIGN KEY ("request_recorded_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "earnest_money_record" ADD CONSTRAINT "earnest_money_record_release_recorded_by_user_id_fk" FOREIGN KEY ("release_recorded_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "earnest_money_reminder" ADD CONSTRAINT "earnest_money_reminder_offer_id_offer_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offer"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "earnest_money_link_offer_idx" ON "earnest_money_link" USING btree ("offer_id","created_at");--> statement-breakpoint
CREATE INDEX "earnest_money_record_open_idx" ON "earnest_money_record" USING btree ("requested_on") WHERE "earnest_money_record"."requested_on" is not null and "earnest_money_record"."released_on" is null;--> statement-breakpoint
ALTER TABLE "offer_event" ADD CONSTRAINT "offer_event_type_check" CHECK ("offer_event"."type" in ('created', 'shared', 'updated', 'accepted', 'declined', 'backup', 'withdrawn', 'expired', 'acknowledged', 'closed', 'terminated', 'forms-generated', 'signed', 'countered', 'counter-accepted', 'counter-declined', 'best-requested', 'revised', 'pre-approval-verified', 'viewed', 'signer-viewed', 'signer-consented', 'signer-signed', 'form-sent', 'form-completed', 'closing-recorded', 'closing-disputed', 'timeline-reminder', 'timeline-missed', 'amendment-drafted', 'amended', 'repairs-proposed', 'repairs-answered', 'notice-sent', 'notice-delivered', 'contract-ended', 'file-document-approved', 'file-document-returned', 'file-closed', 'earnest-money-link-sent', 'earnest-money-received', 'disbursement-requested', 'disbursement-reminder', 'earnest-money-released'));