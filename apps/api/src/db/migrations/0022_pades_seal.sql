ALTER TABLE "signing_packet" ADD COLUMN "seal_level" text;--> statement-breakpoint
ALTER TABLE "signing_packet" ADD COLUMN "seal_timestamp_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "signing_packet" ADD COLUMN "seal_tsa_name" text;--> statement-breakpoint
ALTER TABLE "signing_packet" ADD COLUMN "seal_waiting_reason" text;--> statement-breakpoint
ALTER TABLE "signing_packet" ADD COLUMN "seal_waiting_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "signing_packet" ADD CONSTRAINT "signing_packet_seal_level_check" CHECK ("signing_packet"."seal_level" is null or "signing_packet"."seal_level" in ('B-B', 'B-T'));--> statement-breakpoint
ALTER TABLE "signing_packet" ADD CONSTRAINT "signing_packet_seal_waiting_check" CHECK ("signing_packet"."seal_waiting_reason" is null or "signing_packet"."seal_waiting_reason" in ('timestamp-unavailable'));