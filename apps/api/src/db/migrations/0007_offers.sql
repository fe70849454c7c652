CREATE TABLE "notification" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"type" text NOT NULL,
	"offer_id" uuid,
	"listing_id" uuid,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "offer" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"listing_id" uuid NOT NULL,
	"buyer_id" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"terms" jsonb DEFAULT '{"purchasePrice":null,"earnestMoney":{"amount":null,"holder":null,"holderName":"","dueDays":null},"financing":{"type":null,"otherDescription":"","loanAmount":null,"downPayment":null,"lenderName":"","lenderPhone":"","lenderEmail":""},"appraisalContingency":null,"inspectionPeriodDays":null,"saleOfBuyersPropertyContingency":null,"closingDate":null,"possession":{"time":"at-closing","date":null},"sellerConcessions":{"unit":"dollars","amount":null},"buyerBrokerCompensation":{"unit":"dollars","amount":null},"homeWarranty":{"included":false,"paidBy":"seller","amount":null},"expiresAt":null,"buyers":[],"buyerAgent":{"fullName":"","email":"","phone":"","firmName":"","firmLicenseNumber":"","licenseNumber":""},"listingAgent":{"fullName":"","email":"","phone":"","firmName":"","firmLicenseNumber":"","licenseNumber":""},"stipulations":"","addendum":null}'::jsonb NOT NULL,
	"purchase_price" integer,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"shared_at" timestamp with time zone,
	"decided_at" timestamp with time zone,
	"binding_agreement_at" timestamp with time zone,
	CONSTRAINT "offer_status_check" CHECK ("offer"."status" in ('draft', 'active', 'backup', 'accepted', 'declined', 'withdrawn', 'expired', 'closed', 'terminated'))
);
--> statement-breakpoint
CREATE TABLE "offer_attachment" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"offer_id" uuid NOT NULL,
	"file_id" uuid NOT NULL,
	"kind" text DEFAULT 'attachment' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "offer_attachment_kind_check" CHECK ("offer_attachment"."kind" in ('attachment', 'pre-approval', 'offer-form'))
);
--> statement-breakpoint
CREATE TABLE "offer_event" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"offer_id" uuid NOT NULL,
	"type" text NOT NULL,
	"actor_id" text,
	"actor_name" text,
	"from_status" text,
	"to_status" text,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "offer_event_type_check" CHECK ("offer_event"."type" in ('created', 'shared', 'updated', 'accepted', 'declined', 'backup', 'withdrawn', 'expired', 'acknowledged', 'closed', 'terminated', 'forms-generated'))
);
--> statement-breakpoint
CREATE TABLE "offer_share_link" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"offer_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"recipient" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notification" ADD CONSTRAINT "notification_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification" ADD CONSTRAINT "notification_offer_id_offer_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offer"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification" ADD CONSTRAINT "notification_listing_id_listing_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listing"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer" ADD CONSTRAINT "offer_listing_id_listing_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listing"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer" ADD CONSTRAINT "offer_buyer_id_user_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_attachment" ADD CONSTRAINT "offer_attachment_offer_id_offer_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offer"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_attachment" ADD CONSTRAINT "offer_attachment_file_id_stored_file_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."stored_file"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_event" ADD CONSTRAINT "offer_event_offer_id_offer_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offer"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_event" ADD CONSTRAINT "offer_event_actor_id_user_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_share_link" ADD CONSTRAINT "offer_share_link_offer_id_offer_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offer"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notification_user_idx" ON "notification" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "offer_buyer_idx" ON "offer" USING btree ("buyer_id","status","updated_at");--> statement-breakpoint
CREATE INDEX "offer_listing_idx" ON "offer" USING btree ("listing_id","status");--> statement-breakpoint
CREATE INDEX "offer_open_expiry_idx" ON "offer" USING btree ("expires_at") WHERE "offer"."status" in ('active', 'backup');--> statement-breakpoint
CREATE INDEX "offer_attachment_offer_idx" ON "offer_attachment" USING btree ("offer_id","created_at");--> statement-breakpoint
CREATE INDEX "offer_event_offer_idx" ON "offer_event" USING btree ("offer_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "offer_share_link_token_unique" ON "offer_share_link" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "offer_share_link_offer_idx" ON "offer_share_link" USING btree ("offer_id");