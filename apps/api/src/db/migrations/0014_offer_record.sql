-- The offer record (decision 030): offer_event rows are chained per listing. What a row's hash covers
-- is defined once, here, and used by the writer (offers.queries.ts insertOfferEvent) and the verifier.
CREATE FUNCTION "offer_event_chain_input"(text, uuid, integer, uuid, uuid, text, text, text, text, text, jsonb, timestamptz) RETURNS text
	LANGUAGE sql STABLE PARALLEL SAFE
	AS $$ SELECT json_build_array($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, to_char($12 AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'))::text $$;
--> statement-breakpoint
CREATE TABLE "calendar_feed" (
	"user_id" text PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "offer_event" ADD COLUMN "listing_id" uuid;--> statement-breakpoint
ALTER TABLE "offer_event" ADD COLUMN "seq" integer;--> statement-breakpoint
ALTER TABLE "offer_event" ADD COLUMN "previous_hash" text;--> statement-breakpoint
ALTER TABLE "offer_event" ADD COLUMN "hash" text;--> statement-breakpoint
-- Backfill: the existing rows of each listing are chained in the order they were written (at, id).
DO $$
DECLARE
	r record;
	previous text;
	current_listing uuid;
	row_hash text;
BEGIN
	FOR r IN
		SELECT e.id, o.listing_id, e.offer_id, e.type, e.actor_id, e.actor_name, e.from_status, e.to_status, e.details, e.at,
			(row_number() OVER (PARTITION BY o.listing_id ORDER BY e.at, e.id))::integer AS seq
		FROM "offer_event" e JOIN "offer" o ON o.id = e.offer_id
		ORDER BY o.listing_id, e.at, e.id
	LOOP
		IF current_listing IS DISTINCT FROM r.listing_id THEN
			previous := repeat('0', 64);
			current_listing := r.listing_id;
		END IF;
		row_hash := encode(sha256(convert_to("offer_event_chain_input"(previous, r.listing_id, r.seq, r.id, r.offer_id, r.type, r.actor_id, r.actor_name, r.from_status, r.to_status, r.details, r.at), 'UTF8')), 'hex');
		UPDATE "offer_event" SET "listing_id" = r.listing_id, "seq" = r.seq, "previous_hash" = previous, "hash" = row_hash WHERE "id" = r.id;
		previous := row_hash;
	END LOOP;
END $$;
--> statement-breakpoint
ALTER TABLE "offer_event" ALTER COLUMN "listing_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "offer_event" ALTER COLUMN "seq" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "offer_event" ALTER COLUMN "previous_hash" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "offer_event" ALTER COLUMN "hash" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "calendar_feed" ADD CONSTRAINT "calendar_feed_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_feed_token_unique" ON "calendar_feed" USING btree ("token_hash");--> statement-breakpoint
ALTER TABLE "offer_event" ADD CONSTRAINT "offer_event_listing_id_listing_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listing"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "offer_event_listing_seq_unique" ON "offer_event" USING btree ("listing_id","seq");
--> statement-breakpoint
ALTER TABLE "offer_event" DROP CONSTRAINT "offer_event_type_check";--> statement-breakpoint
ALTER TABLE "offer_event" ADD CONSTRAINT "offer_event_type_check" CHECK ("offer_event"."type" in ('created', 'shared', 'updated', 'accepted', 'declined', 'backup', 'withdrawn', 'expired', 'acknowledged', 'closed', 'terminated', 'forms-generated', 'signed', 'countered', 'counter-accepted', 'counter-declined', 'best-requested', 'revised', 'pre-approval-verified', 'viewed'));
