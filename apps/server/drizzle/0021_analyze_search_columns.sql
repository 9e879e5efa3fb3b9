-- The search columns of 0020 have no statistics until their tables are analyzed: adding a
-- generated column rewrites the table without counting as changed rows, so autovacuum would
-- not analyze it for a long while. Without statistics the planner takes every `like` on them
-- for selective and sorts every match, where the list's own index finds the page at once (a
-- word in every ticket's subject: 82 ms against 0.1 ms at 100,000 tickets; decision 0031).
ANALYZE "users";--> statement-breakpoint
ANALYZE "tickets";--> statement-breakpoint
ANALYZE "billing_documents";
