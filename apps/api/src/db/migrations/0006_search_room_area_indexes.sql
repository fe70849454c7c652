DROP INDEX "listing_published_idx";--> statement-breakpoint
CREATE INDEX "listing_beds_idx" ON "listing" USING btree ("bedrooms_total" DESC NULLS LAST,"published_at" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "listing_area_idx" ON "listing" USING btree ("living_area" DESC NULLS LAST,"published_at" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "listing_published_idx" ON "listing" USING btree ("published_at" DESC NULLS LAST,"id" DESC NULLS FIRST);