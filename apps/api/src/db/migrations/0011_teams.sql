CREATE TABLE "team_invitation" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"leader_id" text NOT NULL,
	"email" text NOT NULL,
	"kind" text DEFAULT 'agent' NOT NULL,
	"access" text DEFAULT 'all' NOT NULL,
	"listing_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"offer_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"brokerage" boolean DEFAULT false NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"accepted_by" text,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "team_invitation_access_check" CHECK ("team_invitation"."access" in ('all', 'designated')),
	CONSTRAINT "team_invitation_kind_check" CHECK ("team_invitation"."kind" in ('agent', 'staff'))
);
--> statement-breakpoint
CREATE TABLE "team_member_offer" (
	"leader_id" text NOT NULL,
	"member_id" text NOT NULL,
	"offer_id" uuid NOT NULL
);
--> statement-breakpoint
ALTER TABLE "team_member" ADD COLUMN "kind" text DEFAULT 'agent' NOT NULL;--> statement-breakpoint
ALTER TABLE "team_member" ADD COLUMN "brokerage" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "ui_mode" text DEFAULT 'buy' NOT NULL;--> statement-breakpoint
ALTER TABLE "team_invitation" ADD CONSTRAINT "team_invitation_leader_id_user_id_fk" FOREIGN KEY ("leader_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_invitation" ADD CONSTRAINT "team_invitation_accepted_by_user_id_fk" FOREIGN KEY ("accepted_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_member_offer" ADD CONSTRAINT "team_member_offer_offer_id_offer_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offer"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "team_invitation_token_unique" ON "team_invitation" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "team_invitation_leader_idx" ON "team_invitation" USING btree ("leader_id","created_at");--> statement-breakpoint
CREATE INDEX "team_invitation_email_idx" ON "team_invitation" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "team_member_offer_unique" ON "team_member_offer" USING btree ("member_id","offer_id");--> statement-breakpoint
CREATE INDEX "team_member_offer_leader_idx" ON "team_member_offer" USING btree ("leader_id","member_id");--> statement-breakpoint
CREATE UNIQUE INDEX "team_member_one_brokerage" ON "team_member" USING btree ("member_id") WHERE "team_member"."brokerage";--> statement-breakpoint
ALTER TABLE "team_member" ADD CONSTRAINT "team_member_kind_check" CHECK ("team_member"."kind" in ('agent', 'staff'));--> statement-breakpoint
ALTER TABLE "user" ADD CONSTRAINT "user_ui_mode_check" CHECK ("user"."ui_mode" in ('buy', 'sell'));