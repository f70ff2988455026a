-- Console access: dashboard users become per tenant (one account per email in the installation,
-- stored lower-case) with a role per workspace (memberships), passwords, TOTP, failed sign-in
-- counters, console sign-in sessions and one-time sign-in links. Written by hand around the
-- generated statements so every existing user and token keeps working:
--   * each user's (workspace, role) becomes a membership;
--   * each token is bound to its user's workspace;
--   * users sharing an email (case-insensitively) in one tenant merge into the oldest of them:
--     the others' memberships and tokens move to it;
--   * the rows left over (merged ones, and same-email users of other tenants than the oldest's)
--     are kept for the ids other records hold, deactivated, their email suffixed with
--     `#<their id>` so the unique index holds. None of them could sign in to a console before.

-- New columns and tables.
ALTER TABLE "platform"."dashboard_users"
ADD COLUMN     "deactivated_at" TIMESTAMP(3),
ADD COLUMN     "failed_sign_ins" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "password_hash" TEXT,
ADD COLUMN     "sign_in_blocked_until" TIMESTAMP(3),
ADD COLUMN     "totp_enabled_at" TIMESTAMP(3),
ADD COLUMN     "totp_last_step" BIGINT,
ADD COLUMN     "totp_secret" JSONB;

ALTER TABLE "platform"."dashboard_tokens" ADD COLUMN     "workspace_id" TEXT;

CREATE TABLE "platform"."dashboard_memberships" (
    "user_id" TEXT NOT NULL,
    "workspace_id" TEXT NOT NULL,
    "role" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "dashboard_memberships_pkey" PRIMARY KEY ("user_id","workspace_id")
);

CREATE TABLE "platform"."console_sessions" (
    "id" TEXT NOT NULL,
    "user_id" TEXT NOT NULL,
    "token_hash" TEXT NOT NULL,
    "workspace_id" TEXT NOT NULL,
    "csrf_token" TEXT NOT NULL,
    "pending" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_seen_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "idle_expires_at" TIMESTAMP(3) NOT NULL,
    "expires_at" TIMESTAMP(3) NOT NULL,
    "revoked_at" TIMESTAMP(3),

    CONSTRAINT "console_sessions_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "platform"."sign_in_links" (
    "id" TEXT NOT NULL,
    "user_id" TEXT NOT NULL,
    "workspace_id" TEXT NOT NULL,
    "purpose" TEXT NOT NULL,
    "token_hash" TEXT NOT NULL,
    "expires_at" TIMESTAMP(3) NOT NULL,
    "used_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "sign_in_links_pkey" PRIMARY KEY ("id")
);

-- Existing rows: memberships and token workspaces from the per-workspace users. The old
-- per-workspace unique email goes first: lower-casing may make two of its rows equal.
DROP INDEX "platform"."dashboard_users_workspace_id_email_key";
UPDATE "platform"."dashboard_users" SET "email" = lower(trim("email"));

INSERT INTO "platform"."dashboard_memberships" ("user_id", "workspace_id", "role", "created_at")
SELECT "id", "workspace_id", "role", "created_at" FROM "platform"."dashboard_users";

UPDATE "platform"."dashboard_tokens" t SET "workspace_id" = u."workspace_id"
FROM "platform"."dashboard_users" u WHERE u."id" = t."user_id";

-- Same email: the oldest row (by created_at, then id) of the email is the account.
CREATE TEMPORARY TABLE "access_survivors" ON COMMIT DROP AS
SELECT u."id", first_value(u."id") OVER w AS "survivor_id", first_value(u."tenant_id") OVER w AS "survivor_tenant_id", u."tenant_id"
FROM "platform"."dashboard_users" u
WINDOW w AS (PARTITION BY u."email" ORDER BY u."created_at", u."id");

-- Same tenant: memberships (the higher role where both hold one workspace) and tokens move to the account.
INSERT INTO "platform"."dashboard_memberships" ("user_id", "workspace_id", "role", "created_at")
SELECT s."survivor_id", m."workspace_id", m."role", m."created_at"
FROM "platform"."dashboard_memberships" m JOIN "access_survivors" s ON s."id" = m."user_id"
WHERE s."id" <> s."survivor_id" AND s."tenant_id" = s."survivor_tenant_id"
ON CONFLICT ("user_id", "workspace_id") DO UPDATE SET "role" = CASE
  WHEN array_position(ARRAY['viewer', 'analyst', 'reviewer', 'admin'], EXCLUDED."role")
     > coalesce(array_position(ARRAY['viewer', 'analyst', 'reviewer', 'admin'], "dashboard_memberships"."role"), 0)
  THEN EXCLUDED."role" ELSE "dashboard_memberships"."role" END;

UPDATE "platform"."dashboard_tokens" t SET "user_id" = s."survivor_id"
FROM "access_survivors" s
WHERE s."id" = t."user_id" AND s."id" <> s."survivor_id" AND s."tenant_id" = s."survivor_tenant_id";

DELETE FROM "platform"."dashboard_memberships" m USING "access_survivors" s
WHERE s."id" = m."user_id" AND s."id" <> s."survivor_id" AND s."tenant_id" = s."survivor_tenant_id";

UPDATE "platform"."dashboard_users" u SET "email" = u."email" || '#' || u."id", "deactivated_at" = CURRENT_TIMESTAMP
FROM "access_survivors" s WHERE s."id" = u."id" AND s."id" <> s."survivor_id";

-- The per-workspace columns go; tokens now name their workspace.
ALTER TABLE "platform"."dashboard_users" DROP CONSTRAINT "dashboard_users_workspace_id_fkey";
ALTER TABLE "platform"."dashboard_users" DROP COLUMN "role", DROP COLUMN "workspace_id";
ALTER TABLE "platform"."dashboard_tokens" ALTER COLUMN "workspace_id" SET NOT NULL;

-- Indexes and keys.
CREATE INDEX "dashboard_memberships_workspace_id_idx" ON "platform"."dashboard_memberships"("workspace_id");
CREATE UNIQUE INDEX "console_sessions_token_hash_key" ON "platform"."console_sessions"("token_hash");
CREATE INDEX "console_sessions_user_id_idx" ON "platform"."console_sessions"("user_id");
CREATE INDEX "console_sessions_expires_at_idx" ON "platform"."console_sessions"("expires_at");
CREATE UNIQUE INDEX "sign_in_links_token_hash_key" ON "platform"."sign_in_links"("token_hash");
CREATE INDEX "sign_in_links_user_id_idx" ON "platform"."sign_in_links"("user_id");
CREATE UNIQUE INDEX "dashboard_users_email_key" ON "platform"."dashboard_users"("email");
CREATE INDEX "dashboard_users_tenant_id_idx" ON "platform"."dashboard_users"("tenant_id");

ALTER TABLE "platform"."dashboard_users" ADD CONSTRAINT "dashboard_users_tenant_id_fkey" FOREIGN KEY ("tenant_id") REFERENCES "platform"."tenants"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "platform"."dashboard_memberships" ADD CONSTRAINT "dashboard_memberships_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "platform"."dashboard_users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "platform"."dashboard_memberships" ADD CONSTRAINT "dashboard_memberships_workspace_id_fkey" FOREIGN KEY ("workspace_id") REFERENCES "platform"."workspaces"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "platform"."dashboard_tokens" ADD CONSTRAINT "dashboard_tokens_workspace_id_fkey" FOREIGN KEY ("workspace_id") REFERENCES "platform"."workspaces"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "platform"."console_sessions" ADD CONSTRAINT "console_sessions_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "platform"."dashboard_users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "platform"."console_sessions" ADD CONSTRAINT "console_sessions_workspace_id_fkey" FOREIGN KEY ("workspace_id") REFERENCES "platform"."workspaces"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "platform"."sign_in_links" ADD CONSTRAINT "sign_in_links_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "platform"."dashboard_users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
