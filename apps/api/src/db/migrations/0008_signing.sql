CREATE TABLE "signing_event" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"packet_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"type" text NOT NULL,
	"signer_id" uuid,
	"actor_name" text,
	"ip" text,
	"user_agent" text,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"previous_hash" text NOT NULL,
	"hash" text NOT NULL,
	CONSTRAINT "signing_event_type_check" CHECK ("signing_event"."type" in ('created', 'sent', 'viewed', 'code-sent', 'code-verified', 'consented', 'field-filled', 'signed', 'declined', 'reminded', 'expired', 'voided', 'completed'))
);
--> statement-breakpoint
CREATE TABLE "signing_field" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"packet_id" uuid NOT NULL,
	"signer_id" uuid NOT NULL,
	"type" text NOT NULL,
	"page" integer NOT NULL,
	"x" double precision NOT NULL,
	"y" double precision NOT NULL,
	"width" double precision NOT NULL,
	"height" double precision NOT NULL,
	"required" boolean DEFAULT true NOT NULL,
	"label" text DEFAULT '' NOT NULL,
	"value" text,
	"filled_at" timestamp with time zone,
	CONSTRAINT "signing_field_type_check" CHECK ("signing_field"."type" in ('signature', 'initials', 'date-signed', 'full-name', 'text'))
);
--> statement-breakpoint
CREATE TABLE "signing_packet" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"offer_id" uuid NOT NULL,
	"title" text NOT NULL,
	"status" text NOT NULL,
	"signing_order" text DEFAULT 'parallel' NOT NULL,
	"require_sms_code" boolean DEFAULT false NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"created_by" text,
	"created_by_name" text,
	"original_file_id" uuid,
	"signed_file_id" uuid,
	"signed_sha256" text,
	"documents" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"pages" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"chain_head" text,
	"event_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"declined_at" timestamp with time zone,
	"voided_at" timestamp with time zone,
	"void_reason" text,
	"last_reminded_at" timestamp with time zone,
	CONSTRAINT "signing_packet_kind_check" CHECK ("signing_packet"."kind" in ('offer', 'form')),
	CONSTRAINT "signing_packet_status_check" CHECK ("signing_packet"."status" in ('draft', 'sent', 'completing', 'completed', 'declined', 'voided', 'expired')),
	CONSTRAINT "signing_packet_order_check" CHECK ("signing_packet"."signing_order" in ('parallel', 'sequential'))
);
--> statement-breakpoint
CREATE TABLE "signing_signer" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"packet_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"role" text NOT NULL,
	"locale" text DEFAULT 'en-us' NOT NULL,
	"user_id" text,
	"token_hash" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"viewed_at" timestamp with time zone,
	"consented_at" timestamp with time zone,
	"consent_version" text,
	"code_hash" text,
	"code_sent_at" timestamp with time zone,
	"code_expires_at" timestamp with time zone,
	"code_attempts" integer DEFAULT 0 NOT NULL,
	"code_verified_at" timestamp with time zone,
	"signed_at" timestamp with time zone,
	"signature_method" text,
	"signature_png" "bytea",
	"initials_png" "bytea",
	"signed_ip" text,
	"signed_user_agent" text,
	"declined_at" timestamp with time zone,
	"decline_reason" text,
	"last_reminded_at" timestamp with time zone,
	"invited_at" timestamp with time zone,
	CONSTRAINT "signing_signer_role_check" CHECK ("signing_signer"."role" in ('buyer', 'seller', 'buyer-agent', 'listing-agent', 'other')),
	CONSTRAINT "signing_signer_status_check" CHECK ("signing_signer"."status" in ('pending', 'signed', 'declined'))
);
--> statement-breakpoint
ALTER TABLE "offer_event" DROP CONSTRAINT "offer_event_type_check";--> statement-breakpoint
ALTER TABLE "offer" ADD COLUMN "signed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "signing_event" ADD CONSTRAINT "signing_event_packet_id_signing_packet_id_fk" FOREIGN KEY ("packet_id") REFERENCES "public"."signing_packet"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signing_field" ADD CONSTRAINT "signing_field_packet_id_signing_packet_id_fk" FOREIGN KEY ("packet_id") REFERENCES "public"."signing_packet"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signing_field" ADD CONSTRAINT "signing_field_signer_id_signing_signer_id_fk" FOREIGN KEY ("signer_id") REFERENCES "public"."signing_signer"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signing_packet" ADD CONSTRAINT "signing_packet_offer_id_offer_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offer"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signing_packet" ADD CONSTRAINT "signing_packet_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signing_packet" ADD CONSTRAINT "signing_packet_original_file_id_stored_file_id_fk" FOREIGN KEY ("original_file_id") REFERENCES "public"."stored_file"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signing_packet" ADD CONSTRAINT "signing_packet_signed_file_id_stored_file_id_fk" FOREIGN KEY ("signed_file_id") REFERENCES "public"."stored_file"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signing_signer" ADD CONSTRAINT "signing_signer_packet_id_signing_packet_id_fk" FOREIGN KEY ("packet_id") REFERENCES "public"."signing_packet"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signing_signer" ADD CONSTRAINT "signing_signer_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "signing_event_seq_unique" ON "signing_event" USING btree ("packet_id","seq");--> statement-breakpoint
CREATE INDEX "signing_field_packet_idx" ON "signing_field" USING btree ("packet_id","signer_id");--> statement-breakpoint
CREATE INDEX "signing_packet_offer_idx" ON "signing_packet" USING btree ("offer_id","created_at");--> statement-breakpoint
CREATE INDEX "signing_packet_signed_sha_idx" ON "signing_packet" USING btree ("signed_sha256");--> statement-breakpoint
CREATE INDEX "signing_packet_due_idx" ON "signing_packet" USING btree ("status","expires_at");--> statement-breakpoint
CREATE INDEX "signing_signer_packet_idx" ON "signing_signer" USING btree ("packet_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "signing_signer_token_unique" ON "signing_signer" USING btree ("token_hash");--> statement-breakpoint
ALTER TABLE "offer_event" ADD CONSTRAINT "offer_event_type_check" CHECK ("offer_event"."type" in ('created', 'shared', 'updated', 'accepted', 'declined', 'backup', 'withdrawn', 'expired', 'acknowledged', 'closed', 'terminated', 'forms-generated', 'signed'));