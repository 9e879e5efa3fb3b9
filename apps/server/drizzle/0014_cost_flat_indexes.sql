DROP INDEX "audit_log_created_idx";--> statement-breakpoint
DROP INDEX "billing_documents_issued_idx";--> statement-breakpoint
CREATE INDEX "users_created_idx" ON "users" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "orders_created_idx" ON "orders" USING btree ("created_at","number");--> statement-breakpoint
CREATE INDEX "orders_status_created_idx" ON "orders" USING btree ("status","created_at","number");--> statement-breakpoint
CREATE INDEX "orders_paid_at_idx" ON "orders" USING btree ("paid_at") WHERE "orders"."status" in ('paid', 'refunded');--> statement-breakpoint
CREATE INDEX "orders_refunded_at_idx" ON "orders" USING btree ("refunded_at") WHERE "orders"."status" = 'refunded';--> statement-breakpoint
CREATE INDEX "tickets_waiting_idx" ON "tickets" USING btree ("last_message_at","number") WHERE "tickets"."status" in ('open', 'customer-reply');--> statement-breakpoint
CREATE INDEX "tickets_last_message_idx" ON "tickets" USING btree ("last_message_at","number");--> statement-breakpoint
CREATE INDEX "tickets_created_idx" ON "tickets" USING btree ("created_at","number");--> statement-breakpoint
CREATE INDEX "tickets_not_closed_idx" ON "tickets" USING btree ("status") WHERE "tickets"."status" <> 'closed';--> statement-breakpoint
CREATE INDEX "audit_log_created_idx" ON "audit_log" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "billing_documents_issued_idx" ON "billing_documents" USING btree ("issued_at","number");