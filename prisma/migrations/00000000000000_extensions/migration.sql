-- Extensions used across domains: trigram similarity (screening candidate search and its baseline),
-- phonetic helpers and accent folding. Written by hand: listing extensions in the Prisma
-- datasource makes every `migrate diff` emit a spurious migration.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE EXTENSION IF NOT EXISTS fuzzystrmatch;
CREATE EXTENSION IF NOT EXISTS unaccent;
