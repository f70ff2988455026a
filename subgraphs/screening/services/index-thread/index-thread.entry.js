// Entry of the index thread. A worker thread does not inherit the TypeScript loader of a process
// started by Jest (or by plain node), so it registers tsx itself before loading the worker module.
require('tsx/cjs/api').register();
require('./index-thread.worker.ts');
