CREATE TABLE "staff_work_alerts" (
	"kind" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"alerted_at" timestamp with time zone NOT NULL
);
