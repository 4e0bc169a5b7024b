import { describe, expect, it } from 'vitest';
import { checkEvent, isTimeZone, timeZoneOptions } from '../../src/shared/schemas/event-admin.ts';
import { utcToZoned, zonedToUtc } from '../../src/shared/time-zone.ts';

describe('zonedToUtc and utcToZoned', () => {
  it.each([
    ['2026-07-01T18:00', 'UTC', '2026-07-01T18:00:00.000Z'],
    ['2026-07-01T18:00', 'Europe/Paris', '2026-07-01T16:00:00.000Z'],
    ['2026-01-15T18:00', 'Europe/Paris', '2026-01-15T17:00:00.000Z'],
    ['2026-07-01T09:30', 'America/New_York', '2026-07-01T13:30:00.000Z'],
    ['2026-12-31T23:30', 'Asia/Kolkata', '2026-12-31T18:00:00.000Z'],
    ['2026-03-01T00:00', 'Pacific/Auckland', '2026-02-28T11:00:00.000Z'],
  ])('%s in %s is %s, and back', (local, zone, utc) => {
    expect(zonedToUtc(local, zone)).toBe(utc);
    expect(utcToZoned(utc, zone)).toBe(local);
  });

  it('reads a time a clock change skips as the clock time after it, a repeated one as its first occurrence', () => {
    // Paris skips 02:00-03:00 on 29 March 2026 and repeats 02:00-03:00 on 25 October 2026.
    expect(zonedToUtc('2026-03-29T02:30', 'Europe/Paris')).toBe('2026-03-29T01:30:00.000Z');
    expect(utcToZoned('2026-03-29T01:30:00.000Z', 'Europe/Paris')).toBe('2026-03-29T03:30');
    expect(zonedToUtc('2026-10-25T02:30', 'Europe/Paris')).toBe('2026-10-25T00:30:00.000Z');
  });

  it('refuses impossible dates, other shapes and unknown zones', () => {
    for (const local of [
      '2026-02-30T10:00',
      '2026-13-01T10:00',
      '2026-01-01T24:00',
      '2026-01-01T10:60',
      '2026-01-01T10:00:60',
      '2026-01-01',
      'tomorrow',
      '2026-01-01T10:00Z',
    ]) {
      expect(zonedToUtc(local, 'UTC')).toBeNull();
    }
    expect(zonedToUtc('2026-01-01T10:00', 'Mars/Olympus')).toBeNull();
    expect(utcToZoned('nope', 'UTC')).toBe('');
  });

  it('knows IANA zones, and offers UTC first', () => {
    expect(isTimeZone('Europe/Paris')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('Nowhere/Land')).toBe(false);
    expect(isTimeZone('')).toBe(false);
    const options = timeZoneOptions();
    expect(options[0]).toBe('UTC');
    expect(options).toContain('America/New_York');
    expect(new Set(options).size).toBe(options.length);
  });
});

describe('checkEvent', () => {
  const base = {
    name: 'Harbour concert',
    start: '2026-07-01T18:00',
    end: '2026-07-01T21:00',
    timeZone: 'Europe/Paris',
    address: '1 Quay',
    city: 'Brest',
  };

  it('stores UTC instants, cents and a consistent location type', () => {
    const check = checkEvent({ ...base, price: '12.50', category: 'Concert', published: 'true' });
    expect(check).toEqual({
      ok: true,
      value: expect.objectContaining({
        startDate: '2026-07-01T16:00:00.000Z',
        endDate: '2026-07-01T19:00:00.000Z',
        timeZone: 'Europe/Paris',
        eventType: 'local',
        isVirtual: false,
        priceCents: 1250,
        published: true,
        category: 'Concert',
      }) as unknown,
    });
    const virtual = checkEvent({ name: 'Webinar', start: base.start, end: base.end, eventType: 'virtual' });
    expect(virtual.ok && virtual.value).toMatchObject({
      isVirtual: true,
      eventType: 'virtual',
      address: '',
      city: '',
      timeZone: 'UTC',
      priceCents: 0,
    });
  });

  it('needs the end after the start', () => {
    expect(checkEvent({ ...base, end: base.start })).toMatchObject({
      ok: false,
      field: 'end',
      message: 'End must be after the start.',
    });
    expect(checkEvent({ ...base, end: '2026-07-01T17:00' })).toMatchObject({ ok: false, field: 'end' });
  });

  it('needs an address and a city for an event held in person', () => {
    expect(checkEvent({ ...base, address: '' })).toMatchObject({ ok: false, field: 'address' });
    expect(checkEvent({ ...base, city: '', eventType: 'national' })).toMatchObject({ ok: false, field: 'city' });
  });

  it('names every other bad field', () => {
    expect(checkEvent({ ...base, name: ' ' })).toMatchObject({ ok: false, field: 'name' });
    expect(checkEvent({ ...base, start: '2026-02-30T10:00' })).toMatchObject({ ok: false, field: 'start' });
    expect(checkEvent({ ...base, end: undefined })).toMatchObject({ ok: false, field: 'end' });
    expect(checkEvent({ ...base, timeZone: 'Mars/Olympus' })).toMatchObject({ ok: false, field: 'timeZone' });
    expect(checkEvent({ ...base, eventType: 'galactic' })).toMatchObject({ ok: false, field: 'eventType' });
    expect(checkEvent({ ...base, category: 'x'.repeat(61) })).toMatchObject({ ok: false, field: 'category' });
    expect(checkEvent({ ...base, price: '-1' })).toMatchObject({ ok: false, field: 'price' });
    expect(checkEvent({ ...base, price: '1.999' })).toMatchObject({ ok: false, field: 'price' });
  });
});
