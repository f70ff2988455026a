-- The audit trail becomes a hash chain per workspace (docs/audit.md).

-- entry_hash = SHA-256(prev_hash 0x00 seq 0x00 part1 0x00 part2 ... 0x00 partN), hex; a null part is
-- the empty text. No text PostgreSQL stores contains a NUL byte, so the encoding is unambiguous.
-- The verifier recomputes it without this function (platform/audit/chain.ts).
CREATE FUNCTION "platform"."audit_chain_hash"(prev TEXT, seq BIGINT, parts TEXT[]) RETURNS TEXT
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT encode(sha256(
    convert_to(prev, 'UTF8') || '\x00'::bytea || convert_to(seq::text, 'UTF8') ||
    coalesce((SELECT string_agg('\x00'::bytea || convert_to(coalesce(p, ''), 'UTF8'), ''::bytea ORDER BY i)
                FROM unnest(parts) WITH ORDINALITY AS u(p, i)), ''::bytea)
  ), 'hex')
$$;

-- AlterTable
ALTER TABLE "platform"."audit_log" ADD COLUMN     "client_address" TEXT,
ADD COLUMN     "entry_hash" TEXT,
ADD COLUMN     "personal" JSONB,
ADD COLUMN     "personal_hash" TEXT,
ADD COLUMN     "prev_hash" TEXT,
ADD COLUMN     "profile_id" TEXT,
ADD COLUMN     "seq" BIGINT;

-- Entries written before the chain: the profile they are about, the erasure reason (free text) moved
-- to the personal part, then numbered and chained in the order they were written.
UPDATE "platform"."audit_log" SET "profile_id" = "resource_id" WHERE "resource_type" = 'profile';
UPDATE "platform"."audit_log"
   SET "personal" = jsonb_build_object('reason', "detail"->'reason'), "detail" = "detail" - 'reason'
 WHERE "action" = 'profile.erasure.claimed' AND "detail" ? 'reason';
UPDATE "platform"."audit_log"
   SET "personal_hash" = encode(sha256(convert_to("personal"::text, 'UTF8')), 'hex')
 WHERE "personal" IS NOT NULL;
UPDATE "platform"."audit_log" a SET "seq" = n.seq
  FROM (SELECT id, row_number() OVER (PARTITION BY tenant_id, workspace_id ORDER BY id) AS seq FROM "platform"."audit_log") n
 WHERE a.id = n.id;
DO $$
DECLARE
  r RECORD;
  prev TEXT;
  last_workspace TEXT := NULL;
  hash TEXT;
BEGIN
  FOR r IN SELECT * FROM "platform"."audit_log" ORDER BY tenant_id, workspace_id, seq LOOP
    IF last_workspace IS DISTINCT FROM (r.tenant_id || '/' || r.workspace_id) THEN
      prev := repeat('0', 64);
      last_workspace := r.tenant_id || '/' || r.workspace_id;
    END IF;
    hash := "platform"."audit_chain_hash"(prev, r.seq, ARRAY[
      'v1', r.tenant_id, r.workspace_id, to_char(r.created_at, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), r.actor_kind, r.actor_id,
      r.client_address, r.action, r.resource_type, r.resource_id, r.profile_id, r.outcome, r.request_id, r.detail::text, r.personal_hash]);
    UPDATE "platform"."audit_log" SET "prev_hash" = prev, "entry_hash" = hash WHERE id = r.id;
    prev := hash;
  END LOOP;
END $$;
ALTER TABLE "platform"."audit_log" ALTER COLUMN "seq" SET NOT NULL, ALTER COLUMN "prev_hash" SET NOT NULL, ALTER COLUMN "entry_hash" SET NOT NULL;

-- CreateTable
CREATE TABLE "platform"."audit_chain_heads" (
    "tenant_id" TEXT NOT NULL,
    "workspace_id" TEXT NOT NULL,
    "seq" BIGINT NOT NULL,
    "head_hash" TEXT NOT NULL,
    "prev_hash" TEXT NOT NULL,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "audit_chain_heads_pkey" PRIMARY KEY ("tenant_id","workspace_id")
);

INSERT INTO "platform"."audit_chain_heads" (tenant_id, workspace_id, seq, head_hash, prev_hash)
SELECT DISTINCT ON (tenant_id, workspace_id) tenant_id, workspace_id, seq, entry_hash, prev_hash
  FROM "platform"."audit_log" ORDER BY tenant_id, workspace_id, seq DESC;

-- CreateTable
CREATE TABLE "platform"."audit_checkpoints" (
    "id" TEXT NOT NULL,
    "tenant_id" TEXT NOT NULL,
    "workspace_id" TEXT NOT NULL,
    "seq" BIGINT NOT NULL,
    "head_hash" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "signed_at" TIMESTAMP(3) NOT NULL,
    "key_id" TEXT NOT NULL,
    "signature" TEXT NOT NULL,

    CONSTRAINT "audit_checkpoints_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "audit_checkpoints_tenant_id_workspace_id_seq_idx" ON "platform"."audit_checkpoints"("tenant_id", "workspace_id", "seq");

-- CreateIndex
CREATE INDEX "audit_log_tenant_id_workspace_id_created_at_idx" ON "platform"."audit_log"("tenant_id", "workspace_id", "created_at");

-- CreateIndex
CREATE INDEX "audit_log_tenant_id_workspace_id_profile_id_idx" ON "platform"."audit_log"("tenant_id", "workspace_id", "profile_id");

-- CreateIndex
CREATE UNIQUE INDEX "audit_log_tenant_id_workspace_id_seq_key" ON "platform"."audit_log"("tenant_id", "workspace_id", "seq");
