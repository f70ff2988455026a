// How `npm run codegen` types this subgraph's resolvers: the context they get, and the row or view
// type each GraphQL object is resolved from (paths relative to resolvers/resolver-types.generated.ts).
import type { ResolverTypesConfig } from '../../tools/codegen/resolver-types';

export const resolverTypesConfig: ResolverTypesConfig = {
  contextType: '../context#RiskContext',
  // Details objects carry their member's name (domain/evidence-details.ts, domain/trajectory-details.ts).
  unionMembersCarryTypename: true,
  mappers: {
    // The home page's WorkQueues entity: only its key reaches this subgraph.
    WorkQueues: './work-queue-resolvers#WorkQueuesRef',
    RiskAssessment: '../data/assessment-store#AssessmentRow',
    AssessmentTask: './views#TaskView',
    AssessmentRisk: './views#RiskView',
    AssessmentEvidence: './views#EvidenceView',
    AssessmentQuestion: './views#QuestionView',
    AssessmentRun: './views#RunView',
    TrajectoryEvent: '../data/trajectory-store#TrajectoryRow',
    AssessmentWorkflow: '../catalog/workflows#Workflow',
    ClientRiskRating: '../catalog/scorecards#ClientRiskRating as ClientRiskRatingView',
    // Risk holds only the id of a profile (its assessments are keyed by it).
    Profile: './assessment-fields#ProfileRef',
  },
};
