// An address no known page claims. Usually the 404; but while a remote's route list could not be
// read (its server is down), the page may be that remote's: its fallback is shown instead, and
// "Try again" reads the list again and adds its pages without reloading.
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { RemoteFallback } from '../remotes/RemoteFallback';
import { getRegistry, type ShellStateSource } from '../remotes/registry';
import { NotFound } from './NotFound';
import { recoverMissingPages } from './currentRouter';

/** `state`: the composition of this page (the server's own; in the browser, the registry). */
export function Unmatched({
  nested = false,
  state = getRegistry,
}: {
  nested?: boolean;
  state?: ShellStateSource;
}) {
  const [retrying, setRetrying] = useState(false);
  const location = useLocation();
  const navigate = useNavigate();
  const registry = state();
  // Without the remote list (remotes.json unreadable) no remote's page is known: a reload asks again.
  const remote = registry ? registry.missing[0] : 'catalog';
  if (!remote) return <NotFound />;
  const retry = async () => {
    if (!registry) {
      window.location.reload();
      return;
    }
    setRetrying(true);
    try {
      // Match the same address again, now with the recovered pages.
      if (await recoverMissingPages()) await navigate(location, { replace: true });
    } finally {
      setRetrying(false);
    }
  };
  return (
    <RemoteFallback
      remote={remote}
      nested={nested}
      retrying={retrying}
      onRetry={() => void retry()}
    />
  );
}

export function Component() {
  return <Unmatched />;
}
