/**
 * Imported first by the CLI. React chooses between its development and
 * production builds from NODE_ENV when it is first loaded; static rendering
 * needs none of the development checks, which make it about three times slower.
 * Left alone when set, so `NODE_ENV=development npm run build` shows React's warnings.
 */
process.env.NODE_ENV ??= 'production';
