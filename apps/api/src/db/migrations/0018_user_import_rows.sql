CREATE TABLE "user_import_row" (
	"job_id" uuid NOT NULL,
	"line" integer NOT NULL,
	"valid" boolean NOT NULL,
	"data" jsonb NOT NULL,
	CONSTRAINT "user_import_row_job_id_line_pk" PRIMARY KEY("job_id","line")
);
--> statement-breakpoint
ALTER TABLE "offer" ALTER COLUMN "terms" SET DEFAULT '{"purchasePrice":null,"earnestMoney":{"amount":null,"holder":null,"holderName":"","dueDays":null},"financing":{"type":null,"otherDescription":"","loanAmount":null,"downPayment":null,"lenderName":"","lenderPhone":"","lenderEmail":""},"appraisalContingency":null,"inspectionPeriodDays":null,"saleOfBuyersPropertyContingency":null,"closingDate":null,"possession":{"time":"at-closing","date":null},"sellerConcessions":{"unit":"dollars","amount":null},"buyerBrokerCompensation":{"unit":"dollars","amount":null},"buyerAgreement":{"type":null,"date":null},"homeWarranty":{"included":false,"paidBy":"seller","amount":null},"expiresAt":null,"buyers":[],"buyerAgent":{"fullName":"","email":"","phone":"","firmName":"","firmLicenseNumber":"","licenseNumber":""},"listingAgent":{"fullName":"","email":"","phone":"","firmName":"","firmLicenseNumber":"","licenseNumber":""},"stipulations":"","stipulationChoices":null,"addendum":null,"escalation":null}'::jsonb;--> statement-breakpoint
ALTER TABLE "user_import_job" ADD COLUMN "columns" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "user_import_job" ADD COLUMN "invalid" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "user_import_row" ADD CONSTRAINT "user_import_row_job_id_user_import_job_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."user_import_job"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
INSERT INTO "user_import_row" ("job_id", "line", "valid", "data")
  SELECT j."id", (r."value"->>'line')::integer, jsonb_array_length(coalesce(r."value"->'problems', '[]'::jsonb)) = 0, r."value"
  FROM "user_import_job" j, jsonb_array_elements(j."rows") r
  ON CONFLICT DO NOTHING;--> statement-breakpoint
UPDATE "user_import_job" j SET
  "columns" = coalesce((SELECT jsonb_agg(c."value" <> 'null'::jsonb ORDER BY c."ordinality") FROM jsonb_array_elements(j."rows"->0->'cells') WITH ORDINALITY c), '[]'::jsonb),
  "invalid" = (SELECT count(*) FROM "user_import_row" r WHERE r."job_id" = j."id" AND NOT r."valid");--> statement-breakpoint
ALTER TABLE "user_import_job" DROP COLUMN "rows";