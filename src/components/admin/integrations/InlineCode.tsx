/** A header, a name or a value to type as it is, in a sentence: a chip that does not break inside. */
import type { ReactNode } from 'react';

export default function InlineCode({ children }: { children: ReactNode }) {
  return (
    <code className="whitespace-nowrap rounded bg-gray-100 px-1.5 py-0.5 font-mono text-xs text-gray-900 dark:bg-white/10 dark:text-gray-100">
      {children}
    </code>
  );
}
