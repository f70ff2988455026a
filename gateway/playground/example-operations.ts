// The saved operations the playground opens with: what an analyst asks first. Each is a tab of
// GraphiQL; test/platform/playground.test.ts validates every one against the composed schema, so
// a schema change that breaks an example shows up in CI (and in review) rather than in front of a
// user.
export interface ExampleOperation {
  title: string;
  query: string;
  variables?: Record<string, unknown>;
}

export const EXAMPLE_OPERATIONS: ExampleOperation[] = [
  {
    title: 'A profile, its verification sessions and screening',
    query: `# A customer profile with its IDV sessions (idv subgraph) and screening (screening subgraph).
# Put a profile id in the Variables tab (list some with the query "profiles" below).
query ProfileOverview($id: ID!) {
  profile(id: $id) {
    id
    name
    kind
    status
    createdAt
    profileCustomFields { key label type value valueLabel }
    verificationSessions { id status reviewStatus flagCategories submittedAt reviewedAt }
    screening {
      searchCount
      latestSearch { id name createdAt matchCount matches { rank score listedName matchedName criteriaMatchLevel reviewStatus } }
    }
  }
  profiles(first: 5) { nodes { id name } pageInfo { hasNextPage endCursor } totalCount }
}
`,
    variables: { id: 'prf_...' },
  },
  {
    title: 'The reviewer queue',
    query: `# Sessions waiting for a human decision, oldest first (requires_review and escalation by default).
query ReviewerQueue($after: String) {
  idvReviewQueue(first: 20, after: $after) {
    nodes {
      id
      reviewStatus
      flagCategories
      assignee
      submittedAt
      profile { id name email }
    }
    pageInfo { hasNextPage endCursor }
  }
}
`,
  },
  {
    title: 'A search and why it matched',
    query: `# Screens a name against the loaded watchlists; every match says which name matched and how well.
mutation Screen($input: ScreenInput!) {
  screen(input: $input) {
    id
    matchCount
    matches { rank score entityType listedName matchedName criteriaMatchLevel feeds programs }
  }
}
`,
    variables: { input: { name: 'Vladimir Putin', dateOfBirth: '1952' } },
  },
  {
    title: 'A verification session in detail',
    query: `# What a reviewer looks at: the flow the session copied, the consent, the review trail and
# (audited: every read is logged) the assessment's results. Put a session id in the Variables tab.
query SessionDetail($id: ID!) {
  verificationSession(id: $id) {
    id
    status
    reviewStatus
    flagCategories
    profile { id name }
    captureManifest { workflow requiredKinds idCapture { acceptedIdTypes preselectedIdType captureSides } }
    stepManifest { steps { stepId type required title } }
    consentEvidence { policyVersion recordedAt credential }
    reviewHistory { from status note actor { kind id name } at }
    workflowRef { workflowId name revision }
  }
  verificationSessionData(id: $id) {
    resultsAvailable
    document { type issuingCountry confidence }
    mismatches { field profileValue documentValue detail }
    checks { check outcome reasonCode category score }
  }
}
`,
    variables: { id: 'idvs_...' },
  },
];
