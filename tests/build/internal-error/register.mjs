/**
 * Test only: loaded with `node --import` by tests/build/internal-error.test.ts,
 * never by the build itself. Makes the feed stage throw an exception the
 * build does not expect, as a mistake in the generator would.
 */
import { register } from 'node:module';

register('./hooks.mjs', import.meta.url);
