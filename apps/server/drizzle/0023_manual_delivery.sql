CREATE TABLE "product_manual_delivery" (
	"product_id" uuid PRIMARY KEY NOT NULL,
	"alert_after_hours" integer NOT NULL,
	CONSTRAINT "product_manual_delivery_hours_check" CHECK ("product_manual_delivery"."alert_after_hours" between 1 and 720)
);
--> statement-breakpoint
ALTER TABLE "services" DROP CONSTRAINT "services_status_check";--> statement-breakpoint
DROP INDEX "services_lifecycle_idx";--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "delivered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "delivery_details" text;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "delivery_alerted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "product_manual_delivery" ADD CONSTRAINT "product_manual_delivery_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "services_lifecycle_idx" ON "services" USING btree ("status","status_changed_at") WHERE "services"."status" in ('expired', 'suspended', 'pending', 'provisioning', 'failed', 'needs-attention', 'awaiting-delivery');--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_status_check" CHECK ("services"."status" in ('awaiting-delivery', 'pending', 'provisioning', 'failed', 'needs-attention', 'active', 'expired', 'suspended', 'terminated', 'cancelled'));