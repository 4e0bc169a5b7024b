/**
 * Why `signal` was aborted, as the Error to reject with: its reason when that is an Error (this code aborts with
 * Errors, and AbortController's default reason is an AbortError), else an AbortError that names it.
 */
export function abortReason(signal: AbortSignal): Error {
  const reason: unknown = signal.reason;
  return reason instanceof Error ? reason : new DOMException(String(reason), 'AbortError');
}
