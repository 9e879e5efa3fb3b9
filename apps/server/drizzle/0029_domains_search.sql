-- Issue 38, domains: the registrar accounts, the TLDs sold through them, and the built-in
-- sandbox registry's own book of names.
CREATE TABLE "domain_tlds" (
	"tld" text PRIMARY KEY NOT NULL,
	"ascii" text NOT NULL,
	"script" text NOT NULL,
	"min_length" integer DEFAULT 1 NOT NULL,
	"registrar_account_id" uuid NOT NULL,
	"years" integer[] NOT NULL,
	"register_price_rial" bigint NOT NULL,
	"renew_price_rial" bigint NOT NULL,
	"transfer_price_rial" bigint NOT NULL,
	"restore_price_rial" bigint NOT NULL,
	"grace_days" integer NOT NULL,
	"redemption_days" integer NOT NULL,
	"auth_code_required" boolean NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "domain_tlds_ascii_unique" UNIQUE("ascii"),
	CONSTRAINT "domain_tlds_prices_check" CHECK ("domain_tlds"."register_price_rial" > 0 and "domain_tlds"."renew_price_rial" > 0 and "domain_tlds"."transfer_price_rial" >= 0 and "domain_tlds"."restore_price_rial" >= 0),
	CONSTRAINT "domain_tlds_terms_check" CHECK (cardinality("domain_tlds"."years") > 0 and 1 <= all("domain_tlds"."years") and 10 >= all("domain_tlds"."years") and "domain_tlds"."min_length" >= 1 and "domain_tlds"."grace_days" >= 0 and "domain_tlds"."redemption_days" >= 0)
);
--> statement-breakpoint
CREATE TABLE "registrar_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"endpoint" text DEFAULT '' NOT NULL,
	"credentials" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "registrar_accounts_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "sandbox_registry_names" (
	"name" text PRIMARY KEY NOT NULL,
	"sponsor" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "domain_tlds" ADD CONSTRAINT "domain_tlds_registrar_account_id_registrar_accounts_id_fk" FOREIGN KEY ("registrar_account_id") REFERENCES "public"."registrar_accounts"("id") ON DELETE no action ON UPDATE no action;