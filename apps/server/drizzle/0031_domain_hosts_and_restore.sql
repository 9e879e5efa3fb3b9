-- Issue 38, domains: a domain's child nameservers with their glue (RFC 5732 host objects),
-- a paid renewal that first restores the name from redemption (RFC 3915), and the addresses a
-- panel server's sites answer on, which provisioning writes into a hosted domain's zone.
-- A domain also keeps its holder's handle at the registry and when a holder change was asked (IRNIC).
CREATE TABLE "domain_hosts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"domain_id" uuid NOT NULL,
	"name" text NOT NULL,
	"addresses" text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "domain_hosts_name_unique" UNIQUE("domain_id","name"),
	CONSTRAINT "domain_hosts_addresses_check" CHECK (cardinality("domain_hosts"."addresses") between 1 and 13)
);
--> statement-breakpoint
ALTER TABLE "domain_renewals" ADD COLUMN "restore" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "domains" ADD COLUMN "holder_handle" text;--> statement-breakpoint
ALTER TABLE "domains" ADD COLUMN "holder_change_asked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "panel_servers" ADD COLUMN "addresses" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "domain_hosts" ADD CONSTRAINT "domain_hosts_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE cascade ON UPDATE no action;