/**
 * One backup or restore at a time on an instance: each reads or rewrites the whole site, so a second one meanwhile
 * would double the load or race the first. The later request answers 409 and says which is under way.
 */
import { ApiError } from '../../http/errors.ts';

type Work = 'backup' | 'restore';

const BUSY: Record<Work, string> = {
  backup: 'A backup is already being made; download it again once it has finished',
  restore: 'A restore is under way; try again once it has finished',
};

export interface OneAtATime {
  run<T>(work: Work, task: () => Promise<T>): Promise<T>;
}

export function oneAtATime(): OneAtATime {
  let underWay: Work | null = null;
  return {
    async run(work, task) {
      if (underWay) throw new ApiError(409, BUSY[underWay]);
      underWay = work;
      try {
        return await task();
      } finally {
        underWay = null;
      }
    },
  };
}
