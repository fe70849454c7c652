CREATE SEQUENCE "public"."app_event_feed_sequence" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
ALTER TABLE "app_event" ADD COLUMN "feed_sequence" bigint;--> statement-breakpoint
CREATE INDEX "app_event_feed_idx" ON "app_event" USING btree ("recipient","feed_sequence");--> statement-breakpoint
CREATE INDEX "app_event_unsequenced_idx" ON "app_event" USING btree ("id") WHERE "app_event"."feed_sequence" is null and "app_event"."type" in ('offer.changed', 'signing.changed');