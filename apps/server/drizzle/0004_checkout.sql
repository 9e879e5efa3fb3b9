CREATE TABLE "buyer_profiles" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"full_name" text NOT NULL,
	"email" text NOT NULL,
	"national_id" text,
	"company_name" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cart_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"cart_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"cycle" text NOT NULL,
	"theme_id" uuid,
	"domain_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cart_lines_identity_unique" UNIQUE NULLS NOT DISTINCT("cart_id","product_id","theme_id","domain_name"),
	CONSTRAINT "cart_lines_cycle_check" CHECK ("cart_lines"."cycle" in ('monthly', 'quarterly', 'semiannual', 'annual'))
);
--> statement-breakpoint
CREATE TABLE "carts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"token_hash" text,
	"discount_code_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "carts_user_id_unique" UNIQUE("user_id"),
	CONSTRAINT "carts_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "carts_owner_check" CHECK (("carts"."user_id" is null) <> ("carts"."token_hash" is null))
);
--> statement-breakpoint
CREATE TABLE "discount_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"title" text NOT NULL,
	"kind" text NOT NULL,
	"value" bigint NOT NULL,
	"max_discount_rial" bigint,
	"min_cart_rial" bigint,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"usage_limit" integer,
	"used_count" integer DEFAULT 0 NOT NULL,
	"per_user_limit" integer,
	"product_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"group_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"first_order_only" boolean DEFAULT false NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "discount_codes_code_unique" UNIQUE("code"),
	CONSTRAINT "discount_codes_kind_check" CHECK ("discount_codes"."kind" in ('percent', 'fixed')),
	CONSTRAINT "discount_codes_value_check" CHECK ("discount_codes"."value" > 0 and ("discount_codes"."kind" = 'fixed' or "discount_codes"."value" <= 100)),
	CONSTRAINT "discount_codes_usage_check" CHECK ("discount_codes"."used_count" >= 0 and ("discount_codes"."usage_limit" is null or "discount_codes"."used_count" <= "discount_codes"."usage_limit")),
	CONSTRAINT "discount_codes_code_check" CHECK ("discount_codes"."code" = upper("discount_codes"."code"))
);
--> statement-breakpoint
CREATE TABLE "order_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"product_id" uuid NOT NULL,
	"product_slug" text NOT NULL,
	"product_name" text NOT NULL,
	"group_name" text NOT NULL,
	"cycle" text NOT NULL,
	"theme_id" uuid,
	"theme_name" text,
	"domain_name" text,
	"price_rial" bigint NOT NULL,
	"setup_fee_rial" bigint NOT NULL,
	"theme_price_rial" bigint NOT NULL,
	"discount_rial" bigint NOT NULL,
	"total_rial" bigint NOT NULL,
	CONSTRAINT "order_lines_cycle_check" CHECK ("order_lines"."cycle" in ('monthly', 'quarterly', 'semiannual', 'annual')),
	CONSTRAINT "order_lines_total_check" CHECK ("order_lines"."discount_rial" >= 0 and "order_lines"."total_rial" = "order_lines"."price_rial" + "order_lines"."setup_fee_rial" + "order_lines"."theme_price_rial" - "order_lines"."discount_rial" and "order_lines"."total_rial" >= 0)
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"purpose" text NOT NULL,
	"order_id" uuid,
	"amount_rial" bigint NOT NULL,
	"gateway" text NOT NULL,
	"authority" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"reference_id" text,
	"card_pan" text,
	"failure_reason" text,
	"credited_to_wallet" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "payments_authority_unique" UNIQUE("authority"),
	CONSTRAINT "payments_purpose_check" CHECK ("payments"."purpose" in ('order', 'top-up')),
	CONSTRAINT "payments_status_check" CHECK ("payments"."status" in ('pending', 'paid', 'failed')),
	CONSTRAINT "payments_amount_check" CHECK ("payments"."amount_rial" > 0),
	CONSTRAINT "payments_order_check" CHECK (("payments"."purpose" = 'order') = ("payments"."order_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "sandbox_payments" (
	"authority" text PRIMARY KEY NOT NULL,
	"amount_rial" bigint NOT NULL,
	"description" text NOT NULL,
	"callback_url" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"verified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "orders_user_idx";--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "status" SET DEFAULT 'pending';--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "number" integer NOT NULL GENERATED ALWAYS AS IDENTITY (sequence name "orders_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 100001 CACHE 1);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "subtotal_rial" bigint NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "discount_rial" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "wallet_applied_rial" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "gateway_paid_rial" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "discount_code_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "discount_code" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "buyer" jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "expires_at" timestamp with time zone NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "paid_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "product_id" uuid;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "order_id" uuid;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "order_line_id" uuid;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "cycle" text;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "theme_id" uuid;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "domain_name" text;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "starts_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "buyer_profiles" ADD CONSTRAINT "buyer_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_lines" ADD CONSTRAINT "cart_lines_cart_id_carts_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."carts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_lines" ADD CONSTRAINT "cart_lines_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_lines" ADD CONSTRAINT "cart_lines_theme_id_themes_id_fk" FOREIGN KEY ("theme_id") REFERENCES "public"."themes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carts" ADD CONSTRAINT "carts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carts" ADD CONSTRAINT "carts_discount_code_id_discount_codes_id_fk" FOREIGN KEY ("discount_code_id") REFERENCES "public"."discount_codes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_theme_id_themes_id_fk" FOREIGN KEY ("theme_id") REFERENCES "public"."themes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "carts_visitor_updated_idx" ON "carts" USING btree ("updated_at") WHERE "carts"."user_id" is null;--> statement-breakpoint
CREATE INDEX "order_lines_order_idx" ON "order_lines" USING btree ("order_id","position");--> statement-breakpoint
CREATE INDEX "payments_order_idx" ON "payments" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "payments_user_idx" ON "payments" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "payments_pending_idx" ON "payments" USING btree ("created_at") WHERE "payments"."status" = 'pending';--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_discount_code_id_discount_codes_id_fk" FOREIGN KEY ("discount_code_id") REFERENCES "public"."discount_codes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_order_line_id_order_lines_id_fk" FOREIGN KEY ("order_line_id") REFERENCES "public"."order_lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_theme_id_themes_id_fk" FOREIGN KEY ("theme_id") REFERENCES "public"."themes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_pending_expiry_idx" ON "orders" USING btree ("expires_at") WHERE "orders"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "orders_user_idx" ON "orders" USING btree ("user_id","created_at");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_number_unique" UNIQUE("number");--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_order_line_id_unique" UNIQUE("order_line_id");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_status_check" CHECK ("orders"."status" in ('pending', 'paid', 'cancelled', 'expired'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_amounts_check" CHECK ("orders"."discount_rial" >= 0 and "orders"."discount_rial" <= "orders"."subtotal_rial" and "orders"."total_rial" = "orders"."subtotal_rial" - "orders"."discount_rial");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_paid_check" CHECK ("orders"."wallet_applied_rial" >= 0 and "orders"."gateway_paid_rial" >= 0 and "orders"."wallet_applied_rial" + "orders"."gateway_paid_rial" <= "orders"."total_rial" and ("orders"."status" <> 'paid' or "orders"."wallet_applied_rial" + "orders"."gateway_paid_rial" = "orders"."total_rial"));--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_status_check" CHECK ("services"."status" in ('pending', 'active', 'suspended', 'expired', 'cancelled'));