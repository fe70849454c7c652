CREATE TABLE "app_event" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"recipient" text NOT NULL,
	"type" text NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_conversation" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"listing_id" uuid,
	"staff_user_id" text,
	"visitor_user_id" text,
	"visitor_name" text NOT NULL,
	"visitor_email" text NOT NULL,
	"visitor_token_hash" text,
	"visitor_read_at" timestamp with time zone,
	"staff_read_at" timestamp with time zone,
	"visitor_digest_at" timestamp with time zone,
	"staff_digest_at" timestamp with time zone,
	"last_message_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_conversation_kind_check" CHECK ("chat_conversation"."kind" in ('listing', 'support'))
);
--> statement-breakpoint
CREATE TABLE "chat_message" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"conversation_id" uuid NOT NULL,
	"side" text NOT NULL,
	"sender_user_id" text,
	"sender_name" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_message_side_check" CHECK ("chat_message"."side" in ('visitor', 'staff'))
);
--> statement-breakpoint
CREATE TABLE "contact_opt_out" (
	"channel" text NOT NULL,
	"recipient" text NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contact_opt_out_channel_check" CHECK ("contact_opt_out"."channel" in ('email', 'sms'))
);
--> statement-breakpoint
CREATE TABLE "user_message" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"sender_id" text NOT NULL,
	"listing_id" uuid,
	"channel" text NOT NULL,
	"subject" text,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_message_channel_check" CHECK ("user_message"."channel" in ('email', 'sms'))
);
--> statement-breakpoint
CREATE TABLE "user_message_recipient" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"message_id" uuid NOT NULL,
	"sender_id" text NOT NULL,
	"channel" text NOT NULL,
	"recipient" text NOT NULL,
	"outbox_message_id" uuid,
	"status" text NOT NULL,
	"failure_notified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_message_recipient_channel_check" CHECK ("user_message_recipient"."channel" in ('email', 'sms')),
	CONSTRAINT "user_message_recipient_status_check" CHECK ("user_message_recipient"."status" in ('queued', 'opted-out'))
);
--> statement-breakpoint
ALTER TABLE "offer" ALTER COLUMN "terms" SET DEFAULT '{"purchasePrice":null,"earnestMoney":{"amount":null,"holder":null,"holderName":"","dueDays":null},"financing":{"type":null,"otherDescription":"","loanAmount":null,"downPayment":null,"lenderName":"","lenderPhone":"","lenderEmail":""},"appraisalContingency":null,"inspectionPeriodDays":null,"saleOfBuyersPropertyContingency":null,"closingDate":null,"possession":{"time":"at-closing","date":null},"sellerConcessions":{"unit":"dollars","amount":null},"buyerBrokerCompensation":{"unit":"dollars","amount":null},"homeWarranty":{"included":false,"paidBy":"seller","amount":null},"expiresAt":null,"buyers":[],"buyerAgent":{"fullName":"","email":"","phone":"","firmName":"","firmLicenseNumber":"","licenseNumber":""},"listingAgent":{"fullName":"","email":"","phone":"","firmName":"","firmLicenseNumber":"","licenseNumber":""},"stipulations":"","stipulationChoices":null,"addendum":null}'::jsonb;--> statement-breakpoint
ALTER TABLE "chat_conversation" ADD CONSTRAINT "chat_conversation_listing_id_listing_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listing"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_conversation" ADD CONSTRAINT "chat_conversation_staff_user_id_user_id_fk" FOREIGN KEY ("staff_user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_conversation" ADD CONSTRAINT "chat_conversation_visitor_user_id_user_id_fk" FOREIGN KEY ("visitor_user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_message" ADD CONSTRAINT "chat_message_conversation_id_chat_conversation_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."chat_conversation"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_message" ADD CONSTRAINT "chat_message_sender_user_id_user_id_fk" FOREIGN KEY ("sender_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_message" ADD CONSTRAINT "user_message_sender_id_user_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_message" ADD CONSTRAINT "user_message_listing_id_listing_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listing"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_message_recipient" ADD CONSTRAINT "user_message_recipient_message_id_user_message_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."user_message"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_message_recipient" ADD CONSTRAINT "user_message_recipient_outbox_message_id_outbox_message_id_fk" FOREIGN KEY ("outbox_message_id") REFERENCES "public"."outbox_message"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "app_event_recipient_idx" ON "app_event" USING btree ("recipient","id");--> statement-breakpoint
CREATE INDEX "app_event_created_idx" ON "app_event" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "chat_conversation_staff_idx" ON "chat_conversation" USING btree ("staff_user_id","last_message_at");--> statement-breakpoint
CREATE INDEX "chat_conversation_visitor_idx" ON "chat_conversation" USING btree ("visitor_user_id","last_message_at");--> statement-breakpoint
CREATE INDEX "chat_conversation_kind_idx" ON "chat_conversation" USING btree ("kind","last_message_at");--> statement-breakpoint
CREATE UNIQUE INDEX "chat_conversation_token_unique" ON "chat_conversation" USING btree ("visitor_token_hash");--> statement-breakpoint
CREATE INDEX "chat_message_conversation_idx" ON "chat_message" USING btree ("conversation_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "contact_opt_out_recipient_unique" ON "contact_opt_out" USING btree ("channel","recipient");--> statement-breakpoint
CREATE INDEX "user_message_sender_idx" ON "user_message" USING btree ("sender_id","channel","created_at");--> statement-breakpoint
CREATE INDEX "user_message_recipient_message_idx" ON "user_message_recipient" USING btree ("message_id");--> statement-breakpoint
CREATE INDEX "user_message_recipient_sender_idx" ON "user_message_recipient" USING btree ("sender_id","channel","created_at");--> statement-breakpoint
CREATE INDEX "user_message_recipient_outbox_idx" ON "user_message_recipient" USING btree ("outbox_message_id");