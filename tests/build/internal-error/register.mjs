/**
 * Test only: loaded with `node --import` by tests/build/internal-error.test.ts,
 * never by the build itself. Makes the feed stage throw an exception the
 * build does not expect, as a mistake in the generator would.
 */
import { register } from 'node:module';
import vm from 'node:vm';
import { withThrowingFeed } from './hooks.mjs';

register('./hooks.mjs', import.meta.url);

// The compiled command line is no module: bin/ontwikkelaarsportaal.mjs runs it as a vm.Script. It gets the
// same replacement, without the code cache: the changed script neither uses nor writes the real one.
const { Script } = vm;
vm.Script = class extends Script {
  constructor(code, options) {
    super(withThrowingFeed(code), { ...options, cachedData: undefined });
  }

  createCachedData() {
    throw new Error('geen code cache voor een aangepaste CLI');
  }
};
