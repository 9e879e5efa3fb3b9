CREATE TABLE "payment_notices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"payment_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"channel" text NOT NULL,
	"recipient" text NOT NULL,
	"state" text NOT NULL,
	"attempts" integer DEFAULT 1 NOT NULL,
	"error" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_notices_once" UNIQUE("payment_id","kind","channel","recipient")
);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "transfer_reference" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "transferred_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "card_last4" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "receipt_attachment_id" uuid;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "reviewed_by" uuid;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "rejection_reason" text;--> statement-breakpoint
ALTER TABLE "ticket_attachments" ADD COLUMN "kept_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_notices" ADD CONSTRAINT "payment_notices_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_receipt_attachment_id_ticket_attachments_id_fk" FOREIGN KEY ("receipt_attachment_id") REFERENCES "public"."ticket_attachments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_transfer_reference_unique" ON "payments" USING btree ("gateway","transfer_reference") WHERE "payments"."transfer_reference" is not null and "payments"."status" in ('pending', 'paid');--> statement-breakpoint
CREATE UNIQUE INDEX "payments_order_pending_claim_unique" ON "payments" USING btree ("order_id") WHERE "payments"."transfer_reference" is not null and "payments"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "payments_transfer_claims_idx" ON "payments" USING btree ("status","created_at") WHERE "payments"."transfer_reference" is not null;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_transfer_claim_check" CHECK (("payments"."gateway" in ('card-to-card', 'bank-transfer')) = ("payments"."transfer_reference" is not null and "payments"."transferred_at" is not null and "payments"."authority" is null));--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_card_last4_check" CHECK (case when "payments"."gateway" = 'card-to-card' then coalesce("payments"."card_last4" ~ '^[0-9]{4}$', false) else "payments"."card_last4" is null end);--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_rejection_check" CHECK ("payments"."rejection_reason" is null or ("payments"."status" = 'failed' and "payments"."reviewed_at" is not null));