CREATE TABLE "sandbox_mail_domains" (
	"username" text PRIMARY KEY NOT NULL,
	"domain" text NOT NULL,
	"dkim_selector" text NOT NULL,
	"dkim_private_key" text NOT NULL,
	"dkim_public_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_mailboxes" (
	"username" text NOT NULL,
	"local_part" text NOT NULL,
	"password_hash" text NOT NULL,
	"quota_mb" integer,
	"used_mb" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_mailboxes_username_local_part_pk" PRIMARY KEY("username","local_part")
);
--> statement-breakpoint
ALTER TABLE "sandbox_mail_domains" ADD CONSTRAINT "sandbox_mail_domains_username_sandbox_panel_accounts_username_fk" FOREIGN KEY ("username") REFERENCES "public"."sandbox_panel_accounts"("username") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_mailboxes" ADD CONSTRAINT "sandbox_mailboxes_username_sandbox_panel_accounts_username_fk" FOREIGN KEY ("username") REFERENCES "public"."sandbox_panel_accounts"("username") ON DELETE cascade ON UPDATE no action;