ALTER TABLE "group_features" ADD COLUMN "limit_key" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "limits" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "sandbox_panel_accounts" ADD COLUMN "disk_limit_mb" integer;--> statement-breakpoint
ALTER TABLE "sandbox_panel_accounts" ADD COLUMN "bandwidth_limit_mb" integer;