CREATE TABLE "brokerage_file_rule" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"broker_id" text NOT NULL,
	"title" text NOT NULL,
	"side" text,
	"property_types" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"min_price" integer,
	"max_price" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "brokerage_file_rule_side_check" CHECK ("brokerage_file_rule"."side" is null or "brokerage_file_rule"."side" in ('listing', 'buyer'))
);
--> statement-breakpoint
CREATE TABLE "transaction_file_close" (
	"offer_id" uuid NOT NULL,
	"side" text NOT NULL,
	"closed_at" timestamp with time zone NOT NULL,
	"closed_by" text,
	"closed_by_name" text,
	CONSTRAINT "transaction_file_close_offer_id_side_pk" PRIMARY KEY("offer_id","side"),
	CONSTRAINT "transaction_file_close_side_check" CHECK ("transaction_file_close"."side" in ('listing', 'buyer'))
);
--> statement-breakpoint
CREATE TABLE "transaction_file_document" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"offer_id" uuid NOT NULL,
	"side" text NOT NULL,
	"slot_key" text NOT NULL,
	"kind" text NOT NULL,
	"filename" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"sha256" text NOT NULL,
	"storage_key" text NOT NULL,
	"source" text NOT NULL,
	"packet_id" uuid,
	"review" text DEFAULT 'pending' NOT NULL,
	"review_note" text,
	"reviewed_by" text,
	"reviewed_by_name" text,
	"reviewed_at" timestamp with time zone,
	"superseded_by" uuid,
	"uploaded_by" text,
	"uploaded_by_name" text,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "transaction_file_document_side_check" CHECK ("transaction_file_document"."side" in ('listing', 'buyer')),
	CONSTRAINT "transaction_file_document_kind_check" CHECK ("transaction_file_document"."kind" in ('purchaseAgreement', 'contractLanguageAddendum', 'propertyConditionDisclosure', 'leadBasedPaintDisclosure', 'agencyDisclosure', 'contractNotice', 'contractAmendment', 'earnestMoneyReceipt', 'closingStatement', 'brokerageRule', 'propertyConditionDisclaimer', 'propertyConditionExemption')),
	CONSTRAINT "transaction_file_document_source_check" CHECK ("transaction_file_document"."source" in ('upload', 'packet', 'trust')),
	CONSTRAINT "transaction_file_document_review_check" CHECK ("transaction_file_document"."review" in ('pending', 'approved', 'returned'))
);
--> statement-breakpoint
ALTER TABLE "offer_event" DROP CONSTRAINT "offer_event_type_check";--> statement-breakpoint
ALTER TABLE "brokerage_file_rule" ADD CONSTRAINT "brokerage_file_rule_broker_id_user_id_fk" FOREIGN KEY ("broker_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transaction_file_close" ADD CONSTRAINT "transaction_file_close_offer_id_offer_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offer"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transaction_file_close" ADD CONSTRAINT "transaction_file_close_closed_by_user_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transaction_file_document" ADD CONSTRAINT "transaction_file_document_offer_id_offer_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offer"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transaction_file_document" ADD CONSTRAINT "transaction_file_document_packet_id_signing_packet_id_fk" FOREIGN KEY ("packet_id") REFERENCES "public"."signing_packet"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transaction_file_document" ADD CONSTRAINT "transaction_file_document_reviewed_by_user_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transaction_file_document" ADD CONSTRAINT "transaction_file_document_uploaded_by_user_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "brokerage_file_rule_broker_idx" ON "brokerage_file_rule" USING btree ("broker_id");--> statement-breakpoint
CREATE INDEX "transaction_file_document_file_idx" ON "transaction_file_document" USING btree ("offer_id","side");--> statement-breakpoint
CREATE UNIQUE INDEX "transaction_file_document_packet_unique" ON "transaction_file_document" USING btree ("offer_id","side","slot_key","packet_id") WHERE "transaction_file_document"."packet_id" is not null;--> statement-breakpoint
CREATE INDEX "transaction_file_document_review_idx" ON "transaction_file_document" USING btree ("review") WHERE "transaction_file_document"."superseded_by" is null;--> statement-breakpoint
ALTER TABLE "offer_event" ADD CONSTRAINT "offer_event_type_check" CHECK ("offer_event"."type" in ('created', 'shared', 'updated', 'accepted', 'declined', 'backup', 'withdrawn', 'expired', 'acknowledged', 'closed', 'terminated', 'forms-generated', 'signed', 'countered', 'counter-accepted', 'counter-declined', 'best-requested', 'revised', 'pre-approval-verified', 'viewed', 'signer-viewed', 'signer-consented', 'signer-signed', 'form-sent', 'form-completed', 'closing-recorded', 'closing-disputed', 'timeline-reminder', 'timeline-missed', 'amendment-drafted', 'amended', 'repairs-proposed', 'repairs-answered', 'notice-sent', 'notice-delivered', 'contract-ended', 'file-document-approved', 'file-document-returned', 'file-closed'));