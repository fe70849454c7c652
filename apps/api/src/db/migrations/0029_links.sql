ALTER TABLE "listing" ADD COLUMN "virtual_tour_url_unbranded" text;--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "website" text;