// A non-route region owned by a remote (the header's mini basket). It loads on demand, and a
// remote that is down or throws costs only this region.
import {
  Component,
  useCallback,
  useEffect,
  useState,
  type ComponentType,
  type ReactNode,
} from 'react';
import type { RemoteModules } from './loadRemoteModule';
import type { RemoteName } from './registry';
import { regionError } from '../vitals/regionErrors';

interface RegionBoundaryProps {
  remote: RemoteName;
  fallback: (retry: () => void) => ReactNode;
  onReset: () => void;
  children: ReactNode;
}

class RegionBoundary extends Component<RegionBoundaryProps, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown) {
    console.error('[shell] a remote region failed', error);
    regionError(this.props.remote, error);
  }
  private readonly retry = () => {
    this.props.onReset();
    this.setState({ failed: false });
  };
  override render() {
    return this.state.failed ? this.props.fallback(this.retry) : this.props.children;
  }
}

export function RemoteRegion<P extends object>({
  modules,
  remote,
  exposed,
  props,
  loading,
  fallback,
  after,
}: {
  /** The page's composition's remote code. */
  modules: RemoteModules;
  remote: RemoteName;
  exposed: string;
  props: P;
  loading: ReactNode;
  fallback: (retry: () => void) => ReactNode;
  /** Loads only once this settles (the header waits for the first page: decision 0502). */
  after?: Promise<unknown>;
}) {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>(() =>
    modules.loaded(remote, exposed) ? 'ready' : 'loading',
  );
  useEffect(() => {
    if (state !== 'loading') return;
    let live = true;
    Promise.resolve(after)
      .then(() => modules.load(remote, exposed))
      .then(
        () => live && setState('ready'),
        () => live && setState('failed'),
      );
    return () => {
      live = false;
    };
  }, [modules, remote, exposed, state, attempt, after]);
  const retry = useCallback(() => {
    setAttempt((n) => n + 1);
    setState('loading');
  }, []);
  if (state === 'loading') return <>{loading}</>;
  if (state === 'failed') return <>{fallback(retry)}</>;
  const module = modules.loaded<{ default: ComponentType<P> }>(remote, exposed);
  if (!module) return <>{fallback(retry)}</>;
  const RegionComponent = module.default;
  return (
    <RegionBoundary remote={remote} fallback={fallback} onReset={retry}>
      <RegionComponent {...props} />
    </RegionBoundary>
  );
}
