DROP INDEX "services_user_idx";--> statement-breakpoint
CREATE INDEX "orders_user_status_idx" ON "orders" USING btree ("user_id","status");--> statement-breakpoint
CREATE INDEX "services_user_status_idx" ON "services" USING btree ("user_id","status");--> statement-breakpoint
CREATE INDEX "services_user_idx" ON "services" USING btree ("user_id","created_at","id");