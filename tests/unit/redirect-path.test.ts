import { describe, expect, it } from 'vitest';
import { redirectPath } from '../../src/shared/redirect-path.ts';

describe('redirectPath', () => {
  it.each([
    ['/2024/05/hello-world/', '/2024/05/hello-world'],
    ['/2024/05/hello-world', '/2024/05/hello-world'],
    ['https://blog.example.com/2024/05/hello-world/', '/2024/05/hello-world'],
    ['/products/mug?variant=1#reviews', '/products/mug'],
    ['/caf%C3%A9-cr%C3%A8me/', '/café-crème'],
    ['/café-crème/', '/café-crème'],
    ['/', '/'],
    ['https://blog.example.com', '/'],
    ['  /about/  ', '/about'],
    ['//', '/'],
  ])('%s → %s', (input, expected) => {
    expect(redirectPath(input)).toBe(expected);
  });

  it.each(['', '   ', 'about', '/bad%E0%A4%A', '/a%0Ab', 'https://'])('refuses %j', (input) => {
    expect(redirectPath(input)).toBeNull();
  });
});
