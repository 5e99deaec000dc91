// Shown in place of a page's data when the database could not be read.
import { Button } from '@shop/shared';
import { useRevalidator } from 'react-router-dom';

export function LoadFailed({ error }: { error: string }) {
  const revalidator = useRevalidator();
  return (
    <div className="account-load-failed" role="alert">
      <p>We couldn&apos;t load this page&apos;s data: {error}</p>
      <Button
        variant="secondary"
        size="small"
        busy={revalidator.state !== 'idle'}
        busyLabel="Loading..."
        onClick={() => void revalidator.revalidate()}
      >
        Try again
      </Button>
    </div>
  );
}
