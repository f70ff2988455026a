-- CreateTable
CREATE TABLE "platform"."four_eyes_policies" (
    "tenant_id" TEXT NOT NULL,
    "workspace_id" TEXT NOT NULL,
    "kinds" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "proposal_expiry_hours" INTEGER NOT NULL DEFAULT 72,
    "refuse_application_decisions" BOOLEAN NOT NULL DEFAULT false,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_by" TEXT,

    CONSTRAINT "four_eyes_policies_pkey" PRIMARY KEY ("workspace_id")
);

-- CreateTable
CREATE TABLE "platform"."four_eyes_proposals" (
    "id" TEXT NOT NULL,
    "tenant_id" TEXT NOT NULL,
    "workspace_id" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "object_type" TEXT NOT NULL,
    "object_id" TEXT NOT NULL,
    "profile_id" TEXT,
    "decision" JSONB NOT NULL,
    "note" TEXT,
    "fingerprint" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "proposed_by" TEXT NOT NULL,
    "proposed_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMP(3) NOT NULL,
    "decided_by" TEXT,
    "decided_at" TIMESTAMP(3),
    "decision_note" TEXT,

    CONSTRAINT "four_eyes_proposals_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "four_eyes_proposals_tenant_id_workspace_id_status_proposed_at_idx" ON "platform"."four_eyes_proposals"("tenant_id", "workspace_id", "status", "proposed_at");

-- CreateIndex
CREATE INDEX "four_eyes_proposals_tenant_id_workspace_id_object_type_object_id_idx" ON "platform"."four_eyes_proposals"("tenant_id", "workspace_id", "object_type", "object_id");

-- One pending proposal per object: a second decision while one waits is refused
-- (four_eyes_proposal_pending) rather than queued, so the object's pending proposal is unambiguous.
CREATE UNIQUE INDEX "four_eyes_proposals_one_pending" ON "platform"."four_eyes_proposals"("tenant_id", "workspace_id", "object_type", "object_id") WHERE "status" = 'pending';
