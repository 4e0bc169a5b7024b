/** Times of demo rows, relative to the moment of seeding. */
export const DAY_MS = 86_400_000;

export function startOfDay(now: Date): Date {
  const day = new Date(now);
  day.setHours(0, 0, 0, 0);
  return day;
}

/** ISO time `ageDays` before now; ages under a day are kept within today so the "Today" filters have hits. */
export function ago(now: Date, ageDays: number): string {
  const time = now.getTime() - ageDays * DAY_MS;
  return new Date(ageDays < 1 ? Math.max(time, startOfDay(now).getTime()) : time).toISOString();
}
