CREATE TABLE "job_run" (
	"name" text PRIMARY KEY NOT NULL,
	"kind" text,
	"every_ms" integer,
	"lease_owner" text,
	"lease_until" timestamp with time zone,
	"last_started_at" timestamp with time zone,
	"last_finished_at" timestamp with time zone,
	"last_outcome" text,
	"last_error" text,
	"consecutive_failures" integer DEFAULT 0 NOT NULL,
	"next_run_at" timestamp with time zone,
	"dead_lettered_at" timestamp with time zone,
	CONSTRAINT "job_run_kind_check" CHECK ("job_run"."kind" in ('schedule', 'queue')),
	CONSTRAINT "job_run_last_outcome_check" CHECK ("job_run"."last_outcome" in ('ok', 'failed'))
);
