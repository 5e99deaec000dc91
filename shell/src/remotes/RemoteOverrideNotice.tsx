import { useMessages } from '@shop/shared/firstRender';
import { messages } from '../messages';
import { getRegistry } from './registry';

/** Tells QA which remote overrides are active or were refused, so nothing happens silently. */
export default function RemoteOverrideNotice() {
  const t = useMessages(messages);
  const decisions = getRegistry()?.decisions ?? [];
  if (decisions.length === 0) return null;
  return (
    <div className="override-notice" role="status">
      {decisions.map((decision) => (
        <p key={decision.name + decision.url}>
          {t('Remote override for')} <strong>{decision.name}</strong>{' '}
          {decision.accepted ? t('active') : t('refused')}: <code>{decision.url}</code>
          {decision.accepted ? null : ` (${decision.reason})`}
        </p>
      ))}
    </div>
  );
}
