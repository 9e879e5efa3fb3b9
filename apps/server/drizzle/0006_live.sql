CREATE TABLE "live_visitors" (
	"domain_name" text NOT NULL,
	"kw_client_id" text NOT NULL,
	"first_seen_at" timestamp with time zone NOT NULL,
	"last_visit_at" timestamp with time zone NOT NULL,
	CONSTRAINT "live_visitors_domain_name_kw_client_id_pk" PRIMARY KEY("domain_name","kw_client_id")
);
--> statement-breakpoint
CREATE TABLE "live_visits" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "live_visits_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"domain_name" text NOT NULL,
	"kw_client_id" text NOT NULL,
	"kind" text NOT NULL,
	"path" text NOT NULL,
	"title" text NOT NULL,
	"referrer" text NOT NULL,
	"visited_at" timestamp with time zone NOT NULL,
	CONSTRAINT "live_visits_kind_check" CHECK ("live_visits"."kind" in ('new', 'returning'))
);
--> statement-breakpoint
CREATE INDEX "live_visits_domain_time_idx" ON "live_visits" USING btree ("domain_name","visited_at");--> statement-breakpoint
CREATE INDEX "live_visits_time_idx" ON "live_visits" USING btree ("visited_at");