import { describe, expect, it } from 'vitest';
import { formatBytes } from '../../src/components/admin/backup/format-bytes.ts';

describe('formatBytes (the Backup screen)', () => {
  it('names bytes, KB, MB and GB at their boundaries', () => {
    expect(formatBytes(0)).toBe('0 bytes');
    expect(formatBytes(1023)).toBe('1023 bytes');
    expect(formatBytes(1024)).toBe('1 KB');
    expect(formatBytes(849_920)).toBe('830 KB');
    expect(formatBytes(1024 * 1024)).toBe('1.0 MB');
    expect(formatBytes(4.2 * 1024 * 1024)).toBe('4.2 MB');
    expect(formatBytes(3 * 1024 ** 3)).toBe('3.00 GB');
  });
});
