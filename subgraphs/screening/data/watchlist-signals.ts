// Names the watchlist store and the index holders agree on. A module of its own so the index
// thread (services/index-thread) reads them without loading the Prisma client.

/** NOTIFY channel of a new active watchlist version (payload: source, version). */
export const VERSIONS_CHANNEL = 'screening_versions';
/** Format of the umbrella import row of a first-start load of every shipped list. */
export const STARTUP_LOAD_FORMAT = 'shipped';
