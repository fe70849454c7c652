ALTER TABLE "offer" ADD COLUMN "working_terms" jsonb;--> statement-breakpoint
ALTER TABLE "offer_attachment" ADD COLUMN "version" integer;--> statement-breakpoint
ALTER TABLE "offer_version" ADD COLUMN "kind" text DEFAULT 'counter' NOT NULL;--> statement-breakpoint
ALTER TABLE "offer_version" ADD CONSTRAINT "offer_version_kind_check" CHECK ("offer_version"."kind" in ('offer', 'revision', 'counter'));