import os from 'node:os';
import { PRIMARY_TIER, WEB_TIER, webProcessCount } from './web-cluster';
import { SERVICE_NAMES } from './start-platform';

describe('web processes of npm start', () => {
  it("defaults to one per core but one (the index thread's) and honours VIGIL_WEB_PROCESSES", () => {
    expect(webProcessCount({})).toBe(Math.max(1, os.availableParallelism() - 1));
    // One core is the primary's index thread's: 2 cores run one process, 8 run 7 web processes.
    expect(webProcessCount({}, 2)).toBe(1);
    expect(webProcessCount({}, 1)).toBe(1);
    expect(webProcessCount({}, 8)).toBe(7);
    expect(webProcessCount({ VIGIL_WEB_PROCESSES: '3' })).toBe(3);
    expect(webProcessCount({ VIGIL_WEB_PROCESSES: '1' })).toBe(1);
    expect(webProcessCount({ VIGIL_WEB_PROCESSES: '0' })).toBe(1);
    expect(webProcessCount({ VIGIL_WEB_PROCESSES: 'many' })).toBe(1);
  });
  it('splits every service between the primary and the web tier, screening only in the primary', () => {
    expect([...PRIMARY_TIER, ...WEB_TIER].sort()).toEqual([...SERVICE_NAMES].sort());
    expect(WEB_TIER).not.toContain('screening');
    expect(PRIMARY_TIER).toContain('screening');
  });
});
