import { Button } from './button.tsx';
import { ErrorNotice } from './error-notice.tsx';

/** A read that failed before anything could be shown, with its codes and a button to read again. */
export function RetryableError({ error, message, onRetry }: { error: Error; message: string; onRetry: () => void }) {
  return (
    <div className="space-y-3">
      <ErrorNotice error={error} message={message} />
      <Button onClick={onRetry}>Try again</Button>
    </div>
  );
}
