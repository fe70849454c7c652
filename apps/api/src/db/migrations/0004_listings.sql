CREATE TABLE "listing" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"listing_key" text NOT NULL,
	"listing_id" text,
	"standard_status" text DEFAULT 'Incomplete' NOT NULL,
	"owner_id" text NOT NULL,
	"list_agent_user_id" text,
	"source" text DEFAULT 'manual' NOT NULL,
	"originating_system_name" text,
	"list_price" integer,
	"street_number" text,
	"street_name" text,
	"street_suffix" text,
	"unit_number" text,
	"city" text,
	"state_or_province" text,
	"postal_code" text,
	"county_or_parish" text,
	"unparsed_address" text DEFAULT '' NOT NULL,
	"property_type" text,
	"bedrooms_total" smallint,
	"bathrooms_total_integer" smallint,
	"living_area" integer,
	"lot_size_acres" double precision,
	"year_built" smallint,
	"public_remarks" text,
	"list_agent_full_name" text,
	"list_agent_email" text,
	"list_agent_direct_phone" text,
	"list_agent_mls_id" text,
	"list_office_name" text,
	"firm_license_number" text,
	"offer_deadline" timestamp with time zone,
	"offer_preferences" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"offer_instructions" text,
	"visibility" text DEFAULT 'public' NOT NULL,
	"notify" jsonb DEFAULT '{"owner":true,"listAgent":true,"emails":[]}'::jsonb NOT NULL,
	"weighting" jsonb DEFAULT '{"weights":{"netToSeller":10,"earnestMoney":5,"financingCertainty":7,"downPayment":4,"contingencies":6,"inspectionPeriod":3,"closingDateFit":5,"concessions":5,"preApproval":6},"sellerCommissionPercent":3,"sellerClosingCosts":0,"wantedClosingDate":null}'::jsonb NOT NULL,
	"draft_step" text,
	"published_at" timestamp with time zone,
	"modification_timestamp" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, coalesce(unparsed_address, '') || ' ' || coalesce(city, '') || ' ' || coalesce(postal_code, '') || ' ' || coalesce(county_or_parish, '') || ' ' || coalesce(listing_id, ''))) STORED,
	CONSTRAINT "listing_standard_status_check" CHECK ("listing"."standard_status" in ('Active', 'ActiveUnderContract', 'Pending', 'Closed', 'ComingSoon', 'Hold', 'Withdrawn', 'Expired', 'Canceled', 'Delete', 'Incomplete')),
	CONSTRAINT "listing_property_type_check" CHECK ("listing"."property_type" is null or "listing"."property_type" in ('Residential', 'ResidentialIncome', 'ResidentialLease', 'Land', 'Farm', 'ManufacturedInPark', 'CommercialSale', 'CommercialLease', 'BusinessOpportunity')),
	CONSTRAINT "listing_visibility_check" CHECK ("listing"."visibility" in ('public', 'unlisted', 'private')),
	CONSTRAINT "listing_source_check" CHECK ("listing"."source" in ('manual', 'mls-grid', 'reso-file')),
	CONSTRAINT "listing_draft_step_check" CHECK ("listing"."draft_step" is null or "listing"."draft_step" in ('pricing', 'details', 'photos', 'agent', 'offer-settings', 'review'))
);
--> statement-breakpoint
CREATE TABLE "listing_import_job" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"source" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"request" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"processed" integer DEFAULT 0 NOT NULL,
	"imported" integer DEFAULT 0 NOT NULL,
	"updated" integer DEFAULT 0 NOT NULL,
	"deleted" integer DEFAULT 0 NOT NULL,
	"skipped" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "listing_import_job_source_check" CHECK ("listing_import_job"."source" in ('mls-grid', 'reso-file')),
	CONSTRAINT "listing_import_job_status_check" CHECK ("listing_import_job"."status" in ('pending', 'running', 'done', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "listing_media" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"listing_id" uuid NOT NULL,
	"file_id" uuid NOT NULL,
	"media_key" text NOT NULL,
	"order" integer NOT NULL,
	"source_url" text,
	"source_modification_timestamp" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mls_feed_cursor" (
	"user_id" text PRIMARY KEY NOT NULL,
	"high_water" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "team_member" (
	"leader_id" text NOT NULL,
	"member_id" text NOT NULL,
	"access" text DEFAULT 'all' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "team_member_access_check" CHECK ("team_member"."access" in ('all', 'designated'))
);
--> statement-breakpoint
CREATE TABLE "team_member_listing" (
	"leader_id" text NOT NULL,
	"member_id" text NOT NULL,
	"listing_id" uuid NOT NULL
);
--> statement-breakpoint
ALTER TABLE "listing" ADD CONSTRAINT "listing_owner_id_user_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing" ADD CONSTRAINT "listing_list_agent_user_id_user_id_fk" FOREIGN KEY ("list_agent_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_import_job" ADD CONSTRAINT "listing_import_job_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_media" ADD CONSTRAINT "listing_media_listing_id_listing_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listing"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_media" ADD CONSTRAINT "listing_media_file_id_stored_file_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."stored_file"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mls_feed_cursor" ADD CONSTRAINT "mls_feed_cursor_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_member" ADD CONSTRAINT "team_member_leader_id_user_id_fk" FOREIGN KEY ("leader_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_member" ADD CONSTRAINT "team_member_member_id_user_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_member_listing" ADD CONSTRAINT "team_member_listing_listing_id_listing_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listing"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "listing_listing_key_unique" ON "listing" USING btree ("listing_key");--> statement-breakpoint
CREATE INDEX "listing_owner_idx" ON "listing" USING btree ("owner_id","modification_timestamp");--> statement-breakpoint
CREATE INDEX "listing_list_agent_user_idx" ON "listing" USING btree ("list_agent_user_id");--> statement-breakpoint
CREATE INDEX "listing_list_agent_mls_id_idx" ON "listing" USING btree ("list_agent_mls_id");--> statement-breakpoint
CREATE INDEX "listing_search_vector_idx" ON "listing" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "listing_published_idx" ON "listing" USING btree ("published_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "listing_price_idx" ON "listing" USING btree ("list_price");--> statement-breakpoint
CREATE INDEX "listing_status_visibility_idx" ON "listing" USING btree ("standard_status","visibility");--> statement-breakpoint
CREATE INDEX "listing_import_job_user_idx" ON "listing_import_job" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "listing_media_key_unique" ON "listing_media" USING btree ("listing_id","media_key");--> statement-breakpoint
CREATE INDEX "listing_media_order_idx" ON "listing_media" USING btree ("listing_id","order");--> statement-breakpoint
CREATE UNIQUE INDEX "team_member_unique" ON "team_member" USING btree ("leader_id","member_id");--> statement-breakpoint
CREATE INDEX "team_member_member_idx" ON "team_member" USING btree ("member_id");--> statement-breakpoint
CREATE UNIQUE INDEX "team_member_listing_unique" ON "team_member_listing" USING btree ("member_id","listing_id");--> statement-breakpoint
CREATE INDEX "team_member_listing_leader_idx" ON "team_member_listing" USING btree ("leader_id","member_id");