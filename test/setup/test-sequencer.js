// Longest test files first, so neither of the two workers is left running one long file alone at the
// end of the run. Jest already orders by the durations of the previous run on this machine, but CI runs
// a fresh clone with an empty cache and would fall back to file size, which puts short files with long
// runs (the verbatim-names sweep, the console journeys) last. The committed durations
// (test/setup/test-durations.json, refreshed with `npm run test:durations` after a full run) stand in
// for that cache; a file in neither runs first, as Jest does with files it has not timed.
const Sequencer = require('@jest/test-sequencer').default;
const path = require('node:path');
const committed = require('./test-durations.json');

const root = path.resolve(__dirname, '../..');

class DurationSequencer extends Sequencer {
  time(test) {
    const measuredHere = super.time(test);
    if (measuredHere != null) return measuredHere;
    const seconds = committed.seconds[path.relative(root, test.path)];
    return seconds == null ? undefined : seconds * 1000;
  }
}

module.exports = DurationSequencer;
