DROP INDEX "team_member_listing_unique";--> statement-breakpoint
DROP INDEX "team_member_offer_unique";--> statement-breakpoint
CREATE UNIQUE INDEX "team_member_listing_unique" ON "team_member_listing" USING btree ("member_id","listing_id","leader_id");--> statement-breakpoint
CREATE UNIQUE INDEX "team_member_offer_unique" ON "team_member_offer" USING btree ("member_id","offer_id","leader_id");