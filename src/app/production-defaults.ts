/**
 * Imported first by the server entry points: graphql-js runs costly development-only checks on
 * every value unless NODE_ENV is production when it loads. An explicit NODE_ENV is respected.
 */
process.env.NODE_ENV ??= 'production';
