CREATE TABLE "sign_in_code" (
	"email" text PRIMARY KEY NOT NULL,
	"code_hash" text NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "user_import_job" ADD COLUMN "lease_owner" text;--> statement-breakpoint
ALTER TABLE "user_import_job" ADD COLUMN "lease_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "user_import_job" ADD COLUMN "resumed_at" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "signing_signer" ADD COLUMN "prior_token_hash" text;