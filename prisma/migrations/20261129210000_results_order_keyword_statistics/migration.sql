-- Issue 27: the applications list (成果申报, newest change first) had no index in its order: its first
-- page sorted the whole table (3.5 s at a million rows). This one serves the list's two reads (the
-- changed rows by update time, then the never-changed ones by id; decision 024) for a tenant.
-- CreateIndex
CREATE INDEX "ysjs_appraise_results_tenant_id_is_deleted_update_time_id_idx" ON "ysjs_appraise_results"("tenant_id", "is_deleted", "update_time" DESC, "id" DESC);

-- Keyword filters (`LIKE '%…%'` over a trigram index) were estimated at 0.01 % of the rows whatever
-- the word: with the default statistics (100 histogram entries) a word in 1 % of a million titles
-- matched none of the sample. The planner then read every match through the trigram index and sorted
-- them (10,000 rows for one page). A finer histogram (1,000 entries) estimates a common word near its
-- real share, so its page walks the list's order index and stops after ten matches, while a rare
-- word still goes through the trigram index. Prisma does not model per-column statistics targets.
ALTER TABLE "blade_notice" ALTER COLUMN "title" SET STATISTICS 1000;
ALTER TABLE "ysjs_appraise_results" ALTER COLUMN "name" SET STATISTICS 1000;
ALTER TABLE "ysjs_registered_meeting" ALTER COLUMN "name" SET STATISTICS 1000;
ALTER TABLE "blade_expert_basic" ALTER COLUMN "name" SET STATISTICS 1000;
ALTER TABLE "ysjs_trading_project" ALTER COLUMN "title" SET STATISTICS 1000;
