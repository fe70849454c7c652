CREATE TABLE "signing_seal_version" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"packet_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"file_id" uuid,
	"sha256" text NOT NULL,
	"previous_sha256" text,
	"level" text,
	"timestamp_at" timestamp with time zone,
	"tsa_name" text,
	"tsa_expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "signing_seal_version_level_check" CHECK ("signing_seal_version"."level" is null or "signing_seal_version"."level" in ('B-B', 'B-T', 'B-LT', 'B-LTA'))
);
--> statement-breakpoint
ALTER TABLE "signing_packet" DROP CONSTRAINT "signing_packet_seal_level_check";--> statement-breakpoint
ALTER TABLE "signing_packet" ADD COLUMN "seal_archive_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "signing_seal_version" ADD CONSTRAINT "signing_seal_version_packet_id_signing_packet_id_fk" FOREIGN KEY ("packet_id") REFERENCES "public"."signing_packet"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signing_seal_version" ADD CONSTRAINT "signing_seal_version_file_id_stored_file_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."stored_file"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "signing_seal_version_seq_unique" ON "signing_seal_version" USING btree ("packet_id","seq");--> statement-breakpoint
CREATE INDEX "signing_seal_version_sha_idx" ON "signing_seal_version" USING btree ("sha256");--> statement-breakpoint
CREATE INDEX "signing_packet_archive_due_idx" ON "signing_packet" USING btree ("seal_archive_due_at");--> statement-breakpoint
ALTER TABLE "signing_packet" ADD CONSTRAINT "signing_packet_seal_level_check" CHECK ("signing_packet"."seal_level" is null or "signing_packet"."seal_level" in ('B-B', 'B-T', 'B-LT', 'B-LTA'));--> statement-breakpoint
-- Every file sealed before this migration is its packet's first version.
INSERT INTO "signing_seal_version" ("packet_id", "seq", "file_id", "sha256", "previous_sha256", "level", "timestamp_at", "tsa_name", "created_at")
SELECT "id", 1, "signed_file_id", "signed_sha256", NULL, "seal_level", "seal_timestamp_at", "seal_tsa_name", coalesce("completed_at", now())
FROM "signing_packet" WHERE "signed_sha256" IS NOT NULL;
