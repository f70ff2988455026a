/** pg-boss queue of agent runs: each job advances one run as far as it can go. */
export const RUN_QUEUE = 'risk.run.advance';

export interface RunJobData {
  runId: string;
}
