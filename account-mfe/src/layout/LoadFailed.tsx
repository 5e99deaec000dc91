// Shown in place of a page's data when the database could not be read.
import { Button, useMessages } from '@shop/shared';
import { messages } from '../messages';
import { useRevalidator } from 'react-router-dom';

export function LoadFailed({ error }: { error: string }) {
  const t = useMessages(messages);
  const revalidator = useRevalidator();
  return (
    <div className="account-load-failed" role="alert">
      <p>{t("We couldn't load this page's data: {error}", { error })}</p>
      <Button
        variant="secondary"
        size="small"
        busy={revalidator.state !== 'idle'}
        busyLabel={t('Loading...')}
        onClick={() => void revalidator.revalidate()}
      >
        {t('Try again')}
      </Button>
    </div>
  );
}
