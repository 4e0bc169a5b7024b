/** The Node.js version gate that runs first in npm start, dev, build and test (scripts/require-node.cjs). */
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

const requireNode = createRequire(import.meta.url)('../../scripts/require-node.cjs') as {
  REQUIRED: { major: number; minor: number };
  isSupported(version: string): boolean;
  refusal(version: string): string;
};

describe('the Node.js version gate', () => {
  it('asks for what package.json "engines" and .nvmrc name', async () => {
    const { readFile } = await import('node:fs/promises');
    const pkg = JSON.parse(await readFile(new URL('../../package.json', import.meta.url), 'utf8')) as {
      engines: { node: string };
    };
    expect(pkg.engines.node).toBe(`>=${requireNode.REQUIRED.major}.${requireNode.REQUIRED.minor}`);
    expect((await readFile(new URL('../../.nvmrc', import.meta.url), 'utf8')).trim()).toBe(
      String(requireNode.REQUIRED.major),
    );
  });

  it.each([
    ['v24.7.0', true],
    ['v24.7.1', true],
    ['v24.21.0', true],
    ['24.10.0', true],
    ['v25.0.0', true],
    ['v100.0.0', true],
    ['v24.6.9', false],
    ['v24.0.0', false],
    ['v23.11.0', false],
    ['v22.20.0', false],
    ['v20.20.2', false],
    ['v8.17.0', false],
    ['v0.12.18', false],
    ['', false],
    ['garbage', false],
    ['v24', false],
  ])('%s supported: %s', (version, supported) => {
    expect(requireNode.isSupported(version)).toBe(supported);
  });

  it('refuses in one line that names the version needed, the one found and how to get it', () => {
    const line = requireNode.refusal('v20.20.2');
    expect(line).toBe(
      'This site needs Node.js 24.7 or newer (found v20.20.2). Install it from https://nodejs.org or with nvm: nvm install 24',
    );
    expect(line).not.toContain('\n');
  });
});
