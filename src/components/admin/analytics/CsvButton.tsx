/** 'Download CSV' for one table: fetched with the session's token (a plain link could not send it), then saved. */
import { useState } from 'react';
import { fetchAnalyticsCsv, type AnalyticsRange } from '../../../lib/api/admin/analytics.ts';
import { saveFile } from '../../../lib/browser/save-file.ts';
import type { AnalyticsTable } from '../../../shared/analytics.ts';
import DownloadIcon from '../ui/DownloadIcon.tsx';

const FAILED = 'The CSV could not be downloaded. Please try again.';

export default function CsvButton({
  range,
  table,
  label,
}: {
  range: AnalyticsRange;
  table: AnalyticsTable;
  label: string;
}) {
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
        <DownloadIcon size={16} />
        {busy ? 'Downloading…' : 'Download CSV'}
      </button>
      {failed && (
        <p role="alert" className="m-0 text-xs text-red-700 dark:text-red-300">
          {FAILED}
        </p>
      )}
    </div>
  );
}
