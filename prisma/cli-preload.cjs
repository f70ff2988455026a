// Preloaded into the Prisma CLI process only (never the running platform), for two known offline
// problems of Prisma 6.19 with the pg driver adapter (see ../shared/docs/stack-notes.md):
// 1. introspection reads catalog columns of types "char" (oid 18) and name (oid 19), which
//    adapter-pg cannot deserialize: they are reported as text instead;
// 2. the wasm engine leaves 10 s and 60 s timers that keep the CLI alive for a minute: unref them.
// Both listed in platform/library-patches.ts.
const pg = require('pg');
const TEXT_OID = 25;
const originalQuery = pg.Client.prototype.query;
pg.Client.prototype.query = function patchedQuery(...args) {
  const result = originalQuery.apply(this, args);
  if (!result || typeof result.then !== 'function') return result;
  return result.then((res) => {
    for (const field of (res && res.fields) || []) {
      if (field.dataTypeID === 18 || field.dataTypeID === 19) field.dataTypeID = TEXT_OID;
    }
    return res;
  });
};
const originalSetTimeout = global.setTimeout;
global.setTimeout = function unrefSetTimeout(...args) {
  const timer = originalSetTimeout(...args);
  if (timer && typeof timer.unref === 'function') timer.unref();
  return timer;
};
