CREATE TABLE "admin_audit" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"actor_id" text,
	"target_user_id" text,
	"action" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"reason" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "admin_setting" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "legacy_password" (
	"user_id" text PRIMARY KEY NOT NULL,
	"algorithm" text NOT NULL,
	"password_hash" text NOT NULL,
	"salt" text NOT NULL,
	"parameters" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "legacy_password_algorithm_check" CHECK ("legacy_password"."algorithm" in ('firebase-scrypt'))
);
--> statement-breakpoint
CREATE TABLE "mls_replica" (
	"listing_key" text PRIMARY KEY NOT NULL,
	"listing_id" text,
	"originating_system_name" text,
	"standard_status" text,
	"list_agent_mls_id" text,
	"unparsed_address" text,
	"list_price" integer,
	"photo_count" integer DEFAULT 0 NOT NULL,
	"modification_timestamp" timestamp with time zone NOT NULL,
	"record" jsonb NOT NULL,
	"linked_user_id" text,
	"replicated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mls_replication_run" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"trigger" text NOT NULL,
	"triggered_by" text,
	"status" text DEFAULT 'running' NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"created" integer DEFAULT 0 NOT NULL,
	"updated" integer DEFAULT 0 NOT NULL,
	"deleted" integer DEFAULT 0 NOT NULL,
	"photos" integer DEFAULT 0 NOT NULL,
	"errors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"high_water" timestamp with time zone,
	CONSTRAINT "mls_replication_run_trigger_check" CHECK ("mls_replication_run"."trigger" in ('manual', 'schedule')),
	CONSTRAINT "mls_replication_run_status_check" CHECK ("mls_replication_run"."status" in ('running', 'done', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "sign_in_event" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"ip_address" text,
	"user_agent" text
);
--> statement-breakpoint
CREATE TABLE "user_import_job" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_by" text,
	"status" text DEFAULT 'preview' NOT NULL,
	"on_existing" text DEFAULT 'skip' NOT NULL,
	"filename" text NOT NULL,
	"rows" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"processed" integer DEFAULT 0 NOT NULL,
	"created" integer DEFAULT 0 NOT NULL,
	"updated" integer DEFAULT 0 NOT NULL,
	"skipped" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"outcomes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "user_import_job_status_check" CHECK ("user_import_job"."status" in ('preview', 'running', 'done', 'failed')),
	CONSTRAINT "user_import_job_on_existing_check" CHECK ("user_import_job"."on_existing" in ('update', 'skip'))
);
--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "deactivated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "last_sign_in_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "admin_audit" ADD CONSTRAINT "admin_audit_actor_id_user_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admin_setting" ADD CONSTRAINT "admin_setting_updated_by_user_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legacy_password" ADD CONSTRAINT "legacy_password_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mls_replica" ADD CONSTRAINT "mls_replica_linked_user_id_user_id_fk" FOREIGN KEY ("linked_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mls_replication_run" ADD CONSTRAINT "mls_replication_run_triggered_by_user_id_fk" FOREIGN KEY ("triggered_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sign_in_event" ADD CONSTRAINT "sign_in_event_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_import_job" ADD CONSTRAINT "user_import_job_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "admin_audit_target_idx" ON "admin_audit" USING btree ("target_user_id","at");--> statement-breakpoint
CREATE INDEX "admin_audit_at_idx" ON "admin_audit" USING btree ("at");--> statement-breakpoint
CREATE INDEX "mls_replica_agent_idx" ON "mls_replica" USING btree ("list_agent_mls_id");--> statement-breakpoint
CREATE INDEX "mls_replica_listing_id_idx" ON "mls_replica" USING btree ("listing_id");--> statement-breakpoint
CREATE INDEX "mls_replication_run_started_idx" ON "mls_replication_run" USING btree ("started_at");--> statement-breakpoint
CREATE INDEX "sign_in_event_user_idx" ON "sign_in_event" USING btree ("user_id","at");--> statement-breakpoint
CREATE INDEX "user_import_job_created_idx" ON "user_import_job" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "user_last_sign_in_idx" ON "user" USING btree ("last_sign_in_at");