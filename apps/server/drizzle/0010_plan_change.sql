ALTER TABLE "order_lines" ADD COLUMN "changes_service_id" uuid;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "plan_change" jsonb;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_changes_service_id_services_id_fk" FOREIGN KEY ("changes_service_id") REFERENCES "public"."services"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_lines_changes_service_idx" ON "order_lines" USING btree ("changes_service_id") WHERE "order_lines"."changes_service_id" is not null;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_kind_check" CHECK ("order_lines"."renews_service_id" is null or "order_lines"."changes_service_id" is null);--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_plan_change_check" CHECK (("order_lines"."changes_service_id" is null) = ("order_lines"."plan_change" is null));