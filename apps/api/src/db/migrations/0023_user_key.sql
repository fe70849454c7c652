ALTER TABLE "user" ADD COLUMN "key" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "user" ADD CONSTRAINT "user_key_unique" UNIQUE("key");--> statement-breakpoint
-- Until now is_add_listing_enabled was written by onboarding only and read by nothing; from now on it
-- gates adding a listing. Everyone who could add listings keeps that: each holder of a role that may
-- add listings (imported and re-roled users had it false).
UPDATE "user" SET "is_add_listing_enabled" = true WHERE NOT "is_add_listing_enabled" AND EXISTS (SELECT 1 FROM "user_role" WHERE "user_role"."user_id" = "user"."id" AND "user_role"."role" IN ('SELLER_OWNER', 'SELLER_AGENT', 'BUYER_AGENT'));
