ALTER TABLE "offer_event" DROP CONSTRAINT "offer_event_type_check";--> statement-breakpoint
DROP INDEX "offer_listing_shared_idx";--> statement-breakpoint
DROP INDEX "offer_buyer_shared_idx";--> statement-breakpoint
ALTER TABLE "offer" ADD COLUMN "closing_date" date;--> statement-breakpoint
ALTER TABLE "offer" ADD COLUMN "final_price" integer;--> statement-breakpoint
ALTER TABLE "offer" ADD COLUMN "closing_recorded_side" text;--> statement-breakpoint
ALTER TABLE "offer" ADD COLUMN "closing_recorded_by" text;--> statement-breakpoint
ALTER TABLE "offer" ADD COLUMN "closing_recorded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "offer" ADD CONSTRAINT "offer_closing_recorded_by_user_id_fk" FOREIGN KEY ("closing_recorded_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "offer_listing_shared_idx" ON "offer" USING btree ("listing_id","shared_at","status","purchase_price","decided_at","final_price");--> statement-breakpoint
CREATE INDEX "offer_buyer_shared_idx" ON "offer" USING btree ("buyer_id","shared_at","status","purchase_price","decided_at","listing_id","final_price");--> statement-breakpoint
ALTER TABLE "offer" ADD CONSTRAINT "offer_closing_recorded_side_check" CHECK ("offer"."closing_recorded_side" is null or "offer"."closing_recorded_side" in ('buyer', 'seller'));--> statement-breakpoint
ALTER TABLE "offer_event" ADD CONSTRAINT "offer_event_type_check" CHECK ("offer_event"."type" in ('created', 'shared', 'updated', 'accepted', 'declined', 'backup', 'withdrawn', 'expired', 'acknowledged', 'closed', 'terminated', 'forms-generated', 'signed', 'countered', 'counter-accepted', 'counter-declined', 'best-requested', 'revised', 'pre-approval-verified', 'viewed', 'signer-viewed', 'signer-consented', 'signer-signed', 'form-sent', 'form-completed', 'closing-recorded', 'closing-disputed'));