-- Decision 035: a statement that changes what GET /api/listings/:id/optimize reads (the listing, its
-- photos, its offers and their files, the team that may manage it) says so on one channel, after it
-- commits. The embedded server keeps the optimize reads in memory until it hears this.
CREATE FUNCTION "offerbook_optimize_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('offerbook_optimize', '');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "listing_optimize_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "listing" FOR EACH STATEMENT EXECUTE FUNCTION "offerbook_optimize_changed"();
--> statement-breakpoint
CREATE TRIGGER "listing_media_optimize_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "listing_media" FOR EACH STATEMENT EXECUTE FUNCTION "offerbook_optimize_changed"();
--> statement-breakpoint
CREATE TRIGGER "offer_optimize_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "offer" FOR EACH STATEMENT EXECUTE FUNCTION "offerbook_optimize_changed"();
--> statement-breakpoint
CREATE TRIGGER "offer_attachment_optimize_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "offer_attachment" FOR EACH STATEMENT EXECUTE FUNCTION "offerbook_optimize_changed"();
--> statement-breakpoint
CREATE TRIGGER "team_member_optimize_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "team_member" FOR EACH STATEMENT EXECUTE FUNCTION "offerbook_optimize_changed"();
--> statement-breakpoint
CREATE TRIGGER "team_member_listing_optimize_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "team_member_listing" FOR EACH STATEMENT EXECUTE FUNCTION "offerbook_optimize_changed"();
