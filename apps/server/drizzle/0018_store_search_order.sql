-- A store search reads its page in the list's order and stops there (decision 0030): the active
-- products by popularity and by date, and a trigram index on the title part of search_text for
-- the title matches that come first.
CREATE INDEX "products_active_popular_idx" ON "products" USING btree ("popularity" DESC NULLS FIRST,"sort_order","id") WHERE "products"."status" = 'active';--> statement-breakpoint
CREATE INDEX "products_active_newest_idx" ON "products" USING btree ("created_at" DESC NULLS FIRST,"id") WHERE "products"."status" = 'active';--> statement-breakpoint
CREATE INDEX "products_title_trgm_idx" ON "products" USING gin (split_part("search_text", ' ', 1) gin_trgm_ops);