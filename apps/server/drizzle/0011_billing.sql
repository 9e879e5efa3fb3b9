CREATE TABLE "billing_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"series" text NOT NULL,
	"jalali_year" integer NOT NULL,
	"sequence" integer NOT NULL,
	"number" text NOT NULL,
	"user_id" uuid NOT NULL,
	"order_id" uuid,
	"payment_id" uuid,
	"refers_to_id" uuid,
	"issued_at" timestamp with time zone NOT NULL,
	"seller" jsonb NOT NULL,
	"buyer" jsonb NOT NULL,
	"lines" jsonb NOT NULL,
	"gross_rial" bigint NOT NULL,
	"discount_rial" bigint NOT NULL,
	"net_rial" bigint NOT NULL,
	"vat_rial" bigint NOT NULL,
	"total_rial" bigint NOT NULL,
	"payment_note" text,
	"note" text,
	"tax_system" jsonb DEFAULT '{"taxId":null,"referenceNumber":null,"status":"not-sent"}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_documents_number_unique" UNIQUE("number"),
	CONSTRAINT "billing_documents_sequence_unique" UNIQUE("series","jalali_year","sequence"),
	CONSTRAINT "billing_documents_kind_check" CHECK ("billing_documents"."kind" in ('sales', 'credit-note', 'receipt')),
	CONSTRAINT "billing_documents_links_check" CHECK (("billing_documents"."kind" = 'receipt') = ("billing_documents"."payment_id" is not null) and ("billing_documents"."kind" = 'receipt') = ("billing_documents"."order_id" is null) and ("billing_documents"."kind" = 'credit-note') = ("billing_documents"."refers_to_id" is not null)),
	CONSTRAINT "billing_documents_amounts_check" CHECK ("billing_documents"."sequence" > 0 and "billing_documents"."net_rial" = "billing_documents"."gross_rial" - "billing_documents"."discount_rial" and "billing_documents"."total_rial" = "billing_documents"."net_rial" + "billing_documents"."vat_rial" and "billing_documents"."vat_rial" >= 0 and "billing_documents"."net_rial" >= 0)
);
--> statement-breakpoint
CREATE TABLE "billing_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "document_counters" (
	"series" text NOT NULL,
	"jalali_year" integer NOT NULL,
	"last_sequence" integer NOT NULL,
	CONSTRAINT "document_counters_series_jalali_year_pk" PRIMARY KEY("series","jalali_year")
);
--> statement-breakpoint
CREATE TABLE "tax_rates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"rate_bp" integer NOT NULL,
	"effective_from" timestamp with time zone NOT NULL,
	"note" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tax_rates_effective_from_unique" UNIQUE("effective_from"),
	CONSTRAINT "tax_rates_rate_check" CHECK ("tax_rates"."rate_bp" >= 0 and "tax_rates"."rate_bp" <= 10000)
);
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_amounts_check";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "vat_exempt" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "buyer_profiles" ADD COLUMN "kind" text DEFAULT 'person' NOT NULL;--> statement-breakpoint
ALTER TABLE "buyer_profiles" ADD COLUMN "legal_national_id" text;--> statement-breakpoint
ALTER TABLE "buyer_profiles" ADD COLUMN "economic_number" text;--> statement-breakpoint
ALTER TABLE "buyer_profiles" ADD COLUMN "registration_number" text;--> statement-breakpoint
ALTER TABLE "buyer_profiles" ADD COLUMN "address" text;--> statement-breakpoint
ALTER TABLE "buyer_profiles" ADD COLUMN "postal_code" text;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "vat_rate_bp" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "vat_rial" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "vat_rial" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refunded_rial" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "billing_documents" ADD CONSTRAINT "billing_documents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_documents" ADD CONSTRAINT "billing_documents_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_documents" ADD CONSTRAINT "billing_documents_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_documents" ADD CONSTRAINT "billing_documents_refers_to_id_billing_documents_id_fk" FOREIGN KEY ("refers_to_id") REFERENCES "public"."billing_documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_settings" ADD CONSTRAINT "billing_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_rates" ADD CONSTRAINT "tax_rates_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "billing_documents_sales_order_idx" ON "billing_documents" USING btree ("order_id") WHERE "billing_documents"."kind" = 'sales';--> statement-breakpoint
CREATE UNIQUE INDEX "billing_documents_receipt_payment_idx" ON "billing_documents" USING btree ("payment_id") WHERE "billing_documents"."kind" = 'receipt';--> statement-breakpoint
CREATE INDEX "billing_documents_user_idx" ON "billing_documents" USING btree ("user_id","issued_at");--> statement-breakpoint
CREATE INDEX "billing_documents_issued_idx" ON "billing_documents" USING btree ("issued_at");--> statement-breakpoint
CREATE INDEX "billing_documents_refers_idx" ON "billing_documents" USING btree ("refers_to_id");--> statement-breakpoint
ALTER TABLE "buyer_profiles" ADD CONSTRAINT "buyer_profiles_kind_check" CHECK ("buyer_profiles"."kind" in ('person', 'company'));--> statement-breakpoint
ALTER TABLE "buyer_profiles" ADD CONSTRAINT "buyer_profiles_company_check" CHECK ("buyer_profiles"."kind" = 'person' or ("buyer_profiles"."company_name" is not null and "buyer_profiles"."legal_national_id" is not null and "buyer_profiles"."economic_number" is not null and "buyer_profiles"."registration_number" is not null and "buyer_profiles"."address" is not null and "buyer_profiles"."postal_code" is not null));--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_vat_check" CHECK ("order_lines"."vat_rate_bp" >= 0 and "order_lines"."vat_rate_bp" <= 10000 and "order_lines"."vat_rial" >= 0);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_refunded_check" CHECK ("orders"."refunded_rial" >= 0 and "orders"."refunded_rial" <= "orders"."wallet_applied_rial" + "orders"."gateway_paid_rial");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_amounts_check" CHECK ("orders"."discount_rial" >= 0 and "orders"."discount_rial" <= "orders"."subtotal_rial" and "orders"."vat_rial" >= 0 and "orders"."total_rial" = "orders"."subtotal_rial" - "orders"."discount_rial" + "orders"."vat_rial");--> statement-breakpoint
-- Orders refunded before partial refunds existed were refunded in full.
UPDATE "orders" SET "refunded_rial" = "wallet_applied_rial" + "gateway_paid_rial" WHERE "status" = 'refunded';--> statement-breakpoint
-- Iran's VAT has been 10% since 1403/01/01 (2024-03-20, Tehran); staff schedule later changes.
INSERT INTO "tax_rates" ("rate_bp", "effective_from", "note") VALUES (1000, '2024-03-20T00:00:00+03:30', 'نرخ مالیات بر ارزش افزوده از ۱ فروردین ۱۴۰۳');
