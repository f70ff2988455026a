// Four-eyes approvals of screening decisions (docs/audit.md, "Four-eyes"): the profiles subgraph's
// approveFourEyesProposal calls applyScreeningFourEyesProposal with the approver's principal; the
// proposal's object says which decision applies it.
import type { Db } from '../../../platform/db/prisma';
import { proposalForDecision } from '../../../platform/four-eyes/four-eyes';
import type { Principal } from '../../../platform/principal/principal';
import { approveSettingsProposal } from '../disposition/services/disposition-service';
import { approveMatchProposal } from './review-service';

export async function approveScreeningProposal(
  db: Db,
  principal: Principal,
  proposalId: string,
  note: string,
  requestId?: string,
): Promise<string> {
  const proposal = await proposalForDecision(
    db,
    principal,
    proposalId,
    new Date(),
    ['MATCH_REVIEW', 'MATCH_CLEARANCE', 'SCREENING_SETTINGS'],
    requestId,
  );
  if (proposal.kind === 'SCREENING_SETTINGS') await approveSettingsProposal(db, principal, proposal, note);
  else await approveMatchProposal(db, principal, proposal, note);
  return proposal.id;
}
