CREATE TABLE "builder_webhook_ids" (
	"id" text PRIMARY KEY NOT NULL,
	"until" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "panel_servers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"base_url" text NOT NULL,
	"credentials" text NOT NULL,
	"group_name" text NOT NULL,
	"capacity" integer NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "panel_servers_name_unique" UNIQUE("name"),
	CONSTRAINT "panel_servers_capacity_check" CHECK ("panel_servers"."capacity" > 0)
);
--> statement-breakpoint
CREATE TABLE "product_provisioning" (
	"product_id" uuid PRIMARY KEY NOT NULL,
	"group_name" text NOT NULL,
	"package_name" text NOT NULL,
	"grace_days" integer DEFAULT 7 NOT NULL,
	"terminate_after_days" integer DEFAULT 30 NOT NULL,
	CONSTRAINT "product_provisioning_days_check" CHECK ("product_provisioning"."grace_days" >= 0 and "product_provisioning"."terminate_after_days" >= 1)
);
--> statement-breakpoint
CREATE TABLE "service_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"service_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"from_status" text,
	"to_status" text,
	"actor" text NOT NULL,
	"actor_id" uuid,
	"message" text NOT NULL,
	"job_id" text,
	"attempt" integer,
	"calls" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_notices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"service_id" uuid,
	"kind" text NOT NULL,
	"event_key" text NOT NULL,
	"channel" text NOT NULL,
	"recipient" text NOT NULL,
	"state" text NOT NULL,
	"attempts" integer DEFAULT 1 NOT NULL,
	"error" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "service_notices_once" UNIQUE("event_key","channel","recipient")
);
--> statement-breakpoint
CREATE TABLE "sandbox_panel_accounts" (
	"username" text PRIMARY KEY NOT NULL,
	"domain" text NOT NULL,
	"package_name" text NOT NULL,
	"theme" text,
	"password_hash" text NOT NULL,
	"suspended" boolean DEFAULT false NOT NULL,
	"suspend_reason" text,
	"served_bytes" bigint DEFAULT 0 NOT NULL,
	"login_token" text,
	"login_token_expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "services" DROP CONSTRAINT "services_status_check";--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "status_changed_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "server_id" uuid;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "package_name" text;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "panel_username" text;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "panel_password" text;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "suspension" text;--> statement-breakpoint
ALTER TABLE "product_provisioning" ADD CONSTRAINT "product_provisioning_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_events" ADD CONSTRAINT "service_events_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_events" ADD CONSTRAINT "service_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_notices" ADD CONSTRAINT "service_notices_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "service_events_service_idx" ON "service_events" USING btree ("service_id","created_at");--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_server_id_panel_servers_id_fk" FOREIGN KEY ("server_id") REFERENCES "public"."panel_servers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "services_lifecycle_idx" ON "services" USING btree ("status","status_changed_at") WHERE "services"."status" in ('expired', 'suspended', 'pending', 'provisioning', 'failed', 'needs-attention');--> statement-breakpoint
CREATE INDEX "services_server_idx" ON "services" USING btree ("server_id");--> statement-breakpoint
CREATE UNIQUE INDEX "services_panel_username_unique" ON "services" USING btree ("panel_username");--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_status_check" CHECK ("services"."status" in ('pending', 'provisioning', 'failed', 'needs-attention', 'active', 'expired', 'suspended', 'terminated', 'cancelled'));--> statement-breakpoint
-- Suspensions made before issue 20 were all staff's own.
UPDATE "services" SET "suspension" = 'staff' WHERE "status" = 'suspended';