/** jsdom project: each test starts from an empty document and empty storage. */
import { cleanup } from '@testing-library/react';
import { cleanStores } from 'nanostores';
import { afterEach } from 'vitest';
import { $cart } from '../../../src/lib/stores/cart.ts';

afterEach(() => {
  cleanup();
  // The persistent cart removes its window listener 1 s after its last subscriber leaves; unmounting it now keeps that
  // timer from firing after the file's jsdom window is gone (an uncaught "window is not defined").
  cleanStores($cart);
  localStorage.clear();
  sessionStorage.clear();
});
