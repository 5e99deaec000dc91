import { bus } from './bus';
import { isMobileWidth, startDeviceWatch, stopDeviceWatch } from './device';

function resizeTo(width: number) {
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
  window.dispatchEvent(new Event('resize'));
}

describe('device breakpoint (docs/product.md §4: mobile under 992 px)', () => {
  afterEach(() => stopDeviceWatch());

  it('991 is mobile, 992 is not', () => {
    expect(isMobileWidth(991)).toBe(true);
    expect(isMobileWidth(992)).toBe(false);
  });

  it('publishes on start and recomputes on every resize', () => {
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: 991 });
    startDeviceWatch();
    expect(bus.device$.getValue()).toEqual({ isMobile: true });
    resizeTo(992);
    expect(bus.device$.getValue()).toEqual({ isMobile: false });
    resizeTo(400);
    expect(bus.device$.getValue()).toEqual({ isMobile: true });
    resizeTo(1400);
    expect(bus.device$.getValue()).toEqual({ isMobile: false });
  });

  it('is idempotent and stops listening when stopped', () => {
    resizeTo(1200);
    const stopA = startDeviceWatch();
    const stopB = startDeviceWatch();
    expect(stopB).toBe(stopA);
    let emissions = 0;
    const sub = bus.device$.subscribe(() => (emissions += 1));
    resizeTo(500);
    expect(emissions).toBe(2); // replay + one change (one listener, not two)
    stopDeviceWatch();
    resizeTo(1300);
    sub.unsubscribe();
    expect(bus.device$.getValue()).toEqual({ isMobile: true });
  });
});
