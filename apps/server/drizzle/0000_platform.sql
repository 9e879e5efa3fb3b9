CREATE TABLE "client_error_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"message" text NOT NULL,
	"stack" text,
	"page_url" text NOT NULL,
	"release" text NOT NULL,
	"platform" text NOT NULL,
	"user_agent" text,
	"request_id" text NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"mobile" text NOT NULL,
	"password_hash" text,
	"first_name" text,
	"last_name" text,
	"email" text,
	"role" text DEFAULT 'customer' NOT NULL,
	"mobile_verified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_mobile_unique" UNIQUE("mobile"),
	CONSTRAINT "users_role_check" CHECK ("users"."role" in ('customer', 'admin')),
	CONSTRAINT "users_mobile_e164_check" CHECK ("users"."mobile" ~ '^\+989[0-9]{9}$')
);
--> statement-breakpoint
CREATE INDEX "client_error_reports_received_at_idx" ON "client_error_reports" USING btree ("received_at");