/** Retry after a failed site build: asks the server for a rebuild and says so if it could not. */
import { useState } from 'react';
import { errorMessage } from '../../../lib/api/auth.ts';
import { retryPublish } from '../../../lib/stores/publish.ts';

export default function RetryBuild({ className = '' }: { className?: string }) {
  const [retrying, setRetrying] = useState(false);
  const [retryError, setRetryError] = useState('');

  async function retry() {
    setRetrying(true);
    setRetryError('');
    try {
      await retryPublish();
    } catch (error) {
      setRetryError(errorMessage(error, 'Could not start a rebuild. Please try again.'));
    } finally {
      setRetrying(false);
    }
  }

  return (
    <div className={`flex flex-wrap items-center gap-3 ${className}`}>
      <button
        type="button"
        onClick={() => void retry()}
        disabled={retrying}
        className="brand-button px-4 py-2 text-sm font-semibold hover:opacity-85 disabled:opacity-60"
      >
        {retrying ? 'Retrying…' : 'Retry'}
      </button>
      {retryError && (
        <p role="alert" className="m-0 text-sm text-red-700 dark:text-red-300">
          {retryError}
        </p>
      )}
    </div>
  );
}
