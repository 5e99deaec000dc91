import type { ComponentType } from 'react';
import { isRouteErrorResponse, useRevalidator, useRouteError } from 'react-router-dom';
import { RemoteUnavailableError } from './loadRemoteModule';
import type { RemoteName } from './registry';
import { RemoteFallback } from './RemoteFallback';
import { ErrorScreen } from '../layout/ErrorScreen';
import { NotFound } from '../pages/NotFound';
import { MALFORMED_ADDRESS } from './pageModules';
import { useErrorTitle } from '../layout/usePageTitle';
import { regionError } from '../vitals/regionErrors';
import { useEffect } from 'react';

/**
 * A remote that could not load gets the friendly fallback with "Try again" (re-runs the loaders,
 * no page reload). A remote that loaded and failed afterwards gets its own error element, or the
 * shell's error screen. `RemoteError`: the remote's error element, once its module has loaded.
 */
export function RemoteRouteErrorBoundary({
  remote,
  RemoteError,
  nested = false,
}: {
  remote: RemoteName;
  RemoteError?: ComponentType | undefined;
  nested?: boolean;
}) {
  const error = useRouteError();
  const revalidator = useRevalidator();
  useErrorTitle(error);
  // A page that threw is its remote's failure (one that did not load was reported as it failed).
  const threw = !(error instanceof RemoteUnavailableError) && !isRouteErrorResponse(error);
  useEffect(() => {
    if (threw) regionError(remote, error);
  }, [threw, remote, error]);
  if (error instanceof RemoteUnavailableError) {
    return (
      <RemoteFallback
        remote={remote}
        nested={nested}
        retrying={revalidator.state === 'loading'}
        onRetry={() => void revalidator.revalidate()}
      />
    );
  }
  // The shell's 404, not the remote's: the remote never saw this address.
  if (isRouteErrorResponse(error) && error.data === MALFORMED_ADDRESS) return <NotFound />;
  if (RemoteError) return <RemoteError />;
  return <ErrorScreen />;
}
