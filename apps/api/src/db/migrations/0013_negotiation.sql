CREATE TABLE "offer_version" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"offer_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"side" text NOT NULL,
	"actor_id" text,
	"actor_name" text,
	"message" text DEFAULT '' NOT NULL,
	"terms" jsonb NOT NULL,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "offer_version_side_check" CHECK ("offer_version"."side" in ('buyer', 'seller'))
);
--> statement-breakpoint
ALTER TABLE "offer" DROP CONSTRAINT "offer_status_check";--> statement-breakpoint
ALTER TABLE "offer_event" DROP CONSTRAINT "offer_event_type_check";--> statement-breakpoint
DROP INDEX "offer_open_expiry_idx";--> statement-breakpoint
DROP INDEX "offer_open_listing_expiry_idx";--> statement-breakpoint
DROP INDEX "offer_open_buyer_expiry_idx";--> statement-breakpoint
ALTER TABLE "listing" ALTER COLUMN "weighting" SET DEFAULT '{"weights":{"netToSeller":10,"earnestMoney":5,"financingCertainty":7,"downPayment":4,"contingencies":6,"inspectionPeriod":3,"closingDateFit":5,"concessions":5,"preApproval":6,"escalation":0},"sellerCommissionPercent":3,"sellerClosingCosts":0,"wantedClosingDate":null}'::jsonb;--> statement-breakpoint
ALTER TABLE "offer" ALTER COLUMN "terms" SET DEFAULT '{"purchasePrice":null,"earnestMoney":{"amount":null,"holder":null,"holderName":"","dueDays":null},"financing":{"type":null,"otherDescription":"","loanAmount":null,"downPayment":null,"lenderName":"","lenderPhone":"","lenderEmail":""},"appraisalContingency":null,"inspectionPeriodDays":null,"saleOfBuyersPropertyContingency":null,"closingDate":null,"possession":{"time":"at-closing","date":null},"sellerConcessions":{"unit":"dollars","amount":null},"buyerBrokerCompensation":{"unit":"dollars","amount":null},"homeWarranty":{"included":false,"paidBy":"seller","amount":null},"expiresAt":null,"buyers":[],"buyerAgent":{"fullName":"","email":"","phone":"","firmName":"","firmLicenseNumber":"","licenseNumber":""},"listingAgent":{"fullName":"","email":"","phone":"","firmName":"","firmLicenseNumber":"","licenseNumber":""},"stipulations":"","stipulationChoices":null,"addendum":null,"escalation":null}'::jsonb;--> statement-breakpoint
ALTER TABLE "offer" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "offer" ADD COLUMN "turn" text;--> statement-breakpoint
ALTER TABLE "offer" ADD COLUMN "best_deadline" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "offer" ADD COLUMN "pre_approval_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "offer_version" ADD CONSTRAINT "offer_version_offer_id_offer_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offer"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_version" ADD CONSTRAINT "offer_version_actor_id_user_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "offer_version_number_unique" ON "offer_version" USING btree ("offer_id","number");--> statement-breakpoint
CREATE INDEX "offer_open_expiry_idx" ON "offer" USING btree ("expires_at") WHERE "offer"."status" in ('active', 'backup', 'countered');--> statement-breakpoint
CREATE INDEX "offer_open_listing_expiry_idx" ON "offer" USING btree ("listing_id","expires_at") WHERE "offer"."status" in ('active', 'backup', 'countered');--> statement-breakpoint
CREATE INDEX "offer_open_buyer_expiry_idx" ON "offer" USING btree ("buyer_id","expires_at") WHERE "offer"."status" in ('active', 'backup', 'countered');--> statement-breakpoint
ALTER TABLE "offer" ADD CONSTRAINT "offer_turn_check" CHECK ("offer"."turn" is null or "offer"."turn" in ('buyer', 'seller'));--> statement-breakpoint
ALTER TABLE "offer" ADD CONSTRAINT "offer_status_check" CHECK ("offer"."status" in ('draft', 'active', 'backup', 'countered', 'accepted', 'declined', 'withdrawn', 'expired', 'closed', 'terminated'));--> statement-breakpoint
ALTER TABLE "offer_event" ADD CONSTRAINT "offer_event_type_check" CHECK ("offer_event"."type" in ('created', 'shared', 'updated', 'accepted', 'declined', 'backup', 'withdrawn', 'expired', 'acknowledged', 'closed', 'terminated', 'forms-generated', 'signed', 'countered', 'counter-accepted', 'counter-declined', 'best-requested', 'revised', 'pre-approval-verified'));--> statement-breakpoint
CREATE FUNCTION "offer_version_immutable"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'an offer version cannot be changed once sent';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "offer_version_no_update" BEFORE UPDATE ON "offer_version" FOR EACH ROW EXECUTE FUNCTION "offer_version_immutable"();
