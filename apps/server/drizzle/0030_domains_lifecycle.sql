-- Issue 38, domains: the domains customers hold, their timeline, notices and paid renewals,
-- the holder's details and their handles at each registrar account, the TLD's catalog product,
-- the cart and order lines that buy a domain, the sandbox registry's fuller book, and the
-- zones of the database DNS (npm start's default, answering no DNS queries).
CREATE TABLE "domain_contact_handles" (
	"contact_id" uuid NOT NULL,
	"registrar_account_id" uuid NOT NULL,
	"handle" text NOT NULL,
	"version" integer NOT NULL,
	CONSTRAINT "domain_contact_handles_contact_id_registrar_account_id_pk" PRIMARY KEY("contact_id","registrar_account_id")
);
--> statement-breakpoint
CREATE TABLE "domain_contacts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"organisation" text,
	"national_code" text,
	"company_id" text,
	"registration_number" text,
	"passport_number" text,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"street" text NOT NULL,
	"city" text NOT NULL,
	"province" text NOT NULL,
	"postal_code" text NOT NULL,
	"country_code" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "domain_contacts_user_id_unique" UNIQUE("user_id")
);
--> statement-breakpoint
CREATE TABLE "domain_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"domain_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"from_status" text,
	"to_status" text,
	"actor" text NOT NULL,
	"actor_id" uuid,
	"message" text NOT NULL,
	"job_id" text,
	"attempt" integer,
	"registry" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "domain_notices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"domain_id" uuid,
	"kind" text NOT NULL,
	"event_key" text NOT NULL,
	"channel" text NOT NULL,
	"recipient" text NOT NULL,
	"state" text NOT NULL,
	"attempts" integer DEFAULT 1 NOT NULL,
	"error" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "domain_notices_once" UNIQUE("event_key","channel","recipient")
);
--> statement-breakpoint
CREATE TABLE "domain_renewals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"domain_id" uuid NOT NULL,
	"order_line_id" uuid NOT NULL,
	"years" integer NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"from_expiry" timestamp with time zone,
	"to_expiry" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "domain_renewals_order_line_id_unique" UNIQUE("order_line_id")
);
--> statement-breakpoint
CREATE TABLE "domains" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"ascii" text NOT NULL,
	"tld" text NOT NULL,
	"registrar_account_id" uuid NOT NULL,
	"status" text NOT NULL,
	"status_changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"origin" text NOT NULL,
	"years" integer NOT NULL,
	"order_id" uuid,
	"order_line_id" uuid,
	"registered_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"auto_renew" boolean DEFAULT true NOT NULL,
	"nameservers" text[] DEFAULT '{}'::text[] NOT NULL,
	"locked" boolean DEFAULT false NOT NULL,
	"registry_statuses" text[] DEFAULT '{}'::text[] NOT NULL,
	"transfer_code" text,
	"note" text,
	"synced_at" timestamp with time zone,
	"reminded_days" integer,
	"reminded_for" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "domains_years_check" CHECK ("domains"."years" between 1 and 10)
);
--> statement-breakpoint
CREATE TABLE "dns_records" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"zone" text NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"ttl" integer NOT NULL,
	"content" text NOT NULL,
	"position" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dns_zones" (
	"zone" text PRIMARY KEY NOT NULL,
	"nameservers" text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_registry_contacts" (
	"handle" text PRIMARY KEY NOT NULL,
	"sponsor" text NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_registry_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"client" text NOT NULL,
	"name" text,
	"event" text NOT NULL,
	"text" text NOT NULL,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "domain_tlds" ADD COLUMN "product_id" uuid;--> statement-breakpoint
ALTER TABLE "registrar_accounts" ADD COLUMN "default_nameservers" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "cart_lines" ADD COLUMN "domain_action" text;--> statement-breakpoint
ALTER TABLE "cart_lines" ADD COLUMN "domain_years" integer;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "domain_action" text;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "domain_years" integer;--> statement-breakpoint
ALTER TABLE "sandbox_registry_names" ADD COLUMN "registrant" text;--> statement-breakpoint
ALTER TABLE "sandbox_registry_names" ADD COLUMN "nameservers" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "sandbox_registry_names" ADD COLUMN "statuses" text[] DEFAULT '{"ok"}' NOT NULL;--> statement-breakpoint
ALTER TABLE "sandbox_registry_names" ADD COLUMN "auth_code" text;--> statement-breakpoint
ALTER TABLE "sandbox_registry_names" ADD COLUMN "transfer_to" text;--> statement-breakpoint
ALTER TABLE "sandbox_registry_names" ADD COLUMN "transfer_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "domain_contact_handles" ADD CONSTRAINT "domain_contact_handles_contact_id_domain_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."domain_contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "domain_contact_handles" ADD CONSTRAINT "domain_contact_handles_registrar_account_id_registrar_accounts_id_fk" FOREIGN KEY ("registrar_account_id") REFERENCES "public"."registrar_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "domain_contacts" ADD CONSTRAINT "domain_contacts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "domain_events" ADD CONSTRAINT "domain_events_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "domain_notices" ADD CONSTRAINT "domain_notices_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "domain_renewals" ADD CONSTRAINT "domain_renewals_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "domain_renewals" ADD CONSTRAINT "domain_renewals_order_line_id_order_lines_id_fk" FOREIGN KEY ("order_line_id") REFERENCES "public"."order_lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "domains" ADD CONSTRAINT "domains_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "domains" ADD CONSTRAINT "domains_tld_domain_tlds_tld_fk" FOREIGN KEY ("tld") REFERENCES "public"."domain_tlds"("tld") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "domains" ADD CONSTRAINT "domains_registrar_account_id_registrar_accounts_id_fk" FOREIGN KEY ("registrar_account_id") REFERENCES "public"."registrar_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "domains" ADD CONSTRAINT "domains_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "domains" ADD CONSTRAINT "domains_order_line_id_order_lines_id_fk" FOREIGN KEY ("order_line_id") REFERENCES "public"."order_lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dns_records" ADD CONSTRAINT "dns_records_zone_dns_zones_zone_fk" FOREIGN KEY ("zone") REFERENCES "public"."dns_zones"("zone") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "domain_events_domain_idx" ON "domain_events" USING btree ("domain_id","created_at");--> statement-breakpoint
CREATE INDEX "domain_renewals_pending_idx" ON "domain_renewals" USING btree ("domain_id") WHERE "domain_renewals"."state" in ('pending', 'needs-attention');--> statement-breakpoint
CREATE INDEX "domains_sync_idx" ON "domains" USING btree ("synced_at") WHERE "domains"."status" not in ('cancelled', 'deleted', 'transferred-away');--> statement-breakpoint
CREATE UNIQUE INDEX "domains_live_name_unique" ON "domains" USING btree ("ascii") WHERE "domains"."status" not in ('cancelled', 'deleted', 'transferred-away');--> statement-breakpoint
CREATE UNIQUE INDEX "domains_order_line_unique" ON "domains" USING btree ("order_line_id");--> statement-breakpoint
CREATE INDEX "domains_user_idx" ON "domains" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "domains_status_idx" ON "domains" USING btree ("status","status_changed_at");--> statement-breakpoint
CREATE INDEX "domains_expiry_idx" ON "domains" USING btree ("expires_at") WHERE "domains"."status" in ('active', 'expired', 'redemption');--> statement-breakpoint
CREATE UNIQUE INDEX "dns_records_zone_position_unique" ON "dns_records" USING btree ("zone","position");--> statement-breakpoint
ALTER TABLE "domain_tlds" ADD CONSTRAINT "domain_tlds_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "domain_tlds" ADD CONSTRAINT "domain_tlds_product_id_unique" UNIQUE("product_id");--> statement-breakpoint
ALTER TABLE "cart_lines" ADD CONSTRAINT "cart_lines_domain_check" CHECK (("cart_lines"."domain_action" is null) = ("cart_lines"."domain_years" is null) and ("cart_lines"."domain_action" is null or ("cart_lines"."domain_name" is not null and "cart_lines"."domain_years" between 1 and 10)));--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_domain_check" CHECK (("order_lines"."domain_action" is null) = ("order_lines"."domain_years" is null));