CREATE TABLE "article_categories" (
	"slug" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "articles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"summary" text NOT NULL,
	"cover_url" text NOT NULL,
	"body_html" text NOT NULL,
	"category_slug" text NOT NULL,
	"author_name" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"published_at" timestamp with time zone,
	"reading_minutes" integer DEFAULT 1 NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "articles_slug_unique" UNIQUE("slug"),
	CONSTRAINT "articles_status_check" CHECK ("articles"."status" in ('draft', 'published')),
	CONSTRAINT "articles_published_at_check" CHECK ("articles"."status" = 'draft' or "articles"."published_at" is not null)
);
--> statement-breakpoint
CREATE TABLE "content_blocks" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "group_features" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"group_id" uuid NOT NULL,
	"label" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_feature_values" (
	"product_id" uuid NOT NULL,
	"feature_id" uuid NOT NULL,
	"value" text,
	"included" boolean DEFAULT true NOT NULL,
	CONSTRAINT "product_feature_values_product_id_feature_id_pk" PRIMARY KEY("product_id","feature_id")
);
--> statement-breakpoint
CREATE TABLE "product_groups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"summary" text NOT NULL,
	"icon_url" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_groups_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "product_prices" (
	"product_id" uuid NOT NULL,
	"cycle" text NOT NULL,
	"price_rial" bigint NOT NULL,
	"sale_price_rial" bigint,
	CONSTRAINT "product_prices_product_id_cycle_pk" PRIMARY KEY("product_id","cycle"),
	CONSTRAINT "product_prices_cycle_check" CHECK ("product_prices"."cycle" in ('monthly', 'quarterly', 'semiannual', 'annual')),
	CONSTRAINT "product_prices_price_check" CHECK ("product_prices"."price_rial" > 0),
	CONSTRAINT "product_prices_sale_check" CHECK ("product_prices"."sale_price_rial" is null or ("product_prices"."sale_price_rial" > 0 and "product_prices"."sale_price_rial" < "product_prices"."price_rial"))
);
--> statement-breakpoint
CREATE TABLE "product_themes" (
	"product_id" uuid NOT NULL,
	"theme_id" uuid NOT NULL,
	CONSTRAINT "product_themes_product_id_theme_id_pk" PRIMARY KEY("product_id","theme_id")
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"group_id" uuid NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"summary" text NOT NULL,
	"description" text NOT NULL,
	"icon_url" text NOT NULL,
	"setup_fee_rial" bigint DEFAULT 0 NOT NULL,
	"needs_domain" boolean DEFAULT false NOT NULL,
	"needs_theme" boolean DEFAULT false NOT NULL,
	"is_featured" boolean DEFAULT false NOT NULL,
	"badge" text,
	"popularity" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_slug_unique" UNIQUE("slug"),
	CONSTRAINT "products_status_check" CHECK ("products"."status" in ('active', 'hidden')),
	CONSTRAINT "products_setup_fee_check" CHECK ("products"."setup_fee_rial" >= 0)
);
--> statement-breakpoint
CREATE TABLE "seed_runs" (
	"name" text PRIMARY KEY NOT NULL,
	"applied_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "theme_categories" (
	"slug" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "themes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"category_slug" text NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"preview_urls" text[] DEFAULT '{}'::text[] NOT NULL,
	"is_free" boolean DEFAULT true NOT NULL,
	"price_rial" bigint,
	"popularity" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "themes_slug_unique" UNIQUE("slug"),
	CONSTRAINT "themes_price_check" CHECK (("themes"."is_free" and "themes"."price_rial" is null) or (not "themes"."is_free" and "themes"."price_rial" > 0))
);
--> statement-breakpoint
ALTER TABLE "articles" ADD CONSTRAINT "articles_category_slug_article_categories_slug_fk" FOREIGN KEY ("category_slug") REFERENCES "public"."article_categories"("slug") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_features" ADD CONSTRAINT "group_features_group_id_product_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."product_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_feature_values" ADD CONSTRAINT "product_feature_values_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_feature_values" ADD CONSTRAINT "product_feature_values_feature_id_group_features_id_fk" FOREIGN KEY ("feature_id") REFERENCES "public"."group_features"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_prices" ADD CONSTRAINT "product_prices_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_themes" ADD CONSTRAINT "product_themes_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_themes" ADD CONSTRAINT "product_themes_theme_id_themes_id_fk" FOREIGN KEY ("theme_id") REFERENCES "public"."themes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_group_id_product_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."product_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "themes" ADD CONSTRAINT "themes_category_slug_theme_categories_slug_fk" FOREIGN KEY ("category_slug") REFERENCES "public"."theme_categories"("slug") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "articles_published_idx" ON "articles" USING btree ("status","published_at");--> statement-breakpoint
CREATE INDEX "group_features_group_idx" ON "group_features" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "product_themes_theme_idx" ON "product_themes" USING btree ("theme_id");--> statement-breakpoint
CREATE INDEX "products_group_idx" ON "products" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "themes_category_idx" ON "themes" USING btree ("category_slug");