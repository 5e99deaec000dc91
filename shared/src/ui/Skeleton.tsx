import type { CSSProperties } from 'react';
import './styles';

export interface SkeletonProps {
  width?: CSSProperties['width'];
  height?: CSSProperties['height'];
  radius?: CSSProperties['borderRadius'];
  /** Number of stacked bars (text lines). */
  lines?: number;
  /** When given, the placeholder is announced (role="status") with this text. */
  label?: string;
  className?: string;
}

/** A loading placeholder that keeps the layout's size, so nothing jumps when data arrives. */
export function Skeleton({
  width = '100%',
  height = '1em',
  radius,
  lines = 1,
  label,
  className,
}: SkeletonProps) {
  const bars = Array.from({ length: Math.max(1, lines) }, (_, i) => (
    <span
      key={i}
      className={['shop-skeleton', className ?? ''].filter(Boolean).join(' ')}
      style={{ width: lines > 1 && i === lines - 1 ? '60%' : width, height, borderRadius: radius }}
      aria-hidden="true"
    />
  ));
  if (!label) return <>{bars}</>;
  return (
    <div role="status" aria-live="polite">
      <span className="shop-visually-hidden">{label}</span>
      {bars}
    </div>
  );
}
