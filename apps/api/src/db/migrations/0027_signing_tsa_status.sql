CREATE TABLE "signing_tsa_status" (
	"url" text PRIMARY KEY NOT NULL,
	"last_at" timestamp with time zone NOT NULL,
	"ok" boolean NOT NULL,
	"tsa_name" text,
	"tsa_expires_at" timestamp with time zone,
	"error" text
);
