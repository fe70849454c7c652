CREATE TABLE "timeline_reminder" (
	"offer_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"due" timestamp with time zone NOT NULL,
	"reminder" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "timeline_reminder_pk" PRIMARY KEY("offer_id","kind","due","reminder"),
	CONSTRAINT "timeline_reminder_kind_check" CHECK ("timeline_reminder"."kind" in ('earnestMoney', 'additionalEarnestMoney', 'proofOfFunds', 'loanApplication', 'lenderIntent', 'appraisalOrdered', 'appraisalContingency', 'rentalInspectionNotice', 'inspectionPeriod', 'resolutionPeriod', 'condoDescription', 'condoDescriptionReview', 'condoDocuments', 'condoDocumentsReview', 'hoaDocuments', 'hoaDocumentsReview', 'leases', 'leasesReview', 'title', 'closing', 'possession')),
	CONSTRAINT "timeline_reminder_reminder_check" CHECK ("timeline_reminder"."reminder" in ('48h', '24h', 'missed'))
);
--> statement-breakpoint
ALTER TABLE "offer_event" DROP CONSTRAINT "offer_event_type_check";--> statement-breakpoint
ALTER TABLE "timeline_reminder" ADD CONSTRAINT "timeline_reminder_offer_id_offer_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offer"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "offer_bound_idx" ON "offer" USING btree ("binding_agreement_at") WHERE "offer"."status" = 'accepted' and "offer"."binding_agreement_at" is not null;--> statement-breakpoint
ALTER TABLE "offer_event" ADD CONSTRAINT "offer_event_type_check" CHECK ("offer_event"."type" in ('created', 'shared', 'updated', 'accepted', 'declined', 'backup', 'withdrawn', 'expired', 'acknowledged', 'closed', 'terminated', 'forms-generated', 'signed', 'countered', 'counter-accepted', 'counter-declined', 'best-requested', 'revised', 'pre-approval-verified', 'viewed', 'signer-viewed', 'signer-consented', 'signer-signed', 'form-sent', 'form-completed', 'closing-recorded', 'closing-disputed', 'timeline-reminder', 'timeline-missed'));