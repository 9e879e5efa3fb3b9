-- Issue 39, the tax organisation's سامانه مودیان: the company's connection (memory id, sealed key,
-- certificate), every packet sent with the organisation's answer, a tax-id serial and the
-- payments on each document, and each product's goods-and-services id.
-- Documents issued before get serials in issue order and wait to be sent (past the deadline they
-- wait for staff's Article 9 confirmation); receipts are not sent (decision 0039).
CREATE TABLE "tax_submissions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"document_id" uuid NOT NULL,
	"ins" smallint NOT NULL,
	"tax_id" text NOT NULL,
	"refers_to_tax_id" text,
	"request_trace_id" uuid NOT NULL,
	"uid" text,
	"reference_number" text,
	"state" text DEFAULT 'sending' NOT NULL,
	"errors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"warnings" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"late" boolean DEFAULT false NOT NULL,
	"packet" jsonb NOT NULL,
	"inquiries" integer DEFAULT 0 NOT NULL,
	"next_inquiry_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tax_submissions_request_trace_id_unique" UNIQUE("request_trace_id"),
	CONSTRAINT "tax_submissions_state_check" CHECK ("tax_submissions"."state" in ('sending', 'sent', 'accepted', 'rejected')),
	CONSTRAINT "tax_submissions_ins_check" CHECK ("tax_submissions"."ins" between 1 and 4)
);
--> statement-breakpoint
CREATE TABLE "tax_system_settings" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"environment" text DEFAULT 'built-in' NOT NULL,
	"memory_id" text NOT NULL,
	"private_key_sealed" text NOT NULL,
	"certificate_pem" text NOT NULL,
	"default_service_id" text NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tax_system_settings_single_row" CHECK ("tax_system_settings"."id" = 1),
	CONSTRAINT "tax_system_settings_environment_check" CHECK ("tax_system_settings"."environment" in ('built-in', 'sandbox', 'production'))
);
--> statement-breakpoint
ALTER TABLE "billing_documents" ALTER COLUMN "tax_system" SET DEFAULT '{"taxId":null,"referenceNumber":null,"status":"waiting"}'::jsonb;--> statement-breakpoint
ALTER TABLE "billing_documents" ADD COLUMN "payments" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "billing_documents" ADD COLUMN "tax_serial" bigint;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "tax_service_id" text;--> statement-breakpoint
ALTER TABLE "tax_submissions" ADD CONSTRAINT "tax_submissions_document_id_billing_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."billing_documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_system_settings" ADD CONSTRAINT "tax_system_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tax_submissions_document_idx" ON "tax_submissions" USING btree ("document_id","created_at");--> statement-breakpoint
CREATE INDEX "tax_submissions_open_idx" ON "tax_submissions" USING btree ("next_inquiry_at") WHERE "tax_submissions"."state" in ('sending', 'sent');--> statement-breakpoint
CREATE INDEX "billing_documents_tax_waiting_idx" ON "billing_documents" USING btree ("issued_at") WHERE "billing_documents"."tax_system" ->> 'status' not in ('accepted', 'not-applicable');--> statement-breakpoint
ALTER TABLE "billing_documents" ADD CONSTRAINT "billing_documents_tax_serial_unique" UNIQUE("tax_serial");--> statement-breakpoint
WITH numbered AS (
  SELECT "id", row_number() OVER (ORDER BY "issued_at", "number") AS serial
  FROM "billing_documents" WHERE "kind" IN ('sales', 'credit-note')
)
UPDATE "billing_documents" AS d SET "tax_serial" = numbered.serial,
  "tax_system" = '{"taxId":null,"referenceNumber":null,"status":"waiting"}'::jsonb
FROM numbered WHERE d."id" = numbered."id";--> statement-breakpoint
UPDATE "billing_documents" SET "tax_system" = '{"taxId":null,"referenceNumber":null,"status":"not-applicable"}'::jsonb
WHERE "kind" = 'receipt';--> statement-breakpoint
INSERT INTO "document_counters" ("series", "jalali_year", "last_sequence")
SELECT 'tax', 0, count(*) FROM "billing_documents" WHERE "tax_serial" IS NOT NULL
HAVING count(*) > 0;
