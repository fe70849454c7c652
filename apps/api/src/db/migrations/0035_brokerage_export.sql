CREATE TABLE "brokerage_export" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"broker_id" text NOT NULL,
	"from_date" date,
	"to_date" date,
	"state" text DEFAULT 'queued' NOT NULL,
	"files_done" integer DEFAULT 0 NOT NULL,
	"files_total" integer,
	"file_key" text,
	"size" bigint,
	"sha256" text,
	"error" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"heartbeat_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	CONSTRAINT "brokerage_export_state_check" CHECK ("brokerage_export"."state" in ('queued', 'running', 'done', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "brokerage_export" ADD CONSTRAINT "brokerage_export_broker_id_user_id_fk" FOREIGN KEY ("broker_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "brokerage_export_one_open" ON "brokerage_export" USING btree ("broker_id") WHERE "brokerage_export"."state" in ('queued', 'running');--> statement-breakpoint
CREATE INDEX "brokerage_export_broker_idx" ON "brokerage_export" USING btree ("broker_id","created_at");