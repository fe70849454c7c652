DROP INDEX "listing_published_idx";--> statement-breakpoint
DROP INDEX "listing_price_idx";--> statement-breakpoint
CREATE INDEX "listing_published_idx" ON "listing" USING btree ("published_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "listing_price_idx" ON "listing" USING btree ("list_price","id");