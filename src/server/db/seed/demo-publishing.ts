/** Demo documents, pricing plans and pages (issue 17). Being built: seeds nothing yet. */
import type { Db } from '../connection.ts';

/** Inside seedDemo's transaction. */
export async function seedDemoPublishing(_trx: Db, _dataDir: string, _now: Date): Promise<void> {}
