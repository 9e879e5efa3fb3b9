-- Uploads become a module of their own (issue 36): ticket_attachments is renamed uploads, its
-- constraints with it, and the message an upload was sent with moves to tickets' own
-- ticket_message_files. An upload sent with a message is kept from then on, as a transfer's
-- receipt already was, so the loose-upload cleanup never takes it.
CREATE TABLE "ticket_message_files" (
	"upload_id" uuid PRIMARY KEY NOT NULL,
	"message_id" uuid NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ticket_attachments" RENAME TO "uploads";--> statement-breakpoint
ALTER TABLE "uploads" RENAME CONSTRAINT "ticket_attachments_pkey" TO "uploads_pkey";--> statement-breakpoint
ALTER TABLE "uploads" RENAME CONSTRAINT "ticket_attachments_storage_key_unique" TO "uploads_storage_key_unique";--> statement-breakpoint
ALTER TABLE "uploads" RENAME CONSTRAINT "ticket_attachments_size_check" TO "uploads_size_check";--> statement-breakpoint
ALTER TABLE "uploads" RENAME CONSTRAINT "ticket_attachments_uploaded_by_users_id_fk" TO "uploads_uploaded_by_users_id_fk";--> statement-breakpoint
ALTER TABLE "payments" RENAME CONSTRAINT "payments_receipt_attachment_id_ticket_attachments_id_fk" TO "payments_receipt_attachment_id_uploads_id_fk";--> statement-breakpoint
INSERT INTO "ticket_message_files" ("upload_id", "message_id") SELECT "id", "message_id" FROM "uploads" WHERE "message_id" IS NOT NULL;--> statement-breakpoint
-- Kept when it was sent: its message's time.
UPDATE "uploads" SET "kept_at" = "ticket_messages"."created_at" FROM "ticket_messages" WHERE "ticket_messages"."id" = "uploads"."message_id" AND "uploads"."kept_at" IS NULL;--> statement-breakpoint
ALTER TABLE "uploads" DROP CONSTRAINT "ticket_attachments_message_id_ticket_messages_id_fk";--> statement-breakpoint
DROP INDEX "ticket_attachments_message_idx";--> statement-breakpoint
DROP INDEX "ticket_attachments_loose_idx";--> statement-breakpoint
ALTER TABLE "uploads" DROP COLUMN "message_id";--> statement-breakpoint
-- What still has the old name: PostgreSQL 18 names NOT NULL constraints too
-- (ticket_attachments_id_not_null, ...); older servers have none left.
DO $$
DECLARE old_name text;
BEGIN
  FOR old_name IN
    SELECT conname FROM pg_constraint
    WHERE conrelid = '"uploads"'::regclass AND conname LIKE 'ticket\_attachments\_%'
  LOOP
    EXECUTE format('ALTER TABLE "uploads" RENAME CONSTRAINT %I TO %I', old_name,
      'uploads_' || substr(old_name, length('ticket_attachments_') + 1));
  END LOOP;
END $$;--> statement-breakpoint
ALTER TABLE "ticket_message_files" ADD CONSTRAINT "ticket_message_files_upload_id_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."uploads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_message_files" ADD CONSTRAINT "ticket_message_files_message_id_ticket_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."ticket_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ticket_message_files_message_idx" ON "ticket_message_files" USING btree ("message_id");--> statement-breakpoint
CREATE INDEX "uploads_loose_idx" ON "uploads" USING btree ("created_at") WHERE "uploads"."kept_at" is null;--> statement-breakpoint
-- A document keeps its order's number (billing sits below orders, issue 36): the documents
-- issued so far take it from their orders, whose numbers never change.
ALTER TABLE "billing_documents" ADD COLUMN "order_number" integer;--> statement-breakpoint
UPDATE "billing_documents" SET "order_number" = "orders"."number" FROM "orders" WHERE "orders"."id" = "billing_documents"."order_id";--> statement-breakpoint
ALTER TABLE "billing_documents" ADD CONSTRAINT "billing_documents_order_number_check" CHECK (("billing_documents"."order_id" is null) = ("billing_documents"."order_number" is null));--> statement-breakpoint
CREATE INDEX "billing_documents_order_number_idx" ON "billing_documents" USING btree ("order_number") WHERE "billing_documents"."order_number" is not null;
