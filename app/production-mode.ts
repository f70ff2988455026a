// Imported first by `npm start` (app/main.ts): a started platform runs in production mode
// unless NODE_ENV says otherwise (the Docker image sets it too; tests set "test"). It must run
// before graphql is loaded: graphql-js reads NODE_ENV once, at load, and outside production checks
// every `instanceof` of its type system for duplicate copies of itself (1 % of the busy CPU of a
// search in the profiles); Express likewise keeps its development error pages out of production.
process.env.NODE_ENV ??= 'production';

export {};
