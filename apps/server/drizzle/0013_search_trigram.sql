-- The search's `ilike '%word%'` on the normalised search_text columns, from a trigram index
-- (decision 0030). pg_trgm is a trusted extension: a database owner may create it (PostgreSQL 13+).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "products_search_trgm_idx" ON "products" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "themes_search_trgm_idx" ON "themes" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "articles_search_trgm_idx" ON "articles" USING gin ("search_text" gin_trgm_ops);
