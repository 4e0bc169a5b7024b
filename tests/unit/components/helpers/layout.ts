/** jsdom has no layout (every box is 0 × 0): gives each element a viewport-sized box so keen-slider measures a real track. */

const KEYS = ['offsetWidth', 'offsetHeight', 'clientWidth', 'clientHeight', 'getBoundingClientRect'] as const;

/** Every HTML element measures `width` × `height` until the returned function puts jsdom's own boxes back. */
export function stubLayout(width = 1280, height = 720): () => void {
  const proto = HTMLElement.prototype;
  const own = new Map(KEYS.map((key) => [key, Object.getOwnPropertyDescriptor(proto, key)]));
  const size = { offsetWidth: width, offsetHeight: height, clientWidth: width, clientHeight: height };
  for (const [key, value] of Object.entries(size))
    Object.defineProperty(proto, key, { configurable: true, get: () => value });
  Object.defineProperty(proto, 'getBoundingClientRect', {
    configurable: true,
    writable: true,
    value: () => ({ x: 0, y: 0, top: 0, left: 0, right: width, bottom: height, width, height, toJSON: () => ({}) }),
  });
  return () => {
    for (const [key, descriptor] of own) {
      if (descriptor) Object.defineProperty(proto, key, descriptor);
      else Reflect.deleteProperty(proto, key);
    }
  };
}
