CREATE TABLE "user_import_outcome" (
	"job_id" uuid NOT NULL,
	"line" integer NOT NULL,
	"outcome" text NOT NULL,
	"key" text,
	"params" jsonb,
	CONSTRAINT "user_import_outcome_job_id_line_pk" PRIMARY KEY("job_id","line"),
	CONSTRAINT "user_import_outcome_check" CHECK ("user_import_outcome"."outcome" in ('created', 'updated', 'skipped', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "user_import_job" ADD COLUMN "lease_owner" text;--> statement-breakpoint
ALTER TABLE "user_import_job" ADD COLUMN "lease_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "user_import_job" ADD COLUMN "resumed_at" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "signing_signer" ADD COLUMN "prior_token_hash" text;--> statement-breakpoint
ALTER TABLE "user_import_outcome" ADD CONSTRAINT "user_import_outcome_job_id_user_import_job_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."user_import_job"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The outcomes of earlier imports move to their own table, so their reports stay as they were.
INSERT INTO "user_import_outcome" ("job_id", "line", "outcome", "key", "params")
SELECT "job"."id", ("entry"->>'line')::integer, "entry"->>'outcome', "entry"->>'key', "entry"->'params'
FROM "user_import_job" AS "job", jsonb_array_elements("job"."outcomes") AS "entry"
WHERE "entry"->>'outcome' in ('created', 'updated', 'skipped', 'failed')
ON CONFLICT DO NOTHING;--> statement-breakpoint
ALTER TABLE "user_import_job" DROP COLUMN "outcomes";