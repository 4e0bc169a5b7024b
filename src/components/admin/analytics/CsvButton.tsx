/** 'Download CSV' for one table: fetched with the session's token (a plain link could not send it), then saved. */
import { useState } from 'react';
import { fetchAnalyticsCsv, type AnalyticsRange } from '../../../lib/api/admin/analytics.ts';
import { saveFile } from '../../../lib/browser/save-file.ts';
import type { AnalyticsTable } from '../../../shared/analytics.ts';

const FAILED = 'The CSV could not be downloaded. Please try again.';

export default function CsvButton({ range, table, label }: { range: AnalyticsRange; table: AnalyticsTable; label: string }) {
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  async function download() {
    setBusy(true);
    setFailed(false);
    try {
      const { blob, fileName } = await fetchAnalyticsCsv(range, table);
      saveFile(blob, fileName);
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  }
  return (
    <div className="flex flex-col items-end gap-1">
      <button
        type="button"
        onClick={() => void download()}
        disabled={busy}
        aria-label={`Download CSV of ${label}`}
        className="brand-button-outline inline-flex items-center gap-1.5 px-3 py-1.5 text-sm font-medium text-gray-900 hover:opacity-85 disabled:opacity-60 dark:text-gray-100"
      >
        <svg viewBox="0 0 24 24" width="16" height="16" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
          <path d="M12 3v12m0 0-4-4m4 4 4-4M4 17v2a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-2" />
        </svg>
        {busy ? 'Downloading…' : 'Download CSV'}
      </button>
      {failed && <p role="alert" className="m-0 text-xs text-red-700 dark:text-red-300">{FAILED}</p>}
    </div>
  );
}
