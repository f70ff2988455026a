-- The trigram GIN index on the joined names served no query of the platform (screening searches its own index;
-- the column is for support's SQL) and was more than half of PostgreSQL's CPU time of a watchlist import: every row
-- added ~60 trigram keys to it (docs/performance.md "Scale: the import with COPY"). Dropping and rebuilding it
-- around a large import is no option on a shared table (an ACCESS EXCLUSIVE lock on every source's rows for the
-- whole import, or CONCURRENTLY outside the import's one transaction).
-- DropIndex
DROP INDEX "screening"."watchlist_entities_names_trgm";

